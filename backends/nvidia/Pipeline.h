//===- Pipeline.h - Tile IR to the LLVM dialect for NVIDIA GPUs ---*- C++ -*-===//

#ifndef TESSEL_BACKENDS_NVIDIA_PIPELINE_H
#define TESSEL_BACKENDS_NVIDIA_PIPELINE_H

#include "backends/nvidia/NvidiaOptions.h"
#include "backends/nvidia/NvidiaTarget.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

namespace tessel::nvidia {

/// Appends the lowering of a tile IR module to the LLVM + NVVM dialects:
/// tensor descriptors to pointers, layouts (tilegpu-assign-layouts), the
/// shared tile-to-GPU lowering with NVVM hooks, math without libdevice, and
/// the upstream conversions to LLVM. The shared GPU passes are configured
/// from `target`'s GPU description (NvidiaTarget::getGpuDescription).
void buildNvidiaLoweringPipeline(mlir::OpPassManager &pm, const NvidiaTarget &target,
                                 const NvidiaOptions &options);

/// Registers the backend's passes and the `tile-nvidia-lower-to-llvm`
/// pipeline (with `num-warps` and `arch`) for tessel-opt.
void registerNvidiaBackendPasses();

/// Registers the dialects and LLVM IR translations the backend needs.
void registerNvidiaBackendDialects(mlir::DialectRegistry &registry);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_PIPELINE_H
