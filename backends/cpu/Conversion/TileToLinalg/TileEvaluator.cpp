//===- TileEvaluator.cpp - Tile values at one point or one run of lanes ---===//

#include "backends/cpu/Conversion/TileToLinalg/TileEvaluator.h"
#include "backends/cpu/Conversion/TileToLinalg/ElementAccess.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace tessel::cpu {

static constexpr int kRebuildBudget = 256;

TileEvaluator::TileEvaluator(ConversionPatternRewriter &rewriter,
                             const TypeConverter &converter)
    : rewriter(rewriter), converter(converter) {
  // Whole-tile values go before an anchor made now, ahead of the loops the
  // caller builds next (the insertion point itself moves past them).
  Operation *anchor =
      arith::ConstantIndexOp::create(rewriter, rewriter.getUnknownLoc(), 0);
  tileLevel = OpBuilder::InsertPoint(anchor->getBlock(),
                                     Block::iterator(anchor));
}

Value TileEvaluator::remapped(Value value) {
  return rewriter.getRemappedValue(value);
}

/// Index computations are always rebuilt (they are what makes a tile's
/// addresses and masks); floating-point work only when nothing else uses
/// the tile, so that it is not computed twice.
bool TileEvaluator::shouldRebuild(Operation *op) {
  if (!op || rebuilt >= kRebuildBudget)
    return false;
  bool ok = false;
  if (isa<tile::MakeRangeOp, tile::SplatOp, tile::BroadcastOp,
          tile::ExpandDimsOp, tile::AddPtrOp>(op)) {
    ok = true;
  } else if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    ok = isa<SplatElementsAttr>(constant.getValue());
  } else if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
             op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
             op->getNumRegions() == 0) {
    Type element = getElementTypeOrSelf(op->getResult(0).getType());
    ok = !isa<FloatType>(element) || op->getResult(0).hasOneUse();
  }
  if (ok)
    ++rebuilt;
  return ok;
}

Value TileEvaluator::cloneElementwise(Operation *op, ArrayRef<Value> operands,
                                      int64_t lanes) {
  Type element =
      converter.convertType(getElementTypeOrSelf(op->getResult(0).getType()));
  Type resultType = element;
  if (lanes > 0)
    resultType = VectorType::get({lanes}, element);
  OperationState state(op->getLoc(), op->getName().getStringRef(), operands,
                       TypeRange{resultType}, op->getAttrs());
  return rewriter.create(state)->getResult(0);
}

/// The source indices of a tile.broadcast: 0 along the broadcast dimensions.
static SmallVector<Value> broadcastSourceIndices(OpBuilder &builder,
                                                 Location loc,
                                                 tile::BroadcastOp broadcast,
                                                 ValueRange indices) {
  auto srcType = cast<RankedTensorType>(broadcast.getSrc().getType());
  auto type = cast<RankedTensorType>(broadcast.getType());
  SmallVector<Value> result(indices);
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (srcType.getDimSize(dim) == 1 && type.getDimSize(dim) != 1)
      result[dim] = arith::ConstantIndexOp::create(builder, loc, 0);
  return result;
}

static SmallVector<Value> withoutAxis(ValueRange indices, int64_t axis) {
  SmallVector<Value> result(indices);
  result.erase(result.begin() + axis);
  return result;
}

Value TileEvaluator::scalarAt(Value tile, ValueRange indices) {
  auto type = dyn_cast<RankedTensorType>(tile.getType());
  if (!type)
    return remapped(tile);
  Operation *op = tile.getDefiningOp();
  if (!shouldRebuild(op))
    return readScalar(tile, indices);
  Location loc = tile.getLoc();
  if (auto splat = dyn_cast<tile::SplatOp>(op))
    return remapped(splat.getSrc());
  if (auto range = dyn_cast<tile::MakeRangeOp>(op)) {
    Type element = type.getElementType();
    Value value = arith::IndexCastOp::create(rewriter, loc, element, indices[0]);
    if (range.getStart() != 0)
      value = arith::AddIOp::create(
          rewriter, loc, value,
          arith::ConstantIntOp::create(rewriter, loc, element, range.getStart()));
    return value;
  }
  if (auto broadcast = dyn_cast<tile::BroadcastOp>(op))
    return scalarAt(broadcast.getSrc(),
                    broadcastSourceIndices(rewriter, loc, broadcast, indices));
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(op))
    return scalarAt(expand.getSrc(), withoutAxis(indices, expand.getAxis()));
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return arith::ConstantOp::create(
        rewriter, loc,
        cast<SplatElementsAttr>(constant.getValue()).getSplatValue<TypedAttr>());
  if (auto addptr = dyn_cast<tile::AddPtrOp>(op)) {
    auto pointer = cast<tile::PointerType>(
        getElementTypeOrSelf(addptr.getPtr().getType()));
    return createAddressOffset(rewriter, loc, scalarAt(addptr.getPtr(), indices),
                               scalarAt(addptr.getOffset(), indices),
                               getElementByteSize(pointer.getPointeeType()));
  }
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(scalarAt(operand, indices));
  return cloneElementwise(op, operands, /*lanes=*/0);
}

Value TileEvaluator::vectorAt(Value tile, ValueRange indices, int64_t lanes) {
  auto type = dyn_cast<RankedTensorType>(tile.getType());
  Location loc = tile.getLoc();
  auto splatScalar = [&](Value scalar) -> Value {
    return vector::BroadcastOp::create(
        rewriter, loc, VectorType::get({lanes}, scalar.getType()), scalar);
  };
  if (!type)
    return splatScalar(remapped(tile));
  // A single lane, or a dimension of one element repeated: a scalar.
  if (lanes == 1 || type.getShape().back() == 1) {
    SmallVector<Value> first(indices);
    first.back() = arith::ConstantIndexOp::create(rewriter, loc, 0);
    return splatScalar(scalarAt(tile, lanes == 1 ? indices : ValueRange(first)));
  }
  Operation *op = tile.getDefiningOp();
  if (op && fusibleLoads && fusibleLoads->contains(op) &&
      rebuilt < kRebuildBudget) {
    ++rebuilt;
    return rebuildLoad(op, indices, lanes);
  }
  if (!shouldRebuild(op))
    return readVector(tile, indices, lanes);
  if (auto splat = dyn_cast<tile::SplatOp>(op))
    return splatScalar(remapped(splat.getSrc()));
  if (auto range = dyn_cast<tile::MakeRangeOp>(op)) {
    // start + first lane + [0, 1, ..., lanes - 1]
    Value first = scalarAt(tile, indices);
    auto vectorType = VectorType::get({lanes}, type.getElementType());
    SmallVector<APInt> steps;
    for (int64_t lane = 0; lane < lanes; ++lane)
      steps.push_back(APInt(type.getElementTypeBitWidth(), lane));
    Value iota = arith::ConstantOp::create(rewriter, loc,
                                           DenseElementsAttr::get(vectorType, steps));
    return arith::AddIOp::create(rewriter, loc, splatScalar(first), iota);
  }
  if (auto broadcast = dyn_cast<tile::BroadcastOp>(op))
    return vectorAt(broadcast.getSrc(),
                    broadcastSourceIndices(rewriter, loc, broadcast, indices),
                    lanes);
  if (auto expand = dyn_cast<tile::ExpandDimsOp>(op))
    return vectorAt(expand.getSrc(), withoutAxis(indices, expand.getAxis()),
                    lanes);
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    auto splat = cast<SplatElementsAttr>(constant.getValue());
    return arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(VectorType::get({lanes}, type.getElementType()),
                               splat.getSplatValue<Attribute>()));
  }
  if (auto addptr = dyn_cast<tile::AddPtrOp>(op)) {
    auto pointer = cast<tile::PointerType>(type.getElementType());
    return createAddressOffset(rewriter, loc,
                               vectorAt(addptr.getPtr(), indices, lanes),
                               vectorAt(addptr.getOffset(), indices, lanes),
                               getElementByteSize(pointer.getPointeeType()));
  }
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(isa<RankedTensorType>(operand.getType())
                           ? vectorAt(operand, indices, lanes)
                           : remapped(operand));
  return cloneElementwise(op, operands, lanes);
}

/// The run of `lanes` elements of a contiguous load's result from `indices`
/// on, loaded from memory where it is needed.
Value TileEvaluator::rebuildLoad(Operation *op, ValueRange indices,
                                 int64_t lanes) {
  auto load = cast<tile::LoadOp>(op);
  Location loc = load.getLoc();
  Type element =
      converter.convertType(getElementTypeOrSelf(load.getType()));
  auto type = VectorType::get({lanes}, element);
  Value pointer =
      createPointer(rewriter, loc, scalarAt(load.getPtr(), indices));
  Value mask, other;
  if (load.getMask() && !isKnownTrue(load.getMask())) {
    mask = vectorAt(load.getMask(), indices, lanes);
    if (load.getOther())
      other = vectorAt(load.getOther(), indices, lanes);
  }
  return createRunLoad(rewriter, loc, pointer, type, mask, other);
}

Value TileEvaluator::readScalar(Value tile, ValueRange indices) {
  return tensor::ExtractOp::create(rewriter, tile.getLoc(), remapped(tile), indices);
}

Value TileEvaluator::readVector(Value tile, ValueRange indices, int64_t lanes) {
  Location loc = tile.getLoc();
  Value source = remapped(tile);
  Type element = cast<RankedTensorType>(source.getType()).getElementType();
  // A vector of i1 in memory is packed bits, a tensor of i1 one byte per
  // element: read masks as bytes.
  bool isMask = element.isInteger(1);
  if (isMask) {
    Value &bytes = widenedMasks[tile];
    if (!bytes) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.restoreInsertionPoint(tileLevel);
      auto type = cast<RankedTensorType>(source.getType());
      bytes = arith::ExtUIOp::create(rewriter, loc, type.clone(rewriter.getI8Type()),
                                     source);
    }
    source = bytes;
    element = rewriter.getI8Type();
  }
  Value padding = createZero(rewriter, loc, element);
  Value vector =
      vector::TransferReadOp::create(rewriter, loc, VectorType::get({lanes}, element),
                                     source, indices, padding, ArrayRef<bool>{true});
  if (!isMask)
    return vector;
  Value zeros = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(VectorType::get({lanes}, element),
                             rewriter.getI8IntegerAttr(0)));
  return arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, vector, zeros);
}

} // namespace tessel::cpu
