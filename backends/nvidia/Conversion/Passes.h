//===- Passes.h - Conversions of the NVIDIA backend ---------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_NVIDIA_CONVERSION_PASSES_H
#define TESSEL_BACKENDS_NVIDIA_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tessel::nvidia {

#define GEN_PASS_DECL
#include "backends/nvidia/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/nvidia/Conversion/Passes.h.inc"

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_CONVERSION_PASSES_H
