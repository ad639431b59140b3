//===- Pipeline.cpp - Tile IR to the LLVM dialect for NVIDIA GPUs ---------===//

#include "backends/nvidia/Pipeline.h"

#include "backends/gpu_common/Pipeline.h"
#include "backends/gpu_common/Transforms/Passes.h"
#include "backends/nvidia/Conversion/Passes.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/Transforms/Passes.h"
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
  gpu::GpuPipelineHooks hooks;
  // The warp-group dot: wgmma on sm_90a, tcgen05 on sm_100a (the same
  // staging and accumulator layout, NvidiaTarget::getGpuDescription).
  const bool warpGroupMma =
      target.getGpuDescription().getWarpGroupMatrixInstruction() != nullptr;
  const bool tensorMemoryMma = target.getArch() == NvidiaArch::SM100a;
  hooks.addTileToGpu = [matrixLoads = options.matrixLoads, warpGroupMma,
                        tensorMemoryMma](OpPassManager &pm) {
    pm.addPass(createConvertTileToNvvm(
        ConvertTileToNvvmOptions{matrixLoads, warpGroupMma, tensorMemoryMma}));
  };
  // Math: f16/bf16 in f32 and transcendental functions without libdevice;
  // the rest as LLVM intrinsics NVPTX selects (sqrt.rn, fma.rn, abs, ...).
  hooks.addMathLowering = [flushDenormals = options.flushDenormals](OpPassManager &pm) {
    pm.addPass(createConvertMathToNvvmIntrinsics(
        ConvertMathToNvvmIntrinsicsOptions{flushDenormals}));
  };
  // fp8 dots keep fp8 operands only where the fp8 warp-group instructions
  // may run them (sm_90a) and their accumulation was asked for.
  hooks.keepFp8Dots = warpGroupMma && options.fp8FastAccumulation;
  // (A block of 32 warps has no room for one more.)
  hooks.warpSpecialize =
      warpGroupMma && options.warpSpecialize && options.numWarps < 32;
  hooks.slicedTensorCopies = options.slicedTensorCopies;
  hooks.addTensorMapParams = [](OpPassManager &pm) {
    pm.addPass(createNvidiaTensorMapParams());
  };
  hooks.addKernelMarking = [](OpPassManager &pm) {
    pm.addPass(createConvertTileGpuKernelsToNvvm());
    pm.addPass(createConvertNVVMToLLVMPass());
    pm.addPass(createNvidiaMergeBarriers());
  };
  // The shared passes take their settings from the target's description.
  gpu::buildGpuLoweringPipeline(pm, target.getGpuDescription(), options.numWarps,
                                options.numStages, hooks);
}

void registerNvidiaBackendPasses() {
  gpu::registerTileGpuTransformsPasses();
  registerNvidiaConversionPasses();
  struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
    Option<unsigned> numWarps{*this, "num-warps", llvm::cl::desc("Warps per block"),
                              llvm::cl::init(4)};
    Option<std::string> arch{*this, "arch", llvm::cl::desc("sm_80 or sm_90a"),
                             llvm::cl::init("sm_80")};
    Option<bool> fp8FastAccumulation{
        *this, "fp8-fast-accumulation",
        llvm::cl::desc("fp8 dots on the fp8 warp-group instructions (sm_90a)"),
        llvm::cl::init(false)};
  };
  PassPipelineRegistration<PipelineOptions>(
      "tile-nvidia-lower-to-llvm",
      "Lowers a tile IR module to the LLVM and NVVM dialects for NVIDIA GPUs.",
      [](OpPassManager &pm, const PipelineOptions &opts) {
        NvidiaOptions options;
        options.numWarps = opts.numWarps;
        options.fp8FastAccumulation = opts.fp8FastAccumulation;
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
