//===- TileDialect.h - The tile dialect ---------------------------*- C++ -*-===//
//
// Include TileOps.h to use the operations; this header declares the dialect,
// its enumerations and its types.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILE_IR_TILEDIALECT_H
#define TESSEL_DIALECTS_TILE_IR_TILEDIALECT_H

#include <optional>

#include "dialects/tile/IR/TileVersion.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"

#include "dialects/tile/IR/TileDialect.h.inc"
#include "dialects/tile/IR/TileEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/tile/IR/TileAttrs.h.inc"

#include "dialects/tile/IR/TileTypes.h"

namespace tessel::tile {
/// Name of the `func` argument attribute stating that an integer argument is
/// a multiple of (or a pointer argument is aligned to) the given power of two.
inline constexpr llvm::StringLiteral kDivisibilityAttrName = "tile.divisibility";
/// Unit `func` argument attribute of the bounds record a bounds-checked
/// kernel takes last (tile-instrument-bounds; a !tile.ptr<i64>).
inline constexpr llvm::StringLiteral kBoundsRecordAttrName = "tile.bounds_record";
/// Unit `scf.for` attribute: `tl.range(..., flatten=True)`, a request that
/// the loop and the one loop in its body run as one (tile-flatten-loops).
inline constexpr llvm::StringLiteral kFlattenAttrName = "tile.flatten";
/// Unit attributes tile-flatten-loops leaves: on the one loop it made, and
/// on the scf.if in it that runs the outer body's tail once an outer
/// iteration (whose stores later iterations' loads do not read).
inline constexpr llvm::StringLiteral kFlattenedAttrName = "tile.flattened";
inline constexpr llvm::StringLiteral kFlattenedEpilogueAttrName =
    "tile.flattened_epilogue";
} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_IR_TILEDIALECT_H
