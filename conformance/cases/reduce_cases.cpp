// Reductions and scans along each axis. Float sums are judged by a relative
// L2 norm (their association order is the implementation's), everything
// else exactly; integer sums wrap around like the type.
#include <cmath>

#include "conformance/cases/family_util.h"
#include "conformance/cases/registry.h"

namespace tessel::conformance {
namespace {

constexpr const char* kSrc = "reduce.py";

double SumNorm(Dt dt) {
  switch (dt) {
    case Dt::F16: return 2e-3;
    case Dt::BF16: return 1.6e-2;
    case Dt::F64: return 1e-13;
    default: return 2e-6;
  }
}

// a is "better" than b for the reduction op (ties keep the first).
bool Better(const std::string& op, const HostArray& x, size_t a, size_t b) {
  const bool max = op == "max" || op == "argmax";
  if (IsFloat(x.dt())) return max ? x.F(a) > x.F(b) : x.F(a) < x.F(b);
  if (Info(x.dt()).is_signed) return max ? x.I(a) > x.I(b) : x.I(a) < x.I(b);
  return max ? x.U(a) > x.U(b) : x.U(a) < x.U(b);
}

Case Reduce2d(const std::string& op, Dt dt, int axis, int M, int N) {
  CaseBuilder b(Id({"reduce", op, Name(dt), "axis=" + std::to_string(axis),
                    std::to_string(M) + "x" + std::to_string(N)}),
                kSrc, "reduce2d");
  const bool arg = op == "argmax" || op == "argmin";
  Generator g = op == "prod" ? (IsFloat(dt) ? Generator::Uniform(0.5, 1.5) : Generator::Ints(-3, 3))
                             : DataGen(dt);
  b.In("x", dt, M * N, g);
  const int outN = axis == 0 ? N : M;
  const Dt outDt = arg ? Dt::I32 : dt;
  Tolerance tol = IsFloat(dt) && (op == "sum" || op == "prod") ? Tolerance::RelNorm(SumNorm(dt))
                                                             : Tolerance::Exact();
  b.Out("out", outDt, outN + 3, tol);
  b.Const("M", M).Const("N", N).Const("AXIS", axis).Const("OP", "'" + op + "'");
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    const HostArray& x = in[0];
    for (int o = 0; o < outN; ++o) {
      const int len = axis == 0 ? M : N;
      auto at = [&](int k) { return static_cast<size_t>(axis == 0 ? k * N + o : o * N + k); };
      if (op == "sum" || op == "prod" || op == "xor_sum") {
        double f = op == "prod" ? 1 : 0;
        uint64_t u = op == "prod" ? 1 : 0;
        for (int k = 0; k < len; ++k) {
          if (op == "sum") f += x.F(at(k)), u += x.U(at(k));
          if (op == "prod") f *= x.F(at(k)), u *= x.U(at(k));
          if (op == "xor_sum") u ^= x.U(at(k));
        }
        if (IsFloat(dt)) ex[1].SetF(o, f);
        else ex[1].SetBits(o, u);
      } else {
        int best = 0;
        for (int k = 1; k < len; ++k)
          if (Better(op, x, at(k), at(best))) best = k;
        if (arg) ex[1].SetI(o, best);
        else Put(ex[1], o, x, at(best));
      }
    }
  });
  return b.Build();
}

Case Reduce1dMasked(const std::string& op, Dt dt, int n) {
  const int rows = 5, block = 128;
  CaseBuilder b(Id({"reduce", op + "_masked", Name(dt), "n=" + std::to_string(n)}), kSrc,
                "reduce1d_masked");
  b.In("x", dt, rows * n, DataGen(dt));
  b.Out("out", dt, rows + 2,
        op == "sum" && IsFloat(dt) ? Tolerance::RelNorm(SumNorm(dt)) : Tolerance::Exact());
  b.ScalarI(Dt::I32, n).Const("OP", "'" + op + "'").Const("BLOCK", block).Grid(rows);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int r = 0; r < rows; ++r) {
      double s = 0, m = -INFINITY;
      for (int k = 0; k < n; ++k) s += in[0].F(r * n + k), m = std::max(m, in[0].F(r * n + k));
      ex[1].SetF(r, op == "sum" ? s : m);
    }
  });
  return b.Build();
}

Case Sum3d(int axis) {
  const int A = 4, B = 8, C = 16;
  CaseBuilder b(Id({"reduce/sum3d/fp32", "axis=" + std::to_string(axis), "4x8x16"}), kSrc,
                "sum3d");
  b.In("x", Dt::F32, A * B * C, DataGen(Dt::F32));
  const int outN = axis == 0 ? B * C : axis == 1 ? A * C : A * B;
  b.Out("out", Dt::F32, outN, Tolerance::RelNorm(SumNorm(Dt::F32)));
  b.Const("A", A).Const("B", B).Const("C", C).Const("AXIS", axis);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int a = 0; a < A; ++a)
      for (int bb = 0; bb < B; ++bb)
        for (int c = 0; c < C; ++c) {
          const int o = axis == 0 ? bb * C + c : axis == 1 ? a * C + c : a * B + bb;
          ex[1].SetF(o, ex[1].F(o) + in[0].F((a * B + bb) * C + c));
        }
  });
  // The expectation accumulates into the initial sentinel: clear it first.
  Case c = b.Build();
  auto inner = c.reference;
  c.reference = [inner, outN](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int o = 0; o < outN; ++o) ex[1].SetF(o, 0);
    inner(in, ex);
  };
  return c;
}

Case Scan2d(const std::string& op, Dt dt, int axis) {
  const int M = 8, N = 32;
  CaseBuilder b(Id({"scan", op, Name(dt), "axis=" + std::to_string(axis), "8x32"}), kSrc,
                "scan2d");
  b.In("x", dt, M * N, DataGen(dt));
  b.Out("out", dt, M * N,
        IsFloat(dt) && op == "cumsum" ? Tolerance::RelNorm(SumNorm(dt)) : Tolerance::Exact());
  b.Const("M", M).Const("N", N).Const("AXIS", axis).Const("OP", "'" + op + "'");
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    const HostArray& x = in[0];
    const int lines = axis == 0 ? N : M, len = axis == 0 ? M : N;
    for (int l = 0; l < lines; ++l) {
      double f = 0;
      uint64_t u = 0;
      size_t best = 0;
      for (int k = 0; k < len; ++k) {
        const size_t i = axis == 0 ? k * N + l : l * N + k;
        if (op == "cumsum") {
          f += x.F(i), u += x.U(i);
          if (IsFloat(dt)) ex[1].SetF(i, f);
          else ex[1].SetBits(i, u);
        } else {
          if (k == 0 || Better("max", x, i, best)) best = i;
          Put(ex[1], i, x, best);
        }
      }
    }
  });
  return b.Build();
}

Case Cumsum1d(Dt dt) {
  const int N = 256;
  CaseBuilder b(Id({"scan/cumsum1d", Name(dt), "n=256"}), kSrc, "cumsum1d");
  b.In("x", dt, N, IsFloat(dt) ? Generator::Uniform(-1, 1) : Generator::Ints(-1000, 1000));
  b.Out("out", dt, N, IsFloat(dt) ? Tolerance::RelNorm(SumNorm(dt)) : Tolerance::Exact());
  b.Const("N", N);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    double f = 0;
    for (int i = 0; i < N; ++i) f += in[0].F(i), ex[1].SetF(i, f);
  });
  return b.Build();
}

}  // namespace

void AddReduceCases(std::vector<Case>& out) {
  for (int axis : {0, 1}) {
    for (Dt dt : {Dt::F32, Dt::F16, Dt::BF16, Dt::F64, Dt::I32, Dt::I8, Dt::U32, Dt::I64})
      out.push_back(Reduce2d("sum", dt, axis, 16, 32));
    for (Dt dt : {Dt::F32, Dt::F16, Dt::I32, Dt::U8, Dt::I64})
      for (const char* op : {"max", "min"}) out.push_back(Reduce2d(op, dt, axis, 32, 16));
    for (Dt dt : {Dt::F32, Dt::I32})
      for (const char* op : {"argmax", "argmin"}) out.push_back(Reduce2d(op, dt, axis, 16, 32));
    out.push_back(Reduce2d("xor_sum", Dt::I32, axis, 16, 32));
    out.push_back(Reduce2d("xor_sum", Dt::U64, axis, 16, 32));
    out.push_back(Reduce2d("prod", Dt::F32, axis, 8, 8));
    out.push_back(Reduce2d("prod", Dt::I32, axis, 8, 8));
  }
  for (int axis : {0, 1, 2}) out.push_back(Sum3d(axis));
  for (int n : {1, 100}) {
    out.push_back(Reduce1dMasked("sum", Dt::F32, n));
    out.push_back(Reduce1dMasked("max", Dt::F32, n));
  }
  out.push_back(Reduce1dMasked("max", Dt::F16, 77));
}

void AddScanCases(std::vector<Case>& out) {
  for (int axis : {0, 1}) {
    for (Dt dt : {Dt::F32, Dt::I32, Dt::I64, Dt::F64}) out.push_back(Scan2d("cumsum", dt, axis));
    for (Dt dt : {Dt::F32, Dt::I32}) out.push_back(Scan2d("cummax", dt, axis));
  }
  out.push_back(Cumsum1d(Dt::F32));
  out.push_back(Cumsum1d(Dt::I32));
}

}  // namespace tessel::conformance
