//===- Pipeline.h - Tile IR to the LLVM dialect for Intel GPUs ----*- C++ -*-===//

#ifndef TESSEL_BACKENDS_INTEL_PIPELINE_H
#define TESSEL_BACKENDS_INTEL_PIPELINE_H

#include "backends/intel/IntelOptions.h"
#include "backends/intel/IntelTarget.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

namespace tessel::intel {

/// The shared GPU pipeline with the Intel hooks: tile IR to the LLVM
/// dialect with OpenCL built-in calls, `spir_kernel` entries and a static
/// work-group variable for shared local memory. Math without an LLVM
/// intrinsic becomes libm calls, which code generation renames to OpenCL's
/// built-ins (CodeGen.cpp).
void buildIntelLoweringPipeline(mlir::OpPassManager &pm, const IntelTarget &target,
                                const IntelOptions &options);

/// Sub-groups per work-group when the kernel does not say: 8 for tiles of
/// 8192 elements or more, 4 otherwise.
unsigned chooseNumWarps(mlir::ModuleOp module);

void registerIntelBackendDialects(mlir::DialectRegistry &registry);
/// The passes and `tile-intel-lower-to-llvm` for tessel-opt.
void registerIntelBackendPasses();

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_PIPELINE_H
