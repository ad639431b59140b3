//===- AccessExtents.h - Buffer sizes a kernel provably needs ----*- C++ -*-===//
//
// For the accesses whose extent is decidable before a launch: the unmasked
// loads and stores directly in the kernel's body (not under control flow),
// whose pointers are a parameter plus an offset built from non-negative
// constants, tl.arange, program ids, additions and multiplications by
// constants. The largest element index such an access touches is then
//   constant + sum_d perProgram[d] * (grid[d] - 1),
// reached by the last program, so a buffer smaller than that is too small
// for every launch of that grid: `tessel run` refuses it before launching.
// Anything else (masks, loops, loaded or scalar-parameter offsets) is left
// to the bounds-checked mode.
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

  /// Bytes the buffer needs for `grid`, or nullopt when the index would
  /// not fit in 32 bits (the kernel's i32 arithmetic would wrap: a fault
  /// the bounds-checked mode reports, not a size this can decide).
  std::optional<uint64_t> getRequiredBytes(const std::array<uint32_t, 3> &grid) const;
};

/// The decidable accesses of `kernel`, one entry per access.
std::vector<AccessExtent> computeAccessExtents(mlir::func::FuncOp kernel);

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_ANALYSIS_ACCESSEXTENTS_H
