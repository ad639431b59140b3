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
#include "llvm/ADT/DenseSet.h"

namespace tessel::cpu {

/// make_range, splat, broadcast, expand_dims, reshape, trans.
void populateTileShapeToLinalgPatterns(const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

/// addptr, load, store.
void populateTileMemoryToLinalgPatterns(const mlir::TypeConverter &converter,
                                        mlir::RewritePatternSet &patterns);

/// load and store through pointer tiles contiguous along their last
/// dimension, as vector accesses (tried before the per-element lowering).
/// `contiguous` holds the loads and stores whose pointer tile has stride 1
/// along its last dimension (Contiguity.h), found before the conversion
/// starts rewriting loops; it must outlive the conversion.
void populateTileVectorMemoryPatterns(
    const mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns,
    const llvm::DenseSet<mlir::Operation *> &contiguous);

/// dot, reduce, scan, fp_to_fp.
void populateTileComputeToLinalgPatterns(const mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

/// atomic_rmw, atomic_cas.
void populateTileAtomicToLLVMPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_PATTERNS_H
