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
#include "backends/gpu_common/MatrixHooks.h"

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

/// The null GPU's 8x8x8 matrix instruction (NullGpuTarget.h) as a call of
/// `nullgpu_mma_m8n8k8_{f16,bf16}(vector<4 x in> a, vector<4 x in> b,
/// vector<4 x f32> c) -> vector<4 x f32>`, each lane passing its fragment
/// elements in register order. No matrix loads and no asynchronous copies:
/// dots take the shared fragment path.
class NullGpuMatrixHooks : public gpu::GpuMatrixHooks {
public:
  NullGpuMatrixHooks();
  const gpu::MatrixInstruction &getInstruction() const override { return mma; }
  bool supports(mlir::Type input, mlir::Type acc) const override;
  llvm::SmallVector<mlir::Value>
  multiplyAccumulate(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                     mlir::ValueRange a, mlir::ValueRange bFragment,
                     mlir::ValueRange c) const override;

private:
  gpu::MatrixInstruction mma;
};

} // namespace tessel::nullgpu

#endif // TESSEL_BACKENDS_NULLGPU_NULLGPUHOOKS_H
