//===- Pipeline.cpp - The GPU lowering every GPU backend runs -------------===//

#include "backends/gpu_common/Pipeline.h"

#include "backends/gpu_common/Transforms/Passes.h"
#include "dialects/tile/Transforms/Passes.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace tessel::gpu {

void buildGpuLoweringPipeline(OpPassManager &pm, const GpuTargetDescription &target,
                              unsigned numWarps, unsigned numStages,
                              const GpuPipelineHooks &hooks) {
  TileGpuPipelineLoadsOptions pipelineLoads =
      getPipelineLoadsOptions(target, numWarps, numStages);
  pipelineLoads.slicedTensorCopies = hooks.slicedTensorCopies;
  // flatten=True nests as one loop: pipeline-loads then runs a persistent
  // GEMM's loads across its tiles (the next tile's first copies in flight
  // during this tile's epilogue).
  // (Where a flat loop's operand stages and its epilogue would not fit in
  // shared memory together, the nest stays: its staging and epilogue may
  // share the bytes, StagingOverlay.h.)
  tile::TileFlattenLoopsOptions flatten;
  flatten.maxDotBytes = target.sharedMemoryPerBlock;
  pm.addNestedPass<func::FuncOp>(tile::createTileFlattenLoops(flatten));
  // Pointer tiles that a block-copy engine reading tensor descriptors (TMA)
  // can copy, rectangles of a matrix, become descriptor loads first.
  if (pipelineLoads.tensorCopies && pipelineLoads.numStages >= 2) {
    TileGpuPointerTileCopiesOptions pointerTiles;
    pointerTiles.numWarps = numWarps;
    pointerTiles.warpGroupMaxN = pipelineLoads.warpGroupMaxN;
    pm.addPass(createTileGpuPointerTileCopies(pointerTiles));
  }
  // Block accesses become masked pointer accesses (the tile dialect's
  // expansion), except, on such a target, the loads feeding a dot in a
  // loop: pipeline-loads copies those it can with the engine and expands
  // the others, and the second expansion below takes what no pipelined
  // loop held.
  tile::TileExpandTensorDescsOptions expand;
  expand.keepDotLoads = target.tensorMapCopy;
  pm.addNestedPass<func::FuncOp>(tile::createTileExpandTensorDescs(expand));
  if (!hooks.keepFp8Dots)
    pm.addPass(createTileGpuWidenFp8Dots());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Loads feeding a dot issued ahead: one iteration in registers;
  // operands of matrix-unit dots go to shared memory with asynchronous
  // copies (numStages - 1 iterations ahead) or block loads where the
  // target has them.
  pm.addPass(createTileGpuPipelineLoads(pipelineLoads));
  if (target.tensorMapCopy) {
    pm.addNestedPass<func::FuncOp>(tile::createTileExpandTensorDescs());
    if (hooks.addTensorMapParams)
      hooks.addTensorMapParams(pm);
    // A producer warp for the copies of a GEMM loop, where asked.
    if (hooks.warpSpecialize)
      pm.addPass(createTileGpuWarpSpecialize());
  }
  pm.addPass(createTileGpuBroadcastEarly());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createCSEPass());
  pm.addPass(createTileGpuAssignLayouts(getAssignLayoutsOptions(target, numWarps)));
  hooks.addTileToGpu(pm);
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  if (hooks.addMathLowering)
    hooks.addMathLowering(pm);
  pm.addPass(createConvertMathToLLVMPass());
  // bf16 and fp8 arithmetic in f32, rounded after every op; the fp8
  // conversions as integer code on the bits (LLVM has no fp8 type; the
  // lowering holds fp8 values as bytes), as on the CPU.
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"bf16", "f8E4M3FN", "f8E5M2"};
  emulate.targetTypeStr = "f32";
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
  pm.addPass(tile::createTileExpandFp8Conversions());
  // ceildiv/floordiv and friends have no direct LLVM lowering.
  pm.addPass(arith::createArithExpandOpsPass());

  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  // Vector lowerings start from ub.poison vectors.
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  if (hooks.addKernelMarking)
    hooks.addKernelMarking(pm);
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

} // namespace tessel::gpu
