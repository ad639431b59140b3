//===- RocdlMatrixHooks.h - MFMA and WMMA for the shared lowering -*- C++ -*-===//

#ifndef TESSEL_BACKENDS_AMD_ROCDLMATRIXHOOKS_H
#define TESSEL_BACKENDS_AMD_ROCDLMATRIXHOOKS_H

#include "backends/amd/AmdTarget.h"
#include "backends/gpu_common/MatrixHooks.h"

namespace tessel::amd {

/// One MFMA (CDNA) or WMMA (RDNA) per instruction tile, with f16 or bf16
/// inputs and f32 accumulators. Operands come through the shared fragment
/// path (no matrix loads, no asynchronous copies).
class RocdlMatrixHooks : public gpu::GpuMatrixHooks {
public:
  RocdlMatrixHooks(const AmdTarget &target, MfmaShape shape)
      : target(target), instruction(target.getMatrixInstruction(shape)) {}

  const gpu::MatrixInstruction &getInstruction() const override { return instruction; }
  bool supports(mlir::Type input, mlir::Type acc) const override;
  llvm::SmallVector<mlir::Value>
  multiplyAccumulate(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                     mlir::ValueRange a, mlir::ValueRange bFragment,
                     mlir::ValueRange c) const override;

private:
  AmdTarget target;
  gpu::MatrixInstruction instruction;
};

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_ROCDLMATRIXHOOKS_H
