//===- CpuOptions.h - Options of the CPU backend ------------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_CPU_CPUOPTIONS_H
#define TESSEL_BACKENDS_CPU_CPUOPTIONS_H

#include <string>

namespace tessel::cpu {

/// How the CPU backend lowers and compiles a kernel module. The defaults
/// are what a plugin should use; tests and tools override single fields.
struct CpuOptions {
  /// LLVM optimization level of the generated code, 0 to 3.
  unsigned optLevel = 3;

  /// Rewrite float matmuls into register-blocked vector loops
  /// (tile-cpu-register-block-matmul). Off leaves them to the loop nest
  /// below.
  bool registerBlockMatmuls = true;

  /// Reorder matmul loops so that LLVM vectorizes their innermost loop
  /// (tile-cpu-interchange-matmul-loops). Off keeps linalg's (m, n, k) order.
  bool interchangeMatmulLoops = true;

  /// The ELF linker that makes the shared object.
  std::string linkerPath = "/usr/bin/ld.lld-22";

  /// Directory holding libc.so.6 and libm.so.6 (the shared object's only
  /// dependencies, linked with -z defs so an unresolved symbol is a compile
  /// error rather than a load error). Empty: the first of the usual
  /// multiarch directories that holds libc.so.6.
  std::string systemLibraryDir;

  /// compiler-rt builtins archive that provides half-precision conversion
  /// helpers (needed for f16 on targets without F16C). Empty: LLVM 22's
  /// archive if installed, else none.
  std::string builtinsArchive;
};

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CPUOPTIONS_H
