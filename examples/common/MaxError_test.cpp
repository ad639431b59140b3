//===- MaxError_test.cpp - Tests of the largest-error check ---------------===//

#include "examples/common/MaxError.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace tessel::examples {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(MaxError, KeepsTheLargestErrorAndWhereItIs) {
  MaxError worst;
  EXPECT_TRUE(worst.within(0));
  worst.add(1e-7, 3);
  worst.add(4e-7, 8);
  worst.add(2e-7, 9);
  EXPECT_EQ(worst.value(), 4e-7);
  EXPECT_EQ(worst.index(), 8u);
  EXPECT_TRUE(worst.within(4e-7));
  EXPECT_FALSE(worst.within(3e-7));
}

// A NaN anywhere (first, in the middle, last) fails the check, however
// small the other errors are; std::fmax would have dropped it.
TEST(MaxError, ANanErrorIsKeptAndFailsEveryTolerance) {
  for (size_t at : {size_t{0}, size_t{5}, size_t{9}}) {
    MaxError worst;
    for (size_t i = 0; i < 10; ++i)
      worst.add(i == at ? kNaN : 1e-9 * double(i), i);
    EXPECT_TRUE(std::isnan(worst.value())) << at;
    EXPECT_EQ(worst.index(), at);
    EXPECT_FALSE(worst.within(1e300)) << at;
    EXPECT_FALSE(worst.within(kInf)) << at;
  }
}

TEST(MaxError, AnOutputOfNanOrInfinityGivesAFailingError) {
  const double want = 0.25;
  MaxError nan, inf;
  nan.add(std::fabs(kNaN - want));
  inf.add(std::fabs(kInf - want));
  EXPECT_FALSE(nan.within(1.0));
  EXPECT_FALSE(inf.within(1.0));
  EXPECT_EQ(inf.value(), kInf);
}

} // namespace
} // namespace tessel::examples
