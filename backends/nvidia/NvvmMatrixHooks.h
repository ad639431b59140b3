//===- NvvmMatrixHooks.h - mma.sync and ldmatrix for the shared lowering -*- C++
//-*-===//

#ifndef TESSEL_BACKENDS_NVIDIA_NVVMMATRIXHOOKS_H
#define TESSEL_BACKENDS_NVIDIA_NVVMMATRIXHOOKS_H

#include "backends/gpu_common/MatrixHooks.h"

namespace tessel::nvidia {

/// sm_80's warp-level tensor-core instructions, which sm_90a also runs:
/// `ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].shared.b16` and
/// `mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32`, as
/// NVVM ops.
class NvvmMatrixHooks : public gpu::GpuMatrixHooks {
public:
  bool supports(mlir::Type input, mlir::Type acc) const override;
  llvm::SmallVector<mlir::Value> loadMatrices(mlir::OpBuilder &b, mlir::Location loc,
                                              mlir::Value sharedAddress, unsigned count,
                                              bool transpose) const override;
  llvm::SmallVector<mlir::Value>
  multiplyAccumulate(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                     mlir::ValueRange a, mlir::ValueRange bFragment,
                     mlir::ValueRange c) const override;
  /// `cp.async.{ca,cg}.shared.global` with a source size (0 where disabled),
  /// `cp.async.commit_group`, `cp.async.wait_group`.
  bool hasAsyncCopy() const override { return true; }
  void asyncCopy(mlir::OpBuilder &b, mlir::Location loc, mlir::Value shared,
                 mlir::Value global, unsigned bytes,
                 mlir::Value enabled) const override;
  void commitAsyncCopies(mlir::OpBuilder &b, mlir::Location loc) const override;
  void waitAsyncCopies(mlir::OpBuilder &b, mlir::Location loc,
                       unsigned pending) const override;
};

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_NVVMMATRIXHOOKS_H
