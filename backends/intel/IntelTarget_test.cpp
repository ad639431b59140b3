#include "backends/intel/IntelTarget.h"

#include <gtest/gtest.h>

namespace tessel::intel {
namespace {

TEST(IntelTarget, ParsesTheThreeTargets) {
  for (const char *name : {"pvc", "bmg", "xe"}) {
    std::optional<IntelTarget> t = IntelTarget::parse(name);
    ASSERT_TRUE(t.has_value()) << name;
    EXPECT_EQ(t->getName(), name);
    EXPECT_EQ(t->getSubGroupSize(), 16u);
  }
  EXPECT_FALSE(IntelTarget::parse("gen9").has_value());
  EXPECT_FALSE(IntelTarget::parse("").has_value());
}

TEST(IntelTarget, FeaturesChooseThePath) {
  IntelTarget pvc(IntelArch::PVC), xe(IntelArch::XE);
  EXPECT_TRUE(pvc.hasDpas());
  EXPECT_TRUE(pvc.has2dBlockIo());
  EXPECT_FALSE(xe.hasDpas());
  EXPECT_FALSE(xe.has2dBlockIo());
  ASSERT_NE(pvc.getGpuDescription().getWarpMatrixInstruction(), nullptr);
  EXPECT_EQ(pvc.getGpuDescription().getWarpMatrixInstruction()->name, "dpas.8x16x16");
  EXPECT_EQ(xe.getGpuDescription().getWarpMatrixInstruction(), nullptr);
  EXPECT_EQ(pvc.getSlmPerWorkgroup(), 128u * 1024);
  EXPECT_EQ(xe.getSlmPerWorkgroup(), 64u * 1024);
}

TEST(IntelTarget, DpasFragmentsAreConsistent) {
  gpu::MatrixInstruction dpas = IntelTarget::getDpasInstruction();
  EXPECT_TRUE(dpas.isConsistent());
  // Lane l holds A[r][l] in register r, B[k][l] in register k, C[r][l].
  EXPECT_EQ(dpas.a.getRegisters(8, 16), 8u);
  EXPECT_EQ(dpas.b.getRegisters(16, 16), 16u);
  EXPECT_EQ(dpas.c.getRegisters(8, 16), 8u);
  for (unsigned lane : {0u, 5u, 15u}) {
    EXPECT_EQ(dpas.a.getLaneCol(lane), lane);
    EXPECT_EQ(dpas.b.getLaneCol(lane), lane);
  }
  EXPECT_EQ(dpas.a.getStaticCoordinate(3, 8, 16), std::make_pair(3u, 0u));
  EXPECT_EQ(dpas.b.getStaticCoordinate(9, 16, 16), std::make_pair(9u, 0u));
}

TEST(IntelTarget, MapsIpVersions) {
  EXPECT_EQ(IntelTarget::forIpVersion((12u << 22) | (60u << 14)).getName(), "pvc");
  EXPECT_EQ(IntelTarget::forIpVersion((20u << 22) | (1u << 14) | 4).getName(), "bmg");
  EXPECT_EQ(IntelTarget::forIpVersion((12u << 22) | (55u << 14)).getName(), "xe");
}

} // namespace
} // namespace tessel::intel
