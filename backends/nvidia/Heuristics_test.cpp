//===- Heuristics_test.cpp - GEMM tiles follow the problem's shape --------===//

#include "backends/nvidia/Heuristics.h"

#include <gtest/gtest.h>

namespace tessel::nvidia {
namespace {

const NvidiaTarget kHopper(NvidiaArch::SM90a);
const NvidiaTarget kAmpere(NvidiaArch::SM80);

TEST(NvidiaHeuristics, LargeSquareGemmsGetTheMeasuredBest) {
  for (int64_t size : {4096, 8192}) {
    GemmConfig c = chooseGemmConfig(kHopper, {size, size, size});
    EXPECT_EQ(c.blockM, 128);
    EXPECT_EQ(c.blockN, 256);
    EXPECT_EQ(c.blockK, 64);
    EXPECT_EQ(c.numWarps, 8u);
    EXPECT_EQ(c.numStages, 3u);
    // sm_80 keeps 128x128x32 tiles, 4 warps, 3 stages.
    GemmConfig a = chooseGemmConfig(kAmpere, {size, size, size});
    EXPECT_EQ(a.blockN, 128);
    EXPECT_EQ(a.blockK, 32);
    EXPECT_EQ(a.numWarps, 4u);
    EXPECT_EQ(a.numStages, 3u);
  }
  // Ragged shapes with plenty of tiles keep them.
  EXPECT_EQ(chooseGemmConfig(kHopper, {3000, 5000, 2000}).blockN, 256);
  EXPECT_EQ(chooseGemmConfig(kHopper, {8192, 8192, 1024}).blockN, 256);
  // Fewer 128x256 tiles than SMs (2048^2: 128): 128x128x32, 4 warps.
  GemmConfig c = chooseGemmConfig(kHopper, {2048, 2048, 2048});
  EXPECT_EQ(c.blockM, 128);
  EXPECT_EQ(c.blockN, 128);
  EXPECT_EQ(c.numWarps, 4u);
  EXPECT_EQ(c.numStages, 4u);
  // Without the shape, the 128x128x32 default.
  EXPECT_EQ(chooseGemmConfig(kHopper, {0, 0, 4096}).blockN, 128);
}

TEST(NvidiaHeuristics, FewTilesHalveTheRows) {
  // 1024^3: 64 tiles of 128x128 for 132 SMs; 128 of 64x128, their K steps
  // 64 deep on sm_90a.
  GemmConfig c = chooseGemmConfig(kHopper, {1024, 1024, 1024});
  EXPECT_EQ(c.blockM, 64);
  EXPECT_EQ(c.blockN, 128);
  EXPECT_EQ(c.blockK, 64);
  EXPECT_EQ(c.numWarps, 4u);
  EXPECT_EQ(c.numStages, 4u);
  // Enough 128x128 tiles keep 32-deep steps.
  EXPECT_EQ(chooseGemmConfig(kHopper, {2048, 2048, 2048}).blockK, 32);
  // sm_80 keeps 32-deep steps.
  EXPECT_EQ(chooseGemmConfig(kAmpere, {1024, 1024, 1024}).blockK, 32);
  // On sm_80 (108 SMs), 1024^3 is short of tiles too; 2048^2 is not.
  EXPECT_EQ(chooseGemmConfig(kAmpere, {1024, 1024, 1024}).blockM, 64);
  EXPECT_EQ(chooseGemmConfig(kAmpere, {2048, 2048, 512}).blockM, 128);
  EXPECT_EQ(chooseGemmConfig(kAmpere, {2048, 2048, 512}).numStages, 3u);
}

TEST(NvidiaHeuristics, SmallExtentsShrinkTheirTile) {
  GemmConfig c = chooseGemmConfig(kHopper, {20, 4096, 8});
  EXPECT_EQ(c.blockM, 32);
  EXPECT_EQ(c.blockN, 128);
  EXPECT_EQ(c.blockK, 16);
  // An extent not given leaves its tile alone.
  EXPECT_EQ(chooseGemmConfig(kHopper, {0, 0, 4096}).blockM, 128);
}

TEST(NvidiaHeuristics, ReadsTheShapeFromKeyNames) {
  GemmShape s = readGemmShape({{"M", 512}, {"n", 256}, {"SIZE_K", 64}, {"stride_am", 7},
                               {"NUM", 3}});
  EXPECT_EQ(s.m, 512);
  EXPECT_EQ(s.n, 256);
  EXPECT_EQ(s.k, 64);
}

TEST(NvidiaHeuristics, BlockDimensionsByName) {
  EXPECT_EQ(getBlockDimension("BLOCK_SIZE_M"), 'M');
  EXPECT_EQ(getBlockDimension("BLOC_N"), 'N');
  EXPECT_EQ(getBlockDimension("BLOCK_K"), 'K');
  EXPECT_EQ(getBlockDimension("GROUP_SIZE_M"), std::nullopt);
  EXPECT_EQ(getBlockDimension("BLOCK_SIZE"), std::nullopt);
}

} // namespace
} // namespace tessel::nvidia
