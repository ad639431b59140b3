//===- CpuTarget.h - Typed x86-64 targets of the CPU backend ------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_CPU_CPUTARGET_H
#define TESSEL_BACKENDS_CPU_CPUTARGET_H

#include <optional>
#include <string>

#include "llvm/ADT/StringRef.h"

namespace tessel::cpu {

/// The x86-64 micro-architecture levels the CPU backend compiles for.
enum class CpuArch {
  /// The x86-64 baseline (SSE2): runs on every x86-64 machine.
  X86_64,
  /// x86-64-v3: AVX2, FMA, F16C, BMI2 (Haswell and later, Zen and later).
  X86_64_V3,
  /// The CPU of the machine that compiles, with all its features. Code
  /// compiled for it may not run elsewhere.
  Native,
};

/// A CPU target: the `<arch>` of a `cpu:<arch>` target string.
struct CpuTarget {
  CpuArch arch = CpuArch::X86_64;

  /// Parses `x86-64`, `x86-64-v3` or `native`; std::nullopt otherwise.
  static std::optional<CpuTarget> parse(llvm::StringRef name);

  /// The name `parse` accepts for this target.
  llvm::StringRef getName() const;

  /// The LLVM CPU name code is generated for (for `native`, the host's).
  std::string getLLVMCpuName() const;

  /// The LLVM target feature string (`+avx2,...`); for `native`, every
  /// feature the host reports, so code never uses what the host lacks.
  std::string getLLVMFeatures() const;

  /// The target triple every kernel is compiled for.
  static llvm::StringRef getTriple() { return "x86_64-unknown-linux-gnu"; }
};

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CPUTARGET_H
