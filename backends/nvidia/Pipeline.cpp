//===- Pipeline.cpp - Tile IR to the LLVM dialect for NVIDIA GPUs ---------===//

#include "backends/nvidia/Pipeline.h"

#include "dialects/tile/Transforms/Passes.h"
#include "backends/gpu_common/Transforms/Passes.h"
#include "backends/nvidia/Conversion/Passes.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace tessel::nvidia {

void buildNvidiaLoweringPipeline(OpPassManager &pm, const NvidiaTarget &target,
                                 const NvidiaOptions &options) {
  // The shared GPU passes take their settings from the target's description.
  const gpu::GpuTargetDescription description = target.getGpuDescription();
  // Block accesses become masked pointer accesses (the tile dialect
  // backend); TMA for them on sm_90a is a later step.
  pm.addNestedPass<func::FuncOp>(tile::createTileExpandTensorDescs());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Loads feeding a dot one iteration ahead (in registers: two stages;
  // operands of tensor-core dots go to shared memory with cp.async).
  pm.addPass(gpu::createTileGpuPipelineLoads(
      gpu::getPipelineLoadsOptions(description, options.numWarps, options.numStages)));
  pm.addPass(gpu::createTileGpuBroadcastEarly());
  pm.addPass(createLoopInvariantCodeMotionPass());
  pm.addPass(createCSEPass());

  pm.addPass(gpu::createTileGpuAssignLayouts(
      gpu::getAssignLayoutsOptions(description, options.numWarps)));
  pm.addPass(createConvertTileToNvvm());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Math: f16/bf16 in f32 and transcendental functions without libdevice
  // (convert-math-to-nvvm-intrinsics), the
  // rest as LLVM intrinsics NVPTX selects (sqrt.rn, fma.rn, abs, min/max...).
  pm.addPass(createConvertMathToNvvmIntrinsics());
  pm.addPass(createConvertMathToLLVMPass());
  // bf16 arithmetic in f32, rounded after every op: sm_80 has no bf16 adds.
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"bf16"};
  emulate.targetTypeStr = "f32";
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
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
  pm.addPass(createConvertTileGpuKernelsToNvvm());
  pm.addPass(createConvertNVVMToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void registerNvidiaBackendPasses() {
  gpu::registerTileGpuTransformsPasses();
  registerNvidiaConversionPasses();
  struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
    Option<unsigned> numWarps{*this, "num-warps", llvm::cl::desc("Warps per block"),
                              llvm::cl::init(4)};
    Option<std::string> arch{*this, "arch", llvm::cl::desc("sm_80 or sm_90a"),
                             llvm::cl::init("sm_80")};
  };
  PassPipelineRegistration<PipelineOptions>(
      "tile-nvidia-lower-to-llvm",
      "Lowers a tile IR module to the LLVM and NVVM dialects for NVIDIA GPUs.",
      [](OpPassManager &pm, const PipelineOptions &opts) {
        NvidiaOptions options;
        options.numWarps = opts.numWarps;
        std::optional<NvidiaTarget> target = NvidiaTarget::parse(opts.arch);
        buildNvidiaLoweringPipeline(pm, target ? *target : NvidiaTarget(), options);
      });
}

void registerNvidiaBackendDialects(DialectRegistry &registry) {
  registry.insert<tile::TileDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, LLVM::LLVMDialect, math::MathDialect,
                  NVVM::NVVMDialect, scf::SCFDialect, tensor::TensorDialect,
                  vector::VectorDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

} // namespace tessel::nvidia
