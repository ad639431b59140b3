//===- AmdTarget_test.cpp - AMD target names, limits and fragments --------===//

#include "backends/amd/AmdTarget.h"

#include <set>
#include <utility>

#include <gtest/gtest.h>

namespace tessel::amd {
namespace {

TEST(AmdTarget, ParsesTheFourChipsAndNothingElse) {
  for (const char *name : {"gfx90a", "gfx942", "gfx1100", "gfx1200"}) {
    std::optional<AmdTarget> t = AmdTarget::parse(name);
    ASSERT_TRUE(t) << name;
    EXPECT_EQ(t->getName(), name);
  }
  EXPECT_FALSE(AmdTarget::parse("gfx940"));
  EXPECT_FALSE(AmdTarget::parse("gfx942:sramecc+"));
  EXPECT_FALSE(AmdTarget::parse(""));
}

TEST(AmdTarget, MapsAgentNamesWithFeaturesAndFamilyMembers) {
  EXPECT_EQ(AmdTarget::forAgentName("gfx90a:sramecc+:xnack-")->getName(), "gfx90a");
  EXPECT_EQ(AmdTarget::forAgentName("gfx942")->getName(), "gfx942");
  EXPECT_EQ(AmdTarget::forAgentName("gfx1101")->getName(), "gfx1100");
  EXPECT_EQ(AmdTarget::forAgentName("gfx1201")->getName(), "gfx1200");
  EXPECT_FALSE(AmdTarget::forAgentName("gfx908"));
  EXPECT_FALSE(AmdTarget::forAgentName("gfx1030"));
}

TEST(AmdTarget, WaveSizeAndElfMachByFamily) {
  EXPECT_EQ(AmdTarget(AmdArch::GFX90A).getWaveSize(), 64u);
  EXPECT_EQ(AmdTarget(AmdArch::GFX942).getWaveSize(), 64u);
  EXPECT_EQ(AmdTarget(AmdArch::GFX1100).getWaveSize(), 32u);
  EXPECT_EQ(AmdTarget(AmdArch::GFX1200).getWaveSize(), 32u);
  std::set<unsigned> machs;
  for (AmdArch a :
       {AmdArch::GFX90A, AmdArch::GFX942, AmdArch::GFX1100, AmdArch::GFX1200})
    machs.insert(AmdTarget(a).getElfMach());
  EXPECT_EQ(machs.size(), 4u);
  EXPECT_EQ(AmdTarget(AmdArch::GFX942).getElfMach(), 0x4cu);
  EXPECT_TRUE(AmdTarget(AmdArch::GFX942).hasFp8Matrix());
  EXPECT_FALSE(AmdTarget(AmdArch::GFX90A).hasFp8Matrix());
}

// Every fragment must tile its operand over the wave, and every element of
// A, B and C must be held by exactly one (lane, register) pair (RDNA3's
// replication is the hooks' business, not the description's).
void expectExactCover(const gpu::MatrixFragment &f, unsigned rows, unsigned cols,
                      unsigned lanes) {
  ASSERT_TRUE(f.fits(rows, cols, lanes));
  std::set<std::pair<unsigned, unsigned>> seen;
  unsigned regs = f.getRegisters(rows, cols);
  for (unsigned lane = 0; lane < lanes; ++lane)
    for (unsigned r = 0; r < regs; ++r) {
      auto [row, col] = f.getStaticCoordinate(r, rows, cols);
      row += f.getLaneRow(lane) * f.elementsRows;
      col += f.getLaneCol(lane) * f.elementsCols;
      ASSERT_LT(row, rows);
      ASSERT_LT(col, cols);
      EXPECT_TRUE(seen.insert({row, col}).second) << "lane " << lane << " reg " << r;
    }
  EXPECT_EQ(seen.size(), size_t(rows) * cols);
}

TEST(AmdTarget, MatrixFragmentsCoverEachOperandOnce) {
  for (AmdArch a :
       {AmdArch::GFX90A, AmdArch::GFX942, AmdArch::GFX1100, AmdArch::GFX1200})
    for (MfmaShape s : {MfmaShape::M32N32K8, MfmaShape::M16N16K16}) {
      gpu::MatrixInstruction i = AmdTarget(a).getMatrixInstruction(s);
      SCOPED_TRACE(i.name);
      EXPECT_TRUE(i.isConsistent());
      expectExactCover(i.a, i.m, i.k, i.threads);
      expectExactCover(i.b, i.k, i.n, i.threads);
      expectExactCover(i.c, i.m, i.n, i.threads);
    }
}

TEST(AmdTarget, MfmaLayoutsMatchTheIsaTables) {
  AmdTarget t(AmdArch::GFX942);
  // 32x32x8: D register j of lane l is row 8 * (j / 4) + 4 * (l / 32) + j % 4,
  // column l % 32.
  gpu::MatrixInstruction big = t.getMatrixInstruction(MfmaShape::M32N32K8);
  for (unsigned lane : {0u, 5u, 33u, 63u})
    for (unsigned j = 0; j < 16; ++j) {
      auto [row, col] = big.c.getStaticCoordinate(j, 32, 32);
      row += big.c.getLaneRow(lane) * big.c.elementsRows;
      col += big.c.getLaneCol(lane) * big.c.elementsCols;
      EXPECT_EQ(row, 8 * (j / 4) + 4 * (lane / 32) + j % 4);
      EXPECT_EQ(col, lane % 32);
    }
  // A register j of lane l: row l % 32, k 4 * (l / 32) + j.
  for (unsigned lane : {0u, 31u, 32u, 63u})
    for (unsigned j = 0; j < 4; ++j) {
      auto [row, col] = big.a.getStaticCoordinate(j, 32, 8);
      row += big.a.getLaneRow(lane) * big.a.elementsRows;
      col += big.a.getLaneCol(lane) * big.a.elementsCols;
      EXPECT_EQ(row, lane % 32);
      EXPECT_EQ(col, 4 * (lane / 32) + j);
    }
}

TEST(AmdTarget, WmmaAccumulatorsDifferBetweenRdna3AndRdna4) {
  auto rowOf = [](const gpu::MatrixInstruction &i, unsigned lane, unsigned j) {
    auto [row, col] = i.c.getStaticCoordinate(j, 16, 16);
    return row + i.c.getLaneRow(lane) * i.c.elementsRows;
  };
  gpu::MatrixInstruction rdna3 = AmdTarget(AmdArch::GFX1100).getMatrixInstruction();
  gpu::MatrixInstruction rdna4 = AmdTarget(AmdArch::GFX1200).getMatrixInstruction();
  for (unsigned lane : {0u, 17u})
    for (unsigned j = 0; j < 8; ++j) {
      EXPECT_EQ(rowOf(rdna3, lane, j), 2 * j + lane / 16);
      EXPECT_EQ(rowOf(rdna4, lane, j), 8 * (lane / 16) + j);
    }
}

TEST(AmdTarget, DescriptionFeedsTheSharedLayer) {
  gpu::GpuTargetDescription cdna = AmdTarget(AmdArch::GFX90A).getGpuDescription();
  EXPECT_EQ(cdna.warpSize, 64u);
  ASSERT_NE(cdna.getWarpMatrixInstruction(), nullptr);
  EXPECT_EQ(cdna.getWarpMatrixInstruction()->name, "mfma.32x32x8");
  EXPECT_EQ(AmdTarget(AmdArch::GFX90A)
                .getGpuDescription(MfmaShape::M16N16K16)
                .getWarpMatrixInstruction()
                ->name,
            "mfma.16x16x16");
  EXPECT_EQ(cdna.sharedMemoryPerBlock, 65536u);
  gpu::GpuTargetDescription rdna = AmdTarget(AmdArch::GFX1100).getGpuDescription();
  EXPECT_EQ(rdna.warpSize, 32u);
  EXPECT_EQ(rdna.getWarpMatrixInstruction()->name, "wmma.16x16x16");
  EXPECT_EQ(rdna.matrixInstructions.size(), 1u);
}

} // namespace
} // namespace tessel::amd
