// Checks the default layouts and the register-to-coordinate map: every
// element of a tile is held by exactly one owner thread.
#include "backends/gpu_common/BlockedLayout.h"

#include <map>
#include <set>
#include <vector>

#include <gtest/gtest.h>

namespace tessel::gpu {
namespace {

// The thread-dependent part of thread `t`'s coordinates (the lowering's
// formula): its warp's and lane's offsets along each dimension.
std::vector<int64_t> threadBase(const BlockedLayout &layout, unsigned t,
                                unsigned warpSize) {
  unsigned lane = t % warpSize, warp = t / warpSize;
  std::vector<int64_t> base;
  for (unsigned d = 0; d < layout.getRank(); ++d) {
    int64_t l = (lane / layout.getLaneStride(d)) % layout.threadsPerWarp[d];
    int64_t w = (warp / layout.getWarpStride(d)) % layout.warpsPerCTA[d];
    base.push_back(w * layout.sizePerThread[d] * layout.threadsPerWarp[d] +
                   l * layout.sizePerThread[d]);
  }
  return base;
}

// For every thread and register, the element it holds (the same formula the
// lowering emits), counting owners per element.
std::map<std::vector<int64_t>, int> countOwners(const BlockedLayout &layout,
                                                unsigned numWarps, unsigned warpSize,
                                                int &copies) {
  std::map<std::vector<int64_t>, int> owners;
  copies = 0;
  for (unsigned t = 0; t < numWarps * warpSize; ++t) {
    std::vector<int64_t> base = threadBase(layout, t, warpSize);
    bool owner = true;
    for (unsigned d = 0; d < layout.getRank(); ++d)
      owner &= base[d] < layout.shape[d];
    for (int64_t reg = 0; reg < layout.getElementsPerThread(); ++reg) {
      std::vector<int64_t> c;
      for (unsigned d = 0; d < layout.getRank(); ++d)
        c.push_back((base[d] + layout.getStaticCoordinate(reg, d)) % layout.shape[d]);
      if (owner)
        owners[c]++;
      else
        copies++;
    }
  }
  return owners;
}

void expectExactlyOneOwner(std::vector<int64_t> shape, unsigned numWarps) {
  BlockedLayout layout = BlockedLayout::getDefault(shape, numWarps, 32);
  int copies = 0;
  auto owners = countOwners(layout, numWarps, 32, copies);
  int64_t total = 1;
  for (int64_t e : shape)
    total *= e;
  EXPECT_EQ(int64_t(owners.size()), total);
  for (auto &[coord, n] : owners)
    EXPECT_EQ(n, 1);
  EXPECT_EQ(copies > 0, layout.isReplicated());
}

TEST(BlockedLayout, DefaultVectorLayout) {
  BlockedLayout l = BlockedLayout::getDefault({1024}, 4, 32);
  EXPECT_EQ(l.sizePerThread[0], 4u);
  EXPECT_EQ(l.threadsPerWarp[0], 32u);
  EXPECT_EQ(l.warpsPerCTA[0], 4u);
  EXPECT_EQ(l.getElementsPerThread(), 8);
  EXPECT_FALSE(l.isReplicated());
  // Registers 0-3 are consecutive; register 4 is one block-width later.
  EXPECT_EQ(l.getStaticCoordinate(3, 0), 3);
  EXPECT_EQ(l.getStaticCoordinate(4, 0), 512);
}

TEST(BlockedLayout, SmallTilesReplicate) {
  BlockedLayout l = BlockedLayout::getDefault({16}, 4, 32);
  EXPECT_TRUE(l.isReplicated());
  EXPECT_EQ(l.getDistinctLanes(0), 16u);
  EXPECT_EQ(l.getDistinctWarps(0), 1u);
}

TEST(BlockedLayout, EveryElementHasOneOwner) {
  for (unsigned warps : {1u, 4u, 8u}) {
    expectExactlyOneOwner({1024}, warps);
    expectExactlyOneOwner({16}, warps);
    expectExactlyOneOwner({64, 64}, warps);
    expectExactlyOneOwner({64, 1}, warps);
    expectExactlyOneOwner({1, 32}, warps);
    expectExactlyOneOwner({32, 64}, warps);
    expectExactlyOneOwner({2, 4, 8}, warps);
  }
}

// The coordinate of register `reg` of (warp, lane) along `dim`, as the
// lowering computes it (Lowering.cpp: getRegisterCoordinates).
int64_t coordinate(const BlockedLayout &l, unsigned warp, unsigned lane, int64_t reg,
                   unsigned dim) {
  unsigned laneD = (lane / l.getLaneStride(dim)) % l.threadsPerWarp[dim];
  unsigned warpD = (warp / l.getWarpStride(dim)) % l.warpsPerCTA[dim];
  return l.getStaticCoordinate(reg, dim) +
         int64_t(warpD) * l.sizePerThread[dim] * l.threadsPerWarp[dim] +
         int64_t(laneD) * l.sizePerThread[dim];
}

// mma.m16n8k16's accumulator fragment (PTX ISA): lane l holds c0, c1 at
// row l/4, columns 2*(l%4) and +1, and c2, c3 eight rows below. The matrix
// layout must put registers exactly there, with the two 8-row halves of an
// instruction tile being consecutive row repetitions (DotOps.cpp).
TEST(BlockedLayout, MmaAccumulatorMatchesTheFragment) {
  BlockedLayout l = BlockedLayout::getMmaAccumulator({16, 8}, 1, 1);
  EXPECT_TRUE(l.isMmaAccumulator());
  EXPECT_FALSE(BlockedLayout::getDefault({16, 8}, 1, 32).isMmaAccumulator());
  ASSERT_EQ(l.getElementsPerThread(), 4);
  for (unsigned lane = 0; lane < 32; ++lane) {
    int64_t rows[4] = {lane / 4, lane / 4, lane / 4 + 8, lane / 4 + 8};
    int64_t cols[4] = {2 * (lane % 4), 2 * (lane % 4) + 1, 2 * (lane % 4),
                       2 * (lane % 4) + 1};
    for (int64_t reg = 0; reg < 4; ++reg) {
      EXPECT_EQ(coordinate(l, 0, lane, reg, 0), rows[reg]) << lane << " " << reg;
      EXPECT_EQ(coordinate(l, 0, lane, reg, 1), cols[reg]) << lane << " " << reg;
    }
  }
  // 2x2 warps over 128x128: every element has exactly one owner.
  BlockedLayout big = BlockedLayout::getMmaAccumulator({128, 128}, 2, 2);
  EXPECT_FALSE(big.isReplicated());
  std::vector<int> seen(128 * 128, 0);
  for (unsigned warp = 0; warp < 4; ++warp)
    for (unsigned lane = 0; lane < 32; ++lane)
      for (int64_t reg = 0; reg < big.getElementsPerThread(); ++reg)
        ++seen[coordinate(big, warp, lane, reg, 0) * 128 +
               coordinate(big, warp, lane, reg, 1)];
  for (int count : seen)
    ASSERT_EQ(count, 1);
}

TEST(BlockedLayout, AttributeRoundTrip) {
  mlir::MLIRContext context;
  context.loadDialect<tilegpu::TileGpuDialect>();
  BlockedLayout l = BlockedLayout::getDefault({64, 32}, 4, 32);
  tilegpu::BlockedEncodingAttr attr = l.toAttr(&context);
  EXPECT_EQ(attr.getWarpSize(), 32u);
  EXPECT_EQ(attr.getNumWarps(), 4u);
  auto back = BlockedLayout::fromAttr(attr, l.shape);
  ASSERT_TRUE(back.has_value());
  EXPECT_TRUE(*back == l);
  EXPECT_FALSE(BlockedLayout::fromAttr(mlir::Attribute(), l.shape).has_value());
  // A layout of another rank is not this tile's.
  EXPECT_FALSE(BlockedLayout::fromAttr(attr, {64, 32, 2}).has_value());
}

} // namespace
} // namespace tessel::gpu

namespace tessel::gpu {
namespace {

// The coordinates of every register of thread `t` (the lowering's formula).
std::vector<std::vector<int64_t>> registerCoordinates(const BlockedLayout &layout,
                                                      unsigned t, unsigned warpSize) {
  std::vector<int64_t> base = threadBase(layout, t, warpSize);
  std::vector<std::vector<int64_t>> coords;
  for (int64_t reg = 0; reg < layout.getElementsPerThread(); ++reg) {
    std::vector<int64_t> c;
    for (unsigned d = 0; d < layout.getRank(); ++d)
      c.push_back((base[d] + layout.getStaticCoordinate(reg, d)) % layout.shape[d]);
    coords.push_back(c);
  }
  return coords;
}

// In every thread, a register and its representative hold elements of the
// same aligned run along every dimension (the same element along a
// dimension of runs of 1): equal wherever the tile is constant over runs.
void expectRepresentativesShareRuns(const BlockedLayout &layout,
                                    const std::vector<int64_t> &constancy,
                                    unsigned numWarps) {
  llvm::SmallVector<int64_t> reps = layout.getConstantRunRepresentatives(constancy);
  ASSERT_EQ(int64_t(reps.size()), layout.getElementsPerThread());
  for (unsigned t = 0; t < numWarps * 32; ++t) {
    auto coords = registerCoordinates(layout, t, 32);
    for (size_t reg = 0; reg < reps.size(); ++reg) {
      ASSERT_LE(reps[reg], int64_t(reg));
      for (unsigned d = 0; d < layout.getRank(); ++d)
        EXPECT_EQ(coords[reg][d] / constancy[d], coords[reps[reg]][d] / constancy[d])
            << "thread " << t << " register " << reg << " dimension " << d;
    }
  }
}

// Attention's key mask in the wgmma accumulator layout of 128 x 64 scores
// (4 warps along M): constant along M, in runs of 16 keys. A thread holds 16
// columns (8 pairs) in 4 runs: 4 distinct compares instead of 16.
TEST(BlockedLayout, ConstantRunsOfTheScoresMask) {
  BlockedLayout l = BlockedLayout::getMmaAccumulator({128, 64}, 4, 1);
  expectRepresentativesShareRuns(l, {128, 16}, 4);
  llvm::SmallVector<int64_t> reps = l.getConstantRunRepresentatives({128, 16});
  EXPECT_EQ(std::set<int64_t>(reps.begin(), reps.end()).size(), 4u);
}

// Runs of 1 everywhere share nothing; runs along a replicated dimension are
// not used (its coordinates wrap).
TEST(BlockedLayout, ConstantRunsNeedRunsAndOwnership) {
  BlockedLayout l = BlockedLayout::getDefault({1024}, 4, 32);
  llvm::SmallVector<int64_t> none = l.getConstantRunRepresentatives({1});
  for (size_t reg = 0; reg < none.size(); ++reg)
    EXPECT_EQ(none[reg], int64_t(reg));
  expectRepresentativesShareRuns(l, {16}, 4);
  llvm::SmallVector<int64_t> runs = l.getConstantRunRepresentatives({16});
  EXPECT_LT(std::set<int64_t>(runs.begin(), runs.end()).size(), runs.size());
  BlockedLayout small = BlockedLayout::getDefault({16}, 4, 32);
  ASSERT_TRUE(small.isReplicated());
  llvm::SmallVector<int64_t> copies = small.getConstantRunRepresentatives({16});
  for (size_t reg = 0; reg < copies.size(); ++reg)
    EXPECT_EQ(copies[reg], int64_t(reg));
}

} // namespace
} // namespace tessel::gpu
