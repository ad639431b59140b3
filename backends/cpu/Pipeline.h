//===- Pipeline.h - Tile IR to the LLVM dialect for x86-64 --------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_CPU_PIPELINE_H
#define TESSEL_BACKENDS_CPU_PIPELINE_H

#include "backends/cpu/CpuOptions.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

namespace tessel::cpu {

/// Adds to `pm` (on a builtin.module) every pass that takes a tile IR module
/// to the LLVM dialect: the CPU conversions of Conversion/Passes.h, then
/// upstream elementwise-to-linalg and fusion, one-shot bufferization, buffer
/// deallocation, linalg to loops, and the conversions to LLVM.
void buildCpuLoweringPipeline(mlir::OpPassManager &pm, const CpuOptions &options);

/// Registers the CPU backend's passes and the pipeline
/// `tile-cpu-lower-to-llvm` (buildCpuLoweringPipeline with default options)
/// with the global pass registry, for tessel-opt.
void registerCpuBackendPasses();

/// Adds every dialect the CPU lowering creates, and the interfaces it needs
/// (bufferization models, LLVM translation), to `registry`.
void registerCpuBackendDialects(mlir::DialectRegistry &registry);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_PIPELINE_H
