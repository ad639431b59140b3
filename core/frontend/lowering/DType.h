//===- DType.h - Element types of the kernel language ------------*- C++ -*-===//
//
// The kernel language distinguishes signed and unsigned integers, which MLIR's
// signless integers do not, so the frontend tracks its own element type next
// to every IR value and maps it to MLIR only when emitting.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_DTYPE_H
#define TESSEL_CORE_FRONTEND_LOWERING_DTYPE_H

#include <optional>
#include <string>

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"

namespace tessel::frontend {

/// Scalar element kinds of the kernel language.
enum class Scalar {
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  F8E4M3,
  F8E5M2,
  F16,
  BF16,
  F32,
  F64,
};

/// An element type: a scalar, or a pointer to a scalar (`*fp16`).
struct DType {
  Scalar scalar = Scalar::I32;
  bool isPointer = false;

  static DType of(Scalar s) { return DType{s, false}; }
  static DType pointerTo(Scalar s) { return DType{s, true}; }

  bool isInt() const;    ///< any integer, including i1
  bool isSigned() const; ///< signed integer (i1 counts as unsigned)
  bool isFloat() const;
  bool isBool() const { return !isPointer && scalar == Scalar::I1; }
  bool isFp8() const;
  /// Bit width of the scalar (pointers: 64).
  unsigned bitWidth() const;
  /// The pointee as a scalar type (for pointers).
  DType pointee() const { return DType{scalar, false}; }

  /// Triton's spelling: "fp16", "i32", "u8", "*bf16", "i1".
  std::string name() const;
  /// The MLIR type: signless integers, builtin floats, !tile.ptr<T>.
  mlir::Type toMLIR(mlir::MLIRContext *context) const;

  friend bool operator==(DType a, DType b) {
    return a.scalar == b.scalar && a.isPointer == b.isPointer;
  }
  friend bool operator!=(DType a, DType b) { return !(a == b); }
};

/// Parses a signature element type: "fp16", "float16", "bf16", "fp8e4nv",
/// "fp8e5", "i32", "int32", "u8", "uint8", "i1", "*fp32" (pointer).
std::optional<DType> parseDType(const std::string &spelling);

/// The dtype named by a `tl.<attr>` attribute (`tl.float16`, `tl.int32`,
/// `tl.float8e4nv`, ...), or nullopt.
std::optional<DType> dtypeForTlName(const std::string &attr);

/// The element type binary arithmetic computes in, following Triton's rules:
/// floats win over integers; among floats the widest wins and fp16 with bf16
/// gives fp32; among integers the wider wins, and with mixed signedness the
/// unsigned one wins when it is at least as wide.
DType promote(DType a, DType b);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_DTYPE_H
