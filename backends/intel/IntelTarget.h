//===- IntelTarget.h - Intel GPU targets --------------------------*- C++ -*-===//
//
// The Intel GPUs the backend compiles SPIR-V for, and what each offers the
// shared GPU lowering. Plain C++ (no LLVM): the runtime-only plugin maps
// devices to targets with it too.
//
//   pvc  Data Center GPU Max (Xe-HPC): DPAS (8 systolic steps, SIMD16),
//        2D block IO, 128 KiB of shared local memory per work-group.
//   bmg  Arc B-series (Xe2-HPG): the same DPAS shapes at SIMD16 and 2D
//        block IO, 128 KiB of SLM per work-group.
//   xe   any Xe GPU: sub-groups of 16, no DPAS or 2D block IO assumed (dots
//        on the vector units), 64 KiB of SLM per work-group.
//
// Every target runs sub-groups of 16 work-items: the size DPAS needs on
// pvc and bmg, and one every Xe GPU offers.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_INTELTARGET_H
#define TESSEL_BACKENDS_INTEL_INTELTARGET_H

#include <optional>
#include <string_view>
#include <vector>

#include "backends/gpu_common/GpuTargetDescription.h"

namespace tessel::intel {

enum class IntelArch { PVC, BMG, XE };

class IntelTarget {
public:
  IntelTarget() = default;
  explicit IntelTarget(IntelArch arch) : arch(arch) {}

  /// "pvc", "bmg" or "xe"; nullopt otherwise.
  static std::optional<IntelTarget> parse(std::string_view name);
  /// The target for a device that reports Level Zero's device IP version
  /// (ZE_DEVICE_IP_VERSION_EXT); a device whose architecture the backend
  /// does not know runs the generic `xe` code.
  static IntelTarget forIpVersion(unsigned ipVersion);

  IntelArch getArch() const { return arch; }
  std::string_view getName() const;
  static std::string_view getTriple() { return "spirv64-unknown-unknown"; }

  bool hasDpas() const { return arch != IntelArch::XE; }
  bool has2dBlockIo() const { return arch != IntelArch::XE; }
  /// The sub-group size the generated code is compiled for.
  unsigned getSubGroupSize() const { return 16; }
  /// Sub-group sizes the hardware offers.
  std::vector<unsigned> getSubGroupSizes() const;
  /// Shared local memory a work-group may allocate, bytes.
  unsigned getSlmPerWorkgroup() const {
    return arch == IntelArch::XE ? 64 * 1024 : 128 * 1024;
  }
  unsigned getMaxThreadsPerWorkgroup() const { return 1024; }

  /// What the target offers the shared GPU lowering.
  gpu::GpuTargetDescription getGpuDescription() const;
  /// DPAS with 8 rows (systolic depth 8, SIMD16): D(8x16) = A(8xK) B(Kx16)
  /// + C, K = 8 x (32 / input bits): from f16 or bf16 (K 16) into f32, the
  /// default; from tf32 (f32 inputs, K 8) into f32; from i8 (K 32) into
  /// i32. Every kind has the same C: lane l holds C[r][l] for the 8 rows r.
  ///   f16/bf16: lane l holds A[r][l] (r = 0..7) and B[k][l] (k = 0..15);
  ///   tf32:     A[2r + l / 8][l % 8] (r = 0..3) and B[k][l] (k = 0..7);
  ///   i8:       A[r][2l] and A[r][2l + 1] (r = 0..7) and B[k][l] (k = 0..31)
  /// (cl_intel_subgroup_matrix_multiply_accumulate's SIMD16 layouts).
  static gpu::MatrixInstruction
  getDpasInstruction(gpu::MatrixElement input = gpu::MatrixElement::F16);

private:
  IntelArch arch = IntelArch::PVC;
};

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_INTELTARGET_H
