//===- Tcgen05MatrixHooks.h - sm_100a's tensor-memory dots ------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_NVIDIA_TCGEN05MATRIXHOOKS_H
#define TESSEL_BACKENDS_NVIDIA_TCGEN05MATRIXHOOKS_H

#include "backends/nvidia/NvvmMatrixHooks.h"

namespace tessel::nvidia {

/// sm_100a: everything of sm_90a's hooks but wgmma (mma.sync, ldmatrix,
/// cp.async, TMA with mbarriers), and the warp-group dot on the fifth
/// generation tensor cores instead (PTX ISA 8.6, "TensorCore 5th
/// Generation Family Instructions"): `tcgen05.alloc/dealloc`,
/// `tcgen05.mma.cta_group::1.kind::{f16,f8f6f4}` at M = 64 with 64-bit
/// shared-memory descriptors and a 32-bit instruction descriptor,
/// `tcgen05.commit` to an mbarrier, `tcgen05.ld/st .16x256b` (whose
/// registers follow the warp-group accumulator's order), `tcgen05.wait`
/// and `tcgen05.fence`. At M = 64 ("Layout F") D's row 16w + r sits in lane
/// 32w + r, which warp w of a group reaches: the rows wgmma gives that
/// warp, so the accumulator keeps the layout sm_90a's dots have.
class Tcgen05MatrixHooks : public NvvmMatrixHooks {
public:
  explicit Tcgen05MatrixHooks(bool matrixLoads = true)
      : NvvmMatrixHooks(matrixLoads, /*warpGroupMma=*/true) {}
  bool hasTensorMemoryMma() const override { return true; }
  /// tcgen05.mma reads A from shared or tensor memory only.
  bool hasWarpGroupMmaRegisterA() const override { return false; }
  void allocTensorMemory(mlir::OpBuilder &b, mlir::Location loc, mlir::Value slot,
                         unsigned columns) const override;
  void deallocTensorMemory(mlir::OpBuilder &b, mlir::Location loc, mlir::Value address,
                           unsigned columns) const override;
  void tensorMemoryMma(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                       mlir::Value d, const SharedMatrix &a,
                       const SharedMatrix &bMatrix, unsigned n,
                       mlir::Value accumulate) const override;
  void commitTensorMemoryMma(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value barrier) const override;
  void storeTensorMemory(mlir::OpBuilder &b, mlir::Location loc, mlir::Value address,
                         mlir::ValueRange values) const override;
  llvm::SmallVector<mlir::Value> loadTensorMemory(mlir::OpBuilder &b,
                                                  mlir::Location loc,
                                                  mlir::Value address,
                                                  unsigned count) const override;
  void waitTensorMemoryStores(mlir::OpBuilder &b, mlir::Location loc) const override;
  void fenceTensorMemory(mlir::OpBuilder &b, mlir::Location loc,
                         bool beforeBarrier) const override;
  mlir::Value arriveForPhase(mlir::OpBuilder &b, mlir::Location loc,
                             mlir::Value barrier) const override;
  void waitBarrierPhase(mlir::OpBuilder &b, mlir::Location loc, mlir::Value barrier,
                        mlir::Value token) const override;

  /// The instruction descriptor of a 64 x `n` kind::f16 (16-bit `input`)
  /// or kind::f8f6f4 (fp8) instruction with f32 D, K-major A and B K-major
  /// (`bKMajor`) or N-major.
  static uint32_t getInstructionDescriptor(mlir::Type input, unsigned n, bool bKMajor);
  /// The constant bits of the shared-memory descriptor (all but the start
  /// address) of an operand as SharedMatrix describes it.
  static uint64_t getDescriptorBits(const SharedMatrix &m);
};

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_TCGEN05MATRIXHOOKS_H
