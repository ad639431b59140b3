//===- Contiguity.h - Row facts the vector accesses rely on -------*- C++ -*-===//
//
// Two questions the CPU's vector loads and stores ask about a tile along its
// last dimension (its rows), answered from the tile dialect's axis analysis
// (dialects/tile/Analysis/AxisInfo.h): is a pointer tile contiguous row by
// row, and can a mask be decided for a whole row from its two ends.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_CONTIGUITY_H
#define TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_CONTIGUITY_H

#include "dialects/tile/Analysis/AxisInfo.h"
#include "mlir/IR/Value.h"

namespace tessel::cpu {

/// Whether every row of the ranked tile `tile` is one run of consecutive
/// values (for pointer tiles: consecutive elements of the pointee), so that
/// its loads and stores can be vector accesses from the row's first address.
bool isRowContiguous(const tile::AxisInfoAnalysis &axis, mlir::Value tile);

/// Whether every row of the i1 tile `mask` is all true as soon as it is true
/// at the row's first and last elements: rows of one repeated value, signed
/// comparisons whose operands are each uniform or consecutive along the row
/// (their difference is monotone along it, given that offsets do not
/// overflow), and conjunctions, broadcasts and expand_dims of such masks.
/// `offsets < n` of a block is one.
bool isRowMonotoneMask(const tile::AxisInfoAnalysis &axis, mlir::Value mask);

} // namespace tessel::cpu

#endif // TESSEL_BACKENDS_CPU_CONVERSION_TILETOLINALG_CONTIGUITY_H
