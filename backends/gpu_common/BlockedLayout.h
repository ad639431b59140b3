//===- BlockedLayout.h - Which GPU thread holds which tile element -*- C++ -*-===//
//
// A blocked layout distributes the elements of a tile over the threads of a
// block (CTA): each thread holds `sizePerThread[d]` consecutive elements
// along dimension d, `threadsPerWarp[d]` lanes and `warpsPerCTA[d]` warps
// tile the dimension, and the pattern repeats until the shape is covered.
// Where a layout covers more than the shape (a 16-element tile over 128
// threads), coordinates wrap and several threads hold copies of the same
// element; only the first copy is its *owner* (stores and atomics use it).
//
// Layouts are vendor neutral: the warp size and warp count are parameters,
// so AMD (wave64/wave32) and Intel (sub-groups) backends use the same math.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_BLOCKEDLAYOUT_H
#define TESSEL_BACKENDS_GPU_COMMON_BLOCKEDLAYOUT_H

#include <cstdint>

#include "backends/gpu_common/GpuTargetDescription.h"
#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace tessel::gpu {

using TileGpuDialect = tilegpu::TileGpuDialect;
/// The discardable attribute `tilegpu-assign-layouts` puts on every op that
/// produces a tile: one #tilegpu.blocked per tensor result.
inline constexpr llvm::StringLiteral kLayoutAttrName =
    TileGpuDialect::LayoutsAttrHelper::getNameStr();
/// Elements per memory access on `tile.load` / `tile.store` / atomics.
inline constexpr llvm::StringLiteral kVectorWidthAttrName =
    TileGpuDialect::VectorWidthAttrHelper::getNameStr();
/// On an integer element-wise op with a tile result: per dimension, the
/// length of the aligned runs of equal elements of the result (AxisInfo's
/// constancy), set where one is longer than 1. The lowering computes one
/// element per run a thread holds and copies it to the run's other
/// registers (a mask `cols < n` over 16-aligned columns: one compare per 16
/// columns a thread holds instead of one per column).
inline constexpr llvm::StringLiteral kConstancyAttrName =
    TileGpuDialect::ConstancyAttrHelper::getNameStr();

/// On an arith.select (set by the tile-to-GPU conversion before it runs):
/// lowered element by element, without the uniform-mask branch.
inline constexpr llvm::StringLiteral kElementwiseSelectAttrName =
    TileGpuDialect::ElementwiseSelectAttrHelper::getNameStr();

/// Module attributes recording the distribution the layouts were made for.
inline constexpr llvm::StringLiteral kNumWarpsAttrName =
    TileGpuDialect::NumWarpsAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kWarpSizeAttrName =
    TileGpuDialect::WarpSizeAttrHelper::getNameStr();
/// Module attribute: the most consecutive elements a thread holds by
/// default (kMaxElementsPerThread when absent).
inline constexpr llvm::StringLiteral kMaxRunAttrName =
    TileGpuDialect::MaxRunAttrHelper::getNameStr();
/// Module attribute the conversion writes: dynamic shared memory per block.
inline constexpr llvm::StringLiteral kSharedMemoryAttrName =
    TileGpuDialect::SharedMemBytesAttrHelper::getNameStr();

/// The most consecutive elements a thread holds along the fastest dimension
/// by default: four 32-bit values make one 16-byte access.
inline constexpr unsigned kMaxElementsPerThread = 4;

/// The shape of a warp-level matrix instruction as the layouts need it:
/// D is m x n, the reduction k deep, and each lane holds blocks of
/// accElementsM x accElementsN elements of D, the lanes forming a
/// (warpSize / accLanesN) x accLanesN grid numbered along columns first,
/// repeated over the m x n tile (MatrixFragment `c` of the target's
/// MatrixInstruction). The defaults are NVIDIA's mma m16n8k16.
struct MatrixTileShape {
  unsigned m = 16, n = 8, k = 16;
  unsigned accElementsM = 1, accElementsN = 2, accLanesN = 4;
  /// The reduction depth of the target's instructions of the same m x n
  /// accumulator fragment for other inputs, 0 where it has none: f32 inputs
  /// multiplied as tf32 into f32, and 8-bit integers into i32 (Intel's
  /// DPAS has both, with k 8 and 32 beside 16 for 16-bit floats).
  unsigned tf32K = 0, i8K = 0;

  /// The shape of `instruction` (its `c` fragment gives the accumulator).
  static MatrixTileShape get(const MatrixInstruction &instruction) {
    return {instruction.m,
            instruction.n,
            instruction.k,
            instruction.c.elementsRows,
            instruction.c.elementsCols,
            instruction.c.lanesCols};
  }
  unsigned getLanesN() const { return accLanesN; }
  unsigned getLanesM(unsigned warpSize) const { return warpSize / accLanesN; }
  /// Whether a warp of `warpSize` lanes tiles the m x n accumulator so.
  bool isValid(unsigned warpSize) const {
    return accElementsM && accElementsN && accLanesN && warpSize % accLanesN == 0 &&
           n % (accElementsN * accLanesN) == 0 &&
           m % (accElementsM * getLanesM(warpSize)) == 0;
  }
};

/// A blocked distribution of a static tile shape over a block's threads.
struct BlockedLayout {
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<unsigned> sizePerThread;
  llvm::SmallVector<unsigned> threadsPerWarp;
  llvm::SmallVector<unsigned> warpsPerCTA;
  /// Dimensions from fastest to slowest varying (row-major: [r-1, ..., 0]).
  llvm::SmallVector<unsigned> order;

  /// The default layout of `shape` for `numWarps` warps of `warpSize`
  /// threads: row-major, up to `maxRun` consecutive elements per thread
  /// along the last dimension, lanes then warps spread from the fastest
  /// dimension; what is left over replicates along dimension 0. Every
  /// extent must be a power of two (checked by the lowering).
  static BlockedLayout getDefault(llvm::ArrayRef<int64_t> shape, unsigned numWarps,
                                  unsigned warpSize,
                                  unsigned maxRun = kMaxElementsPerThread);
  /// The layout of `type`: the one its encoding names (see
  /// `tilegpu-assign-layouts`), or the default one.
  static BlockedLayout get(mlir::RankedTensorType type, unsigned numWarps,
                           unsigned warpSize, unsigned maxRun = kMaxElementsPerThread);

  /// The layout of a matrix-instruction accumulator over an MxN tile with
  /// `warpsM x warpsN` warps: a blocked layout with the fragment's block as
  /// elements per thread and its lane grid as threads per warp (for mma
  /// m16n8k16: 1x2 elements, 8x4 lanes, so lane l holds row l/4, columns
  /// 2*(l%4) and +1 of each 8x8 block). The rows (columns) of one
  /// instruction are consecutive repetitions of a warp's block; they need
  /// not be adjacent rows of the tile, because the A (B) fragments are
  /// gathered to match.
  static BlockedLayout getMmaAccumulator(llvm::ArrayRef<int64_t> shape, unsigned warpsM,
                                         unsigned warpsN,
                                         const MatrixTileShape &tile = {},
                                         unsigned warpSize = 32);
  /// Whether this is a getMmaAccumulator layout of `tile` (any warp
  /// arrangement).
  bool isMmaAccumulator(const MatrixTileShape &tile = {}, unsigned warpSize = 32) const;

  unsigned getRank() const { return shape.size(); }
  /// Elements along `dim` that one pass of the whole block covers.
  int64_t getCoveredExtent(unsigned dim) const {
    return int64_t(sizePerThread[dim]) * threadsPerWarp[dim] * warpsPerCTA[dim];
  }
  /// How many times the block pattern repeats along `dim` (at least 1).
  int64_t getRepetitions(unsigned dim) const;
  /// Whether threads hold copies of elements along `dim`.
  bool isReplicated(unsigned dim) const { return getCoveredExtent(dim) > shape[dim]; }
  bool isReplicated() const;
  /// Elements (registers) each thread holds.
  int64_t getElementsPerThread() const;
  /// Lanes along `dim` that hold distinct elements (the rest are copies).
  unsigned getDistinctLanes(unsigned dim) const;
  /// Warps along `dim` that hold distinct elements.
  unsigned getDistinctWarps(unsigned dim) const;
  /// Product of threadsPerWarp (resp. warpsPerCTA) over the dimensions
  /// faster than `dim` in `order`: the stride of dim's lane (warp) index.
  unsigned getLaneStride(unsigned dim) const;
  unsigned getWarpStride(unsigned dim) const;

  /// For register `reg` of a thread, its element's position inside the
  /// thread's registers per dimension: rep * sizePerThread + s.
  llvm::SmallVector<int64_t> getRegisterOffsets(int64_t reg) const;
  /// The coordinate of register `reg` along `dim` is
  ///   (rep * covered + warp_d * spt * tpw + lane_d * spt + s) mod shape,
  /// this returns the static part rep * covered + s.
  int64_t getStaticCoordinate(int64_t reg, unsigned dim) const;

  /// For each register, the first register whose element lies in the same
  /// aligned run of `constancy[d]` elements along every dimension d, in every
  /// thread: where the tile is constant over such runs (AxisInfo's
  /// constancy), the two registers always hold equal values. Dimensions
  /// with runs of 1, or whose threads hold copies, are compared exactly.
  llvm::SmallVector<int64_t>
  getConstantRunRepresentatives(llvm::ArrayRef<int64_t> constancy) const;

  /// The layout as a #tilegpu.blocked attribute (a tensor encoding or an
  /// entry of tilegpu.layouts), and back; fromAttr returns nullopt for
  /// another attribute or one of another rank than `shape`.
  tilegpu::BlockedEncodingAttr toAttr(mlir::MLIRContext *context) const;
  static std::optional<BlockedLayout> fromAttr(mlir::Attribute attr,
                                               llvm::ArrayRef<int64_t> shape);

  bool operator==(const BlockedLayout &other) const;
};

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_BLOCKEDLAYOUT_H
