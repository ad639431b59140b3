//===- CodeGen.h - Tile IR to PTX and cubin -----------------------*- C++ -*-===//
//
// PTX comes from LLVM's NVPTX backend in process; the cubin from NVIDIA's
// `ptxas`, run as a child process. Errors are emitted as diagnostics on the
// module's context (at the offending op where there is one).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_CODEGEN_H
#define TESSEL_BACKENDS_NVIDIA_CODEGEN_H

#include <string>

#include "backends/nvidia/NvidiaOptions.h"
#include "backends/nvidia/NvidiaTarget.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"

namespace tessel::nvidia {

/// What a compiled kernel needs at launch besides its arguments.
struct KernelLaunchInfo {
  unsigned numWarps = 4;
  unsigned threadsPerBlock = 128;
  /// Dynamic shared memory per block, bytes.
  unsigned sharedMemoryBytes = 0;
};

struct CompiledKernel {
  std::string ptx;
  std::string cubin;
  KernelLaunchInfo launch;
  /// The LLVM IR module after its LLVM passes, when asked for.
  std::string llvmIR;
};

/// Lowers a tile IR module in place to the LLVM + NVVM dialects
/// (buildNvidiaLoweringPipeline) and returns its launch information.
mlir::FailureOr<KernelLaunchInfo>
lowerTileModuleToLLVMDialect(mlir::ModuleOp module, const NvidiaTarget &target,
                             const NvidiaOptions &options);

/// PTX text of a module in the LLVM + NVVM dialects. With `llvmIR`, also
/// the optimized LLVM IR module the PTX is generated from.
mlir::FailureOr<std::string> compileLLVMDialectToPtx(mlir::ModuleOp module,
                                                     const NvidiaTarget &target,
                                                     const NvidiaOptions &options,
                                                     std::string *llvmIR = nullptr);

/// Assembles PTX with `options.ptxasPath -arch=<target>`. On failure the PTX
/// is kept in a temporary directory and the error (emitted at `loc`) holds
/// ptxas's output and the command line that reproduces it.
mlir::FailureOr<std::string> assemblePtx(llvm::StringRef ptx,
                                         const NvidiaTarget &target,
                                         const NvidiaOptions &options,
                                         mlir::Location loc);

/// The whole path; the input module is left unchanged. With `keepLLVMIR`,
/// CompiledKernel::llvmIR is filled.
mlir::FailureOr<CompiledKernel> compileTileModule(mlir::ModuleOp module,
                                                  const NvidiaTarget &target,
                                                  const NvidiaOptions &options,
                                                  bool keepLLVMIR = false);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_CODEGEN_H
