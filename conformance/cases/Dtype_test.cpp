//===- Dtype_test.cpp - Tests of the dtype encoders -----------------------===//

#include "conformance/cases/Dtype.h"

#include <gtest/gtest.h>

#include <cmath>

#include "conformance/cases/HostArray.h"

namespace tessel::conformance {
namespace {

TEST(Dtype, Fp16KnownEncodings) {
  EXPECT_EQ(encodeFloat(Dt::F16, 1.0), 0x3C00u);
  EXPECT_EQ(encodeFloat(Dt::F16, -2.0), 0xC000u);
  EXPECT_EQ(encodeFloat(Dt::F16, 65504.0), 0x7BFFu);
  EXPECT_EQ(encodeFloat(Dt::F16, 65520.0), 0x7C00u); // rounds up to infinity
  EXPECT_EQ(encodeFloat(Dt::F16, std::ldexp(1.0, -24)), 0x0001u); // smallest subnormal
  EXPECT_EQ(encodeFloat(Dt::F16, 0.0), 0x0000u);
  EXPECT_EQ(encodeFloat(Dt::F16, -0.0), 0x8000u);
  EXPECT_TRUE(std::isnan(decodeFloat(Dt::F16, encodeFloat(Dt::F16, NAN))));
}

TEST(Dtype, RoundsToNearestEven) {
  // 2049 lies halfway between 2048 and 2050 in fp16: the even one wins.
  EXPECT_EQ(roundTo(Dt::F16, 2049), 2048);
  EXPECT_EQ(roundTo(Dt::F16, 2051), 2052);
  EXPECT_EQ(roundTo(Dt::BF16, 257), 256);
  EXPECT_EQ(roundTo(Dt::BF16, 259), 260);
  EXPECT_EQ(roundTo(Dt::F32, 16777217.0), 16777216.0);
  // Halfway between subnormals rounds to even too.
  EXPECT_EQ(encodeFloat(Dt::F16, std::ldexp(1.5, -24)), 0x0002u);
  EXPECT_EQ(encodeFloat(Dt::F16, std::ldexp(0.5, -24)), 0x0000u);
}

TEST(Dtype, Fp8Formats) {
  EXPECT_EQ(largestFinite(Dt::F8E4M3), 448);
  EXPECT_EQ(largestFinite(Dt::F8E5M2), 57344);
  EXPECT_EQ(encodeFloat(Dt::F8E4M3, 448), 0x7Eu);
  EXPECT_EQ(encodeFloat(Dt::F8E4M3, 1.0), 0x38u);
  EXPECT_TRUE(std::isnan(decodeFloat(Dt::F8E4M3, 0x7F)));
  EXPECT_EQ(encodeFloat(Dt::F8E4M3, 1000), 0x7Fu); // no infinity: NaN
  EXPECT_EQ(encodeFloat(Dt::F8E4M3, std::ldexp(1.0, -9)), 0x01u);
  EXPECT_EQ(encodeFloat(Dt::F8E5M2, 1.0), 0x3Cu);
  EXPECT_EQ(encodeFloat(Dt::F8E5M2, 1e6), 0x7Cu); // infinity
  EXPECT_EQ(decodeFloat(Dt::F8E5M2, 0x7B), 57344);
}

TEST(Dtype, EveryFp16AndFp8CodeRoundTrips) {
  for (Dt dt : {Dt::F16, Dt::BF16, Dt::F8E4M3, Dt::F8E5M2}) {
    const uint32_t codes = 1u << dtInfo(dt).bits;
    for (uint32_t c = 0; c < codes; ++c) {
      const double v = decodeFloat(dt, c);
      if (std::isnan(v))
        continue;
      ASSERT_EQ(encodeFloat(dt, v), c) << dtName(dt) << " code " << c;
    }
  }
}

TEST(Dtype, UlpAtBinades) {
  EXPECT_EQ(ulp(Dt::F16, 1.0), std::ldexp(1.0, -10));
  EXPECT_EQ(ulp(Dt::F16, 1.999), std::ldexp(1.0, -10));
  EXPECT_EQ(ulp(Dt::F32, 2.0), std::ldexp(1.0, -22));
  EXPECT_EQ(ulp(Dt::F16, 0.0), std::ldexp(1.0, -24));
  EXPECT_EQ(ulp(Dt::BF16, 1.0), std::ldexp(1.0, -7));
}

TEST(HostArray, IntegersWrapAndExtend) {
  HostArray a(Dt::I8, 2);
  a.setI(0, 300); // wraps to 44
  a.setI(1, -1);
  EXPECT_EQ(a.intAt(0), 44);
  EXPECT_EQ(a.intAt(1), -1);
  EXPECT_EQ(a.uintAt(1), 0xFFu);
  HostArray u(Dt::U16, 1);
  u.setI(0, -1);
  EXPECT_EQ(u.uintAt(0), 0xFFFFu);
  EXPECT_EQ(u.floatAt(0), 65535);
  HostArray b(Dt::I1, 1);
  b.setF(0, 5);
  EXPECT_EQ(b.bitsAt(0), 1u);
}

} // namespace
} // namespace tessel::conformance
