//===- TileToNvvm.cpp - The shared tile-to-GPU lowering with NVVM hooks ---===//

#include "backends/gpu_common/Conversion/TileToGpu.h"
#include "backends/nvidia/Conversion/Passes.h"
#include "backends/nvidia/NvvmMatrixHooks.h"
#include "backends/nvidia/NvvmTargetHooks.h"
#include "backends/nvidia/Tcgen05MatrixHooks.h"
#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace tessel::nvidia {

#define GEN_PASS_DEF_CONVERTTILETONVVM
#define GEN_PASS_DEF_CONVERTTILEGPUKERNELSTONVVM
#include "backends/nvidia/Conversion/Passes.h.inc"

namespace {
struct ConvertTileToNvvmPass : impl::ConvertTileToNvvmBase<ConvertTileToNvvmPass> {
  using ConvertTileToNvvmBase::ConvertTileToNvvmBase;
  void runOnOperation() override {
    NvvmTargetHooks hooks;
    // Every supported architecture (sm_80 and later) has mma.sync; sm_100a
    // has tcgen05 where sm_90a has wgmma.
    NvvmMatrixHooks wgmma(matrixLoads, warpGroupMma);
    Tcgen05MatrixHooks tcgen05(matrixLoads);
    const gpu::GpuMatrixHooks *matrix = &wgmma;
    if (tensorMemoryMma)
      matrix = &tcgen05;
    if (mlir::failed(gpu::lowerTileToGpu(getOperation(), hooks, matrix)))
      signalPassFailure();
  }
};

struct ConvertTileGpuKernelsToNvvmPass
    : impl::ConvertTileGpuKernelsToNvvmBase<ConvertTileGpuKernelsToNvvmPass> {
  void runOnOperation() override {
    NvvmTargetHooks hooks;
    getOperation().walk([&](mlir::LLVM::LLVMFuncOp func) {
      if (!func->hasAttr(gpu::kKernelAttrName))
        return;
      auto threads =
          func->getAttrOfType<mlir::IntegerAttr>(gpu::kThreadsPerBlockAttrName);
      func->removeAttr(gpu::kKernelAttrName);
      func->removeAttr(gpu::kThreadsPerBlockAttrName);
      hooks.markKernel(func, threads ? unsigned(threads.getInt()) : 128u);
      // Tensor-map parameters (nvidia-tensor-map-params) are read in place:
      // grid constants, which NVVM allows on a kernel's arguments only.
      mlir::StringRef tensorMap =
          tilegpu::TileGpuDialect::TensorMapAttrHelper::getNameStr();
      // The flags word after them is a plain i32 once the copies read it.
      mlir::StringRef flags =
          tilegpu::TileGpuDialect::TensorMapFlagsAttrHelper::getNameStr();
      for (unsigned i = 0; i < func.getNumArguments(); ++i) {
        if (func.getArgAttr(i, tensorMap)) {
          func.removeArgAttr(i, tensorMap);
          func.setArgAttr(i, mlir::NVVM::NVVMDialect::getGridConstantAttrName(),
                          mlir::UnitAttr::get(func.getContext()));
        }
        func.removeArgAttr(i, flags);
      }
    });
  }
};
} // namespace

} // namespace tessel::nvidia
