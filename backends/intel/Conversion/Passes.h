//===- Passes.h - Conversions of the Intel backend ---------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_INTEL_CONVERSION_PASSES_H
#define TESSEL_BACKENDS_INTEL_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tessel::intel {

#define GEN_PASS_DECL
#include "backends/intel/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "backends/intel/Conversion/Passes.h.inc"

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_CONVERSION_PASSES_H
