//===- UniformMask.h - When a tile mask is true everywhere -------*- C++ -*-===//
//
// A mask such as the causal one of an attention kernel,
//   (q0 + arange(BM))[:, None] >= (k0 + arange(BN))[None, :],
// is true at every element for most blocks: exactly when the smallest
// left side is at least the largest right side, q0 >= k0 + BN - 1. That is
// one comparison of scalars, the same for every thread, where the mask
// itself is BM x BN comparisons. This analysis finds such a scalar
// condition for a mask built from comparisons of integer tiles of the form
// `sum of splatted scalars + offset`, the offsets (tile.make_range, splatted
// constants) known at compile time, combined with `and`; a lowering can
// then skip the mask where the condition holds. Anything else (other ops,
// i64 elements, unsigned or equality comparisons) has no condition.
//
// The elements are 32-bit and wrap; the condition also requires each
// compared side's exact extremes to lie in the 32-bit range, where the
// wrapped values are the exact ones.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILE_ANALYSIS_UNIFORMMASK_H
#define TESSEL_DIALECTS_TILE_ANALYSIS_UNIFORMMASK_H

#include <cstdint>
#include <optional>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace tessel::tile {

/// The elements of an i32 tile: the sum of `bases` (i32 scalars, each
/// splatted) plus an offset in [lo, hi].
struct AffineTile {
  llvm::SmallVector<mlir::Value, 2> bases;
  int64_t lo = 0, hi = 0;
};

/// One signed comparison `lhs PRED rhs` that holds at every element.
struct UniformCompare {
  mlir::arith::CmpIPredicate predicate;
  AffineTile lhs, rhs;
};

/// A mask true at every element when each comparison holds at every element
/// and each scalar (an i1 splatted into the mask) is true.
struct UniformMaskCondition {
  llvm::SmallVector<UniformCompare, 2> compares;
  llvm::SmallVector<mlir::Value, 1> scalars;

  /// The scalars the condition reads (the compared sides' bases and the
  /// splatted i1 scalars).
  llvm::SmallVector<mlir::Value> getScalars() const;
};

/// The condition under which `mask` (an i1 tile) is true everywhere, or
/// nullopt when the analysis cannot say, or when the mask is not computed
/// (a constant): a lowering gains nothing there.
std::optional<UniformMaskCondition> analyzeUniformMask(mlir::Value mask);

/// Builds the condition as an i1 scalar at `b`'s insertion point, each
/// scalar it reads taken through `remap` (a conversion's value for it).
mlir::Value
buildUniformMaskCondition(mlir::OpBuilder &b, mlir::Location loc,
                          const UniformMaskCondition &condition,
                          llvm::function_ref<mlir::Value(mlir::Value)> remap);

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_ANALYSIS_UNIFORMMASK_H
