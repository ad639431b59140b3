//===- TileToRocdl.cpp - The shared tile-to-GPU lowering with ROCDL hooks -===//

#include "backends/amd/Conversion/Passes.h"
#include "backends/amd/RocdlMatrixHooks.h"
#include "backends/amd/RocdlTargetHooks.h"
#include "backends/gpu_common/Conversion/TileToGpu.h"

namespace tessel::amd {

#define GEN_PASS_DEF_CONVERTTILETOROCDL
#define GEN_PASS_DEF_CONVERTTILEGPUKERNELSTOROCDL
#include "backends/amd/Conversion/Passes.h.inc"

namespace {

std::optional<AmdTarget> parseArch(mlir::Pass &pass, mlir::Operation *op,
                                   llvm::StringRef arch) {
  std::optional<AmdTarget> target = AmdTarget::parse(std::string_view(arch));
  if (!target)
    op->emitError() << "unknown AMD target '" << arch
                    << "' (gfx90a, gfx942, gfx1100 or gfx1200)";
  return target;
}

struct ConvertTileToRocdlPass : impl::ConvertTileToRocdlBase<ConvertTileToRocdlPass> {
  using ConvertTileToRocdlBase::ConvertTileToRocdlBase;
  void runOnOperation() override {
    std::optional<AmdTarget> target = parseArch(*this, getOperation(), arch);
    if (!target)
      return signalPassFailure();
    // Waves per EU matter only at kernel marking.
    RocdlTargetHooks hooks(*target, /*wavesPerEu=*/0, doubleBufferDots);
    RocdlMatrixHooks matrix(*target,
                            mfmaM == 16 ? MfmaShape::M16N16K16 : MfmaShape::M32N32K8);
    if (mlir::failed(gpu::lowerTileToGpu(getOperation(), hooks, &matrix)))
      signalPassFailure();
  }
};

struct ConvertTileGpuKernelsToRocdlPass
    : impl::ConvertTileGpuKernelsToRocdlBase<ConvertTileGpuKernelsToRocdlPass> {
  using ConvertTileGpuKernelsToRocdlBase::ConvertTileGpuKernelsToRocdlBase;
  void runOnOperation() override {
    std::optional<AmdTarget> target = parseArch(*this, getOperation(), arch);
    if (!target)
      return signalPassFailure();
    RocdlTargetHooks hooks(*target, wavesPerEu);
    getOperation().walk([&](mlir::LLVM::LLVMFuncOp func) {
      if (!func->hasAttr(gpu::kKernelAttrName))
        return;
      auto threads =
          func->getAttrOfType<mlir::IntegerAttr>(gpu::kThreadsPerBlockAttrName);
      func->removeAttr(gpu::kKernelAttrName);
      func->removeAttr(gpu::kThreadsPerBlockAttrName);
      hooks.markKernel(func, threads ? unsigned(threads.getInt())
                                     : 4 * target->getWaveSize());
    });
  }
};

} // namespace
} // namespace tessel::amd
