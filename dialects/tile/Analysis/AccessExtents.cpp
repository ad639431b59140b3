//===- AccessExtents.cpp - Buffer sizes a kernel provably needs -----------===//

#include "dialects/tile/Analysis/AccessExtents.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace tessel::tile {
namespace {

// The largest value of an index expression over all lanes is an affine
// form in the program ids (IndexBound). Every term is non-negative, so the
// maximum over a grid is reached by its last program.
using Bound = IndexBound;

std::pair<unsigned, unsigned> getPosition(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return {file.getLine(), file.getColumn()};
  if (auto name = dyn_cast<NameLoc>(loc))
    return getPosition(name.getChildLoc());
  if (auto call = dyn_cast<CallSiteLoc>(loc))
    return getPosition(call.getCallee());
  return {0, 0};
}

bool isNarrow(Type type) { return getElementTypeOrSelf(type).isInteger(32); }

constexpr int64_t kLimit = int64_t(1) << 40; // far past any 32-bit index

bool add(int64_t a, int64_t b, int64_t &out) {
  return !__builtin_add_overflow(a, b, &out) && out <= kLimit;
}

class BoundFinder {
public:
  std::optional<Bound> find(Value value, unsigned depth = 0);
  /// The 32-bit arithmetic results among the values found under `value`.
  void collectNarrow(Value value, std::vector<IndexBound> &out, unsigned depth = 0);

private:
  llvm::DenseMap<Value, std::optional<Bound>> memo;
};

void BoundFinder::collectNarrow(Value value, std::vector<IndexBound> &out, unsigned depth) {
  Operation *def = value.getDefiningOp();
  if (!def || depth > 64)
    return;
  if (isa<arith::AddIOp, arith::MulIOp>(def) && isNarrow(value.getType())) {
    if (std::optional<Bound> b = find(value)) {
      Bound term = *b;
      std::tie(term.line, term.column) = getPosition(def->getLoc());
      out.push_back(term);
    }
  }
  if (isa<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::AddIOp, arith::MulIOp>(def))
    for (Value operand : def->getOperands())
      collectNarrow(operand, out, depth + 1);
}

std::optional<Bound> BoundFinder::find(Value value, unsigned depth) {
  if (depth > 64)
    return std::nullopt;
  if (auto it = memo.find(value); it != memo.end())
    return it->second;
  std::optional<Bound> result;
  Operation *def = value.getDefiningOp();
  APInt constant;
  if (def && matchPattern(value, m_ConstantInt(&constant))) {
    if (!constant.isNegative() && constant.getSExtValue() <= kLimit)
      result = Bound{constant.getSExtValue(), {0, 0, 0}};
  } else if (auto range = dyn_cast_or_null<MakeRangeOp>(def)) {
    if (range.getStart() >= 0 && range.getEnd() > range.getStart())
      result = Bound{int64_t(range.getEnd()) - 1, {0, 0, 0}};
  } else if (auto pid = dyn_cast_or_null<ProgramIdOp>(def)) {
    Bound b;
    b.perProgram[unsigned(pid.getAxis())] = 1;
    result = b;
  } else if (isa_and_nonnull<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp,
                             arith::ExtSIOp, arith::ExtUIOp>(def)) {
    result = find(def->getOperand(0), depth + 1);
  } else if (isa_and_nonnull<arith::AddIOp>(def)) {
    std::optional<Bound> a = find(def->getOperand(0), depth + 1);
    std::optional<Bound> b = a ? find(def->getOperand(1), depth + 1) : std::nullopt;
    if (a && b) {
      Bound sum;
      bool ok = add(a->constant, b->constant, sum.constant);
      for (int d = 0; d < 3; ++d)
        ok = ok && add(a->perProgram[d], b->perProgram[d], sum.perProgram[d]);
      if (ok)
        result = sum;
    }
  } else if (isa_and_nonnull<arith::MulIOp>(def)) {
    // Multiplication by a non-negative constant keeps the form affine.
    for (int side = 0; side < 2 && !result; ++side) {
      APInt factor;
      if (!matchPattern(def->getOperand(side), m_ConstantInt(&factor)) ||
          factor.isNegative() || factor.getSExtValue() > kLimit)
        continue;
      std::optional<Bound> other = find(def->getOperand(1 - side), depth + 1);
      if (!other)
        break;
      int64_t k = factor.getSExtValue();
      Bound product;
      bool ok = !__builtin_mul_overflow(other->constant, k, &product.constant) &&
                product.constant <= kLimit;
      for (int d = 0; d < 3; ++d)
        ok = ok && !__builtin_mul_overflow(other->perProgram[d], k,
                                           &product.perProgram[d]) &&
             product.perProgram[d] <= kLimit;
      if (ok)
        result = product;
    }
  }
  memo[value] = result;
  return result;
}

/// The parameter a pointer is `parameter + offset` of, and the offset's
/// bound.
std::optional<std::pair<unsigned, Bound>> findPointer(func::FuncOp kernel, Value pointer,
                                                      BoundFinder &finder,
                                                      SmallVectorImpl<Value> &offsets) {
  Bound total;
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(pointer)) {
      if (arg.getOwner() != &kernel.getBody().front())
        return std::nullopt;
      return std::make_pair(arg.getArgNumber(), total);
    }
    Operation *def = pointer.getDefiningOp();
    if (isa<SplatOp, BroadcastOp, ExpandDimsOp, ReshapeOp, TransOp>(def)) {
      pointer = def->getOperand(0);
      continue;
    }
    auto addptr = dyn_cast<AddPtrOp>(def);
    if (!addptr)
      return std::nullopt;
    std::optional<Bound> offset = finder.find(addptr.getOffset());
    offsets.push_back(addptr.getOffset());
    if (!offset || !add(total.constant, offset->constant, total.constant))
      return std::nullopt;
    for (int d = 0; d < 3; ++d)
      if (!add(total.perProgram[d], offset->perProgram[d], total.perProgram[d]))
        return std::nullopt;
    pointer = addptr.getPtr();
  }
}

} // namespace

std::optional<int64_t> IndexBound::evaluate(const std::array<uint32_t, 3> &grid) const {
  int64_t last = constant;
  for (int d = 0; d < 3; ++d) {
    int64_t term;
    if (grid[d] == 0 || __builtin_mul_overflow(perProgram[d], int64_t(grid[d]) - 1, &term) ||
        __builtin_add_overflow(last, term, &last) || last > (int64_t(1) << 62))
      return std::nullopt;
  }
  return last;
}

std::optional<uint64_t>
AccessExtent::getRequiredBytes(const std::array<uint32_t, 3> &grid,
                               std::optional<int64_t> maskBound) const {
  IndexBound bound{constant, perProgram};
  std::optional<int64_t> last = bound.evaluate(grid);
  if (!last || *last > INT32_MAX || findWrap(grid))
    return std::nullopt;
  if (maskBoundArgument >= 0) {
    if (!maskBound)
      return std::nullopt;
    if (*maskBound <= 0)
      return 0;
    last = std::min(*last, *maskBound - 1);
  }
  return uint64_t(*last + 1) * uint64_t(elementBytes);
}

std::optional<std::pair<IndexBound, int64_t>>
AccessExtent::findWrap(const std::array<uint32_t, 3> &grid) const {
  for (const IndexBound &term : narrowTerms) {
    std::optional<int64_t> value = term.evaluate(grid);
    if (!value || *value > INT32_MAX)
      return std::make_pair(term, value.value_or(INT64_MAX));
  }
  return std::nullopt;
}

std::vector<AccessExtent> computeAccessExtents(func::FuncOp kernel) {
  std::vector<AccessExtent> extents;
  if (kernel.isExternal())
    return extents;
  BoundFinder finder;
  for (Operation &op : kernel.getBody().front()) {
    Value pointer, mask;
    bool isStore = false;
    if (auto load = dyn_cast<LoadOp>(op)) {
      pointer = load.getPtr();
      mask = load.getMask();
    } else if (auto store = dyn_cast<StoreOp>(op)) {
      pointer = store.getPtr();
      mask = store.getMask();
      isStore = true;
    } else {
      continue;
    }
    auto element = cast<PointerType>(getElementTypeOrSelf(pointer.getType()));
    Type pointee = element.getPointeeType();
    if (element.getAddressSpace() != 1 || !pointee.isIntOrFloat())
      continue;
    SmallVector<Value> offsets;
    std::optional<std::pair<unsigned, Bound>> found =
        findPointer(kernel, pointer, finder, offsets);
    if (!found)
      continue;
    // `offsets < n`: the mask bounds the largest index by n - 1.
    int maskBoundArgument = -1;
    if (mask && !matchPattern(mask, m_One())) {
      auto compare = mask.getDefiningOp<arith::CmpIOp>();
      if (!compare || offsets.size() != 1 || compare.getLhs() != offsets.front() ||
          (compare.getPredicate() != arith::CmpIPredicate::slt &&
           compare.getPredicate() != arith::CmpIPredicate::ult))
        continue;
      Value limit = compare.getRhs();
      if (auto splat = limit.getDefiningOp<SplatOp>())
        limit = splat.getOperand();
      auto arg = dyn_cast<BlockArgument>(limit);
      if (!arg || arg.getOwner() != &kernel.getBody().front())
        continue;
      maskBoundArgument = int(arg.getArgNumber());
    }
    AccessExtent extent;
    extent.maskBoundArgument = maskBoundArgument;
    for (Value offset : offsets)
      finder.collectNarrow(offset, extent.narrowTerms);
    extent.argument = found->first;
    extent.isStore = isStore;
    extent.elementBytes = std::max<int64_t>(1, (pointee.getIntOrFloatBitWidth() + 7) / 8);
    extent.constant = found->second.constant;
    extent.perProgram = found->second.perProgram;
    std::tie(extent.line, extent.column) = getPosition(op.getLoc());
    extents.push_back(extent);
  }
  return extents;
}

} // namespace tessel::tile
