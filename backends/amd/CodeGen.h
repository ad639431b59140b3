//===- CodeGen.h - Tile IR to AMDGPU code objects -----------------*- C++ -*-===//
//
// LLVM's AMDGPU backend in process makes a relocatable object; ld.lld,
// run as a child process with --no-undefined, links it into an HSA code
// object (v5). Transcendental math links ocml from the ROCm device
// libraries, only when a kernel calls it. Errors are emitted as
// diagnostics on the module's context.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_AMD_CODEGEN_H
#define TESSEL_BACKENDS_AMD_CODEGEN_H

#include <string>

#include "backends/amd/AmdOptions.h"
#include "backends/amd/AmdTarget.h"
#include "backends/amd/CodeObject.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"

namespace tessel::amd {

struct CompiledKernel {
  /// The code object (an ELF shared object).
  std::string codeObject;
  unsigned numWarps = 4;
  unsigned threadsPerBlock = 256;
  /// LDS per work-group, bytes.
  unsigned sharedMemoryBytes = 0;
  MfmaShape mfmaShape = MfmaShape::M32N32K8;
  /// The kernel's entry of the code object's metadata, and its occupancy in
  /// waves per SIMD.
  KernelInfo metadata;
  unsigned occupancy = 0;
  /// Device library functions linked in ("__ocml_exp_f32"...).
  std::vector<std::string> linkedLibraryFunctions;
  /// With keepStages: the optimized LLVM IR and the assembly.
  std::string llvmIR, assembly;
};

/// The whole path for `kernelName`; the input module is left unchanged.
/// With `keepStages`, the LLVM IR and the assembly are kept too.
mlir::FailureOr<CompiledKernel> compileTileModule(mlir::ModuleOp module,
                                                  llvm::StringRef kernelName,
                                                  const AmdTarget &target,
                                                  const AmdOptions &options,
                                                  bool keepStages = false);

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_CODEGEN_H
