//===- ElementAccess.h - One-element memory accesses --------------*- C++ -*-===//
//
// Helpers shared by the memory and atomic lowerings: every tile memory
// access ends up as one of these on a single element at an i64 address, or
// as one vector access of a run of contiguous lanes.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_ELEMENTACCESS_H
#define TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_ELEMENTACCESS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace tessel::cpu {

/// Size in bytes of one element of `pointee` in memory: its bit width
/// rounded up to bytes, 8 for a pointer. Returns 0 for a type that has no
/// memory representation on the CPU.
int64_t getElementByteSize(mlir::Type pointee);

/// The type the LLVM dialect loads and stores for an element of the already
/// converted type `type`: `type` itself when LLVM knows it, else the integer
/// of the same width (the 8-bit float types, which LLVM has no type for).
mlir::Type getStorageType(mlir::Type type);

/// A zero of the scalar integer or float type `type`.
mlir::Value createZero(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::Type type);

/// `llvm.inttoptr` of the i64 address `address`.
mlir::Value createPointer(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value address);

/// `address + offset * size`: the i64 address(es) `address` advanced by the
/// signed element count(s) `offset` (any integer width; scalars, vectors or
/// tensors of one shape) of `size`-byte elements.
mlir::Value createAddressOffset(mlir::OpBuilder &builder, mlir::Location loc,
                                mlir::Value address, mlir::Value offset,
                                int64_t size);

/// Loads one element of type `type` from `address`, naturally aligned.
mlir::Value createElementLoad(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value address, mlir::Type type,
                              bool isVolatile);

/// Stores `value` to `address`, naturally aligned.
void createElementStore(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value address, mlir::Value value);

/// Builds `scf.if %mask` around `access` (which returns the value the access
/// produced, or nothing) so that the access only runs where the mask is
/// true; a false mask yields `otherwise` (when the access yields a value).
/// Without a mask, `access` is emitted unconditionally.
mlir::Value createGuarded(
    mlir::OpBuilder &builder, mlir::Location loc, mlir::Value mask,
    mlir::Type resultType, mlir::Value otherwise,
    llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Location)> access);

/// Loads a run of `type.getNumElements()` contiguous elements from
/// `pointer` (an `!llvm.ptr`), naturally aligned. Without `mask`, one plain
/// vector load. With it (a vector of i1), a plain vector load when every
/// lane of the mask is true at run time, else `llvm.intr.masked.load`
/// with `other` (zero when null) in the masked-off lanes, which are not
/// read: a masked load is much slower than a plain one on x86 (AVX2
/// `vmaskmovps` keeps a streaming loop well below memory bandwidth), and
/// only the last run of a ragged tile needs it.
mlir::Value createRunLoad(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value pointer, mlir::VectorType type,
                          mlir::Value mask, mlir::Value other);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_ELEMENTACCESS_H
