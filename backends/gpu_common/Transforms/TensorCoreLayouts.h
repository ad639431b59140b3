//===- TensorCoreLayouts.h - Accumulators in matrix-instruction layout -*- C++ -*-===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORCORELAYOUTS_H
#define TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORCORELAYOUTS_H

#include "backends/gpu_common/BlockedLayout.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tessel::gpu {

/// Gives every `tile.dot` that the matrix instruction of shape `tile` can compute
/// (16-bit float inputs, f32 accumulator, extents that tile evenly over the
/// warps) an accumulator in BlockedLayout::getMmaAccumulator layout, written
/// in the tensor types' encoding, with `tensor.cast` where a tile changes
/// layout. The casts are then moved where they cost least: a loop-carried
/// accumulator stays in the matrix layout across iterations, constants are
/// made in either layout directly, and elementwise ops after the dot (the
/// epilogue's conversion to f16, a scale) run in the matrix layout, so that
/// a tile changes layout once, at the store.
void assignTensorCoreLayouts(mlir::func::FuncOp func, unsigned numWarps,
                             unsigned warpSize, const MatrixTileShape &tile);

/// Whether assignTensorCoreLayouts gives `dot` (an Operation* that is a
/// tile.dot) the matrix layout of `tile` with `numWarps` warps.
bool isTensorCoreDot(mlir::Operation *dot, unsigned numWarps,
                     const MatrixTileShape &tile);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORCORELAYOUTS_H
