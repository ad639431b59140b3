//===- ReducedDims.h - Reduction results kept with their unit dim -*- C++ -*-===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_REDUCEDDIMS_H
#define TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_REDUCEDDIMS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tessel::gpu {

/// Keeps the results of row reductions as [M, 1] tiles in the layout of
/// the tile they reduce (that layout with one element a thread along the
/// reduced dimension), together with the elementwise ops and loop-carried
/// values they feed, wherever that spares moving them between layouts.
///
/// An online softmax (flash attention) reduces a [M, N] tile to its row
/// maxima and sums, combines them with loop-carried [M] tiles and spreads
/// them back over [M, N] tiles with `x[:, None]`. A reduction's [M] result
/// has its own layout, so each `tile.expand_dims` and each reduction moves
/// it through shared memory, between barriers, every iteration. Kept as
/// [M, 1] in the reduced tile's layout, each thread already holds the rows
/// it reduced: the reduction's result and the broadcast back stay in
/// registers (the lowering of `tile.expand_dims` of a reduction takes the
/// reduction's per-thread results; a broadcast along a unit dimension of
/// the same distribution copies registers).
///
/// Works on connected groups of rank-R tiles without a layout: results of
/// elementwise ops and scf.for iteration values, joined by operands and by
/// the loop's init / yield / result. A group at least one of whose inputs
/// is a reduction (all of them along the same axis, of tiles in one
/// layout) is rewritten when that costs fewer moves (weighted by loop
/// depth) than it saves and its tiles take at most 64 registers a thread
/// in all (each holds all of a thread's rows of the reduced tile): each
/// `tile.expand_dims` along the reduced axis
/// becomes the value itself; other uses read a `tile.reshape` back to rank
/// R; inputs that are not splats or reductions are expanded. Runs after
/// the matrix layouts are assigned (the reduced tiles then have theirs)
/// and before the default layouts.
void keepReducedDims(mlir::func::FuncOp func, unsigned numWarps, unsigned warpSize,
                     unsigned maxRun);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_REDUCEDDIMS_H
