//===- Pipeline.cpp - Tile IR to the LLVM dialect for x86-64 --------------===//

#include "backends/cpu/Pipeline.h"

#include "backends/cpu/Conversion/Passes.h"
#include "backends/cpu/Conversion/TileToLinalg/AtomicEffects.h"
#include "backends/cpu/Conversion/TileToLinalg/MaskedAccessEffects.h"
#include "backends/cpu/Transforms/Passes.h"
#include "dialects/tile/Transforms/Passes.h"

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
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
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

#include <memory>
#include <mutex>

using namespace mlir;

namespace tessel::cpu {

/// Tiles of at most this many bytes are stack buffers rather than heap
/// buffers, up to a total per function that keeps program instances well
/// inside a thread's stack (8 MiB by default).
static constexpr int64_t kMaxStackTileBytes = 64 * 1024;
static constexpr int64_t kMaxStackBytesPerFunction = 512 * 1024;

/// The predicate of promote-buffers-to-stack: static tiles that fit, not
/// allocated inside a loop (an alloca there would grow the stack on every
/// iteration).
static std::function<bool(Value)> makeStackTilePredicate() {
  struct Budget {
    std::mutex mutex;
    llvm::DenseMap<Operation *, int64_t> used;
  };
  auto budget = std::make_shared<Budget>();
  return [budget](Value alloc) {
    auto type = dyn_cast<MemRefType>(alloc.getType());
    Operation *op = alloc.getDefiningOp();
    if (!type || !op || !type.hasStaticShape() ||
        !type.getElementType().isIntOrFloat() ||
        op->getParentOfType<LoopLikeOpInterface>())
      return false;
    int64_t bytes =
        type.getNumElements() * ((type.getElementTypeBitWidth() + 7) / 8);
    if (bytes > kMaxStackTileBytes)
      return false;
    std::lock_guard<std::mutex> lock(budget->mutex);
    int64_t &used = budget->used[op->getParentOfType<func::FuncOp>()];
    if (used + bytes > kMaxStackBytesPerFunction)
      return false;
    used += bytes;
    return true;
  };
}

void buildCpuLoweringPipeline(OpPassManager &pm, const CpuOptions &options) {
  // Loop nests marked flatten=True run as one loop, as on the GPUs (where
  // it lets the pipeliner run across tiles): the CPU gains nothing, but the
  // suite then checks the rewrite on every machine.
  pm.addNestedPass<func::FuncOp>(tile::createTileFlattenLoops());
  // Masked-off lanes compute too: their divisions must not trap.
  pm.addPass(createTileCpuGuardIntegerDivision());
  // Tile IR to linalg/tensor/scf with pointers as i64 addresses.
  pm.addPass(createConvertTileDebugToCpuRuntime());
  pm.addPass(createConvertTileKernelsToCpuEntries());
  pm.addNestedPass<func::FuncOp>(tile::createTileExpandTensorDescs());
  pm.addPass(createConvertTileToLinalg());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Float matmuls accumulate blocks of C in vector registers.
  if (options.registerBlockMatmuls)
    pm.addNestedPass<func::FuncOp>(createTileCpuRegisterBlockMatmul());

  // Elementwise arith/math on tensors to linalg, fused into few loops.
  pm.addNestedPass<func::FuncOp>(createConvertElementwiseToLinalgPass());
  pm.addNestedPass<func::FuncOp>(createLinalgElementwiseOpFusionPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Tensors to buffers. Small tiles allocated outside loops live on the
  // stack; the others in heap buffers freed by the ownership-based
  // deallocation.
  pm.addPass(createTileCpuBufferize());
  if (options.interchangeMatmulLoops)
    pm.addNestedPass<func::FuncOp>(createTileCpuInterchangeMatmulLoops());
  pm.addNestedPass<func::FuncOp>(bufferization::createBufferLoopHoistingPass());
  pm.addNestedPass<func::FuncOp>(
      bufferization::createPromoteBuffersToStackPass(makeStackTilePredicate()));
  bufferization::BufferDeallocationPipelineOptions deallocation;
  bufferization::buildBufferDeallocationPipeline(pm, deallocation);

  // Loops, then the LLVM dialect.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // f16/bf16/fp8 arithmetic is computed in f32 and rounded after every op
  // (what LLVM's x86 legalization would do for f16, but explicit and
  // target-independent); bf16 and fp8 conversions become integer code (no
  // libcall exists for them, and LLVM has no fp8 type at all).
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"f16", "bf16", "f8E4M3FN", "f8E5M2"};
  emulate.targetTypeStr = "f32";
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
  pm.addPass(tile::createTileExpandFp8Conversions());
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  // Vector accesses of the contiguous loads and stores, and transfers of
  // runs of lanes to and from tile buffers.
  pm.addPass(createConvertVectorToLLVMPass());
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
                  tensor::TensorDialect, vector::VectorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  // promote-buffers-to-stack only considers allocations with this interface.
  memref::registerAllocationOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  registerLLVMAtomicMemoryEffects(registry);
  registerLLVMMaskedAccessMemoryEffects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

} // namespace tessel::cpu
