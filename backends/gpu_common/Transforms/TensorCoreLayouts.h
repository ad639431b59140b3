//===- TensorCoreLayouts.h - Accumulators in matrix-instruction layout -*- C++ -*-===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORCORELAYOUTS_H
#define TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORCORELAYOUTS_H

#include "backends/gpu_common/BlockedLayout.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tessel::gpu {

/// Gives every `tile.dot` that the matrix instruction of shape `tile` can compute
/// (16-bit float inputs and an f32 accumulator; f32 inputs at tf32 precision
/// or i8 inputs into i32 where `tile` gives their k; extents that tile
/// evenly over the warps) an accumulator in BlockedLayout::getMmaAccumulator layout, written
/// in the tensor types' encoding, with `tensor.cast` where a tile changes
/// layout. The casts are then moved where they cost least: a loop-carried
/// accumulator stays in the matrix layout across iterations, constants are
/// made in either layout directly, and elementwise ops after the dot (the
/// epilogue's conversion to f16, a scale) run in the matrix layout, so that
/// a tile changes layout once, at the store.
/// With a warp-group matrix instruction (`warpGroupMaxN` its widest N, 0
/// when the target has none), the dots isWarpGroupDot accepts put all
/// warps along M.
void assignTensorCoreLayouts(mlir::func::FuncOp func, unsigned numWarps,
                             unsigned warpSize, const MatrixTileShape &tile,
                             unsigned warpGroupMaxN = 0);

/// Whether assignTensorCoreLayouts gives `dot` (an Operation* that is a
/// tile.dot) the matrix layout of `tile` with `numWarps` warps.
bool isTensorCoreDot(mlir::Operation *dot, unsigned numWarps,
                     const MatrixTileShape &tile, unsigned warpGroupMaxN = 0);

/// Whether `dot` runs on the warp-group matrix instruction (64 x N x 16,
/// A and B read from shared memory) of a target whose widest N is
/// `warpGroupMaxN`: 16-bit float inputs and an f32 accumulator as for
/// mma, whole warp groups, M a multiple of 16 rows per warp, N a multiple
/// of 16 up to the widest, K of 16.
bool isWarpGroupDot(mlir::Operation *dot, unsigned numWarps, unsigned warpGroupMaxN);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORCORELAYOUTS_H
