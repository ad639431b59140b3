//===- TileEvaluator.h - Tile values at one point or one run of lanes -*- C++ -*-===//
//
// Vector memory accesses need, inside their loops, the first address of a
// row and the mask of a run of lanes, not the whole address and mask tiles.
// The evaluator rebuilds those from the tile IR that computed the tiles
// (make_range, splat, broadcast, expand_dims, addptr, elementwise arith and
// math) at the requested indices, so the whole-tile versions become dead;
// anything else is read from the converted tile.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_TILEEVALUATOR_H
#define TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_TILEEVALUATOR_H

#include "mlir/Transforms/DialectConversion.h"

namespace tessel::cpu {

class TileEvaluator {
public:
  /// Whole-tile helper values (i1 tiles widened to bytes) are created where
  /// the rewriter's insertion point is at construction, ahead of the loops
  /// that evaluate.
  TileEvaluator(mlir::ConversionPatternRewriter &rewriter,
                const mlir::TypeConverter &converter);

  /// Element `indices` (one index per dimension) of the unconverted tile
  /// `tile`, with the converted element type. A scalar `tile` is returned
  /// converted.
  mlir::Value scalarAt(mlir::Value tile, mlir::ValueRange indices);

  /// The `lanes` elements of `tile` from `indices` on along the last
  /// dimension, as a vector of the converted element type.
  mlir::Value vectorAt(mlir::Value tile, mlir::ValueRange indices,
                       int64_t lanes);

private:
  mlir::Value remapped(mlir::Value value);
  bool shouldRebuild(mlir::Operation *op);
  mlir::Value cloneElementwise(mlir::Operation *op,
                               llvm::ArrayRef<mlir::Value> operands,
                               int64_t lanes);
  mlir::Value readScalar(mlir::Value tile, mlir::ValueRange indices);
  mlir::Value readVector(mlir::Value tile, mlir::ValueRange indices,
                         int64_t lanes);

  mlir::ConversionPatternRewriter &rewriter;
  const mlir::TypeConverter &converter;
  mlir::OpBuilder::InsertPoint tileLevel;
  llvm::DenseMap<mlir::Value, mlir::Value> widenedMasks;
  /// Ops rebuilt so far; past the budget, values are read instead, which
  /// bounds the code a deep or much-shared expression can produce.
  int rebuilt = 0;
};

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_TILEEVALUATOR_H
