//===- CodeGen.h - Tile IR to null GPU objects --------------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_NULLGPU_CODEGEN_H
#define TESSEL_BACKENDS_NULLGPU_CODEGEN_H

#include <string>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LogicalResult.h"

namespace tessel::nullgpu {

struct NullGpuOptions {
  /// Sub-groups (warps) of 16 lanes per block; a power of two, 1 to 32.
  unsigned numWarps = 4;
  unsigned numStages = 2;
  unsigned optLevel = 3;
};

struct CompiledKernel {
  /// An x86-64 ELF relocatable object: the kernel entry and calls of the
  /// null GPU's runtime functions (NullGpuHooks.h).
  std::string object;
  unsigned threadsPerBlock = 0;
  unsigned sharedMemoryBytes = 0;
};

/// Appends the lowering of tile IR to the LLVM dialect: the target-neutral
/// expansions, the shared GPU passes configured from getNullGpuDescription(),
/// the shared tile-to-GPU conversion with NullGpuHooks, upstream conversions.
void buildNullGpuLoweringPipeline(mlir::OpPassManager &pm,
                                  const NullGpuOptions &options);

/// Registers the dialects and LLVM IR translations the backend needs.
void registerNullGpuBackendDialects(mlir::DialectRegistry &registry);

/// Registers `tile-nullgpu-lower-to-llvm` (with `num-warps`) for tessel-opt.
void registerNullGpuBackendPasses();

/// Lowers a copy of `module` and compiles it with the shared LLVM code
/// generation (backends/common). Errors are diagnostics on the module.
mlir::FailureOr<CompiledKernel> compileTileModule(mlir::ModuleOp module,
                                                  const NullGpuOptions &options);

} // namespace tessel::nullgpu

#endif // TESSEL_BACKENDS_NULLGPU_CODEGEN_H
