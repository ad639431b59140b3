//===- SpirvTargetHooks.h - The shared GPU lowering's Intel hooks -*- C++ -*-===//

#ifndef TESSEL_BACKENDS_INTEL_SPIRVTARGETHOOKS_H
#define TESSEL_BACKENDS_INTEL_SPIRVTARGETHOOKS_H

#include "backends/gpu_common/GpuTargetHooks.h"
#include "backends/gpu_common/MatrixHooks.h"
#include "backends/intel/IntelTarget.h"

namespace tessel::intel {

/// Work-item ids, group ids and counts, barriers and sub-group shuffles as
/// calls of OpenCL built-ins (`get_local_id`, `barrier`,
/// `intel_sub_group_shuffle_xor`), which LLVM's SPIR-V backend turns into
/// built-in variables and SPIR-V instructions (OpSubgroupShuffleXorINTEL
/// of SPV_INTEL_subgroups). Shared local memory is OpenCL's local address
/// space (3), global memory its global one (1). Kernels are `spir_kernel`
/// functions with a required work-group size and sub-group size.
class SpirvTargetHooks : public gpu::GpuTargetHooks {
public:
  explicit SpirvTargetHooks(const IntelTarget &target) : target(target) {}

  llvm::StringRef getBackendName() const override { return "intel"; }
  unsigned getWarpSize() const override { return target.getSubGroupSize(); }
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
  /// The SPIR-V backend's scope names (its memory scopes: Workgroup,
  /// Device, CrossDevice).
  llvm::StringRef getSyncScope(tile::MemScope scope) const override {
    switch (scope) {
    case tile::MemScope::CTA:
      return "workgroup";
    case tile::MemScope::GPU:
      return "device";
    case tile::MemScope::System:
      return "";
    }
    return "";
  }

private:
  IntelTarget target;
};

/// Dots of f16 and bf16 on DPAS (IntelTarget::getDpasInstruction), issued
/// as SPV_INTEL_subgroup_matrix_multiply_accumulate's
/// `__spirv_SubgroupMatrixMultiplyAccumulateINTEL` (A packed as 8 x i16,
/// B as 8 x i32 holding pairs of k, C and D as 8 x f32). The built-in
/// call form (CodeGen) renames these calls afterwards.
class DpasMatrixHooks : public gpu::GpuMatrixHooks {
public:
  DpasMatrixHooks() : dpas(IntelTarget::getDpasInstruction()) {}
  const gpu::MatrixInstruction &getInstruction() const override { return dpas; }
  bool supports(mlir::Type input, mlir::Type acc) const override;
  llvm::SmallVector<mlir::Value>
  multiplyAccumulate(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                     mlir::ValueRange a, mlir::ValueRange bFragment,
                     mlir::ValueRange c) const override;

private:
  gpu::MatrixInstruction dpas;
};

/// The operand flags of SPV_INTEL_subgroup_matrix_multiply_accumulate
/// (MatrixMultiplyAccumulateOperands) the backend uses.
inline constexpr unsigned kDpasPackedF16 = 0x400 | 0x800;
inline constexpr unsigned kDpasPackedBF16 = 0x1000 | 0x2000;

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_SPIRVTARGETHOOKS_H
