//===- AmdOptions.h - Options of the AMD backend ------------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_AMD_AMDOPTIONS_H
#define TESSEL_BACKENDS_AMD_AMDOPTIONS_H

#include <optional>
#include <string>

#include "backends/amd/AmdTarget.h"

namespace tessel::amd {

struct AmdOptions {
  /// Waves per work-group; a power of two from 1 to 16 (1024 threads on
  /// RDNA's 32-lane waves, 16 x 64 on CDNA).
  unsigned numWarps = 4;
  /// Software pipelining depth of loops with a dot: 2 or more issues the
  /// loads of a dot's operands one iteration ahead, in registers; 1 turns
  /// it off.
  unsigned numStages = 2;
  /// `amdgpu-waves-per-eu`: the waves per SIMD the register allocator must
  /// leave room for; 0 leaves it to LLVM.
  unsigned wavesPerEu = 0;
  /// The MFMA shape on CDNA; unset: 32x32x8 where every dot can use it,
  /// else 16x16x16 (chooseMfmaShape).
  std::optional<MfmaShape> mfmaShape;
  /// Dots in loops stage their operands in two LDS buffers of their own;
  /// compileTileModule turns it off when the kernel would not fit in LDS.
  bool doubleBufferDots = true;
  /// LLVM optimization level, 0..3.
  unsigned optLevel = 3;
  /// The linker that makes the code object, run as a child process.
  std::string linkerPath = "/usr/bin/ld.lld-22";
  /// Where the ROCm device libraries (ocml.bc, ockl.bc) are.
  std::string deviceLibraryDir = "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode";
};

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_AMDOPTIONS_H
