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
  /// Without `matrixLoads`, dots gather their fragments element by element
  /// as targets without ldmatrix do (which checks the shared fragment path
  /// on NVIDIA hardware).
  /// With `warpGroupMma` (sm_90a), dots that suit it run on
  /// `wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16}` instead.
  explicit NvvmMatrixHooks(bool matrixLoads = true, bool warpGroupMma = false);
  const gpu::MatrixInstruction &getInstruction() const override { return mma; }
  bool supports(mlir::Type input, mlir::Type acc) const override;
  /// Packs pairs of elements (rows of A, columns of B) as the registers
  /// hold them, then multiplyAccumulatePacked.
  llvm::SmallVector<mlir::Value>
  multiplyAccumulate(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                     mlir::ValueRange a, mlir::ValueRange bFragment,
                     mlir::ValueRange c) const override;
  bool hasMatrixLoads() const override { return matrixLoads; }
  llvm::SmallVector<mlir::Value> loadMatrices(mlir::OpBuilder &b, mlir::Location loc,
                                              mlir::Value sharedAddress, unsigned count,
                                              bool transpose) const override;
  llvm::SmallVector<mlir::Value>
  multiplyAccumulatePacked(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
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

  /// wgmma with A and B in shared memory through matrix descriptors
  /// (K-major A, N-major B, both swizzled); `fence.proxy.async.shared::cta`
  /// before it reads what the generic proxy wrote; `wgmma.fence`;
  /// `wgmma.commit_group`; `wgmma.wait_group N` as one inline assembly
  /// statement that takes and returns the accumulators, so that nothing
  /// reads them before the wait (N 1 in a loop whose dot stays in flight).
  /// TMA (cp.async.bulk.tensor) with mbarriers, on sm_90a (where the
  /// warp-group instruction reads the staging it fills).
  bool hasTensorCopy() const override { return hasWarpGroupMma; }
  void initCopyBarrier(mlir::OpBuilder &b, mlir::Location loc, mlir::Value barrier,
                       unsigned arrivals) const override;
  void fenceCopyBarrierInit(mlir::OpBuilder &b, mlir::Location loc) const override;
  void invalCopyBarrier(mlir::OpBuilder &b, mlir::Location loc,
                        mlir::Value barrier) const override;
  void arriveExpectingBytes(mlir::OpBuilder &b, mlir::Location loc, mlir::Value barrier,
                            mlir::Value bytes) const override;
  void arriveOnBarrier(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::Value barrier) const override;
  void tensorCopy(mlir::OpBuilder &b, mlir::Location loc, mlir::Value shared,
                  mlir::Value tensorMap, mlir::ValueRange coords,
                  mlir::Value barrier) const override;
  void waitCopyBarrier(mlir::OpBuilder &b, mlir::Location loc, mlir::Value barrier,
                       mlir::Value parity) const override;

  unsigned getWarpGroupMaxN() const override { return hasWarpGroupMma ? 256 : 0; }
  void fenceSharedForWarpGroup(mlir::OpBuilder &b, mlir::Location loc) const override;
  void beginWarpGroupMma(mlir::OpBuilder &b, mlir::Location loc) const override;
  bool hasWarpGroupMmaRegisterA() const override { return hasWarpGroupMma; }
  llvm::SmallVector<mlir::Value>
  warpGroupMmaRegisterA(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                        mlir::ValueRange a, const SharedMatrix &bMatrix, unsigned n,
                        mlir::ValueRange acc, mlir::Value accumulate) const override;
  llvm::SmallVector<mlir::Value> warpGroupMma(mlir::OpBuilder &b, mlir::Location loc,
                                              mlir::Type input, const SharedMatrix &a,
                                              const SharedMatrix &bMatrix, unsigned n,
                                              mlir::ValueRange acc,
                                              mlir::Value accumulate) const override;
  void commitWarpGroupMma(mlir::OpBuilder &b, mlir::Location loc) const override;
  llvm::SmallVector<mlir::Value> waitWarpGroupMma(mlir::OpBuilder &b,
                                                  mlir::Location loc,
                                                  mlir::ValueRange acc,
                                                  unsigned pending) const override;

private:
  gpu::MatrixInstruction mma;
  bool matrixLoads;
  bool hasWarpGroupMma;
};

/// A 64-bit shared-memory matrix descriptor (wgmma's, tcgen05's): the
/// shared address `address` (i32) >> 4 in bits 0-13, or'ed with
/// `constantBits`, the fields that do not depend on the address.
mlir::Value makeMatrixDescriptor(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value address, uint64_t constantBits);

/// A side-effecting PTX statement without results over `operands`.
void emitPtx(mlir::OpBuilder &b, mlir::Location loc, llvm::StringRef text,
             llvm::StringRef constraints, mlir::ValueRange operands);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_NVVMMATRIXHOOKS_H
