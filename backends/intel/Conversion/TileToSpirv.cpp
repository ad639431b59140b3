//===- TileToSpirv.cpp - The shared tile-to-GPU lowering with Intel hooks -===//

#include "backends/gpu_common/BlockedLayout.h"
#include "backends/gpu_common/Conversion/TileToGpu.h"
#include "backends/intel/Conversion/Passes.h"
#include "backends/intel/SpirvTargetHooks.h"

using namespace mlir;

namespace tessel::intel {

#define GEN_PASS_DEF_CONVERTTILETOSPIRVBUILTINS
#define GEN_PASS_DEF_CONVERTTILEGPUKERNELSTOSPIRV
#include "backends/intel/Conversion/Passes.h.inc"

namespace {

std::optional<IntelTarget> parseArch(Operation *op, llvm::StringRef arch) {
  std::optional<IntelTarget> target = IntelTarget::parse(std::string_view(arch));
  if (!target)
    op->emitError() << "unknown Intel target '" << arch << "' (pvc, bmg or xe)";
  return target;
}

struct ConvertTileToSpirvBuiltinsPass
    : impl::ConvertTileToSpirvBuiltinsBase<ConvertTileToSpirvBuiltinsPass> {
  using ConvertTileToSpirvBuiltinsBase::ConvertTileToSpirvBuiltinsBase;
  void runOnOperation() override {
    std::optional<IntelTarget> target = parseArch(getOperation(), arch);
    if (!target)
      return signalPassFailure();
    SpirvTargetHooks hooks(*target);
    DpasMatrixHooks dpas(target->has2dBlockIo());
    if (failed(gpu::lowerTileToGpu(getOperation(), hooks,
                                   target->hasDpas() ? &dpas : nullptr)))
      signalPassFailure();
  }
};

struct ConvertTileGpuKernelsToSpirvPass
    : impl::ConvertTileGpuKernelsToSpirvBase<ConvertTileGpuKernelsToSpirvPass> {
  using ConvertTileGpuKernelsToSpirvBase::ConvertTileGpuKernelsToSpirvBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<IntelTarget> target = parseArch(module, arch);
    if (!target)
      return signalPassFailure();
    SpirvTargetHooks hooks(*target);
    module.walk([&](LLVM::LLVMFuncOp func) {
      if (!func->hasAttr(gpu::kKernelAttrName)) {
        func.setCConv(LLVM::cconv::CConv::SPIR_FUNC);
        return;
      }
      auto threads = func->getAttrOfType<IntegerAttr>(gpu::kThreadsPerBlockAttrName);
      func->removeAttr(gpu::kKernelAttrName);
      func->removeAttr(gpu::kThreadsPerBlockAttrName);
      hooks.markKernel(func, threads ? unsigned(threads.getInt())
                                     : 4 * target->getSubGroupSize());
    });
    // A call's convention must be its callee's, or the call is undefined
    // behaviour that LLVM deletes.
    module.walk([&](LLVM::CallOp call) {
      if (auto callee = call.getCallee())
        if (auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(*callee))
          call.setCConv(func.getCConv());
    });
    if (failed(sizeSharedMemory(module)))
      signalPassFailure();
  }

  /// Replaces the external, unsized scratch global by a work-group
  /// variable of the size the lowering recorded.
  LogicalResult sizeSharedMemory(ModuleOp module) {
    auto global = module.lookupSymbol<LLVM::GlobalOp>(gpu::kSharedMemorySymbol);
    if (!global)
      return success();
    int64_t bytes = 0;
    if (auto attr = module->getAttrOfType<IntegerAttr>(gpu::kSharedMemoryAttrName))
      bytes = attr.getInt();
    OpBuilder b(global);
    Type type =
        LLVM::LLVMArrayType::get(b.getI8Type(), uint64_t(std::max<int64_t>(bytes, 16)));
    auto sized = LLVM::GlobalOp::create(
        b, global.getLoc(), type, /*isConstant=*/false, LLVM::Linkage::Internal,
        global.getSymName(), Attribute(), /*alignment=*/16, global.getAddrSpace());
    // No initializer: OpenCL's local memory starts undefined.
    (void)sized;
    global.erase();
    return success();
  }
};

} // namespace
} // namespace tessel::intel
