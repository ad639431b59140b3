//===- NullGpuHooks.h - The shared GPU lowering's null GPU hooks -*- C++ -*-===//
//
// Special registers, shuffles and barriers become calls to external
// functions (`nullgpu_thread_id`, `nullgpu_shuffle_xor`, ...), the
// interface an emulator of the null GPU would provide; memory is flat
// (address space 0).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NULLGPU_NULLGPUHOOKS_H
#define TESSEL_BACKENDS_NULLGPU_NULLGPUHOOKS_H

#include "backends/gpu_common/GpuTargetHooks.h"

namespace tessel::nullgpu {

/// The attribute markKernel puts on kernel entries: threads per block.
inline constexpr llvm::StringLiteral kThreadsAttrName = "nullgpu.threads_per_block";

class NullGpuHooks : public gpu::GpuTargetHooks {
public:
  llvm::StringRef getBackendName() const override { return "nullgpu"; }
  unsigned getWarpSize() const override { return 16; }
  mlir::Value getThreadId(mlir::OpBuilder &b, mlir::Location loc) const override;
  mlir::Value getBlockId(mlir::OpBuilder &b, mlir::Location loc,
                         unsigned axis) const override;
  mlir::Value getGridSize(mlir::OpBuilder &b, mlir::Location loc,
                          unsigned axis) const override;
  void createBarrier(mlir::OpBuilder &b, mlir::Location loc) const override;
  mlir::Value createShuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value value, unsigned laneMask) const override;
  unsigned getSharedAddressSpace() const override { return 0; }
  unsigned getGlobalAddressSpace() const override { return 0; }
  void markKernel(mlir::Operation *func, unsigned threadsPerBlock) const override;
};

} // namespace tessel::nullgpu

#endif // TESSEL_BACKENDS_NULLGPU_NULLGPUHOOKS_H
