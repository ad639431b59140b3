//===- Passes.h - Conversions of the CPU backend ------------------*- C++ -*-===//
//
// Passes that lower tile IR towards the LLVM dialect for x86-64. See
// Passes.td for what each does and Pipeline.h for the order they run in.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_PASSES_H
#define TESSEL_BACKENDS_CPU_CONVERSION_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tessel::cpu {

/// Unit attribute marking the entry functions that
/// `convert-tile-kernels-to-cpu-entries` creates (the symbols a kernel
/// shared object exports; see KernelABI.h). It survives the lowering to the
/// LLVM dialect.
inline constexpr llvm::StringLiteral kCpuKernelEntryAttrName = "tessel.cpu.entry";

#define GEN_PASS_DECL
#include "backends/cpu/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/cpu/Conversion/Passes.h.inc"

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_PASSES_H
