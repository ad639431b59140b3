//===- CodeGen.cpp - Tile IR to null GPU objects --------------------------===//
//
// Everything here is shared code configured for the null GPU: the pipeline
// is the GPU layer's passes from the target description and the hooks; the
// back end is backends/common's LLVM code generation for an x86-64 object.
//
//===----------------------------------------------------------------------===//

#include "backends/nullgpu/CodeGen.h"

#include "backends/common/LLVMCodeGen.h"
#include "backends/gpu_common/BlockedLayout.h"
#include "backends/gpu_common/Conversion/TileToGpu.h"
#include "backends/gpu_common/Pipeline.h"
#include "backends/gpu_common/Transforms/Passes.h"
#include "backends/nullgpu/NullGpuHooks.h"
#include "backends/nullgpu/NullGpuTarget.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/Transforms/Passes.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/TargetSelect.h"

using namespace mlir;

namespace tessel::nullgpu {
namespace {

/// The shared tile-to-GPU conversion with the null GPU's hooks; dots in the
/// matrix layout call its matrix instruction through the fragment path.
struct ConvertTileToNullGpu
    : PassWrapper<ConvertTileToNullGpu, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ConvertTileToNullGpu)
  StringRef getArgument() const override { return "convert-tile-to-nullgpu"; }
  StringRef getDescription() const override {
    return "Lowers layout-annotated tile IR to per-thread code calling the null GPU's "
           "runtime functions.";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, arith::ArithDialect, scf::SCFDialect,
                    vector::VectorDialect>();
  }
  void runOnOperation() override {
    NullGpuHooks hooks;
    NullGpuMatrixHooks matrix;
    if (failed(gpu::lowerTileToGpu(getOperation(), hooks, &matrix)))
      signalPassFailure();
  }
};

/// Replaces the lowering's kernel marking by the hooks' one.
struct MarkNullGpuKernels : PassWrapper<MarkNullGpuKernels, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MarkNullGpuKernels)
  StringRef getArgument() const override {
    return "convert-tile-gpu-kernels-to-nullgpu";
  }
  StringRef getDescription() const override {
    return "Turns the shared lowering's kernel markings into the null GPU's.";
  }
  void runOnOperation() override {
    NullGpuHooks hooks;
    getOperation().walk([&](LLVM::LLVMFuncOp func) {
      if (!func->hasAttr(gpu::kKernelAttrName))
        return;
      auto threads = func->getAttrOfType<IntegerAttr>(gpu::kThreadsPerBlockAttrName);
      func->removeAttr(gpu::kKernelAttrName);
      func->removeAttr(gpu::kThreadsPerBlockAttrName);
      hooks.markKernel(func, threads ? unsigned(threads.getInt()) : 64u);
    });
  }
};

codegen::TargetMachineSpec machineSpec() {
  codegen::TargetMachineSpec spec;
  spec.triple = "x86_64-unknown-linux-gnu";
  spec.cpu = "x86-64";
  spec.initializeTarget = [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
  };
  spec.relocation = llvm::Reloc::PIC_;
  spec.displayName = "x86-64";
  return spec;
}

} // namespace

void buildNullGpuLoweringPipeline(OpPassManager &pm, const NullGpuOptions &options) {
  gpu::GpuPipelineHooks hooks;
  hooks.addTileToGpu = [](OpPassManager &pm) {
    pm.addPass(std::make_unique<ConvertTileToNullGpu>());
  };
  // What has no LLVM intrinsic becomes a libm call the object imports.
  hooks.addMathLowering = [](OpPassManager &pm) {
    pm.addPass(createConvertMathToLibmPass());
  };
  hooks.addKernelMarking = [](OpPassManager &pm) {
    pm.addPass(std::make_unique<MarkNullGpuKernels>());
  };
  gpu::buildGpuLoweringPipeline(pm, getNullGpuDescription(), options.numWarps,
                                options.numStages, hooks);
}

void registerNullGpuBackendDialects(DialectRegistry &registry) {
  registry.insert<tile::TileDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, LLVM::LLVMDialect, math::MathDialect,
                  scf::SCFDialect, tensor::TensorDialect, vector::VectorDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

void registerNullGpuBackendPasses() {
  struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
    Option<unsigned> numWarps{
        *this, "num-warps", llvm::cl::desc("Sub-groups per block"), llvm::cl::init(4)};
  };
  PassPipelineRegistration<PipelineOptions>(
      "tile-nullgpu-lower-to-llvm",
      "Lowers a tile IR module to the LLVM dialect for the null GPU.",
      [](OpPassManager &pm, const PipelineOptions &opts) {
        NullGpuOptions options;
        options.numWarps = opts.numWarps;
        buildNullGpuLoweringPipeline(pm, options);
      });
}

FailureOr<CompiledKernel> compileTileModule(ModuleOp module,
                                            const NullGpuOptions &options) {
  Location loc = module.getLoc();
  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  DialectRegistry registry;
  registerNullGpuBackendDialects(registry);
  lowered->getContext()->appendDialectRegistry(registry);
  PassManager pm(lowered->getContext());
  buildNullGpuLoweringPipeline(pm, options);
  if (failed(pm.run(*lowered)))
    return failure();
  CompiledKernel kernel;
  kernel.threadsPerBlock = options.numWarps * getNullGpuDescription().warpSize;
  if (auto bytes = (*lowered)->getAttrOfType<IntegerAttr>(gpu::kSharedMemoryAttrName))
    kernel.sharedMemoryBytes = unsigned(bytes.getInt());
  if (kernel.sharedMemoryBytes > getNullGpuDescription().sharedMemoryPerBlock)
    return emitError(loc) << "the kernel needs " << kernel.sharedMemoryBytes
                          << " bytes of shared memory; the null GPU has "
                          << getNullGpuDescription().sharedMemoryPerBlock;

  FailureOr<std::unique_ptr<llvm::TargetMachine>> machine =
      codegen::createTargetMachine(machineSpec(), options.optLevel, loc);
  if (failed(machine))
    return failure();
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      codegen::translateToLLVMIR(*lowered, context, **machine, "tessel_nullgpu");
  if (!llvmModule || failed(codegen::verifyLLVMModule(*llvmModule, loc)))
    return failure();
  codegen::optimizeModule(*llvmModule, **machine, options.optLevel);
  FailureOr<std::string> object = codegen::emitMachineCode(
      *llvmModule, **machine, llvm::CodeGenFileType::ObjectFile, loc);
  if (failed(object))
    return failure();
  kernel.object = std::move(*object);
  return kernel;
}

} // namespace tessel::nullgpu
