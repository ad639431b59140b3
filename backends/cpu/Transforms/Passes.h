//===- Passes.h - CPU-specific transformations --------------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_CPU_TRANSFORMS_PASSES_H
#define TESSEL_BACKENDS_CPU_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace tessel::cpu {

#define GEN_PASS_DECL
#include "backends/cpu/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/cpu/Transforms/Passes.h.inc"

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_TRANSFORMS_PASSES_H
