//===- UniformMask.cpp - When a tile mask is true everywhere --------------===//

#include "dialects/tile/Analysis/UniformMask.h"

#include <limits>

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace tessel::tile {
namespace {

/// How deep the analysis follows operands: masks are a few ops deep, and a
/// bound keeps a long chain from costing more than it may save.
constexpr unsigned kMaxDepth = 16;

constexpr int64_t kI32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t kI32Max = std::numeric_limits<int32_t>::max();

/// A value that only moves or copies the elements of its source where each
/// element's value is concerned (a layout cast, a broadcast, an inserted
/// dimension): the source, else null.
Value getSameValuesSource(Value value) {
  Operation *def = value.getDefiningOp();
  if (auto op = dyn_cast_or_null<BroadcastOp>(def))
    return op.getSrc();
  if (auto op = dyn_cast_or_null<ExpandDimsOp>(def))
    return op.getSrc();
  if (auto op = dyn_cast_or_null<tensor::CastOp>(def))
    return op.getSource();
  return nullptr;
}

std::optional<AffineTile> analyzeAffine(Value value, unsigned depth) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.getElementType().isInteger(32) || depth > kMaxDepth)
    return std::nullopt;
  if (Value source = getSameValuesSource(value))
    return analyzeAffine(source, depth + 1);
  DenseIntElementsAttr constant;
  if (matchPattern(value, m_Constant(&constant))) {
    if (!constant.isSplat())
      return std::nullopt;
    int64_t c = constant.getSplatValue<APInt>().getSExtValue();
    return AffineTile{{}, c, c};
  }
  Operation *def = value.getDefiningOp();
  if (auto range = dyn_cast_or_null<MakeRangeOp>(def)) {
    if (range.getEnd() <= range.getStart())
      return std::nullopt;
    return AffineTile{{}, range.getStart(), int64_t(range.getEnd()) - 1};
  }
  if (auto splat = dyn_cast_or_null<SplatOp>(def)) {
    APInt c;
    if (matchPattern(splat.getSrc(), m_ConstantInt(&c)))
      return AffineTile{{}, c.getSExtValue(), c.getSExtValue()};
    return AffineTile{{splat.getSrc()}, 0, 0};
  }
  if (auto add = dyn_cast_or_null<arith::AddIOp>(def)) {
    std::optional<AffineTile> lhs = analyzeAffine(add.getLhs(), depth + 1);
    std::optional<AffineTile> rhs =
        lhs ? analyzeAffine(add.getRhs(), depth + 1) : std::nullopt;
    if (!rhs)
      return std::nullopt;
    AffineTile sum = *lhs;
    sum.bases.append(rhs->bases.begin(), rhs->bases.end());
    sum.lo += rhs->lo;
    sum.hi += rhs->hi;
    // Offsets past the 32-bit range would make the guards below vacuous
    // or wrong; the kernels never have them.
    if (sum.lo < kI32Min || sum.hi > kI32Max)
      return std::nullopt;
    return sum;
  }
  return std::nullopt;
}

bool analyzeMask(Value value, UniformMaskCondition &out, unsigned depth) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.getElementType().isInteger(1) || depth > kMaxDepth)
    return false;
  if (Value source = getSameValuesSource(value))
    return analyzeMask(source, out, depth + 1);
  DenseIntElementsAttr constant;
  if (matchPattern(value, m_Constant(&constant)))
    return constant.isSplat() && constant.getSplatValue<APInt>().isOne();
  Operation *def = value.getDefiningOp();
  if (auto splat = dyn_cast_or_null<SplatOp>(def)) {
    out.scalars.push_back(splat.getSrc());
    return true;
  }
  if (auto conj = dyn_cast_or_null<arith::AndIOp>(def))
    return analyzeMask(conj.getLhs(), out, depth + 1) &&
           analyzeMask(conj.getRhs(), out, depth + 1);
  if (auto cmp = dyn_cast_or_null<arith::CmpIOp>(def)) {
    using P = arith::CmpIPredicate;
    P p = cmp.getPredicate();
    if (p != P::slt && p != P::sle && p != P::sgt && p != P::sge)
      return false;
    std::optional<AffineTile> lhs = analyzeAffine(cmp.getLhs(), depth + 1);
    std::optional<AffineTile> rhs =
        lhs ? analyzeAffine(cmp.getRhs(), depth + 1) : std::nullopt;
    if (!rhs)
      return false;
    out.compares.push_back({p, *lhs, *rhs});
    return true;
  }
  return false;
}

/// The exact sum of `tile`'s bases (sign-extended to i64) plus `offset`.
Value buildSide(OpBuilder &b, Location loc, const AffineTile &tile, int64_t offset,
                llvm::function_ref<Value(Value)> remap) {
  Type i64 = b.getI64Type();
  Value sum = arith::ConstantIntOp::create(b, loc, i64, offset);
  for (Value base : tile.bases)
    sum = arith::AddIOp::create(b, loc, sum,
                                arith::ExtSIOp::create(b, loc, i64, remap(base)));
  return sum;
}

Value buildAnd(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return lhs ? arith::AndIOp::create(b, loc, lhs, rhs).getResult() : rhs;
}

/// Whether the exact values from `min` to `max` (a side's extremes) lie in
/// the 32-bit range: then they are the elements the kernel computes, which
/// wrap.
Value buildInRange(OpBuilder &b, Location loc, Value min, Value max) {
  Type i64 = b.getI64Type();
  Value low = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, min,
                                    arith::ConstantIntOp::create(b, loc, i64, kI32Min));
  Value high =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, max,
                            arith::ConstantIntOp::create(b, loc, i64, kI32Max));
  return arith::AndIOp::create(b, loc, low, high);
}

} // namespace

SmallVector<Value> UniformMaskCondition::getScalars() const {
  SmallVector<Value> all(scalars.begin(), scalars.end());
  for (const UniformCompare &c : compares) {
    all.append(c.lhs.bases.begin(), c.lhs.bases.end());
    all.append(c.rhs.bases.begin(), c.rhs.bases.end());
  }
  return all;
}

std::optional<UniformMaskCondition> analyzeUniformMask(Value mask) {
  UniformMaskCondition condition;
  if (!analyzeMask(mask, condition, 0) ||
      (condition.compares.empty() && condition.scalars.empty()))
    return std::nullopt;
  return condition;
}

Value buildUniformMaskCondition(OpBuilder &b, Location loc,
                                const UniformMaskCondition &condition,
                                llvm::function_ref<Value(Value)> remap) {
  using P = arith::CmpIPredicate;
  Value all;
  for (Value scalar : condition.scalars)
    all = buildAnd(b, loc, all, remap(scalar));
  for (const UniformCompare &c : condition.compares) {
    Value lhsMin = buildSide(b, loc, c.lhs, c.lhs.lo, remap);
    Value lhsMax = buildSide(b, loc, c.lhs, c.lhs.hi, remap);
    Value rhsMin = buildSide(b, loc, c.rhs, c.rhs.lo, remap);
    Value rhsMax = buildSide(b, loc, c.rhs, c.rhs.hi, remap);
    // Every element: the largest left side below (or at most) the smallest
    // right side, or the smallest left side above (at least) the largest.
    Value holds;
    switch (c.predicate) {
    case P::slt:
    case P::sle:
      holds = arith::CmpIOp::create(b, loc, c.predicate, lhsMax, rhsMin);
      break;
    default:
      holds = arith::CmpIOp::create(b, loc, c.predicate, lhsMin, rhsMax);
      break;
    }
    all = buildAnd(b, loc, all, holds);
    if (!c.lhs.bases.empty())
      all = buildAnd(b, loc, all, buildInRange(b, loc, lhsMin, lhsMax));
    if (!c.rhs.bases.empty())
      all = buildAnd(b, loc, all, buildInRange(b, loc, rhsMin, rhsMax));
  }
  return all;
}

} // namespace tessel::tile
