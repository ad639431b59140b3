//===- RocdlTargetHooks.h - The shared GPU lowering's AMD hooks --*- C++ -*-===//

#ifndef TESSEL_BACKENDS_AMD_ROCDLTARGETHOOKS_H
#define TESSEL_BACKENDS_AMD_ROCDLTARGETHOOKS_H

#include "backends/amd/AmdTarget.h"
#include "backends/gpu_common/GpuTargetHooks.h"

namespace tessel::amd {

/// Work-item and work-group ids as ROCDL ops, the grid size from the
/// dispatch's implicit kernel arguments, barriers as `s_barrier` between
/// work-group fences, and cross-lane exchanges without LDS traffic: DPP
/// quad permutes for lane masks 1 and 2, `ds_swizzle` within 32 lanes,
/// `ds_bpermute` across the halves of a wave64. Kernels carry
/// `rocdl.kernel`, their exact work-group size, and `amdgpu-waves-per-eu`
/// as an LLVM function attribute when asked for.
class RocdlTargetHooks : public gpu::GpuTargetHooks {
public:
  RocdlTargetHooks(const AmdTarget &target, unsigned wavesPerEu,
                   bool doubleBufferDots = true)
      : target(target), wavesPerEu(wavesPerEu), doubleBufferDots(doubleBufferDots) {}

  llvm::StringRef getBackendName() const override { return "amd"; }
  unsigned getWarpSize() const override { return target.getWaveSize(); }
  mlir::Value getThreadId(mlir::OpBuilder &b, mlir::Location loc) const override;
  mlir::Value getBlockId(mlir::OpBuilder &b, mlir::Location loc,
                         unsigned axis) const override;
  mlir::Value getGridSize(mlir::OpBuilder &b, mlir::Location loc,
                          unsigned axis) const override;
  void createBarrier(mlir::OpBuilder &b, mlir::Location loc) const override;
  mlir::Value createShuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value value, unsigned laneMask) const override;
  unsigned getSharedAddressSpace() const override { return 3; }
  unsigned getGlobalAddressSpace() const override { return 1; }
  void markKernel(mlir::Operation *func, unsigned threadsPerBlock) const override;
  /// Buffer loads (`buffer_load_*`): a resource over the block's base
  /// pointer whose 2 GiB window reads zero out of range, so masked-off
  /// lanes read nothing without a branch; lanes whose offset falls outside
  /// the window take a plain global load under a branch nobody takes
  /// otherwise.
  mlir::Value createBaseOffsetLoad(mlir::OpBuilder &b, mlir::Location loc,
                                   mlir::Type type, mlir::Value base,
                                   mlir::Value offset, unsigned elementBytes,
                                   mlir::Value mask, mlir::Value other,
                                   const gpu::MemoryAccessHints &hints) const override;
  bool doubleBuffersLoopDots() const override { return doubleBufferDots; }
  /// AMDGPU's scope names (LLVM AMDGPUUsage, "Memory Scopes").
  llvm::StringRef getSyncScope(tile::MemScope scope) const override {
    switch (scope) {
    case tile::MemScope::CTA:
      return "workgroup";
    case tile::MemScope::GPU:
      return "agent";
    case tile::MemScope::System:
      return "";
    }
    return "";
  }

private:
  AmdTarget target;
  unsigned wavesPerEu;
  bool doubleBufferDots;
};

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_ROCDLTARGETHOOKS_H
