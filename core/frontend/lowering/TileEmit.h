//===- TileEmit.h - Small compositions of tile ops (internal) -----*- C++ -*-===//
//
// Builders shared by the builtins that the frontend composes from existing
// tile, arith and math ops (join/split, gather, sort, Philox, dot_scaled):
// ranges along an axis, reshapes, broadcasts, bit reinterpretation and
// bitwise reductions. All of them work on IR values whose shapes are already
// checked; they never fail.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LOWERING_TILEEMIT_H
#define TESSEL_CORE_FRONTEND_LOWERING_TILEEMIT_H

#include "core/frontend/lowering/Lowerer.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tessel::frontend {

/// Emits at the lowerer's insertion point, at one location.
struct TileEmit {
  Lowerer &L;
  mlir::Location loc;

  TileEmit(Lowerer &lowerer, SourceLoc at) : L(lowerer), loc(lowerer.toLoc(at)) {}

  mlir::OpBuilder &b() { return L.builder_; }
  static llvm::ArrayRef<int64_t> shapeOf(mlir::Value v);
  static mlir::Type elementOf(mlir::Type t);
  /// `elem` with `shape` (the scalar itself for an empty shape).
  static mlir::Type withShape(mlir::Type elem, llvm::ArrayRef<int64_t> shape);

  /// 0, 1, ..., n-1 as i32, shaped 1 everywhere but along `axis` of `rank`.
  mlir::Value iotaAlong(int64_t n, int64_t rank, int64_t axis);
  /// Row-major reshape (no-op for the same shape; scalars are splat first).
  mlir::Value reshape(mlir::Value v, llvm::ArrayRef<int64_t> shape);
  /// Broadcast of a same-rank tile with size-1 dimensions, or splat of a scalar.
  mlir::Value broadcast(mlir::Value v, llvm::ArrayRef<int64_t> shape);
  mlir::Value expandDims(mlir::Value v, int64_t axis);
  /// An integer or float constant of `elem` with `shape`.
  mlir::Value constant(mlir::Type elem, llvm::ArrayRef<int64_t> shape, int64_t value);
  mlir::Value constantBits(mlir::Type elem, llvm::ArrayRef<int64_t> shape,
                           const llvm::APInt &value);
  mlir::Value constantFloat(mlir::Type elem, llvm::ArrayRef<int64_t> shape, double v);
  /// The same bits as a signless integer of the same width (floats only change).
  mlir::Value toBits(mlir::Value v);
  /// Reinterprets integer bits as `elem` (of the same width).
  mlir::Value fromBits(mlir::Value bits, mlir::Type elem);
  /// Integer extension or truncation to `width` bits.
  mlir::Value intToWidth(mlir::Value v, unsigned width, bool isSigned);

  enum class Combine { Or, Xor, AddI };
  /// Reduces an integer tile along `axis` (a scalar for 1-D tiles).
  mlir::Value reduce(mlir::Value v, int64_t axis, Combine combine);

  mlir::Value select(mlir::Value cond, mlir::Value a, mlir::Value b);
  mlir::Value cmpi(mlir::arith::CmpIPredicate p, mlir::Value a, mlir::Value b);
};

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LOWERING_TILEEMIT_H
