// Math functions with ULP-based tolerances: the reference is the fp64
// libm value; the allowance is per function and per type (correctly
// rounded functions get half an ulp, transcendental ones a few ulps, and
// fp16/bf16 one ulp since they compute in fp32 and round once).
#include <cmath>

#include "conformance/cases/family_util.h"
#include "conformance/cases/registry.h"

namespace tessel::conformance {
namespace {

constexpr const char* kSrc = "math.py";
constexpr int kN = 400, kBlock = 128;

struct Fn {
  const char* name;
  double (*ref)(double);
  double lo, hi;      // input domain
  double ulps32;      // allowance for fp32 and fp64
  bool exact;         // floor/ceil/abs/sqrt: correctly rounded everywhere
  bool composed;      // defined as several operations (sigmoid = 1/(1+exp(-x)),
                      // rsqrt = 1/sqrt): fp16/bf16 may round after each
};

double Sigmoid(double x) { return 1 / (1 + std::exp(-x)); }
double Rsqrt(double x) { return 1 / std::sqrt(x); }
double Exp2(double x) { return std::exp2(x); }

const Fn kFns[] = {
    {"exp", [](double x) { return std::exp(x); }, -10, 10, 2, false, false},
    {"exp2", Exp2, -10, 10, 2, false, false},
    {"log", [](double x) { return std::log(x); }, 0.01, 100, 2, false, false},
    {"log2", [](double x) { return std::log2(x); }, 0.01, 100, 2, false, false},
    {"sqrt", [](double x) { return std::sqrt(x); }, 0, 100, 0.5, true, false},
    {"rsqrt", Rsqrt, 0.01, 100, 2, false, true},
    {"sin", [](double x) { return std::sin(x); }, -6, 6, 2, false, false},
    {"cos", [](double x) { return std::cos(x); }, -6, 6, 2, false, false},
    {"abs", [](double x) { return std::fabs(x); }, -100, 100, 0, true, false},
    {"sigmoid", Sigmoid, -10, 10, 4, false, true},
    {"floor", [](double x) { return std::floor(x); }, -100, 100, 0, true, false},
    {"ceil", [](double x) { return std::ceil(x); }, -100, 100, 0, true, false},
    {"erf", [](double x) { return std::erf(x); }, -3, 3, 4, false, false},
    {"tanh", [](double x) { return std::tanh(x); }, -5, 5, 4, false, false},
};

Tolerance TolFor(const Fn& f, Dt dt) {
  if (f.exact) return Tolerance::Ulps(f.ulps32);
  if (dt == Dt::F16 || dt == Dt::BF16) return Tolerance::Ulps(f.composed ? 2 : 1);
  return Tolerance::Ulps(f.ulps32);
}

Case Math1(const Fn& f, Dt dt) {
  CaseBuilder b(Id({"math", f.name, Name(dt)}), kSrc, "math1");
  b.In("x", dt, kN, Generator::Uniform(f.lo, f.hi));
  b.Out("out", dt, kN + 5, TolFor(f, dt));
  b.ScalarI(Dt::I32, kN).Const("FN", std::string("'") + f.name + "'").Const("BLOCK", kBlock);
  b.Grid(4);
  auto ref = f.ref;
  b.Ref([ref](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) ex[1].SetF(i, ref(in[0].F(i)));
  });
  return b.Build();
}

Case Fma(Dt dt) {
  CaseBuilder b(Id({"math/fma", Name(dt)}), kSrc, "fma3");
  for (const char* name : {"x", "y", "z"}) b.In(name, dt, kN, Generator::Uniform(-8, 8));
  // A fused multiply-add rounds once; an unfused one may be off by a
  // further half ulp of the product, which the allowance tolerates.
  b.Out("out", dt, kN, Tolerance::Ulps(dt == Dt::F16 || dt == Dt::BF16 ? 1 : 2));
  b.ScalarI(Dt::I32, kN).Const("BLOCK", kBlock).Grid(4);
  b.Ref([](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) ex[3].SetF(i, std::fma(in[0].F(i), in[1].F(i), in[2].F(i)));
  });
  return b.Build();
}

Case DivRn(Dt dt) {
  CaseBuilder b(Id({"math/div_rn", Name(dt)}), kSrc, "div_rn");
  b.In("x", dt, kN, Generator::Uniform(-100, 100));
  b.In("y", dt, kN, Generator::Uniform(0.25, 16));
  b.Out("out", dt, kN, Tolerance::Ulps(0.5));
  b.ScalarI(Dt::I32, kN).Const("BLOCK", kBlock).Grid(4);
  b.Ref([](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) ex[2].SetF(i, in[0].F(i) / in[1].F(i));
  });
  return b.Build();
}

}  // namespace

void AddMathCases(std::vector<Case>& out) {
  for (const Fn& f : kFns)
    for (Dt dt : {Dt::F32, Dt::F64, Dt::F16, Dt::BF16}) out.push_back(Math1(f, dt));
  for (Dt dt : {Dt::F32, Dt::F64, Dt::F16}) out.push_back(Fma(dt));
  for (Dt dt : {Dt::F32, Dt::F64}) out.push_back(DivRn(dt));
}

}  // namespace tessel::conformance
