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

/// Dots on DPAS (IntelTarget::getDpasInstruction), issued as
/// SPV_INTEL_subgroup_matrix_multiply_accumulate's
/// `__spirv_SubgroupMatrixMultiplyAccumulateINTEL`: f16 and bf16 with A
/// packed as 8 x i16, B as 8 x i32 holding pairs of k, C and D as 8 x f32;
/// f32 inputs as tf32 (dots at tf32 precision) with A as 4 x f32, B as
/// 8 x f32; i8 with A as 8 x i16 holding pairs of k, B as 8 x i32 holding
/// quadruples, C and D as 8 x i32. The built-in call form (CodeGen)
/// renames these calls afterwards.
///
/// With `blockLoads` (targets with 2D block IO), the shared lowering stages
/// the operands with SPV_INTEL_2d_block_io's
/// `__spirv_Subgroup2DBlockLoadINTEL`: 16-bit elements, blocks 16 wide and
/// 8, 16 or 32 rows high, one block per load, into a private array.
class DpasMatrixHooks : public gpu::GpuMatrixHooks {
public:
  explicit DpasMatrixHooks(bool blockLoads = false)
      : dpas(IntelTarget::getDpasInstruction()),
        dpasTf32(IntelTarget::getDpasInstruction(gpu::MatrixElement::TF32)),
        dpasI8(IntelTarget::getDpasInstruction(gpu::MatrixElement::I8)),
        blockLoads(blockLoads) {}
  const gpu::MatrixInstruction &getInstruction() const override { return dpas; }
  const gpu::MatrixInstruction &getInstructionFor(mlir::Type input) const override;
  bool supports(mlir::Type input, mlir::Type acc) const override;
  llvm::SmallVector<mlir::Value>
  multiplyAccumulate(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                     mlir::ValueRange a, mlir::ValueRange bFragment,
                     mlir::ValueRange c) const override;
  bool hasBlockLoads() const override { return blockLoads; }
  bool hasBlockStores() const override { return blockLoads; }
  void blockStore(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base,
                  mlir::Value width, mlir::Value height, mlir::Value pitch, mlir::Value x,
                  mlir::Value y, mlir::ValueRange rows) const override;
  void blockPrefetch(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base,
                     mlir::Value width, mlir::Value height, mlir::Value pitch,
                     mlir::Value x, mlir::Value y, unsigned rows) const override;
  llvm::SmallVector<mlir::Value> blockLoad(mlir::OpBuilder &b, mlir::Location loc,
                                           mlir::Value base, mlir::Value width,
                                           mlir::Value height, mlir::Value pitch,
                                           mlir::Value x, mlir::Value y,
                                           unsigned rows) const override;

private:
  gpu::MatrixInstruction dpas, dpasTf32, dpasI8;
  bool blockLoads;
};

/// The native 2D block load the hooks call (CodeGen's built-in form renames
/// it to `intel_sub_group_2d_block_read_16b_<rows>r16x1c`).
inline constexpr llvm::StringLiteral kNativeBlockLoad =
    "_Z32__spirv_Subgroup2DBlockLoadINTELiiiiPU3AS1KviiiDv2_iPv";
/// The native 2D block store (element size, width, height, count, the
/// private source, the global surface, width, height, pitch, coordinate;
/// built-in form `intel_sub_group_2d_block_write_<16|32>b_8r16x1c`) and
/// prefetch (the load's operands without a destination; built-in form
/// `intel_sub_group_2d_block_prefetch_16b_<rows>r16x1c`).
inline constexpr llvm::StringLiteral kNativeBlockStore =
    "_Z33__spirv_Subgroup2DBlockStoreINTELiiiiPKvPU3AS1viiiDv2_i";
inline constexpr llvm::StringLiteral kNativeBlockPrefetch =
    "_Z36__spirv_Subgroup2DBlockPrefetchINTELiiiiPU3AS1KviiiDv2_i";

/// The native DPAS calls the hooks make, one overload per operand types
/// (the SPIR-V backend reads the instruction's name out of the mangling).
inline constexpr llvm::StringLiteral kNativeDpasF16 =
    "_Z45__spirv_SubgroupMatrixMultiplyAccumulateINTELiDv8_sDv8_iDv8_fi";
inline constexpr llvm::StringLiteral kNativeDpasTf32 =
    "_Z45__spirv_SubgroupMatrixMultiplyAccumulateINTELiDv4_fDv8_fS0_i";
inline constexpr llvm::StringLiteral kNativeDpasI8 =
    "_Z45__spirv_SubgroupMatrixMultiplyAccumulateINTELiDv8_sDv8_iS0_i";

/// The operand flags of SPV_INTEL_subgroup_matrix_multiply_accumulate
/// (MatrixMultiplyAccumulateOperands) the backend uses: both operands
/// packed f16 (0x400, 0x800) or bf16 (0x1000, 0x2000); both tf32 (0x100,
/// 0x200); both signed (0x1, 0x2) and packed int8 (0x10, 0x20). Intel's
/// compiler accepts exactly these combinations for each operand type.
inline constexpr unsigned kDpasPackedF16 = 0x400 | 0x800;
inline constexpr unsigned kDpasPackedBF16 = 0x1000 | 0x2000;
inline constexpr unsigned kDpasTf32 = 0x100 | 0x200;
inline constexpr unsigned kDpasSignedI8 = 0x1 | 0x2 | 0x10 | 0x20;

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_SPIRVTARGETHOOKS_H
