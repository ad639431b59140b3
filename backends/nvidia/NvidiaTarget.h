//===- NvidiaTarget.h - NVIDIA GPU targets ------------------------*- C++ -*-===//
//
// Plain C++ (no LLVM): the runtime-only plugin maps devices to targets too.
//

#ifndef TESSEL_BACKENDS_NVIDIA_NVIDIATARGET_H
#define TESSEL_BACKENDS_NVIDIA_NVIDIATARGET_H

#include <optional>
#include <string>
#include <string_view>

#include "backends/gpu_common/GpuTargetDescription.h"

namespace tessel::nvidia {

/// The GPU architectures the backend generates code for.
enum class NvidiaArch {
  SM80,   ///< Ampere (A100): mma.sync, cp.async.
  SM90a,  ///< Hopper (H100/H200), with the arch-specific wgmma and TMA.
  SM100a, ///< Blackwell (B200): tcgen05 and tensor memory. Expressible as a
          ///< target description; the plugin does not offer it yet.
};

/// A PTX ISA version, e.g. {8, 5} for `.version 8.5`.
struct PtxVersion {
  unsigned major;
  unsigned minor;
};

class NvidiaTarget {
public:
  NvidiaTarget() = default;
  explicit NvidiaTarget(NvidiaArch arch) : arch(arch) {}

  /// "sm_80", "sm_90a" or "sm_100a"; nullopt for anything else.
  static std::optional<NvidiaTarget> parse(std::string_view name);
  /// The target for a device of compute capability major.minor: 9.x runs
  /// sm_90a code, 8.x (x >= 0) sm_80 code; nullopt below 8.0.
  static std::optional<NvidiaTarget> forComputeCapability(int major, int minor);

  NvidiaArch getArch() const { return arch; }
  /// The name used in target strings, for LLVM's -mcpu and ptxas -arch.
  std::string_view getName() const;
  /// The PTX ISA version this target's code is emitted at: 8.5 for
  /// sm_80/sm_90a (what the backend is validated at; a CUDA 12.5 driver
  /// loads it), 8.6 for sm_100a (the first version that knows sm_100a and
  /// tcgen05).
  PtxVersion getPtxVersion() const;
  /// getPtxVersion() as an NVPTX subtarget feature, e.g. "+ptx85".
  std::string getPtxFeature() const;
  static std::string_view getTriple() { return "nvptx64-nvidia-cuda"; }
  /// Shared memory a block may use with opt-in (bytes).
  unsigned getMaxSharedMemoryPerBlock() const;
  /// What this target offers the shared GPU lowering: 32-lane warps,
  /// mma.sync m16n8k16 and cp.async from sm_80, wgmma and TMA from sm_90a,
  /// tcgen05 on sm_100a.
  gpu::GpuTargetDescription getGpuDescription() const;
  /// mma.sync.m16n8k16 with f16/bf16 inputs and f32 accumulators, which
  /// every supported architecture runs (with its fragments).
  static gpu::MatrixInstruction getMmaSyncInstruction();

private:
  NvidiaArch arch = NvidiaArch::SM80;
};

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_NVIDIATARGET_H
