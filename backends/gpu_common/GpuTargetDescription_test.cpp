//===- GpuTargetDescription_test.cpp - Matrix fragment descriptions -------===//
//
// The fragment form of MatrixInstruction must describe the instructions the
// vendors document: mma.sync m16n8k16 element by element as the PTX ISA
// lists it, and MFMA 32x32x8 (wave64) and DPAS 8x16x16 (sub-group 16) as
// one-to-one maps of lanes and registers onto their operands.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/GpuTargetDescription.h"

#include <set>
#include <utility>

#include "gtest/gtest.h"

namespace tessel::gpu {
namespace {

std::pair<unsigned, unsigned> coordinate(const MatrixFragment &f, unsigned lane,
                                         unsigned reg, unsigned rows, unsigned cols) {
  auto [row, col] = f.getStaticCoordinate(reg, rows, cols);
  return {row + f.getLaneRow(lane) * f.elementsRows,
          col + f.getLaneCol(lane) * f.elementsCols};
}

/// Every element of a rows x cols operand is held by exactly one (lane,
/// register).
void expectOneToOne(const MatrixFragment &f, unsigned rows, unsigned cols,
                    unsigned lanes) {
  ASSERT_TRUE(f.fits(rows, cols, lanes));
  std::set<std::pair<unsigned, unsigned>> seen;
  for (unsigned lane = 0; lane < lanes; ++lane)
    for (unsigned reg = 0; reg < f.getRegisters(rows, cols); ++reg) {
      auto c = coordinate(f, lane, reg, rows, cols);
      ASSERT_LT(c.first, rows);
      ASSERT_LT(c.second, cols);
      EXPECT_TRUE(seen.insert(c).second) << "lane " << lane << " reg " << reg;
    }
  EXPECT_EQ(seen.size(), size_t(rows) * cols);
}

MatrixInstruction makeMma() {
  MatrixInstruction mma;
  mma.m = 16, mma.n = 8, mma.k = 16, mma.threads = 32;
  mma.a = {1, 2, 8, 4, false, false};
  mma.b = {2, 1, 4, 8, true, false};
  mma.c = {1, 2, 8, 4, false, false};
  return mma;
}

TEST(MatrixFragment, MmaM16N8K16MatchesThePtxIsa) {
  MatrixInstruction mma = makeMma();
  ASSERT_TRUE(mma.isConsistent());
  for (unsigned lane = 0; lane < 32; ++lane) {
    unsigned group = lane / 4, pair = 2 * (lane % 4);
    // A: a0..a7 = (g, p), (g, p+1), (g+8, p), (g+8, p+1), (g, p+8), ...
    for (unsigned i = 0; i < 8; ++i) {
      unsigned row = group + ((i / 2) % 2) * 8, col = pair + i % 2 + (i / 4) * 8;
      EXPECT_EQ(coordinate(mma.a, lane, i, 16, 16), std::make_pair(row, col));
    }
    // B: b0..b3 = (k p, n g), (p+1, g), (p+8, g), (p+9, g).
    for (unsigned i = 0; i < 4; ++i)
      EXPECT_EQ(coordinate(mma.b, lane, i, 16, 8),
                std::make_pair(pair + i % 2 + (i / 2) * 8, group));
    // C: c0..c3 = (g, p), (g, p+1), (g+8, p), (g+8, p+1).
    for (unsigned i = 0; i < 4; ++i)
      EXPECT_EQ(coordinate(mma.c, lane, i, 16, 8),
                std::make_pair(group + (i / 2) * 8, pair + i % 2));
  }
  expectOneToOne(mma.a, 16, 16, 32);
  expectOneToOne(mma.b, 16, 8, 32);
  expectOneToOne(mma.c, 16, 8, 32);
}

TEST(MatrixFragment, MfmaWave64) {
  // v_mfma_f32_32x32x8_f16: lane l holds A row l % 32, k 4 * (l / 32) to
  // +3; B the same k of column l % 32; C column l % 32, rows 8 * j +
  // 4 * (l / 32) + i.
  MatrixInstruction mfma;
  mfma.m = 32, mfma.n = 32, mfma.k = 8, mfma.threads = 64;
  mfma.a = {1, 4, 32, 2, true, false};
  mfma.b = {4, 1, 2, 32, false, false};
  mfma.c = {4, 1, 2, 32, false, false};
  ASSERT_TRUE(mfma.isConsistent());
  EXPECT_EQ(coordinate(mfma.a, 33, 2, 32, 8), std::make_pair(1u, 6u));
  EXPECT_EQ(coordinate(mfma.b, 33, 2, 8, 32), std::make_pair(6u, 1u));
  // Register 6 of lane 33: block repetition 1 (rows 8-15), row 4 + 2.
  EXPECT_EQ(coordinate(mfma.c, 33, 6, 32, 32), std::make_pair(14u, 1u));
  expectOneToOne(mfma.a, 32, 8, 64);
  expectOneToOne(mfma.b, 8, 32, 64);
  expectOneToOne(mfma.c, 32, 32, 64);
}

TEST(MatrixFragment, DpasSubGroup16) {
  // DPAS 8x16x16 on 16 lanes: lane l holds column l of every row of A (k)
  // and C, and all 16 k of column l of B.
  MatrixInstruction dpas;
  dpas.m = 8, dpas.n = 16, dpas.k = 16, dpas.threads = 16;
  dpas.a = {1, 1, 1, 16, false, false};
  dpas.b = {16, 1, 1, 16, false, false};
  dpas.c = {1, 1, 1, 16, false, false};
  ASSERT_TRUE(dpas.isConsistent());
  EXPECT_EQ(coordinate(dpas.c, 5, 3, 8, 16), std::make_pair(3u, 5u));
  EXPECT_EQ(coordinate(dpas.b, 5, 9, 16, 16), std::make_pair(9u, 5u));
  expectOneToOne(dpas.a, 8, 16, 16);
  expectOneToOne(dpas.b, 16, 16, 16);
  expectOneToOne(dpas.c, 8, 16, 16);
}

TEST(MatrixFragment, InconsistentInstructionsAreRefused) {
  MatrixInstruction mma = makeMma();
  mma.threads = 64;
  EXPECT_FALSE(mma.isConsistent());
  mma = makeMma();
  mma.c.lanesRowsFirst = true; // the accumulator must number lanes along columns
  EXPECT_FALSE(mma.isConsistent());
  mma = makeMma();
  mma.k = 4; // the A and B fragments span 8 k
  EXPECT_FALSE(mma.isConsistent());
}

} // namespace
} // namespace tessel::gpu
