//===- RuntimeBitcode.h - The CPU runtime helpers as LLVM bitcode -*- C++ -*-===//

#ifndef TESSEL_BACKENDS_CPU_RUNTIME_RUNTIMEBITCODE_H
#define TESSEL_BACKENDS_CPU_RUNTIME_RUNTIMEBITCODE_H

#include "llvm/ADT/StringRef.h"

namespace tessel::cpu {

/// CpuRuntime.c compiled to x86-64 LLVM bitcode when Tessel was built;
/// CodeGen links the helpers a kernel calls into its shared object.
llvm::StringRef getCpuRuntimeBitcode();

/// Whether `name` is a function CpuRuntime.c defines (they all start with
/// `tessel_cpu_`).
inline bool isCpuRuntimeFunction(llvm::StringRef name) {
  return name.starts_with("tessel_cpu_");
}

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_RUNTIME_RUNTIMEBITCODE_H
