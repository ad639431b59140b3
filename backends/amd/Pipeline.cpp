//===- Pipeline.cpp - Tile IR to the LLVM dialect for AMD GPUs ------------===//

#include "backends/amd/Pipeline.h"

#include "backends/amd/Conversion/Passes.h"
#include "backends/amd/Heuristics.h"
#include "backends/gpu_common/Pipeline.h"
#include "backends/gpu_common/Transforms/Passes.h"
#include "backends/gpu_common/Transforms/TensorCoreLayouts.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"

using namespace mlir;

namespace tessel::amd {

MfmaShape chooseMfmaShape(ModuleOp module, const AmdTarget &target, unsigned numWarps) {
  if (!target.isCdna())
    return MfmaShape::M16N16K16;
  gpu::MatrixTileShape large =
      gpu::MatrixTileShape::get(target.getMatrixInstruction(MfmaShape::M32N32K8));
  gpu::MatrixTileShape small =
      gpu::MatrixTileShape::get(target.getMatrixInstruction(MfmaShape::M16N16K16));
  bool allLarge = true;
  module.walk([&](tile::DotOp dot) {
    if (gpu::isTensorCoreDot(dot, numWarps, small) &&
        !gpu::isTensorCoreDot(dot, numWarps, large))
      allLarge = false;
  });
  return allLarge ? MfmaShape::M32N32K8 : MfmaShape::M16N16K16;
}

unsigned chooseNumWarps(ModuleOp module, const AmdTarget &target) {
  int64_t largest = 0;
  module.walk([&](Operation *op) {
    for (Type t : op->getResultTypes())
      if (auto tensor = dyn_cast<RankedTensorType>(t))
        largest = std::max<int64_t>(largest, tensor.getNumElements());
  });
  return getDefaultNumWarps(target, largest);
}

void buildAmdLoweringPipeline(OpPassManager &pm, const AmdTarget &target,
                              const AmdOptions &options, MfmaShape shape) {
  std::string arch(target.getName());
  gpu::GpuPipelineHooks hooks;
  // fp8 dots on the f16 matrix instructions (an exact widening); MFMA's own
  // fp8 forms are not used.
  hooks.keepFp8Dots = false;
  hooks.addTileToGpu = [arch, shape,
                        doubleBuffer = options.doubleBufferDots](OpPassManager &pm) {
    ConvertTileToRocdlOptions o;
    o.arch = arch;
    o.doubleBufferDots = doubleBuffer;
    o.mfmaM = shape == MfmaShape::M16N16K16 ? 16 : 32;
    pm.addPass(createConvertTileToRocdl(o));
  };
  // Transcendental functions become calls to ocml (__ocml_exp_f32 ...),
  // which code generation links from the device library only when a kernel
  // calls one; the rest are LLVM intrinsics the AMDGPU backend selects.
  hooks.addMathLowering = [arch](OpPassManager &pm) {
    ConvertMathToROCDLOptions o;
    o.chipset = arch;
    pm.addPass(createConvertMathToROCDL(o));
  };
  hooks.addKernelMarking = [arch, wavesPerEu = options.wavesPerEu](OpPassManager &pm) {
    ConvertTileGpuKernelsToRocdlOptions o;
    o.arch = arch;
    o.wavesPerEu = wavesPerEu;
    pm.addPass(createConvertTileGpuKernelsToRocdl(o));
  };
  gpu::buildGpuLoweringPipeline(pm, target.getGpuDescription(shape), options.numWarps,
                                options.numStages, hooks);
}

void registerAmdBackendPasses() {
  gpu::registerTileGpuTransformsPasses();
  registerAmdConversionPasses();
  struct PipelineOptions : public PassPipelineOptions<PipelineOptions> {
    Option<unsigned> numWarps{
        *this, "num-warps", llvm::cl::desc("Waves per work-group"), llvm::cl::init(4)};
    Option<std::string> arch{*this, "arch",
                             llvm::cl::desc("gfx90a, gfx942, gfx1100 or gfx1200"),
                             llvm::cl::init("gfx942")};
    Option<unsigned> mfmaM{*this, "mfma-m",
                           llvm::cl::desc("MFMA shape on CDNA: 32 or 16"),
                           llvm::cl::init(32)};
  };
  PassPipelineRegistration<PipelineOptions>(
      "tile-amd-lower-to-llvm",
      "Lowers a tile IR module to the LLVM and ROCDL dialects for AMD GPUs.",
      [](OpPassManager &pm, const PipelineOptions &opts) {
        AmdOptions options;
        options.numWarps = opts.numWarps;
        std::optional<AmdTarget> target = AmdTarget::parse(std::string(opts.arch));
        buildAmdLoweringPipeline(pm, target ? *target : AmdTarget(), options,
                                 opts.mfmaM == 16 ? MfmaShape::M16N16K16
                                                  : MfmaShape::M32N32K8);
      });
}

void registerAmdBackendDialects(DialectRegistry &registry) {
  registry.insert<tile::TileDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, LLVM::LLVMDialect, math::MathDialect,
                  ROCDL::ROCDLDialect, scf::SCFDialect, tensor::TensorDialect,
                  vector::VectorDialect>();
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
}

} // namespace tessel::amd
