// What every plugin compiler half derives the same way from tile IR: the
// ABI's argument layout of a kernel function (kind, dtype, size, alignment,
// divisibility fact). Shared by the in-tree plugin adapters.
#ifndef TESSEL_PLUGINS_COMMON_KERNELARGUMENTS_H
#define TESSEL_PLUGINS_COMMON_KERNELARGUMENTS_H

#include <string>
#include <vector>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "tessel/plugin_api.h"

namespace tessel::kit {

// The Tessel_Dtype of a scalar type or `!tile.ptr` (TESSEL_DTYPE_PTR), or
// TESSEL_DTYPE_INVALID for a type the ABI cannot pass.
int32_t dtypeOf(mlir::Type type);

// Appends one Tessel_Kernel_Arg per argument of `func`: pointers are 8-byte
// addresses whose dtype is the pointee's; scalars take their own width (i1
// as one byte). Returns "" on success, else a message naming the argument.
std::string describeKernelArgs(mlir::func::FuncOp func,
                               std::vector<Tessel_Kernel_Arg>& out);

}  // namespace tessel::kit

#endif  // TESSEL_PLUGINS_COMMON_KERNELARGUMENTS_H
