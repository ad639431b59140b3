#include "backends/intel/IntelTarget.h"

#include <algorithm>

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

TEST(IntelTarget, Tf32AndI8DpasShareTheAccumulator) {
  gpu::GpuTargetDescription d = IntelTarget(IntelArch::PVC).getGpuDescription();
  const gpu::MatrixInstruction *tf32 =
      d.getWarpMatrixInstructionFor(gpu::MatrixElement::TF32);
  const gpu::MatrixInstruction *i8 = d.getWarpMatrixInstructionFor(gpu::MatrixElement::I8);
  ASSERT_NE(tf32, nullptr);
  ASSERT_NE(i8, nullptr);
  EXPECT_EQ(tf32->k, 8u);
  EXPECT_EQ(i8->k, 32u);
  EXPECT_EQ(i8->accumulator, gpu::MatrixElement::I32);
  EXPECT_TRUE(tf32->isConsistent());
  EXPECT_TRUE(i8->isConsistent());
  // tf32 A (8 x 8, 4 registers): lane l, register r holds A[2r + l / 8][l % 8].
  EXPECT_EQ(tf32->a.getRegisters(8, 8), 4u);
  for (unsigned lane : {0u, 7u, 8u, 13u})
    for (unsigned r = 0; r < 4; ++r) {
      auto [row, col] = tf32->a.getStaticCoordinate(r, 8, 8);
      EXPECT_EQ(row + tf32->a.getLaneRow(lane), 2 * r + lane / 8);
      EXPECT_EQ(col + tf32->a.getLaneCol(lane), lane % 8);
    }
  // i8 A (8 x 32, 16 registers): lane l, register 2r + e holds A[r][2l + e].
  EXPECT_EQ(i8->a.getRegisters(8, 32), 16u);
  for (unsigned lane : {0u, 9u, 15u})
    for (unsigned reg = 0; reg < 16; ++reg) {
      auto [row, col] = i8->a.getStaticCoordinate(reg, 8, 32);
      EXPECT_EQ(row, reg / 2);
      EXPECT_EQ(col + i8->a.getLaneCol(lane) * i8->a.elementsCols, 2 * lane + reg % 2);
    }
  EXPECT_EQ(i8->b.getRegisters(32, 16), 32u);
  // xe has none; the features name all three on pvc.
  EXPECT_EQ(IntelTarget(IntelArch::XE)
                .getGpuDescription()
                .getWarpMatrixInstructionFor(gpu::MatrixElement::TF32),
            nullptr);
  std::vector<std::string> names = d.getTargetFeatureNames();
  for (const char *name : {"matrix.dpas.8x16x16", "matrix.dpas.8x16x8.tf32",
                           "matrix.dpas.8x16x32.i8"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
}

TEST(IntelTarget, MapsIpVersions) {
  EXPECT_EQ(IntelTarget::forIpVersion((12u << 22) | (60u << 14)).getName(), "pvc");
  EXPECT_EQ(IntelTarget::forIpVersion((20u << 22) | (1u << 14) | 4).getName(), "bmg");
  EXPECT_EQ(IntelTarget::forIpVersion((12u << 22) | (55u << 14)).getName(), "xe");
}

} // namespace
} // namespace tessel::intel
