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

namespace tessel::cpu {

/// make_range, splat, broadcast, expand_dims, reshape, trans.
void populateTileShapeToLinalgPatterns(const mlir::TypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

/// addptr, load, store.
void populateTileMemoryToLinalgPatterns(const mlir::TypeConverter &converter,
                                        mlir::RewritePatternSet &patterns);

/// dot, reduce, scan, fp_to_fp.
void populateTileComputeToLinalgPatterns(const mlir::TypeConverter &converter,
                                         mlir::RewritePatternSet &patterns);

/// atomic_rmw, atomic_cas.
void populateTileAtomicToLLVMPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_PATTERNS_H
