//===- DotCases.cpp - tl.dot cases ----------------------------------------===//
//
// tl.dot: each input type with its accumulator types and input precisions,
// judged against an fp64 product of the stored inputs (integers exactly) by
// the relative L2 norm of C and, per element, by a bound derived from K and
// the precisions (dotElementBound).
#include <cmath>
#include <string>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {

double dotElementBound(Dt acc, const std::string &precision, int K) {
  // One ulp of the accumulator (relative) for each accumulation step: K
  // steps, three per k for tf32x3 (three products of split operands), and
  // two more for the output's rounding and a rounded product (fp32 ieee,
  // fp64; products of narrower inputs are exact in fp32). A full ulp, not
  // half of one: a product's rounding and the addition's may both happen,
  // and tensor cores may truncate rather than round.
  const double ulpAcc = std::ldexp(1.0, -formatOf(acc).mantissaBits);
  const int steps = K * (precision == "tf32x3" ? 3 : 1) + 2;
  // What rounding the inputs first costs a product: tf32 keeps 10 mantissa
  // bits of each fp32 input (truncated, or rounded: at most 2^-10 relative
  // each); tf32x3 drops the product of the two low parts and rounds those
  // parts to tf32 (about 3 x 2^-20; 2^-18 allowed).
  double input = 0;
  if (precision == "tf32")
    input = 2 * std::ldexp(1.0, -10) + std::ldexp(1.0, -20);
  if (precision == "tf32x3")
    input = std::ldexp(1.0, -18);
  // The fp64 reference has rounding errors of its own (K additions).
  const double reference = (K + 1) * std::ldexp(1.0, -53);
  return input + steps * ulpAcc + reference;
}

namespace {

constexpr const char *kSrc = "dot.py";

struct Shape {
  int M, N, K, BM, BN, BK;
  std::string dtName() const {
    return std::to_string(M) + "x" + std::to_string(N) + "x" + std::to_string(K);
  }
};

const Shape kShapes[] = {
    {16, 16, 16, 16, 16, 16},   // one program, one K step
    {64, 64, 64, 32, 32, 16},   // a 2x2 grid, four K steps
    {50, 40, 70, 16, 16, 32},   // ragged edges on M, N and K
    {128, 128, 64, 64, 64, 32}, // 64x64 tiles: more than one MMA per warp
    {32, 64, 128, 32, 64, 64},  // a wide tile, a deep K step
    {17, 33, 65, 16, 32, 32},   // one row, column and k past a tile
    {128, 16, 48, 128, 16, 16}, // a tall, narrow tile
};

// Compile options a GEMM-like dot is launched with besides the default.
struct Options {
  int32_t warps, stages;
};
const Options kOptions[] = {{1, 1}, {2, 2}, {8, 3}, {4, 1}, {4, 4}};

struct Variant {
  Dt in, acc;
  const char *prec; // input_precision, or "default"
  double norm;      // relative L2 allowance
};

Case dot(const Variant &v, const Shape &s, const Options *o = nullptr) {
  std::string name = std::string(dtName(v.in)) + "->" + dtName(v.acc);
  if (std::string(v.prec) != "default")
    name += "/" + std::string(v.prec);
  std::string id = makeId({"dot", name, s.dtName()});
  if (o != nullptr)
    id = makeId({id, "warps=" + std::to_string(o->warps) +
                         ",stages=" + std::to_string(o->stages)});
  CaseBuilder b(id, kSrc, "matmul");
  if (o != nullptr)
    b.numWarps(o->warps).numStages(o->stages);
  Generator g = isFloat(v.in) ? Generator::uniform(-2, 2) : Generator::ints(-100, 100);
  b.addInput("a", v.in, s.M * s.K, g);
  b.addInput("b", v.in, s.K * s.N, g);
  b.addOutput("c", v.acc, s.M * s.N + 5,
              isFloat(v.acc) ? Tolerance::relNormBounded(
                                   v.norm, dotElementBound(v.acc, v.prec, s.K))
                             : Tolerance::exact());
  b.scalarI(Dt::I32, s.M).scalarI(Dt::I32, s.N).scalarI(Dt::I32, s.K);
  b.constant("BM", s.BM).constant("BN", s.BN).constant("BK", s.BK);
  b.constant("ACC", dtInfo(v.acc).tl).constant("PREC", std::string("'") + v.prec + "'");
  b.grid((s.M + s.BM - 1) / s.BM, (s.N + s.BN - 1) / s.BN);
  const bool isInt = !isFloat(v.in);
  b.reference([s, isInt](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < s.M; ++i)
      for (int j = 0; j < s.N; ++j) {
        double f = 0;
        // Integer dots wrap like the kernel's accumulator: modular
        // arithmetic in uint64_t (signed overflow would be undefined).
        uint64_t n = 0;
        for (int k = 0; k < s.K; ++k) {
          if (isInt)
            n +=
                uint64_t(in[0].intAt(i * s.K + k)) * uint64_t(in[1].intAt(k * s.N + j));
          else
            f += in[0].floatAt(i * s.K + k) * in[1].floatAt(k * s.N + j);
        }
        if (isInt)
          ex[2].setI(i * s.N + j, int64_t(n));
        else
          ex[2].setF(i * s.N + j, f);
      }
  });
  if (!isInt) {
    b.magnitude([s](const std::vector<HostArray> &in, std::vector<HostArray> &mag) {
      for (int i = 0; i < s.M; ++i)
        for (int j = 0; j < s.N; ++j) {
          double f = 0;
          for (int k = 0; k < s.K; ++k)
            f += std::fabs(in[0].floatAt(i * s.K + k) * in[1].floatAt(k * s.N + j));
          mag[2].setF(i * s.N + j, f);
        }
    });
  }
  return b.build();
}

Case batched() {
  const int B = 2, M = 16, N = 16, K = 16;
  CaseBuilder b(makeId({"dot/batched3d/fp32->fp32/ieee", "2x16x16x16"}), kSrc,
                "batched");
  b.addInput("a", Dt::F32, B * M * K, Generator::uniform(-2, 2));
  b.addInput("b", Dt::F32, B * K * N, Generator::uniform(-2, 2));
  b.addOutput("c", Dt::F32, B * M * N,
              Tolerance::relNormBounded(1e-6, dotElementBound(Dt::F32, "ieee", K)));
  b.constant("B", B).constant("M", M).constant("N", N).constant("K", K);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int p = 0; p < B; ++p)
      for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
          double f = 0;
          for (int k = 0; k < K; ++k)
            f += in[0].floatAt(p * M * K + i * K + k) *
                 in[1].floatAt(p * K * N + k * N + j);
          ex[2].setF(p * M * N + i * N + j, f);
        }
  });
  b.magnitude([=](const std::vector<HostArray> &in, std::vector<HostArray> &mag) {
    for (int p = 0; p < B; ++p)
      for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
          double f = 0;
          for (int k = 0; k < K; ++k)
            f += std::fabs(in[0].floatAt(p * M * K + i * K + k) *
                           in[1].floatAt(p * K * N + k * N + j));
          mag[2].setF(p * M * N + i * N + j, f);
        }
  });
  return b.build();
}

} // namespace

void addDotCases(std::vector<Case> &out) {
  const Variant variants[] = {
      {Dt::F16, Dt::F32, "default", 1e-5},
      {Dt::F16, Dt::F16, "default", 2e-3},
      {Dt::BF16, Dt::F32, "default", 1e-5},
      {Dt::F32, Dt::F32, "ieee", 1e-6},
      // tf32 keeps 10 mantissa bits of each input.
      {Dt::F32, Dt::F32, "tf32", 2e-3},
      {Dt::F32, Dt::F32, "tf32x3", 1e-5},
      {Dt::F64, Dt::F64, "default", 1e-13},
      {Dt::I8, Dt::I32, "default", 0},
      {Dt::F8E4M3, Dt::F32, "default", 1e-5},
      {Dt::F8E5M2, Dt::F32, "default", 1e-5},
  };
  for (const Variant &v : variants)
    for (const Shape &s : kShapes)
      out.push_back(dot(v, s));
  // Warps and pipeline depths on the 2x2 grid with four K steps and on
  // the 64x64 tiles: other thread layouts, more or fewer MMAs per warp,
  // and loads staged 1 to 4 iterations ahead.
  for (const Variant &v : variants) {
    if (v.in == Dt::F64 || std::string(v.prec) == "tf32x3")
      continue;
    for (const Options &o : kOptions) {
      out.push_back(dot(v, kShapes[1], &o));
      out.push_back(dot(v, kShapes[3], &o));
    }
  }
  out.push_back(batched());
}

} // namespace tessel::conformance
