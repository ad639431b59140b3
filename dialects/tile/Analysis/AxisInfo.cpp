//===- AxisInfo.cpp - Contiguity and alignment facts of integer tiles -----===//

#include "dialects/tile/Analysis/AxisInfo.h"

#include <numeric>

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace tessel::tile {

// Divisibility is capped: a zero offset is divisible by everything, and
// 2^30 keeps products of two facts inside int64_t.
static constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

int64_t largestPowerOfTwoDivisor(int64_t value) {
  if (value == 0)
    return kMaxDivisibility;
  int64_t v = value < 0 ? -value : value;
  return std::min<int64_t>(v & -v, kMaxDivisibility);
}

static ArrayRef<int64_t> shapeOf(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

static unsigned rankOf(Type type) {
  return std::max<unsigned>(1, shapeOf(type).size());
}

AxisInfo AxisInfo::unknown(unsigned rank) {
  AxisInfo info;
  info.contiguity.assign(rank, 1);
  info.constancy.assign(rank, 1);
  info.divisibility.assign(rank, 1);
  return info;
}

AxisInfo AxisInfo::uniform(ArrayRef<int64_t> shape, int64_t divisibility) {
  AxisInfo info = unknown(std::max<size_t>(1, shape.size()));
  for (size_t d = 0; d < shape.size(); ++d)
    info.constancy[d] = shape[d];
  for (int64_t &div : info.divisibility)
    div = divisibility;
  return info;
}

AxisInfo AxisInfo::meet(const AxisInfo &a, const AxisInfo &b) {
  AxisInfo info = a;
  for (size_t d = 0; d < a.contiguity.size() && d < b.contiguity.size(); ++d) {
    info.contiguity[d] = std::gcd(a.contiguity[d], b.contiguity[d]);
    info.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
    info.divisibility[d] = std::gcd(a.divisibility[d], b.divisibility[d]);
  }
  return info;
}

AxisInfoAnalysis::AxisInfoAnalysis(func::FuncOp func) {
  if (func.isExternal())
    return;
  for (BlockArgument arg : func.getArguments()) {
    int64_t div = 1;
    if (auto attr = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(),
                                                       tile::kDivisibilityAttrName))
      div = largestPowerOfTwoDivisor(attr.getInt());
    // A tile argument (in hand-written IR; kernels take scalars) is unknown.
    if (isa<RankedTensorType>(arg.getType()))
      set(arg, AxisInfo::unknown(rankOf(arg.getType())));
    else
      set(arg, AxisInfo::uniform({}, div));
  }
  visitBlock(func.getBody().front());
}

AxisInfo AxisInfoAnalysis::lookup(Value value) const {
  auto it = facts.find(value);
  if (it != facts.end())
    return it->second;
  return AxisInfo::unknown(rankOf(value.getType()));
}

void AxisInfoAnalysis::visitBlock(Block &block) {
  for (Operation &op : block)
    visitOp(&op);
}

// Element bytes of the pointee of a pointer-like type (1 when unknown).
static int64_t pointeeBytes(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    type = tensor.getElementType();
  if (auto ptr = dyn_cast<tile::PointerType>(type)) {
    Type pointee = ptr.getPointeeType();
    if (pointee.isIntOrFloat())
      return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
  }
  return 1;
}

void AxisInfoAnalysis::visitOp(Operation *op) {
  auto result = [&]() { return op->getResult(0); };
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    // Iterate the body to a fixed point: start from the initial values and
    // weaken the loop-carried facts with what the body yields.
    SmallVector<AxisInfo> carried;
    for (Value init : forOp.getInitArgs())
      carried.push_back(lookup(init));
    // The induction variable is lb + k * step: a multiple of what divides
    // both (a loop over keys 64 at a time from 0 counts in multiples of 64).
    int64_t ivDivisibility = std::gcd(lookup(forOp.getLowerBound()).divisibility[0],
                                      lookup(forOp.getStep()).divisibility[0]);
    set(forOp.getInductionVar(), AxisInfo::uniform({}, ivDivisibility));
    for (int iteration = 0; iteration < 8; ++iteration) {
      for (auto [arg, info] : llvm::zip(forOp.getRegionIterArgs(), carried))
        set(arg, info);
      visitBlock(*forOp.getBody());
      bool changed = false;
      auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
      for (auto [info, yielded] : llvm::zip(carried, yield.getOperands())) {
        AxisInfo next = AxisInfo::meet(info, lookup(yielded));
        changed |= !(next == info);
        info = next;
      }
      if (!changed)
        break;
    }
    for (auto [res, info] : llvm::zip(forOp.getResults(), carried))
      set(res, info);
    return;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    visitBlock(ifOp.getThenRegion().front());
    if (!ifOp.getElseRegion().empty())
      visitBlock(ifOp.getElseRegion().front());
    if (ifOp.getNumResults() == 0 || ifOp.getElseRegion().empty())
      return;
    for (unsigned i = 0; i < ifOp.getNumResults(); ++i)
      set(ifOp.getResult(i), AxisInfo::meet(lookup(ifOp.thenYield().getOperand(i)),
                                            lookup(ifOp.elseYield().getOperand(i))));
    return;
  }
  // Other region ops (reduce, scan, while): their bodies hold no addresses.
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        set(arg, AxisInfo::unknown(rankOf(arg.getType())));
  if (op->getNumResults() != 1)
    return;
  Type type = result().getType();
  ArrayRef<int64_t> shape = shapeOf(type);
  unsigned rank = rankOf(type);

  if (auto range = dyn_cast<tile::MakeRangeOp>(op)) {
    AxisInfo info = AxisInfo::unknown(1);
    info.contiguity[0] = shape[0];
    info.divisibility[0] = largestPowerOfTwoDivisor(range.getStart());
    return set(result(), info);
  }
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    APInt value;
    if (matchPattern(constant.getResult(), m_ConstantInt(&value)))
      return set(result(), AxisInfo::uniform(
                               shape, largestPowerOfTwoDivisor(value.getSExtValue())));
    if (auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue()))
      if (dense.isSplat())
        return set(
            result(),
            AxisInfo::uniform(shape, largestPowerOfTwoDivisor(
                                         dense.getSplatValue<APInt>().getSExtValue())));
    return set(result(), AxisInfo::unknown(rank));
  }
  // A layout change (a backend's tensor.cast between encodings of one
  // shape) moves no value.
  if (auto cast = dyn_cast<tensor::CastOp>(op))
    if (llvm::equal(shapeOf(cast.getSource().getType()), shape))
      return set(result(), lookup(cast.getSource()));
  if (auto splat = dyn_cast<tile::SplatOp>(op))
    return set(result(),
               AxisInfo::uniform(shape, lookup(splat.getSrc()).divisibility[0]));
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(op)) {
    AxisInfo src = lookup(expand.getSrc()), info;
    unsigned axis = expand.getAxis();
    // Along the inserted dimension (extent 1) every element starts a run of
    // its own, so its divisibility must hold for every element: a source
    // without contiguous runs has each element divisible by its
    // divisibility in any dimension; a contiguous run holds x and x + 1,
    // of which one is odd (`offs_m[:, None]` is not a multiple of its first
    // row's divisibility along the columns).
    int64_t everyElement = 0;
    for (unsigned s = 0; s < src.contiguity.size(); ++s)
      everyElement = src.contiguity[s] > 1 ? -1
                     : everyElement < 0    ? -1
                                        : std::max(everyElement, src.divisibility[s]);
    if (everyElement <= 0)
      everyElement = 1;
    for (unsigned d = 0, s = 0; d < rank; ++d) {
      bool inserted = d == axis;
      info.contiguity.push_back(inserted ? 1 : src.contiguity[s]);
      info.constancy.push_back(inserted ? 1 : src.constancy[s]);
      info.divisibility.push_back(inserted ? everyElement : src.divisibility[s]);
      if (!inserted)
        ++s;
    }
    return set(result(), info);
  }
  if (auto broadcast = dyn_cast<tile::BroadcastOp>(op)) {
    AxisInfo info = lookup(broadcast.getSrc());
    ArrayRef<int64_t> srcShape = shapeOf(broadcast.getSrc().getType());
    for (unsigned d = 0; d < rank && d < srcShape.size(); ++d)
      if (srcShape[d] == 1 && shape[d] != 1) {
        info.constancy[d] = shape[d];
        info.contiguity[d] = 1;
      }
    return set(result(), info);
  }
  if (auto addptr = dyn_cast<tile::AddPtrOp>(op)) {
    AxisInfo ptr = lookup(addptr.getPtr()), off = lookup(addptr.getOffset());
    int64_t bytes = pointeeBytes(type);
    AxisInfo info = AxisInfo::unknown(rank);
    for (unsigned d = 0; d < rank; ++d) {
      info.contiguity[d] = std::max(std::min(ptr.constancy[d], off.contiguity[d]),
                                    std::min(ptr.contiguity[d], off.constancy[d]));
      info.constancy[d] = std::gcd(ptr.constancy[d], off.constancy[d]);
      info.divisibility[d] = std::gcd(
          ptr.divisibility[d], std::min(kMaxDivisibility, off.divisibility[d] * bytes));
    }
    return set(result(), info);
  }
  if (isa<arith::RemSIOp, arith::RemUIOp>(op)) {
    // `x % n` with n uniform: runs of x that start at a multiple of g =
    // gcd(div(x), div(n)) and are at most g long never wrap, so they stay
    // contiguous (`(pid * BLOCK + arange(0, BLOCK)) % N` with N % 16 == 0).
    // A signed remainder of a negative x wraps at 0 instead (-4..-1 % 4 is
    // 0, -3, -2, -1): like Triton's analysis, this assumes offsets that are
    // reduced modulo a size are not negative (a negative one would address
    // memory before the tile's base anyway).
    AxisInfo lhs = lookup(op->getOperand(0)), rhs = lookup(op->getOperand(1));
    AxisInfo info = AxisInfo::unknown(rank);
    ArrayRef<int64_t> shape = shapeOf(type);
    for (unsigned d = 0; d < rank; ++d) {
      int64_t g = std::gcd(lhs.divisibility[d], rhs.divisibility[d]);
      bool uniform = shape.empty() || rhs.constancy[d] >= shape[d];
      if (uniform)
        info.contiguity[d] = std::gcd(lhs.contiguity[d], g);
      info.constancy[d] = std::gcd(lhs.constancy[d], rhs.constancy[d]);
      info.divisibility[d] = g;
    }
    return set(result(), info);
  }
  if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::AndIOp, arith::OrIOp,
          arith::CmpIOp, arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
          arith::IndexCastOp, arith::SelectOp>(op)) {
    AxisInfo lhs = lookup(op->getOperand(0));
    AxisInfo rhs = op->getNumOperands() > 1 ? lookup(op->getOperand(1)) : lhs;
    if (isa<arith::SelectOp>(op)) {
      AxisInfo cond = lookup(op->getOperand(0));
      lhs = lookup(op->getOperand(1));
      rhs = lookup(op->getOperand(2));
      AxisInfo info = AxisInfo::meet(lhs, rhs);
      // A scalar condition picks one operand for the whole tile.
      if (isa<ShapedType>(op->getOperand(0).getType()))
        for (unsigned d = 0; d < rank; ++d) {
          info.constancy[d] = std::gcd(info.constancy[d], cond.constancy[d]);
          info.contiguity[d] = std::gcd(info.contiguity[d], cond.constancy[d]);
        }
      return set(result(), info);
    }
    AxisInfo info = AxisInfo::unknown(rank);
    for (unsigned d = 0; d < rank; ++d) {
      int64_t bothConstant = std::gcd(lhs.constancy[d], rhs.constancy[d]);
      info.constancy[d] = bothConstant;
      if (isa<arith::AddIOp>(op)) {
        info.contiguity[d] = std::max(std::min(lhs.contiguity[d], rhs.constancy[d]),
                                      std::min(lhs.constancy[d], rhs.contiguity[d]));
        info.divisibility[d] = std::gcd(lhs.divisibility[d], rhs.divisibility[d]);
      } else if (isa<arith::SubIOp>(op)) {
        info.contiguity[d] = std::min(lhs.contiguity[d], rhs.constancy[d]);
        info.divisibility[d] = std::gcd(lhs.divisibility[d], rhs.divisibility[d]);
      } else if (isa<arith::MulIOp>(op)) {
        // A product keeps no contiguous run here, so its runs are single
        // elements and each must be divisible: a contiguous factor's run
        // holds an odd number, so its divisibility counts as 1
        // ([1024, 1025, ...] times 16 is a multiple of 16 only).
        int64_t lhsDiv = lhs.contiguity[d] > 1 ? 1 : lhs.divisibility[d];
        int64_t rhsDiv = rhs.contiguity[d] > 1 ? 1 : rhs.divisibility[d];
        info.divisibility[d] = std::min(kMaxDivisibility, lhsDiv * rhsDiv);
      } else if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
                     arith::IndexCastOp>(op)) {
        info = lhs;
        if (isa<arith::TruncIOp>(op))
          for (int64_t &div : info.divisibility)
            div = std::min<int64_t>(
                div,
                int64_t(1) << std::min<unsigned>(
                    30, type.isIntOrFloat() ? type.getIntOrFloatBitWidth() - 1 : 30));
        break;
      } else if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
        // `base + i < bound` with base and bound multiples of g and i
        // running over a contiguous run is the same for each aligned block
        // of g elements inside the run.
        int64_t block = std::min(lhs.contiguity[d],
                                 std::gcd(lhs.divisibility[d], rhs.divisibility[d]));
        bool ordered = cmp.getPredicate() != arith::CmpIPredicate::eq &&
                       cmp.getPredicate() != arith::CmpIPredicate::ne;
        if (ordered && rhs.constancy[d] >= lhs.contiguity[d])
          info.constancy[d] = std::max(bothConstant, block);
      }
    }
    return set(result(), info);
  }
  // Any other elementwise op is constant wherever all its operands are
  // (a division or a minimum of uniform rows is uniform).
  if (op->hasTrait<OpTrait::Elementwise>() && op->getNumOperands() > 0) {
    AxisInfo info = AxisInfo::unknown(rank);
    for (unsigned d = 0; d < rank; ++d) {
      int64_t constancy = 0;
      for (Value operand : op->getOperands()) {
        // A scalar operand is the same for every element.
        if (!isa<RankedTensorType>(operand.getType()))
          continue;
        AxisInfo facts = lookup(operand);
        constancy = std::gcd(constancy, d < facts.constancy.size() ? facts.constancy[d] : 1);
      }
      if (constancy == 0)
        constancy = shape.empty() ? 1 : shape[d];
      info.constancy[d] = std::max<int64_t>(1, constancy);
    }
    return set(result(), info);
  }
  if (rank > 0)
    set(result(), AxisInfo::unknown(rank));
}

} // namespace tessel::tile
