#include "conformance/runner/compare.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tessel::conformance {
namespace {

Case OneOutput(Dt dt, size_t n, Tolerance tol) {
  Case c;
  c.id = "t";
  c.buffers.push_back({"out", dt, n, Generator::Bits(), true, tol});
  return c;
}

TEST(Compare, IntegersAreExactAndTheFirstDifferenceIsNamed) {
  Case c = OneOutput(Dt::I32, 4, Tolerance::Exact());
  HostArray e(Dt::I32, 4), g(Dt::I32, 4);
  for (int i = 0; i < 4; ++i) e.SetI(i, i), g.SetI(i, i);
  EXPECT_TRUE(CompareOutputs(c, {e}, {g}).ok);
  g.SetI(2, 7);
  g.SetI(3, 9);
  Verdict v = CompareOutputs(c, {e}, {g});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("out[2]"), std::string::npos) << v.message;
  EXPECT_NE(v.message.find("got 7"), std::string::npos) << v.message;
  EXPECT_NE(v.message.find("2 element(s) differ"), std::string::npos) << v.message;
}

TEST(Compare, UlpToleranceInTheOutputType) {
  Case c = OneOutput(Dt::F16, 2, Tolerance::Ulps(0.5));
  HostArray e(Dt::F64, 2), g(Dt::F16, 2);
  e.SetF(0, 1.0 + std::ldexp(1.0, -12));  // a quarter ulp above 1
  g.SetF(0, 1.0);
  e.SetF(1, 3.0);
  g.SetF(1, 3.0);
  EXPECT_TRUE(CompareOutputs(c, {e}, {g}).ok);
  g.SetF(0, 1.0 + std::ldexp(1.0, -10));  // three quarters of an ulp off
  Verdict v = CompareOutputs(c, {e}, {g});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("out[0]"), std::string::npos) << v.message;
  EXPECT_NE(v.message.find("ulp"), std::string::npos) << v.message;
}

TEST(Compare, NansAndInfinities) {
  Case c = OneOutput(Dt::F32, 3, Tolerance::Ulps(1));
  HostArray e(Dt::F64, 3), g(Dt::F32, 3);
  e.SetF(0, NAN), g.SetF(0, NAN);
  e.SetF(1, 1e300), g.SetF(1, INFINITY);  // beyond fp32: infinity is right
  e.SetF(2, 1.0), g.SetF(2, 1.0);
  EXPECT_TRUE(CompareOutputs(c, {e}, {g}).ok);
  g.SetF(0, 0.0);
  EXPECT_FALSE(CompareOutputs(c, {e}, {g}).ok);
}

TEST(Compare, RelativeNormOverTheBuffer) {
  Case c = OneOutput(Dt::F32, 100, Tolerance::RelNorm(1e-3));
  HostArray e(Dt::F64, 100), g(Dt::F32, 100);
  for (int i = 0; i < 100; ++i) e.SetF(i, i + 1), g.SetF(i, (i + 1) * (1 + 1e-5));
  EXPECT_TRUE(CompareOutputs(c, {e}, {g}).ok);
  g.SetF(50, 1000);
  Verdict v = CompareOutputs(c, {e}, {g});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("out[50]"), std::string::npos) << v.message;
}

TEST(Compare, InputsAreNotCompared) {
  Case c = OneOutput(Dt::I8, 1, Tolerance::Exact());
  c.buffers[0].is_output = false;
  HostArray a(Dt::I8, 1), b(Dt::I8, 1);
  b.SetI(0, 5);
  EXPECT_TRUE(CompareOutputs(c, {HostArray()}, {b}).ok);
}

}  // namespace
}  // namespace tessel::conformance
