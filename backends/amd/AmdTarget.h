//===- AmdTarget.h - AMD GPU targets ------------------------------*- C++ -*-===//
//
// The four AMD chips the backend compiles for, and what each offers the
// shared GPU lowering. Plain C++ (no LLVM): the runtime-only plugin maps
// devices to targets with it too.
//
// Two families with different rules:
//   CDNA (gfx90a MI200, gfx942 MI300): 64-lane waves, MFMA matrix cores with
//     accumulators that may live in AGPRs, 512 registers per lane per SIMD
//     shared by VGPRs and AGPRs, at most 8 waves per SIMD.
//   RDNA (gfx1100 RDNA3, gfx1200 RDNA4): 32-lane waves (the backend does not
//     use their wave64 mode), WMMA, 1536 VGPRs per lane slot of a SIMD in
//     wave32, at most 16 waves per SIMD.
// All four have 64 KiB of LDS a work-group may use.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_AMD_AMDTARGET_H
#define TESSEL_BACKENDS_AMD_AMDTARGET_H

#include <optional>
#include <string>
#include <string_view>

#include "backends/gpu_common/GpuTargetDescription.h"

namespace tessel::amd {

enum class AmdArch { GFX90A, GFX942, GFX1100, GFX1200 };

/// The matrix instruction family a target's dots use.
enum class MatrixFamily {
  MFMA,      ///< CDNA: v_mfma_*, fragments spread over 64 lanes.
  WMMAGfx11, ///< RDNA3: v_wmma_* with A and B replicated in both half-waves.
  WMMAGfx12, ///< RDNA4: v_wmma_* with each half-wave holding half of K.
};

/// Which MFMA shape a CDNA dot uses (Triton's rule: 32x32 when the block's
/// M and N are both at least 32 per wave, 16x16 otherwise).
enum class MfmaShape { M32N32K8, M16N16K16 };

class AmdTarget {
public:
  AmdTarget() = default;
  explicit AmdTarget(AmdArch arch) : arch(arch) {}

  /// "gfx90a", "gfx942", "gfx1100" or "gfx1200"; nullopt otherwise.
  static std::optional<AmdTarget> parse(std::string_view name);
  /// The target for an HSA agent / HIP device name such as
  /// "gfx90a:sramecc+:xnack-" (the target features after ':' are ignored:
  /// code objects are built "any" for both). gfx1101/gfx1102 run gfx1100
  /// code, gfx1201 runs gfx1200 code; nullopt for anything else.
  static std::optional<AmdTarget> forAgentName(std::string_view name);

  AmdArch getArch() const { return arch; }
  /// The name used in target strings and for LLVM's -mcpu.
  std::string_view getName() const;
  static std::string_view getTriple() { return "amdgcn-amd-amdhsa"; }
  /// The chip's number in the ELF header's e_flags (EF_AMDGPU_MACH_*).
  unsigned getElfMach() const;
  /// ISA version as the device libraries spell it: 9010, 9402, 11000, 12000.
  unsigned getIsaVersion() const;

  bool isCdna() const { return arch == AmdArch::GFX90A || arch == AmdArch::GFX942; }
  unsigned getWaveSize() const { return isCdna() ? 64 : 32; }
  MatrixFamily getMatrixFamily() const;
  /// fp8 (e4m3/e5m2 "fnuz" on gfx942) MFMA.
  bool hasFp8Matrix() const { return arch == AmdArch::GFX942; }

  /// LDS a work-group may allocate, bytes.
  unsigned getLdsPerWorkgroup() const { return 64 * 1024; }
  /// LDS of one compute unit (CDNA) or one CU of a WGP in CU mode (RDNA),
  /// which the work-groups resident on it share.
  unsigned getLdsPerComputeUnit() const { return 64 * 1024; }
  /// Vector registers of one lane slot of a SIMD (CDNA: VGPRs and AGPRs
  /// together), the per-wave maximum of each kind, and the allocation
  /// granule.
  unsigned getRegistersPerSimd() const { return isCdna() ? 512 : 1536; }
  unsigned getMaxVgprsPerWave() const { return isCdna() ? 512 : 256; }
  unsigned getVgprGranule() const { return isCdna() ? 8 : 24; }
  unsigned getMaxWavesPerSimd() const { return isCdna() ? 8 : 16; }
  /// SIMDs per compute unit (RDNA: per CU of a WGP).
  unsigned getSimdsPerComputeUnit() const { return isCdna() ? 4 : 2; }
  unsigned getMaxThreadsPerWorkgroup() const { return 1024; }

  /// What the target offers the shared GPU lowering, with `shape` as the
  /// preferred MFMA on CDNA (ignored on RDNA).
  gpu::GpuTargetDescription
  getGpuDescription(MfmaShape shape = MfmaShape::M32N32K8) const;
  /// The warp-level matrix instruction the backend issues for `shape`.
  gpu::MatrixInstruction
  getMatrixInstruction(MfmaShape shape = MfmaShape::M32N32K8) const;

private:
  AmdArch arch = AmdArch::GFX942;
};

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_AMDTARGET_H
