//===- Pipeline.h - Tile IR to the LLVM dialect for AMD GPUs ------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_AMD_PIPELINE_H
#define TESSEL_BACKENDS_AMD_PIPELINE_H

#include "backends/amd/AmdOptions.h"
#include "backends/amd/AmdTarget.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

namespace tessel::amd {

/// The MFMA shape for `module`'s dots on CDNA with `numWarps` waves:
/// 32x32x8 (fewer instructions and LDS reads per flop) where every dot the
/// 16x16x16 shape could place on the matrix cores fits it too, else
/// 16x16x16 — Triton's AMD rule (32x32 once M and N reach 32 per wave)
/// stated over the shared lowering's warp arrangement.
MfmaShape chooseMfmaShape(mlir::ModuleOp module, const AmdTarget &target,
                          unsigned numWarps);

/// The waves per work-group a kernel of `module` gets when its launch names
/// none: getDefaultNumWarps (Heuristics.h) for its largest tile.
unsigned chooseNumWarps(mlir::ModuleOp module, const AmdTarget &target);

/// Appends the lowering of a tile IR module to the LLVM + ROCDL dialects:
/// the shared GPU passes configured from `target`'s description with the
/// wave size and matrix instruction, the shared tile-to-GPU lowering with
/// ROCDL hooks, math as calls into the ROCm device library (ocml), and the
/// upstream conversions to LLVM. `shape` is the MFMA shape (CDNA).
void buildAmdLoweringPipeline(mlir::OpPassManager &pm, const AmdTarget &target,
                              const AmdOptions &options, MfmaShape shape);

/// Registers the backend's passes and the `tile-amd-lower-to-llvm`
/// pipeline (with `num-warps` and `arch`) for tessel-opt.
void registerAmdBackendPasses();

/// Registers the dialects and LLVM IR translations the backend needs.
void registerAmdBackendDialects(mlir::DialectRegistry &registry);

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_PIPELINE_H
