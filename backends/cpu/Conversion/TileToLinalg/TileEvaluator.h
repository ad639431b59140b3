//===- TileEvaluator.h - Tile values at one point or one run of lanes -*- C++ -*-===//
//
// Vector memory accesses need, inside their loops, the first address of a
// row and the mask of a run of lanes, not the whole address and mask tiles.
// The evaluator rebuilds those from the tile IR that computed the tiles
// (make_range, splat, broadcast, expand_dims, addptr, elementwise arith and
// math) at the requested indices, so the whole-tile versions become dead;
// anything else is read from the converted tile. Loads the caller allows
// (a store's fusible loads, TileToLinalg.cpp) are rebuilt too: one vector
// load of the run, so a streaming kernel reads each input once, straight
// into registers, instead of through a tile buffer.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_TILEEVALUATOR_H
#define TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_TILEEVALUATOR_H

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"

namespace tessel::cpu {

class TileEvaluator {
public:
  /// Whole-tile helper values (i1 tiles widened to bytes) are created where
  /// the rewriter's insertion point is at construction, ahead of the loops
  /// that evaluate.
  TileEvaluator(mlir::ConversionPatternRewriter &rewriter,
                const mlir::TypeConverter &converter);

  /// Lets vectorAt rebuild the tile loads in `loads` (which must outlive
  /// the evaluator) as one vector load per run, at the point of use.
  /// Only loads that may be moved there belong in it: contiguous, not
  /// volatile, and with no write to memory between them and the use.
  void setFusibleLoads(const llvm::DenseSet<mlir::Operation *> *loads) {
    fusibleLoads = loads;
  }

  /// Masks of rebuilt loads known to be all true where the caller evaluates
  /// now (a row checked at both ends, isRowMonotoneMask): such loads are
  /// plain vector loads, with no run-time test.
  void setMasksKnownTrue(llvm::ArrayRef<mlir::Value> masks) {
    knownTrue.assign(masks.begin(), masks.end());
  }
  bool isKnownTrue(mlir::Value mask) const {
    return llvm::is_contained(knownTrue, mask);
  }

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
  mlir::Value rebuildLoad(mlir::Operation *load, mlir::ValueRange indices,
                          int64_t lanes);
  mlir::Value readScalar(mlir::Value tile, mlir::ValueRange indices);
  mlir::Value readVector(mlir::Value tile, mlir::ValueRange indices,
                         int64_t lanes);

  mlir::ConversionPatternRewriter &rewriter;
  const mlir::TypeConverter &converter;
  mlir::OpBuilder::InsertPoint tileLevel;
  llvm::DenseMap<mlir::Value, mlir::Value> widenedMasks;
  const llvm::DenseSet<mlir::Operation *> *fusibleLoads = nullptr;
  llvm::SmallVector<mlir::Value> knownTrue;
  /// Ops rebuilt so far; past the budget, values are read instead, which
  /// bounds the code a deep or much-shared expression can produce.
  int rebuilt = 0;
};

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_TILEEVALUATOR_H
