//===- Patterns.h - Tile to linalg conversion patterns ------------*- C++ -*-===//
//
// The patterns of `convert-tile-to-linalg`, grouped by op family. Each
// populate function adds the patterns of one family; all of them expect
// the TilePointerTypeConverter.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_PATTERNS_H
#define TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_PATTERNS_H

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

namespace tessel::cpu {

/// make_range, splat, broadcast, expand_dims, reshape, trans.
void populateTileShapeToLinalgPatterns(const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

/// addptr, load, store.
void populateTileMemoryToLinalgPatterns(const mlir::TypeConverter &converter,
                                        mlir::RewritePatternSet &patterns);

/// What the vector lowering of loads and stores needs to know about the
/// unconverted IR: found before the conversion starts rewriting loops
/// (TileToLinalg.cpp), it must outlive the conversion.
struct VectorAccessFacts {
  /// The loads and stores whose pointer tile has stride 1 along its last
  /// dimension (Contiguity.h).
  llvm::DenseSet<mlir::Operation *> contiguous;
  /// The contiguous loads that a contiguous store reads run by run inside
  /// its own loop instead of through a tile buffer.
  llvm::DenseSet<mlir::Operation *> fusibleLoads;
  /// For a contiguous load or store, the masks that isRowMonotoneMask
  /// accepts among its own and, for a store, those of its fusible loads:
  /// they are checked once per row instead of once per run.
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value>> rowMasks;
};

/// load and store through pointer tiles contiguous along their last
/// dimension, as vector accesses (tried before the per-element lowering).
void populateTileVectorMemoryPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns,
                                      const VectorAccessFacts &facts);

/// dot, reduce, scan, fp_to_fp.
void populateTileComputeToLinalgPatterns(const mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

/// atomic_rmw, atomic_cas.
void populateTileAtomicToLLVMPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_PATTERNS_H
