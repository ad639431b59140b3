//===- Passes.h - Conversions of the AMD backend ---------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_AMD_CONVERSION_PASSES_H
#define TESSEL_BACKENDS_AMD_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tessel::amd {

#define GEN_PASS_DECL
#include "backends/amd/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/amd/Conversion/Passes.h.inc"

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_CONVERSION_PASSES_H
