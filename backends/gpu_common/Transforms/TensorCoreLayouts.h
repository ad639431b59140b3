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

/// Whether `dot` runs on the warp-group matrix instruction (64 x N x K,
/// A and B read from shared memory; K 32 bytes of input) of a target whose
/// widest N is `warpGroupMaxN`: an f32 accumulator, 16-bit float inputs as
/// for mma or fp8 ones (isFp8WarpGroupInput), whole warp groups, M a
/// multiple of 16 rows per warp, N a multiple of 16 up to the widest, K a
/// multiple of the instruction's.
bool isWarpGroupDot(mlir::Operation *dot, unsigned numWarps, unsigned warpGroupMaxN);

/// Whether a warp-group dot has A and B of one fp8 format (f8E4M3FN or
/// f8E5M2). Only the warp-group instruction multiplies them (mma.sync of
/// sm_80 has no fp8 form), and it reads both operands K-major: such a
/// dot's B is always staged K-major (bKMajor), whatever its load's order.
bool isFp8WarpGroupInput(mlir::Type a, mlir::Type b);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_TENSORCORELAYOUTS_H
