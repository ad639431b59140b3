//===- CodeGen.h - Tile IR to SPIR-V for Intel GPUs ---------------*- C++ -*-===//
//
// The pipeline (Pipeline.h), then LLVM's SPIR-V backend in process: the
// module is optimized once and written twice, as the native form (DPAS as
// the SPV_INTEL_subgroup_matrix_multiply_accumulate instruction) and as the
// built-in call form (DPAS as a call of intel_sub_group_*_matrix_mad_k16,
// zeros as OpConstant), which differ in nothing else.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_CODEGEN_H
#define TESSEL_BACKENDS_INTEL_CODEGEN_H

#include <string>

#include "backends/intel/IntelOptions.h"
#include "backends/intel/IntelTarget.h"
#include "backends/intel/SpirvModule.h"
#include "mlir/IR/BuiltinOps.h"

namespace tessel::intel {

struct CompiledKernel {
  spirv::Bundle spirv;
  /// With keepStages: the optimized LLVM IR and the native form's SPIR-V
  /// assembly (the SPIR-V backend's text).
  std::string llvmIR, assembly;
  unsigned numWarps = 4;
  unsigned threadsPerBlock = 64;
  unsigned sharedMemoryBytes = 0;
  /// DPAS instructions in the native form.
  unsigned dpasCount = 0;
  /// 2D block loads (OpSubgroup2DBlockLoadINTEL) in the native form.
  unsigned blockLoadCount = 0;
  /// 2D block stores and prefetches (OpSubgroup2DBlockStoreINTEL,
  /// OpSubgroup2DBlockPrefetchINTEL) in the native form.
  unsigned blockStoreCount = 0, blockPrefetchCount = 0;
};

/// The SPIR-V extensions the backend lets LLVM use.
const char *getSpirvExtensions();

mlir::FailureOr<CompiledKernel> compileTileModule(mlir::ModuleOp module,
                                                  llvm::StringRef kernelName,
                                                  const IntelTarget &target,
                                                  const IntelOptions &options,
                                                  bool keepStages);

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_CODEGEN_H
