//===- Contiguity.cpp - Strides of tiles along their last dimension -------===//

#include "backends/cpu/Conversion/TileToLinalg/Contiguity.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

/// The integer every element of `value` holds, when it is a known constant.
std::optional<int64_t> getUniformConstant(Value value) {
  if (auto splat = value.getDefiningOp<tile::SplatOp>())
    value = splat.getSrc();
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return std::nullopt;
  if (auto dense = dyn_cast<SplatElementsAttr>(attr))
    attr = dense.getSplatValue<Attribute>();
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return integer.getValue().getSExtValue();
  return std::nullopt;
}

class StrideAnalysis {
public:
  std::optional<int64_t> stride(Value value) {
    auto it = cache.find(value);
    if (it != cache.end())
      return it->second;
    std::optional<int64_t> result = compute(value);
    cache[value] = result;
    return result;
  }

  /// Set when an scf.for iteration argument was assumed to keep a stride
  /// that the loop body does not keep; every answer is then void.
  bool assumptionFailed = false;

private:
  std::optional<int64_t> compute(Value value);
  std::optional<int64_t> computeIterArg(scf::ForOp loop, unsigned index);

  llvm::DenseMap<Value, std::optional<int64_t>> cache;
};

std::optional<int64_t> StrideAnalysis::computeIterArg(scf::ForOp loop,
                                                      unsigned index) {
  Value arg = loop.getRegionIterArgs()[index];
  std::optional<int64_t> assumed = stride(loop.getInitArgs()[index]);
  if (!assumed)
    return std::nullopt;
  // Optimistic: the argument keeps its initial stride if the value yielded
  // for it, computed under that assumption, has the same stride.
  cache[arg] = assumed;
  Value yielded = loop.getBody()->getTerminator()->getOperand(index);
  if (stride(yielded) != assumed)
    assumptionFailed = true;
  return assumed;
}

std::optional<int64_t> StrideAnalysis::compute(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getRank() == 0)
    return std::nullopt;
  // Along a dimension of one element any stride holds.
  if (type.getShape().back() == 1)
    return 0;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg.getArgNumber() == 0)
      return std::nullopt;
    return computeIterArg(loop, arg.getArgNumber() - 1);
  }
  Operation *op = value.getDefiningOp();
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return stride(loop.getRegionIterArgs()[cast<OpResult>(value).getResultNumber()]);
  if (isa<tile::MakeRangeOp>(op))
    return 1;
  if (isa<tile::SplatOp>(op) || getUniformConstant(value))
    return 0;
  if (auto broadcast = dyn_cast<tile::BroadcastOp>(op))
    return stride(broadcast.getSrc());
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(op))
    return stride(expand.getSrc());
  auto sum = [](std::optional<int64_t> a,
                std::optional<int64_t> b) -> std::optional<int64_t> {
    if (!a || !b)
      return std::nullopt;
    return *a + *b;
  };
  if (auto addptr = dyn_cast<tile::AddPtrOp>(op))
    return sum(stride(addptr.getPtr()), stride(addptr.getOffset()));
  if (auto add = dyn_cast<arith::AddIOp>(op))
    return sum(stride(add.getLhs()), stride(add.getRhs()));
  if (auto sub = dyn_cast<arith::SubIOp>(op)) {
    std::optional<int64_t> rhs = stride(sub.getRhs());
    return sum(stride(sub.getLhs()), rhs ? std::optional<int64_t>(-*rhs) : rhs);
  }
  if (auto mul = dyn_cast<arith::MulIOp>(op)) {
    std::optional<int64_t> lhs = stride(mul.getLhs()), rhs = stride(mul.getRhs());
    if (lhs == 0 && rhs == 0)
      return 0;
    if (auto c = getUniformConstant(mul.getRhs()); c && lhs)
      return *lhs * *c;
    if (auto c = getUniformConstant(mul.getLhs()); c && rhs)
      return *rhs * *c;
    return std::nullopt;
  }
  if (isa<arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp>(op))
    return stride(op->getOperand(0));
  // Any other elementwise op of uniform rows is uniform.
  if (op->hasTrait<OpTrait::Elementwise>() &&
      llvm::all_of(op->getOperands(), [&](Value operand) {
        return !isa<RankedTensorType>(operand.getType()) || stride(operand) == 0;
      }))
    return 0;
  return std::nullopt;
}

} // namespace

std::optional<int64_t> getLastDimStride(Value tile) {
  StrideAnalysis analysis;
  std::optional<int64_t> result = analysis.stride(tile);
  if (analysis.assumptionFailed)
    return std::nullopt;
  return result;
}

bool isRowMonotoneMask(Value mask) {
  auto type = dyn_cast<RankedTensorType>(mask.getType());
  if (!type || type.getRank() == 0)
    return false;
  if (getLastDimStride(mask) == 0)
    return true;
  Operation *op = mask.getDefiningOp();
  if (auto andOp = dyn_cast_or_null<arith::AndIOp>(op))
    return isRowMonotoneMask(andOp.getLhs()) &&
           isRowMonotoneMask(andOp.getRhs());
  if (auto broadcast = dyn_cast_or_null<tile::BroadcastOp>(op))
    return isRowMonotoneMask(broadcast.getSrc());
  if (auto expand = dyn_cast_or_null<tile::ExpandDimsOp>(op))
    return isRowMonotoneMask(expand.getSrc());
  if (auto cmp = dyn_cast_or_null<arith::CmpIOp>(op)) {
    // Unsigned comparisons are not monotone where the signed difference
    // crosses zero.
    arith::CmpIPredicate predicate = cmp.getPredicate();
    bool isSigned = predicate == arith::CmpIPredicate::slt ||
                    predicate == arith::CmpIPredicate::sle ||
                    predicate == arith::CmpIPredicate::sgt ||
                    predicate == arith::CmpIPredicate::sge;
    return isSigned && getLastDimStride(cmp.getLhs()) &&
           getLastDimStride(cmp.getRhs());
  }
  return false;
}

} // namespace tessel::cpu
