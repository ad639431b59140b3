//===- AccessExtents.h - Buffer sizes a kernel provably needs ----*- C++ -*-===//
//
// For the accesses whose extent is decidable before a launch: the loads and
// stores directly in the kernel's body (not under control flow), unmasked
// or masked by `offsets < n` with n a scalar parameter, whose pointers are a
// parameter plus an offset built from non-negative constants, tl.arange,
// program ids, additions and multiplications by constants. The largest
// element index such an access touches is then
//   constant + sum_d perProgram[d] * (grid[d] - 1)
// (at most n - 1 under the mask), reached by the last program, so a buffer
// smaller than that is too small for every launch of that grid, and a
// 32-bit part of the offset past 2^31 - 1 wraps: `tessel run` refuses both
// before launching. Anything else (other masks, loops, loaded offsets) is
// left to the bounds-checked mode.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILE_ANALYSIS_ACCESSEXTENTS_H
#define TESSEL_DIALECTS_TILE_ANALYSIS_ACCESSEXTENTS_H

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace tessel::tile {

/// The largest value of an index expression over a grid's programs:
/// constant + sum_d perProgram[d] * (grid[d] - 1).
struct IndexBound {
  int64_t constant = 0;
  std::array<int64_t, 3> perProgram = {0, 0, 0};
  /// Source position of the expression (0 when unknown).
  unsigned line = 0, column = 0;

  /// The value for `grid`, or nullopt past 2^62.
  std::optional<int64_t> evaluate(const std::array<uint32_t, 3> &grid) const;
};

struct AccessExtent {
  /// Index of the pointer parameter among the function's arguments.
  unsigned argument = 0;
  bool isStore = false;
  int64_t elementBytes = 0;
  /// The largest element index: constant + sum_d perProgram[d] * (grid_d - 1).
  int64_t constant = 0;
  std::array<int64_t, 3> perProgram = {0, 0, 0};
  /// Source position of the access (0 when unknown).
  unsigned line = 0, column = 0;
  /// For an access masked by `offsets < n` (the offsets of the access, n a
  /// scalar parameter): the parameter's index, so that the last element is
  /// min(largest index, n - 1). -1 for an unmasked access.
  int maskBoundArgument = -1;
  /// The subexpressions computed in 32 bits: one past 2^31 - 1 for a grid
  /// means the index wraps (a negative offset), whatever the buffers.
  std::vector<IndexBound> narrowTerms;

  /// Bytes the buffer needs for `grid`, or nullopt when the index would
  /// not fit in 32 bits (the kernel's i32 arithmetic would wrap: a fault
  /// the bounds-checked mode reports, not a size this can decide).
  /// `maskBound` is the value of the mask's bound parameter, if any.
  std::optional<uint64_t> getRequiredBytes(const std::array<uint32_t, 3> &grid,
                                           std::optional<int64_t> maskBound = {}) const;
  /// The first 32-bit subexpression that wraps for `grid`, with its value.
  std::optional<std::pair<IndexBound, int64_t>>
  findWrap(const std::array<uint32_t, 3> &grid) const;
};

/// The decidable accesses of `kernel`, one entry per access.
std::vector<AccessExtent> computeAccessExtents(mlir::func::FuncOp kernel);

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_ANALYSIS_ACCESSEXTENTS_H
