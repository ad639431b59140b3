//===- Passes.h - Shared GPU passes over tile IR ------------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_PASSES_H
#define TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_PASSES_H

#include "backends/gpu_common/GpuTargetDescription.h"
#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tessel::gpu {

#define GEN_PASS_DECL
#include "backends/gpu_common/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/gpu_common/Transforms/Passes.h.inc"

/// The options of tilegpu-assign-layouts for `target` with `numWarps` warps:
/// its warp size, and the accumulator layout of its warp-level matrix
/// instruction when it has one.
inline TileGpuAssignLayoutsOptions
getAssignLayoutsOptions(const GpuTargetDescription &target, unsigned numWarps) {
  TileGpuAssignLayoutsOptions o;
  o.numWarps = numWarps;
  o.warpSize = target.warpSize;
  // Asynchronous copies of 16 bytes (cp.async's widest) need runs of 8
  // 16-bit elements a thread.
  if (target.asyncCopy)
    o.stagedRunBytes = 16;
  if (const MatrixInstruction *mma = target.getWarpMatrixInstruction()) {
    o.tensorCores = true;
    o.matrixM = mma->m;
    o.matrixN = mma->n;
    o.matrixK = mma->k;
    o.matrixAccElementsM = mma->c.elementsRows;
    o.matrixAccElementsN = mma->c.elementsCols;
    o.matrixAccLanesN = mma->c.lanesCols;
    // An instruction whose fragments do not tile its operands is not used.
    o.tensorCores = mma->isConsistent();
    // Instructions for other inputs that share the accumulator's layout.
    if (const MatrixInstruction *tf32 =
            target.getWarpMatrixInstructionFor(MatrixElement::TF32);
        tf32 && tf32->isConsistent())
      o.matrixTf32K = tf32->k;
    if (const MatrixInstruction *i8 = target.getWarpMatrixInstructionFor(MatrixElement::I8);
        i8 && i8->isConsistent())
      o.matrixI8K = i8->k;
    if (const MatrixInstruction *group = target.getWarpGroupMatrixInstruction())
      o.warpGroupMaxN = group->n;
  }
  return o;
}

/// The options of tilegpu-pipeline-loads for `target`: loads into
/// registers one iteration ahead; into shared memory by asynchronous
/// copies (`numStages` - 1 iterations ahead) or block loads (which store
/// synchronously: one ahead) where a matrix instruction consumes them.
inline TileGpuPipelineLoadsOptions
getPipelineLoadsOptions(const GpuTargetDescription &target, unsigned numWarps,
                        unsigned numStages) {
  TileGpuPipelineLoadsOptions o;
  o.numStages = numStages < 2 || target.asyncCopy ? numStages : 2;
  o.sharedBytes = target.sharedMemoryPerBlock;
  o.numWarps = numWarps;
  const MatrixInstruction *mma = target.getWarpMatrixInstruction();
  // Operands are staged by the loads themselves with asynchronous copies
  // or with a block-copy engine (GpuMatrixHooks::canStageOperands).
  o.asyncCopy = (target.asyncCopy || target.bulkCopy) && mma != nullptr;
  if (mma) {
    o.matrixM = mma->m;
    o.matrixN = mma->n;
    o.matrixK = mma->k;
    if (const MatrixInstruction *group = target.getWarpGroupMatrixInstruction())
      o.warpGroupMaxN = group->n;
  }
  o.tensorCopies = target.tensorMapCopy && o.asyncCopy && o.warpGroupMaxN != 0;
  return o;
}

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_PASSES_H
