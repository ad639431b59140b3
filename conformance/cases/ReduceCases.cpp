//===- ReduceCases.cpp - Reduction and scan cases -------------------------===//
//
// Reductions and scans along each axis. Float sums are judged by a relative
// L2 norm (their association order is the implementation's), everything
// else exactly; integer sums wrap around like the type.
#include <cmath>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "reduce.py";

double sumNorm(Dt dt) {
  switch (dt) {
  case Dt::F16:
    return 2e-3;
  case Dt::BF16:
    return 1.6e-2;
  case Dt::F64:
    return 1e-13;
  default:
    return 2e-6;
  }
}

// a is "better" than b for the reduction op (ties keep the first).
bool better(const std::string &op, const HostArray &x, size_t a, size_t b) {
  const bool max = op == "max" || op == "argmax";
  if (isFloat(x.dt()))
    return max ? x.floatAt(a) > x.floatAt(b) : x.floatAt(a) < x.floatAt(b);
  if (dtInfo(x.dt()).isSigned)
    return max ? x.intAt(a) > x.intAt(b) : x.intAt(a) < x.intAt(b);
  return max ? x.uintAt(a) > x.uintAt(b) : x.uintAt(a) < x.uintAt(b);
}

Case reduce2d(const std::string &op, Dt dt, int axis, int M, int N) {
  CaseBuilder b(makeId({"reduce", op, dtName(dt), "axis=" + std::to_string(axis),
                        std::to_string(M) + "x" + std::to_string(N)}),
                kSrc, "reduce2d");
  const bool arg = op == "argmax" || op == "argmin";
  Generator g = op == "prod" ? (isFloat(dt) ? Generator::uniform(0.5, 1.5)
                                            : Generator::ints(-3, 3))
                             : dataGen(dt);
  b.addInput("x", dt, M * N, g);
  const int outN = axis == 0 ? N : M;
  const Dt outDt = arg ? Dt::I32 : dt;
  Tolerance tol = isFloat(dt) && (op == "sum" || op == "prod")
                      ? Tolerance::relNorm(sumNorm(dt))
                      : Tolerance::exact();
  b.addOutput("out", outDt, outN + 3, tol);
  b.constant("M", M)
      .constant("N", N)
      .constant("AXIS", axis)
      .constant("OP", "'" + op + "'");
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    const HostArray &x = in[0];
    for (int o = 0; o < outN; ++o) {
      const int len = axis == 0 ? M : N;
      auto at = [&](int k) {
        return static_cast<size_t>(axis == 0 ? k * N + o : o * N + k);
      };
      if (op == "sum" || op == "prod" || op == "xor_sum") {
        double f = op == "prod" ? 1 : 0;
        uint64_t u = op == "prod" ? 1 : 0;
        for (int k = 0; k < len; ++k) {
          if (op == "sum")
            f += x.floatAt(at(k)), u += x.uintAt(at(k));
          if (op == "prod")
            f *= x.floatAt(at(k)), u *= x.uintAt(at(k));
          if (op == "xor_sum")
            u ^= x.uintAt(at(k));
        }
        if (isFloat(dt))
          ex[1].setF(o, f);
        else
          ex[1].setBits(o, u);
      } else {
        int best = 0;
        for (int k = 1; k < len; ++k)
          if (better(op, x, at(k), at(best)))
            best = k;
        if (arg)
          ex[1].setI(o, best);
        else
          put(ex[1], o, x, at(best));
      }
    }
  });
  return b.build();
}

Case reduce1dMasked(const std::string &op, Dt dt, int n) {
  const int rows = 5, block = 128;
  CaseBuilder b(
      makeId({"reduce", op + "_masked", dtName(dt), "n=" + std::to_string(n)}), kSrc,
      "reduce1d_masked");
  b.addInput("x", dt, rows * n, dataGen(dt));
  b.addOutput("out", dt, rows + 2,
              op == "sum" && isFloat(dt) ? Tolerance::relNorm(sumNorm(dt))
                                         : Tolerance::exact());
  b.scalarI(Dt::I32, n)
      .constant("OP", "'" + op + "'")
      .constant("BLOCK", block)
      .grid(rows);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int r = 0; r < rows; ++r) {
      double s = 0, m = -INFINITY;
      for (int k = 0; k < n; ++k)
        s += in[0].floatAt(r * n + k), m = std::max(m, in[0].floatAt(r * n + k));
      ex[1].setF(r, op == "sum" ? s : m);
    }
  });
  return b.build();
}

Case sum3d(int axis) {
  const int A = 4, B = 8, C = 16;
  CaseBuilder b(makeId({"reduce/sum3d/fp32", "axis=" + std::to_string(axis), "4x8x16"}),
                kSrc, "sum3d");
  b.addInput("x", Dt::F32, A * B * C, dataGen(Dt::F32));
  const int outN = axis == 0 ? B * C : axis == 1 ? A * C : A * B;
  b.addOutput("out", Dt::F32, outN, Tolerance::relNorm(sumNorm(Dt::F32)));
  b.constant("A", A).constant("B", B).constant("C", C).constant("AXIS", axis);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int a = 0; a < A; ++a)
      for (int bb = 0; bb < B; ++bb)
        for (int c = 0; c < C; ++c) {
          const int o = axis == 0 ? bb * C + c : axis == 1 ? a * C + c : a * B + bb;
          ex[1].setF(o, ex[1].floatAt(o) + in[0].floatAt((a * B + bb) * C + c));
        }
  });
  // The expectation accumulates into the initial sentinel: clear it first.
  Case c = b.build();
  auto inner = c.reference;
  c.reference = [inner, outN](const std::vector<HostArray> &in,
                              std::vector<HostArray> &ex) {
    for (int o = 0; o < outN; ++o)
      ex[1].setF(o, 0);
    inner(in, ex);
  };
  return c;
}

Case scan2d(const std::string &op, Dt dt, int axis) {
  const int M = 8, N = 32;
  CaseBuilder b(
      makeId({"scan", op, dtName(dt), "axis=" + std::to_string(axis), "8x32"}), kSrc,
      "scan2d");
  b.addInput("x", dt, M * N, dataGen(dt));
  b.addOutput("out", dt, M * N,
              isFloat(dt) && op == "cumsum" ? Tolerance::relNorm(sumNorm(dt))
                                            : Tolerance::exact());
  b.constant("M", M)
      .constant("N", N)
      .constant("AXIS", axis)
      .constant("OP", "'" + op + "'");
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    const HostArray &x = in[0];
    const int lines = axis == 0 ? N : M, len = axis == 0 ? M : N;
    for (int l = 0; l < lines; ++l) {
      double f = 0;
      uint64_t u = 0;
      size_t best = 0;
      for (int k = 0; k < len; ++k) {
        const size_t i = axis == 0 ? k * N + l : l * N + k;
        if (op == "cumsum") {
          f += x.floatAt(i), u += x.uintAt(i);
          if (isFloat(dt))
            ex[1].setF(i, f);
          else
            ex[1].setBits(i, u);
        } else {
          if (k == 0 || better("max", x, i, best))
            best = i;
          put(ex[1], i, x, best);
        }
      }
    }
  });
  return b.build();
}

Case cumsum1d(Dt dt) {
  const int N = 256;
  CaseBuilder b(makeId({"scan/cumsum1d", dtName(dt), "n=256"}), kSrc, "cumsum1d");
  b.addInput("x", dt, N,
             isFloat(dt) ? Generator::uniform(-1, 1) : Generator::ints(-1000, 1000));
  b.addOutput("out", dt, N,
              isFloat(dt) ? Tolerance::relNorm(sumNorm(dt)) : Tolerance::exact());
  b.constant("N", N);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    double f = 0;
    for (int i = 0; i < N; ++i)
      f += in[0].floatAt(i), ex[1].setF(i, f);
  });
  return b.build();
}

} // namespace

void addReduceCases(std::vector<Case> &out) {
  for (int axis : {0, 1}) {
    for (Dt dt :
         {Dt::F32, Dt::F16, Dt::BF16, Dt::F64, Dt::I32, Dt::I8, Dt::U32, Dt::I64})
      out.push_back(reduce2d("sum", dt, axis, 16, 32));
    for (Dt dt : {Dt::F32, Dt::F16, Dt::I32, Dt::U8, Dt::I64})
      for (const char *op : {"max", "min"})
        out.push_back(reduce2d(op, dt, axis, 32, 16));
    for (Dt dt : {Dt::F32, Dt::I32})
      for (const char *op : {"argmax", "argmin"})
        out.push_back(reduce2d(op, dt, axis, 16, 32));
    out.push_back(reduce2d("xor_sum", Dt::I32, axis, 16, 32));
    out.push_back(reduce2d("xor_sum", Dt::U64, axis, 16, 32));
    out.push_back(reduce2d("prod", Dt::F32, axis, 8, 8));
    out.push_back(reduce2d("prod", Dt::I32, axis, 8, 8));
  }
  for (int axis : {0, 1, 2})
    out.push_back(sum3d(axis));
  for (int n : {1, 100}) {
    out.push_back(reduce1dMasked("sum", Dt::F32, n));
    out.push_back(reduce1dMasked("max", Dt::F32, n));
  }
  out.push_back(reduce1dMasked("max", Dt::F16, 77));
  // Reductions across one warp and across eight.
  for (int32_t warps : {1, 8}) {
    for (int axis : {0, 1}) {
      out.push_back(withOptions(reduce2d("sum", Dt::F32, axis, 16, 32), warps));
      out.push_back(withOptions(reduce2d("sum", Dt::I64, axis, 16, 32), warps));
      out.push_back(withOptions(reduce2d("max", Dt::F16, axis, 32, 16), warps));
      out.push_back(withOptions(reduce2d("argmin", Dt::F32, axis, 16, 32), warps));
      out.push_back(withOptions(reduce2d("xor_sum", Dt::U64, axis, 16, 32), warps));
    }
    for (int axis : {0, 1, 2})
      out.push_back(withOptions(sum3d(axis), warps));
    out.push_back(withOptions(reduce1dMasked("sum", Dt::F32, 100), warps));
  }
}

void addScanCases(std::vector<Case> &out) {
  for (int axis : {0, 1}) {
    for (Dt dt : {Dt::F32, Dt::I32, Dt::I64, Dt::F64})
      out.push_back(scan2d("cumsum", dt, axis));
    for (Dt dt : {Dt::F32, Dt::I32})
      out.push_back(scan2d("cummax", dt, axis));
  }
  out.push_back(cumsum1d(Dt::F32));
  out.push_back(cumsum1d(Dt::I32));
  // Scans across one warp and across eight.
  for (int32_t warps : {1, 8}) {
    for (int axis : {0, 1}) {
      out.push_back(withOptions(scan2d("cumsum", Dt::F32, axis), warps));
      out.push_back(withOptions(scan2d("cumsum", Dt::I64, axis), warps));
      out.push_back(withOptions(scan2d("cummax", Dt::I32, axis), warps));
    }
    out.push_back(withOptions(cumsum1d(Dt::F32), warps));
  }
}

} // namespace tessel::conformance
