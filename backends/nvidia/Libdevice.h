//===- Libdevice.h - CUDA's libdevice, linked when called ---------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_NVIDIA_LIBDEVICE_H
#define TESSEL_BACKENDS_NVIDIA_LIBDEVICE_H

#include <string>
#include <vector>

#include "mlir/IR/Location.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/IR/Module.h"

namespace tessel::nvidia {

/// Where libdevice is when no path is given: beside the PTX assembler, in
/// the same CUDA toolkit (<cuda>/bin/ptxas, <cuda>/nvvm/libdevice/).
std::string getDefaultLibdevicePath(const std::string &ptxasPath);

/// Links into `module` the functions of CUDA's libdevice (the bitcode file
/// `path`) that it calls (__nv_*), and nothing, without reading the file,
/// when it calls none. libdevice asks `__nvvm_reflect` whether to flush
/// denormals; the module says no (nvvm-reflect-ftz 0), as the rest of the
/// backend computes with denormals, and NVPTX folds the query. Afterwards
/// the library's functions are internal, so that LLVM inlines what the
/// kernels reach and drops the rest. Returns the functions the kernel
/// called.
mlir::FailureOr<std::vector<std::string>>
linkLibdevice(llvm::Module &module, const std::string &path, mlir::Location loc);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_LIBDEVICE_H
