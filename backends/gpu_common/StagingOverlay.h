//===- StagingOverlay.h - Staging buffers over the shared scratch -*- C++ -*-===//
//
// A dot's staging buffers (DotStaging.h) hold data only from the first copy
// before its loop to the loop's end; the block-shared scratch (Lowering.h,
// SharedScratch) serves layout conversions, reductions and the like, most
// often the epilogue's move of the accumulator to the store's layout after
// the loop. When no op between the two ends can use the scratch, the two
// may take the same bytes of shared memory: a GEMM's staging (up to 192 KiB
// for 128x256x64 tiles in four buffers) and its epilogue's conversion (64
// KiB) then fit one block's shared memory together instead of one less
// stage. Each end is ordered: the first copy before the loop follows a
// barrier (MemoryOps.cpp, getStagingDestination), every scratch use starts
// with one, and the copies and matrix instructions are waited for at the
// loop's end (and by `tilegpu.wait_dot`) before anything after it runs.
//
//===----------------------------------------------------------------------===//
#ifndef TESSEL_BACKENDS_GPU_COMMON_STAGINGOVERLAY_H
#define TESSEL_BACKENDS_GPU_COMMON_STAGINGOVERLAY_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Operation.h"

#include <functional>

namespace tessel::gpu {

/// Whether `op` (tile IR, before the conversion to the GPU) is known never
/// to use the block-shared scratch: per-thread arithmetic, control flow,
/// addresses, loads, or what `knownFree` accepts (the caller knows which
/// `tile.dot`s read staging buffers, which broadcasts stay in registers).
/// Other ops (shape ops, reductions, layout casts, atomics, calls) may.
bool isScratchFree(mlir::Operation *op,
                   const std::function<bool(mlir::Operation *)> &knownFree);

/// Whether every op from `first` (an op of `loop`'s block before it, or
/// `loop` itself) through `last` (`loop` or an op after it in the same
/// block), nested ones included, is scratch-free; `loop` must sit in its
/// function's entry block, or in the consumer region of a warp-roles split
/// there (WarpRoles.h) (a loop nested in another runs again, with its
/// staging live across the outer body).
bool isScratchFreeRange(mlir::Operation *first, mlir::scf::ForOp loop,
                        mlir::Operation *last,
                        const std::function<bool(mlir::Operation *)> &knownFree);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_STAGINGOVERLAY_H
