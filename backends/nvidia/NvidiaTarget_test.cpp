#include "backends/nvidia/NvidiaTarget.h"

#include <gtest/gtest.h>

#include <utility>

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

// sm_80 predates the warp-group dot; sm_90a runs it on wgmma and sm_100a
// on tcgen05 (64-row slices both), so both describe it, by name.
TEST(NvidiaTarget, WarpGroupInstructionBySm) {
  for (auto [arch, name] : {std::pair{"sm_90a", "wgmma.m64n256k16"},
                            std::pair{"sm_100a", "tcgen05.mma.m64n256k16"}}) {
    const gpu::GpuTargetDescription d = NvidiaTarget::parse(arch)->getGpuDescription();
    const gpu::MatrixInstruction *group = d.getWarpGroupMatrixInstruction();
    ASSERT_NE(group, nullptr) << arch;
    EXPECT_EQ(group->name, name);
    EXPECT_EQ(group->m, 64u);
    EXPECT_EQ(group->n, 256u);
    EXPECT_EQ(group->threads, 128u);
    // The warp-level instruction stays mma.sync (the accumulator layout).
    EXPECT_EQ(d.getWarpMatrixInstruction()->name, "mma.sync.m16n8k16");
    EXPECT_TRUE(d.tensorMapCopy) << arch;
  }
  const gpu::GpuTargetDescription ampere =
      NvidiaTarget::parse("sm_80")->getGpuDescription();
  EXPECT_EQ(ampere.getWarpGroupMatrixInstruction(), nullptr);
  EXPECT_FALSE(ampere.tensorMapCopy);
}

} // namespace
} // namespace tessel::nvidia
