//===- Contiguity.cpp - Row facts from the tile axis analysis -------------===//

#include "backends/cpu/Conversion/TileToLinalg/Contiguity.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace tessel::cpu {

namespace {

/// The length of the last dimension of a ranked tile, or 0.
int64_t rowLength(Value tile) {
  auto type = dyn_cast<RankedTensorType>(tile.getType());
  if (!type || type.getRank() == 0)
    return 0;
  return type.getShape().back();
}

bool isRowUniform(const tile::AxisInfoAnalysis &axis, Value tile) {
  int64_t length = rowLength(tile);
  return length > 0 && axis.lookup(tile).constancy.back() >= length;
}

} // namespace

bool isRowContiguous(const tile::AxisInfoAnalysis &axis, Value tile) {
  int64_t length = rowLength(tile);
  return length > 0 && axis.lookup(tile).contiguity.back() >= length;
}

bool isRowMonotoneMask(const tile::AxisInfoAnalysis &axis, Value mask) {
  if (rowLength(mask) == 0)
    return false;
  if (isRowUniform(axis, mask))
    return true;
  Operation *op = mask.getDefiningOp();
  if (auto andOp = dyn_cast_or_null<arith::AndIOp>(op))
    return isRowMonotoneMask(axis, andOp.getLhs()) &&
           isRowMonotoneMask(axis, andOp.getRhs());
  if (auto broadcast = dyn_cast_or_null<tile::BroadcastOp>(op))
    return isRowMonotoneMask(axis, broadcast.getSrc());
  if (auto expand = dyn_cast_or_null<tile::ExpandDimsOp>(op))
    return isRowMonotoneMask(axis, expand.getSrc());
  if (auto cmp = dyn_cast_or_null<arith::CmpIOp>(op)) {
    // Unsigned comparisons are not monotone where the signed difference
    // crosses zero.
    arith::CmpIPredicate predicate = cmp.getPredicate();
    bool isSigned = predicate == arith::CmpIPredicate::slt ||
                    predicate == arith::CmpIPredicate::sle ||
                    predicate == arith::CmpIPredicate::sgt ||
                    predicate == arith::CmpIPredicate::sge;
    auto linear = [&](Value v) {
      return isRowUniform(axis, v) || isRowContiguous(axis, v);
    };
    return isSigned && linear(cmp.getLhs()) && linear(cmp.getRhs());
  }
  return false;
}

} // namespace tessel::cpu
