//===- MathCases.cpp - Math-function cases --------------------------------===//
//
// Math functions with ULP-based tolerances: the reference is the fp64
// libm value; the allowance is per function and per type (correctly
// rounded functions get half an ulp, transcendental ones a few ulps, and
// fp16/bf16 one ulp since they compute in fp32 and round once).
#include <cmath>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "math.py";
constexpr int kN = 400, kBlock = 128;

struct Fn {
  const char *name;
  double (*ref)(double);
  double lo, hi; // input domain
  double ulps32; // allowance for fp32 and fp64
  bool exact;    // floor/ceil/abs/sqrt: correctly rounded everywhere
  bool composed; // defined as several operations (sigmoid = 1/(1+exp(-x)),
                 // rsqrt = 1/sqrt): fp16/bf16 may round after each
};

double sigmoidRef(double x) { return 1 / (1 + std::exp(-x)); }
double rsqrtRef(double x) { return 1 / std::sqrt(x); }
double exp2Ref(double x) { return std::exp2(x); }

const Fn kFns[] = {
    {"exp", [](double x) { return std::exp(x); }, -10, 10, 2, false, false},
    {"exp2", exp2Ref, -10, 10, 2, false, false},
    {"log", [](double x) { return std::log(x); }, 0.01, 100, 2, false, false},
    {"log2", [](double x) { return std::log2(x); }, 0.01, 100, 2, false, false},
    {"sqrt", [](double x) { return std::sqrt(x); }, 0, 100, 0.5, true, false},
    {"rsqrt", rsqrtRef, 0.01, 100, 2, false, true},
    {"sin", [](double x) { return std::sin(x); }, -6, 6, 2, false, false},
    {"cos", [](double x) { return std::cos(x); }, -6, 6, 2, false, false},
    {"abs", [](double x) { return std::fabs(x); }, -100, 100, 0, true, false},
    {"sigmoid", sigmoidRef, -10, 10, 4, false, true},
    {"floor", [](double x) { return std::floor(x); }, -100, 100, 0, true, false},
    {"ceil", [](double x) { return std::ceil(x); }, -100, 100, 0, true, false},
    {"erf", [](double x) { return std::erf(x); }, -3, 3, 4, false, false},
    {"tanh", [](double x) { return std::tanh(x); }, -5, 5, 4, false, false},
};

Tolerance tolFor(const Fn &f, Dt dt) {
  if (f.exact)
    return Tolerance::ulps(f.ulps32);
  if (dt == Dt::F16 || dt == Dt::BF16)
    return Tolerance::ulps(f.composed ? 2 : 1);
  return Tolerance::ulps(f.ulps32);
}

Case math1(const Fn &f, Dt dt) {
  CaseBuilder b(makeId({"math", f.name, dtName(dt)}), kSrc, "math1");
  b.addInput("x", dt, kN, Generator::uniform(f.lo, f.hi));
  b.addOutput("out", dt, kN + 5, tolFor(f, dt));
  b.scalarI(Dt::I32, kN)
      .constant("FN", std::string("'") + f.name + "'")
      .constant("BLOCK", kBlock);
  b.grid(4);
  auto ref = f.ref;
  b.reference([ref](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i)
      ex[1].setF(i, ref(in[0].floatAt(i)));
  });
  return b.build();
}

Case fmaCase(Dt dt) {
  CaseBuilder b(makeId({"math/fma", dtName(dt)}), kSrc, "fma3");
  for (const char *name : {"x", "y", "z"})
    b.addInput(name, dt, kN, Generator::uniform(-8, 8));
  // A fused multiply-add rounds once; an unfused one may be off by a
  // further half ulp of the product, which the allowance tolerates.
  b.addOutput("out", dt, kN, Tolerance::ulps(dt == Dt::F16 || dt == Dt::BF16 ? 1 : 2));
  b.scalarI(Dt::I32, kN).constant("BLOCK", kBlock).grid(4);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i)
      ex[3].setF(i, std::fma(in[0].floatAt(i), in[1].floatAt(i), in[2].floatAt(i)));
  });
  return b.build();
}

Case divRn(Dt dt) {
  CaseBuilder b(makeId({"math/div_rn", dtName(dt)}), kSrc, "div_rn");
  b.addInput("x", dt, kN, Generator::uniform(-100, 100));
  b.addInput("y", dt, kN, Generator::uniform(0.25, 16));
  b.addOutput("out", dt, kN, Tolerance::ulps(0.5));
  b.scalarI(Dt::I32, kN).constant("BLOCK", kBlock).grid(4);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i)
      ex[2].setF(i, in[0].floatAt(i) / in[1].floatAt(i));
  });
  return b.build();
}

} // namespace

void addMathCases(std::vector<Case> &out) {
  for (const Fn &f : kFns)
    for (Dt dt : {Dt::F32, Dt::F64, Dt::F16, Dt::BF16})
      out.push_back(math1(f, dt));
  for (Dt dt : {Dt::F32, Dt::F64, Dt::F16})
    out.push_back(fmaCase(dt));
  for (Dt dt : {Dt::F32, Dt::F64})
    out.push_back(divRn(dt));
}

} // namespace tessel::conformance
