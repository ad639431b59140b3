//===- Passes.h - Shared GPU passes over tile IR ------------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_PASSES_H
#define TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tessel::gpu {

#define GEN_PASS_DECL
#include "backends/gpu_common/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/gpu_common/Transforms/Passes.h.inc"

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_PASSES_H
