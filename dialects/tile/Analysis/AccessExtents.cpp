//===- AccessExtents.cpp - Buffer sizes a kernel provably needs -----------===//

#include "dialects/tile/Analysis/AccessExtents.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace tessel::tile {
namespace {

/// The largest value of an index expression over all lanes, as an affine
/// form in the program ids. Every term is non-negative, so the maximum over
/// a grid is reached by its last program.
struct Bound {
  int64_t constant = 0;
  std::array<int64_t, 3> perProgram = {0, 0, 0};
};

constexpr int64_t kLimit = int64_t(1) << 40; // far past any 32-bit index

bool add(int64_t a, int64_t b, int64_t &out) {
  return !__builtin_add_overflow(a, b, &out) && out <= kLimit;
}

class BoundFinder {
public:
  std::optional<Bound> find(Value value, unsigned depth = 0);

private:
  llvm::DenseMap<Value, std::optional<Bound>> memo;
};

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
                                                      BoundFinder &finder) {
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
    if (!offset || !add(total.constant, offset->constant, total.constant))
      return std::nullopt;
    for (int d = 0; d < 3; ++d)
      if (!add(total.perProgram[d], offset->perProgram[d], total.perProgram[d]))
        return std::nullopt;
    pointer = addptr.getPtr();
  }
}

} // namespace

std::optional<uint64_t>
AccessExtent::getRequiredBytes(const std::array<uint32_t, 3> &grid) const {
  int64_t last = constant;
  for (int d = 0; d < 3; ++d) {
    int64_t term;
    if (grid[d] == 0 || __builtin_mul_overflow(perProgram[d], int64_t(grid[d]) - 1, &term) ||
        __builtin_add_overflow(last, term, &last))
      return std::nullopt;
  }
  if (last > INT32_MAX)
    return std::nullopt;
  return uint64_t(last + 1) * uint64_t(elementBytes);
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
    if (mask && !matchPattern(mask, m_One()))
      continue;
    auto element = cast<PointerType>(getElementTypeOrSelf(pointer.getType()));
    Type pointee = element.getPointeeType();
    if (element.getAddressSpace() != 1 || !pointee.isIntOrFloat())
      continue;
    std::optional<std::pair<unsigned, Bound>> found = findPointer(kernel, pointer, finder);
    if (!found)
      continue;
    AccessExtent extent;
    extent.argument = found->first;
    extent.isStore = isStore;
    extent.elementBytes = std::max<int64_t>(1, (pointee.getIntOrFloatBitWidth() + 7) / 8);
    extent.constant = found->second.constant;
    extent.perProgram = found->second.perProgram;
    if (auto file = dyn_cast<FileLineColLoc>(op.getLoc())) {
      extent.line = file.getLine();
      extent.column = file.getColumn();
    }
    extents.push_back(extent);
  }
  return extents;
}

} // namespace tessel::tile
