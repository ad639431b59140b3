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
struct TensorCopyBoxes {
  int64_t boxColumns = 0, boxRows = 0, swizzleBytes = 0;
  int64_t columnBlocks = 0, rowGroups = 0;
};
/// `block` is the tile as it lies in memory (the descriptor's block); a
/// `transposed` copy is a K-major B (its N rows of K). Nullopt where the
/// staging is not one boxes fill (not swizzled, or the order differs).
std::optional<TensorCopyBoxes> getTensorCopyBoxes(tilegpu::SharedStagingAttr staging,
                                                  unsigned operand,
                                                  mlir::RankedTensorType block,
                                                  bool transposed);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORMAPS_H
