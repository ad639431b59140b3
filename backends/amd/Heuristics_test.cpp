//===- Heuristics_test.cpp - Defaults differ by family, and fit -----------===//

#include "backends/amd/Heuristics.h"

#include <gtest/gtest.h>

namespace tessel::amd {
namespace {

TEST(AmdHeuristics, LargeTilesGetEightWaves) {
  AmdTarget cdna(AmdArch::GFX942), rdna(AmdArch::GFX1100);
  EXPECT_EQ(getDefaultNumWarps(cdna, 128 * 64), 8u);
  EXPECT_EQ(getDefaultNumWarps(rdna, 128 * 64), 8u);
  // The same waves are twice the threads on CDNA.
  EXPECT_EQ(getDefaultNumWarps(cdna, 128 * 64) * cdna.getWaveSize(), 512u);
  EXPECT_EQ(getDefaultNumWarps(rdna, 128 * 64) * rdna.getWaveSize(), 256u);
  EXPECT_EQ(getDefaultNumWarps(cdna, 1024), 4u);
  EXPECT_EQ(getDefaultNumWarps(rdna, 1024), 4u);
}

TEST(AmdHeuristics, EveryDefaultFitsTheTarget) {
  for (AmdArch a :
       {AmdArch::GFX90A, AmdArch::GFX942, AmdArch::GFX1100, AmdArch::GFX1200}) {
    AmdTarget t(a);
    std::vector<LaunchConfig> configs = getDefaultConfigs(t);
    ASSERT_FALSE(configs.empty());
    for (const LaunchConfig &c : configs) {
      EXPECT_LE(c.numWarps * t.getWaveSize(), t.getMaxThreadsPerWorkgroup());
      EXPECT_LE(c.wavesPerEu, t.getMaxWavesPerSimd());
      EXPECT_GE(c.numStages, 1u);
    }
  }
}

TEST(AmdHeuristics, Gfx942AndGfx1100ChooseDifferently) {
  AmdTarget cdna(AmdArch::GFX942), rdna(AmdArch::GFX1100);
  // CDNA asks for two resident waves on one of its defaults; RDNA never.
  bool cdnaCaps = false, rdnaCaps = false;
  for (const LaunchConfig &c : getDefaultConfigs(cdna))
    cdnaCaps |= c.wavesPerEu != 0;
  for (const LaunchConfig &c : getDefaultConfigs(rdna))
    rdnaCaps |= c.wavesPerEu != 0;
  EXPECT_TRUE(cdnaCaps);
  EXPECT_FALSE(rdnaCaps);
  // Blocks follow the matrix instruction: 32-multiples for MFMA 32x32,
  // 16-multiples for WMMA.
  EXPECT_EQ(getBlockCandidates(cdna).front(), 32);
  EXPECT_EQ(getBlockCandidates(rdna).front(), 16);
  for (int64_t b : getBlockCandidates(cdna))
    EXPECT_EQ(b % 32, 0);
  for (int64_t b : getBlockCandidates(rdna))
    EXPECT_EQ(b % 16, 0);
}

} // namespace
} // namespace tessel::amd
