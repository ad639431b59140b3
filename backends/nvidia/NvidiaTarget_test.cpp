#include "backends/nvidia/NvidiaTarget.h"

#include <gtest/gtest.h>

namespace tessel::nvidia {
namespace {

TEST(NvidiaTarget, ParsesKnownNames) {
  ASSERT_TRUE(NvidiaTarget::parse("sm_80").has_value());
  EXPECT_EQ(NvidiaTarget::parse("sm_80")->getArch(), NvidiaArch::SM80);
  EXPECT_EQ(NvidiaTarget::parse("sm_90a")->getName(), "sm_90a");
  EXPECT_FALSE(NvidiaTarget::parse("sm_90").has_value());
  EXPECT_EQ(NvidiaTarget::parse("sm_100a")->getArch(), NvidiaArch::SM100a);
  EXPECT_FALSE(NvidiaTarget::parse("sm_100").has_value());
  EXPECT_FALSE(NvidiaTarget::parse("").has_value());
}

TEST(NvidiaTarget, PtxVersionComesFromTheTarget) {
  EXPECT_EQ(NvidiaTarget::parse("sm_80")->getPtxFeature(), "+ptx85");
  EXPECT_EQ(NvidiaTarget::parse("sm_90a")->getPtxFeature(), "+ptx85");
  // tcgen05 and the sm_100a target need PTX ISA 8.6.
  PtxVersion blackwell = NvidiaTarget::parse("sm_100a")->getPtxVersion();
  EXPECT_EQ(blackwell.major, 8u);
  EXPECT_EQ(blackwell.minor, 6u);
  EXPECT_EQ(NvidiaTarget::parse("sm_100a")->getPtxFeature(), "+ptx86");
}

TEST(NvidiaTarget, ComputeCapabilityPicksTheCodeThatRuns) {
  EXPECT_EQ(NvidiaTarget::forComputeCapability(9, 0)->getName(), "sm_90a");
  EXPECT_EQ(NvidiaTarget::forComputeCapability(8, 0)->getName(), "sm_80");
  EXPECT_EQ(NvidiaTarget::forComputeCapability(8, 9)->getName(), "sm_80");
  EXPECT_FALSE(NvidiaTarget::forComputeCapability(7, 5).has_value());
  EXPECT_FALSE(NvidiaTarget::forComputeCapability(10, 0).has_value());
}

// wgmma exists on sm_90a alone: sm_80 predates it and sm_100a replaces it
// with tcgen05, so only sm_90a's dots run on the warp-group hooks.
TEST(NvidiaTarget, OnlySm90aHasTheWarpGroupInstruction) {
  const gpu::GpuTargetDescription hopper =
      NvidiaTarget::parse("sm_90a")->getGpuDescription();
  const gpu::MatrixInstruction *group = hopper.getWarpGroupMatrixInstruction();
  ASSERT_NE(group, nullptr);
  EXPECT_EQ(group->n, 256u);
  EXPECT_EQ(group->threads, 128u);
  // The warp-level instruction stays mma.sync (the accumulator layout).
  EXPECT_EQ(hopper.getWarpMatrixInstruction()->name, "mma.sync.m16n8k16");
  for (const char *arch : {"sm_80", "sm_100a"})
    EXPECT_EQ(
        NvidiaTarget::parse(arch)->getGpuDescription().getWarpGroupMatrixInstruction(),
        nullptr)
        << arch;
}

} // namespace
} // namespace tessel::nvidia
