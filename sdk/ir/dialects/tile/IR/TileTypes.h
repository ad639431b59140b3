//===- TileTypes.h - Types of the tile dialect --------------------*- C++ -*-===//

#ifndef TESSEL_DIALECTS_TILE_IR_TILETYPES_H
#define TESSEL_DIALECTS_TILE_IR_TILETYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "dialects/tile/IR/TileTypes.h.inc"

namespace tessel::tile {

/// For a pointer `!tile.ptr<T>` returns T; for a tensor of pointers returns
/// the tensor of T in the same shape. Any other type is returned unchanged,
/// so that type inference during parsing never produces a null type (the
/// operand constraint reports the error instead).
mlir::Type getPointeeTensorType(mlir::Type ptrLike);

/// i1 for a scalar, a tensor of i1 in the same shape for a tensor.
mlir::Type getI1SameShape(mlir::Type type);

/// The shape of a tensor, or an empty shape for a scalar.
llvm::ArrayRef<int64_t> getShapeOrScalar(mlir::Type type);

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_IR_TILETYPES_H
