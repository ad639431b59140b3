//===- LibdeviceCases.cpp - libdevice math-function cases -----------------===//
//
// The functions of triton.language.extra.libdevice beyond tl.*, on fp32
// and fp64, against the fp64 libm value. libdevice has fp32 and fp64
// entries only, so there are no fp16/bf16 cases. Allowances are those of
// CUDA's libdevice (at most 4 ulps for these functions, 8 for pow) and hold
// for glibc's libm too; fmod is exact.
#include <cmath>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "libdevice.py";
constexpr int kN = 400, kBlock = 128;

struct Unary {
  const char *name;
  double (*ref)(double);
  double lo, hi;
  double ulps;
};

struct Binary {
  const char *name;
  double (*ref)(double, double);
  double xlo, xhi, ylo, yhi;
  double ulps;
};

const Unary kUnary[] = {
    {"asin", [](double x) { return std::asin(x); }, -1, 1, 4},
    {"acos", [](double x) { return std::acos(x); }, -1, 1, 4},
    {"atan", [](double x) { return std::atan(x); }, -10, 10, 4},
    {"sinh", [](double x) { return std::sinh(x); }, -5, 5, 4},
    {"cosh", [](double x) { return std::cosh(x); }, -5, 5, 4},
    {"tan", [](double x) { return std::tan(x); }, -1.5, 1.5, 4},
    {"log1p", [](double x) { return std::log1p(x); }, -0.9, 10, 4},
    {"expm1", [](double x) { return std::expm1(x); }, -5, 5, 4},
    {"erfc", [](double x) { return std::erfc(x); }, -3, 5, 4},
    {"cbrt", [](double x) { return std::cbrt(x); }, -100, 100, 4},
    {"log10", [](double x) { return std::log10(x); }, 0.01, 100, 4},
};

const Binary kBinary[] = {
    {"atan2", [](double x, double y) { return std::atan2(x, y); }, -10, 10, -10, 10, 4},
    {"pow", [](double x, double y) { return std::pow(x, y); }, 0.1, 10, -3, 3, 8},
    {"fmod", [](double x, double y) { return std::fmod(x, y); }, -100, 100, 0.5, 10, 0},
    {"hypot", [](double x, double y) { return std::hypot(x, y); }, -100, 100, -100, 100,
     4},
};

Case unaryCase(const Unary &f, Dt dt) {
  CaseBuilder b(makeId({"math", f.name, dtName(dt)}), kSrc, "unary");
  b.addInput("x", dt, kN, Generator::uniform(f.lo, f.hi));
  b.addOutput("out", dt, kN + 5, Tolerance::ulps(f.ulps));
  b.scalarI(Dt::I32, kN)
      .constant("FN", std::string("'") + f.name + "'")
      .constant("BLOCK", kBlock);
  b.grid((kN + kBlock - 1) / kBlock);
  auto ref = f.ref;
  b.reference([ref](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i)
      ex[1].setF(i, ref(in[0].floatAt(i)));
  });
  return b.build();
}

Case binaryCase(const Binary &f, Dt dt) {
  CaseBuilder b(makeId({"math", f.name, dtName(dt)}), kSrc, "binary");
  b.addInput("x", dt, kN, Generator::uniform(f.xlo, f.xhi));
  b.addInput("y", dt, kN, Generator::uniform(f.ylo, f.yhi));
  b.addOutput("out", dt, kN + 5, Tolerance::ulps(f.ulps));
  b.scalarI(Dt::I32, kN)
      .constant("FN", std::string("'") + f.name + "'")
      .constant("BLOCK", kBlock);
  b.grid((kN + kBlock - 1) / kBlock);
  auto ref = f.ref;
  b.reference([ref](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i)
      ex[2].setF(i, ref(in[0].floatAt(i), in[1].floatAt(i)));
  });
  return b.build();
}

} // namespace

void addLibdeviceCases(std::vector<Case> &out) {
  for (Dt dt : {Dt::F32, Dt::F64}) {
    for (const Unary &f : kUnary)
      out.push_back(unaryCase(f, dt));
    for (const Binary &f : kBinary)
      out.push_back(binaryCase(f, dt));
  }
}

} // namespace tessel::conformance
