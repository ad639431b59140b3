//===- AxisInfo.h - Contiguity and alignment facts of integer tiles -*- C++ -*-===//
//
// For each integer or pointer value (scalar or tile) of a function, per
// dimension: how many consecutive elements form a run increasing by one
// (contiguity), how many consecutive elements are equal (constancy), and the
// largest power of two dividing the first element of every such run
// (divisibility; in bytes for pointers, in units for integers). Facts come
// from `tile.make_range`, constants, `tile.splat`, `tile.divisibility`
// argument attributes and flow through arith, shape ops, `tile.addptr` and
// loop-carried values. Loads and stores use them to pick vector widths.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILE_ANALYSIS_AXISINFO_H
#define TESSEL_DIALECTS_TILE_ANALYSIS_AXISINFO_H

#include <cstdint>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace tessel::tile {

/// Facts about one value; the vectors have one entry per dimension (one
/// entry for scalars, which behave as a single-element tile).
struct AxisInfo {
  llvm::SmallVector<int64_t> contiguity;
  llvm::SmallVector<int64_t> constancy;
  llvm::SmallVector<int64_t> divisibility;

  /// Nothing known about a value of `rank` dimensions.
  static AxisInfo unknown(unsigned rank);
  /// The same value everywhere, divisible by `divisibility`.
  static AxisInfo uniform(llvm::ArrayRef<int64_t> shape, int64_t divisibility);
  /// The meet of two facts (what holds for both).
  static AxisInfo meet(const AxisInfo &a, const AxisInfo &b);
  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity && constancy == other.constancy &&
           divisibility == other.divisibility;
  }
};

/// Runs the analysis over `func` once; `lookup` answers for any value.
class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(mlir::func::FuncOp func);
  /// Facts about `value`; unknown() for values the analysis did not reach.
  AxisInfo lookup(mlir::Value value) const;

private:
  void visitBlock(mlir::Block &block);
  void visitOp(mlir::Operation *op);
  void set(mlir::Value value, AxisInfo info) { facts[value] = std::move(info); }
  llvm::DenseMap<mlir::Value, AxisInfo> facts;
};

/// The largest power of two dividing `value` (a large power for zero).
int64_t largestPowerOfTwoDivisor(int64_t value);

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_ANALYSIS_AXISINFO_H
