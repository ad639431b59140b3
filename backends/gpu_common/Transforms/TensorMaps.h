//===- TensorMaps.h - Descriptors a block-copy engine can read -*- C++ -*-===//
//
// A block-copy engine addressed by tensor maps (NVIDIA's TMA) reads a
// tensor the host describes before the launch: base, shape, row stride,
// box and swizzle. So a tile.make_tensor_desc qualifies only when the host
// can compute each of those from the launch's arguments alone: its base a
// pointer argument of the kernel, each extent and the row stride an
// argument (a 64-bit stride possibly the sign or zero extension of a 32-bit
// one) or a constant. A base `argument + index * stride` (one slice of a
// batched tensor per program, as attention's `K + slice * stride_ks`), with
// `stride` such a scalar, is the same argument seen as a third dimension:
// the copies address slice `index` (a value of the kernel's entry block).
// pipeline-loads picks the loads it copies so, and the backend's pass that adds the
// tensor-map parameters writes the same tracing down as the recipe the host encodes
// from.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORMAPS_H
#define TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORMAPS_H

#include <cstdint>
#include <optional>

#include "dialects/tile/IR/TileOps.h"
#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tessel::gpu {

/// One scalar of a tensor map, as the host finds it at launch.
struct KernelScalar {
  enum class Kind { Constant, Argument };
  Kind kind = Kind::Constant;
  /// The constant, or the kernel argument's number.
  int64_t value = 0;
  /// For an argument: its width in bits (32 or 64) and whether a 32-bit one
  /// is read signed (sign extension, and i32 extents) or unsigned.
  unsigned bits = 0;
  bool isSigned = true;
};

/// What the host needs to encode the tensor map of a 2-D descriptor:
/// base, extents (rows, columns) and row stride (elements).
struct TensorMapSource {
  unsigned baseArgument = 0;
  KernelScalar rows, columns, rowStride;
  unsigned elementBytes = 0;
  /// With a base `argument + outerIndex * outerStride` (elements): the
  /// slice's index (i32) and the stride between slices. Null otherwise.
  mlir::Value outerIndex;
  KernelScalar outerStride;
};

/// How `desc` (2-D, innermost stride 1, zero padding, made in `func`'s entry
/// block) is computed from `func`'s arguments, or nullopt.
std::optional<TensorMapSource> traceTensorMapSource(tile::MakeTensorDescOp desc);

/// The boxes a tilegpu.tensor_copy of a rows x columns tile into operand
/// `operand` of a swizzled `staging` is cut into. The staging holds the
/// operand in column blocks of `swizzleBytes`, each all rows long
/// (TileGpuAttrs.td); the engine writes a box swizzled the same way (both
/// swizzle by the shared-memory address), so one box per column block,
/// `boxColumns` wide; A's 8-row groups are reordered for the warp groups,
/// so its boxes are 8 rows high, one per group (`rowGroups`).
///
/// Such an A (reordered for W = `groupWarps` warps) also has a grouped
/// form, where the copy's rows and row index are multiples of 16 W and the
/// descriptor has no slices: a 5-D view of the same rows, innermost first
/// (columns, 8 rows, 2, 4, rows / 32) with row strides (1, 8 W, 8, 32),
/// whose box (columns, 8, 2, 4, 1) walks 8 rows, then the two groups a warp
/// holds in a 64-row slice, then four warps, so one box fills 64
/// consecutive staging rows: box k of a tile at row `row0` has outer
/// coordinate row0 / 32 + (k / (W / 4)) W / 2 + k % (W / 4) and fills
/// staging rows from 64 k. A box straddling the tensor's end would read
/// past it (the engine checks only the outer coordinate), so the host
/// encodes the view over the rows rounded down to a multiple of 16 W, says
/// so in a flag the kernel reads, and the kernel takes the grouped boxes
/// for a tile that ends within the rows (hence within those), the plain
/// ones, from a plain map of the same boxes passed beside it, for the tile
/// that does not (the last of a ragged M); the NVIDIA
/// recipe (backends/nvidia/runtime/TensorMapRecipe.h) spells out the same
/// view.
struct TensorCopyBoxes {
  int64_t boxColumns = 0, boxRows = 0, swizzleBytes = 0;
  int64_t columnBlocks = 0, rowGroups = 0;
  int64_t groupWarps = 0;
};
/// `block` is the tile as it lies in memory (the descriptor's block); a
/// `transposed` copy is a K-major B (its N rows of K). Nullopt where the
/// staging is not one boxes fill (not swizzled, or the order differs).
std::optional<TensorCopyBoxes> getTensorCopyBoxes(tilegpu::SharedStagingAttr staging,
                                                  unsigned operand,
                                                  mlir::RankedTensorType block,
                                                  bool transposed);

/// The W of the grouped form a copy of `boxes` of a `rows`-row tile whose
/// row index is a multiple of `rowMultiple` can take, or 0.
int64_t getGroupedCopyWarps(const TensorCopyBoxes &boxes, int64_t rows,
                            int64_t rowMultiple, bool slices);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORMAPS_H
