//===- Pipeline.cpp - Tile IR to the LLVM dialect for Intel GPUs ----------===//

#include "backends/intel/Pipeline.h"

#include "backends/gpu_common/Pipeline.h"
#include "backends/gpu_common/Transforms/Passes.h"
#include "backends/intel/Conversion/Passes.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

using namespace mlir;

namespace tessel::intel {

void buildIntelLoweringPipeline(OpPassManager &pm, const IntelTarget &target,
                                const IntelOptions &options) {
  std::string arch(target.getName());
  gpu::GpuPipelineHooks hooks;
  // fp8 dots on DPAS's f16 form (an exact widening; xe, without DPAS,
  // computes the widened dot as before).
  hooks.keepFp8Dots = false;
  hooks.addTileToGpu = [arch](OpPassManager &pm) {
    ConvertTileToSpirvBuiltinsOptions o;
    o.arch = arch;
    pm.addPass(createConvertTileToSpirvBuiltins(o));
  };
  hooks.addMathLowering = [](OpPassManager &pm) {
    pm.addPass(createConvertMathToLibmPass());
  };
  hooks.addKernelMarking = [arch](OpPassManager &pm) {
    ConvertTileGpuKernelsToSpirvOptions o;
    o.arch = arch;
    pm.addPass(createConvertTileGpuKernelsToSpirv(o));
  };
  gpu::buildGpuLoweringPipeline(pm, target.getGpuDescription(), options.numWarps,
                                options.numStages, hooks);
}

unsigned chooseNumWarps(ModuleOp module) {
  int64_t largest = 0;
  module.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(t))
        largest = std::max<int64_t>(largest, tensor.getNumElements());
  });
  return largest >= 8192 ? 8 : 4;
}

void registerIntelBackendDialects(DialectRegistry &registry) {
  registry.insert<tile::TileDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, LLVM::LLVMDialect, math::MathDialect,
                  scf::SCFDialect, tensor::TensorDialect, vector::VectorDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

void registerIntelBackendPasses() {
  gpu::registerTileGpuTransformsPasses();
  registerIntelConversionPasses();
  struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
    Option<unsigned> numWarps{*this, "num-warps",
                              llvm::cl::desc("Sub-groups per work-group"),
                              llvm::cl::init(4)};
    Option<std::string> arch{*this, "arch", llvm::cl::desc("pvc, bmg or xe"),
                             llvm::cl::init("pvc")};
  };
  PassPipelineRegistration<PipelineOptions>(
      "tile-intel-lower-to-llvm",
      "Lowers a tile IR module to the LLVM dialect for Intel GPUs (SPIR-V).",
      [](OpPassManager &pm, const PipelineOptions &opts) {
        IntelOptions options;
        options.numWarps = opts.numWarps;
        std::optional<IntelTarget> target = IntelTarget::parse(std::string(opts.arch));
        buildIntelLoweringPipeline(pm, target ? *target : IntelTarget(), options);
      });
}

} // namespace tessel::intel
