//===- Pipeline.cpp - Tile IR to the LLVM dialect for x86-64 --------------===//

#include "backends/cpu/Pipeline.h"

#include "backends/cpu/Conversion/Passes.h"
#include "backends/cpu/Conversion/TileToLinalg/AtomicEffects.h"
#include "backends/cpu/Transforms/Passes.h"

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace tessel::cpu {

void buildCpuLoweringPipeline(OpPassManager &pm, const CpuOptions &options) {
  // Tile IR to linalg/tensor/scf with pointers as i64 addresses.
  pm.addPass(createConvertTileDebugToCpuRuntime());
  pm.addPass(createConvertTileKernelsToCpuEntries());
  pm.addNestedPass<func::FuncOp>(createConvertTileTensorDescsToPointers());
  pm.addPass(createConvertTileToLinalg());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Elementwise arith/math on tensors to linalg, fused into few loops.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addNestedPass<func::FuncOp>(createLinalgElementwiseOpFusionPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Tensors to buffers. Tiles that do not fit in registers live in heap
  // buffers freed by the ownership-based deallocation.
  bufferization::OneShotBufferizationOptions bufferization;
  bufferization.bufferizeFunctionBoundaries = true;
  // Loop-carried tiles (pointer tiles advanced each iteration) are new
  // buffers every iteration; the deallocation pipeline frees the old ones.
  bufferization.allowReturnAllocsFromLoops = true;
  // Copies between buffers as linalg.copy, which becomes loops below, rather
  // than memref.copy, whose strided form calls a runtime library function
  // that kernel shared objects do not link.
  bufferization.memCpyFn = [](OpBuilder &builder, Location loc, Value from,
                              Value to) {
    builder.create<linalg::CopyOp>(loc, from, to);
    return success();
  };
  bufferization.setFunctionBoundaryTypeConversion(
      bufferization::LayoutMapOption::IdentityLayoutMap);
  pm.addPass(bufferization::createOneShotBufferizePass(bufferization));
  if (options.interchangeMatmulLoops)
    pm.addNestedPass<func::FuncOp>(createTileCpuInterchangeMatmulLoops());
  pm.addNestedPass<func::FuncOp>(bufferization::createBufferLoopHoistingPass());
  bufferization::BufferDeallocationPipelineOptions deallocation;
  bufferization::buildBufferDeallocationPipeline(pm, deallocation);

  // Loops, then the LLVM dialect.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertSCFToCFPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // f16/bf16 arithmetic is computed in f32 and rounded after every op (what
  // LLVM's x86 legalization would do, but explicit and target-independent);
  // bf16 conversions become integer code (no libcall exists for them).
  static const std::string halfTypes[] = {"f16", "bf16"};
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = halfTypes;
  emulate.targetTypeStr = "f32";
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void registerCpuBackendPasses() {
  registerCpuConversionPasses();
  registerCpuTransformsPasses();
  PassPipelineRegistration<>(
      "tile-cpu-lower-to-llvm",
      "Lowers a tile IR module to the LLVM dialect for the CPU backend.",
      [](OpPassManager &pm) { buildCpuLoweringPipeline(pm, CpuOptions()); });
}

void registerCpuBackendDialects(DialectRegistry &registry) {
  registry.insert<tile::TileDialect, affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, linalg::LinalgDialect, LLVM::LLVMDialect,
                  math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
                  tensor::TensorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  registerLLVMAtomicMemoryEffects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

} // namespace tessel::cpu
