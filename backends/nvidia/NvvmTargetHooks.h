//===- NvvmTargetHooks.h - The shared GPU lowering's NVIDIA hooks -*- C++ -*-===//

#ifndef TESSEL_BACKENDS_NVIDIA_NVVMTARGETHOOKS_H
#define TESSEL_BACKENDS_NVIDIA_NVVMTARGETHOOKS_H

#include "backends/gpu_common/GpuTargetHooks.h"

namespace tessel::nvidia {

/// Special registers, shuffles and barriers as NVVM ops; kernels carry
/// `nvvm.kernel` and `nvvm.maxntid`. Masked global loads and stores are
/// predicated PTX instructions (`@%p ld.global.v4.b32`) in inline assembly,
/// with the requested cache operator or L1 eviction priority.
class NvvmTargetHooks : public gpu::GpuTargetHooks {
public:
  llvm::StringRef getBackendName() const override { return "nvidia"; }
  unsigned getWarpSize() const override { return 32; }
  mlir::Value getThreadId(mlir::OpBuilder &b, mlir::Location loc) const override;
  mlir::Value getBlockId(mlir::OpBuilder &b, mlir::Location loc,
                         unsigned axis) const override;
  mlir::Value getGridSize(mlir::OpBuilder &b, mlir::Location loc,
                          unsigned axis) const override;
  void createBarrier(mlir::OpBuilder &b, mlir::Location loc) const override;
  void createPartialBarrier(mlir::OpBuilder &b, mlir::Location loc, unsigned id,
                            unsigned threads) const override;
  /// PTX, as in Triton's tl.inline_asm_elementwise on NVIDIA.
  bool supportsInlineAsm() const override { return true; }
  mlir::Value createShuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value value, unsigned laneMask) const override;
  unsigned getSharedAddressSpace() const override { return 3; }
  unsigned getGlobalAddressSpace() const override { return 1; }
  void markKernel(mlir::Operation *func, unsigned threadsPerBlock) const override;
  mlir::Value createPredicatedLoad(mlir::OpBuilder &b, mlir::Location loc,
                                   mlir::Type type, mlir::Value ptr, mlir::Value mask,
                                   mlir::Value other,
                                   const gpu::MemoryAccessHints &hints) const override;
  bool createPredicatedStore(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                             mlir::Value ptr, mlir::Value mask,
                             const gpu::MemoryAccessHints &hints) const override;
};

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_NVVMTARGETHOOKS_H
