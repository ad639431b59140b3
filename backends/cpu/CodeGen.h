//===- CodeGen.h - Tile IR to x86-64 shared objects ---------------*- C++ -*-===//
//
// The CPU backend's code generation: a tile IR module in, the bytes of an
// ELF shared object out, exporting one entry per kernel as described in
// KernelABI.h. Errors are emitted as diagnostics on the module's context.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_CODEGEN_H
#define TESSEL_BACKENDS_CPU_CODEGEN_H

#include <string>
#include <vector>

#include "backends/cpu/CpuOptions.h"
#include "backends/cpu/CpuTarget.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"

namespace tessel::cpu {

/// The texts a compile can keep for a person to read: the optimized LLVM
/// IR module and its x86-64 assembly.
struct CpuStages {
  std::string llvmIR;
  std::string assembly;
  /// Skip the assembly, which takes a second code generation.
  bool withoutAssembly = false;
};

/// Compiles every kernel (public func.func) of the tile IR module `module`
/// for `target` and returns the shared object's bytes. `module` is not
/// changed (the lowering runs on a clone). Its context must have the
/// dialects of registerCpuBackendDialects (Pipeline.h) available; missing
/// ones are loaded on demand.
/// With `stages`, also fills it from the same compile.
mlir::FailureOr<std::string>
compileTileModuleToSharedObject(mlir::ModuleOp module, const CpuTarget &target,
                                const CpuOptions &options, CpuStages *stages = nullptr);

/// Lowers the tile IR module `module` in place to the LLVM dialect
/// (buildCpuLoweringPipeline).
mlir::LogicalResult lowerTileModuleToLLVMDialect(mlir::ModuleOp module,
                                                 const CpuOptions &options);

/// Translates an LLVM-dialect module to LLVM IR, links in the CPU runtime
/// helpers it calls, gives every function but the kernel entries internal
/// linkage and optimizes it for `target` at `options.optLevel`. Returns the
/// textual LLVM IR (for inspection and tests).
mlir::FailureOr<std::string> compileLLVMDialectToOptimizedIR(mlir::ModuleOp module,
                                                             const CpuTarget &target,
                                                             const CpuOptions &options);

/// As compileLLVMDialectToOptimizedIR, but returns a relocatable x86-64 ELF
/// object file. With `stages`, also keeps the optimized IR and the
/// assembly of the same optimized module.
mlir::FailureOr<std::string> compileLLVMDialectToObject(mlir::ModuleOp module,
                                                        const CpuTarget &target,
                                                        const CpuOptions &options,
                                                        CpuStages *stages = nullptr);

/// Links the relocatable object `object` into a shared object with the
/// linker of `options`. On failure the error (on `loc`) carries the
/// linker's output and a command line that reproduces it, and the input is
/// kept on disk for that purpose.
mlir::FailureOr<std::string>
linkSharedObject(llvm::StringRef object, const CpuOptions &options, mlir::Location loc);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CODEGEN_H
