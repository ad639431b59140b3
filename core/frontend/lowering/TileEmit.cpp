//===- TileEmit.cpp - Small compositions of tile ops -----------------------===//

#include "core/frontend/lowering/TileEmit.h"

#include "dialects/tile/IR/TileOps.h"

namespace tessel::frontend {

using namespace mlir;

ArrayRef<int64_t> TileEmit::shapeOf(Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()))
    return t.getShape();
  return {};
}

Type TileEmit::elementOf(Type t) {
  if (auto r = dyn_cast<RankedTensorType>(t))
    return r.getElementType();
  return t;
}

Type TileEmit::withShape(Type elem, ArrayRef<int64_t> shape) {
  if (shape.empty())
    return elem;
  return RankedTensorType::get(shape, elem);
}

Value TileEmit::iotaAlong(int64_t n, int64_t rank, int64_t axis) {
  Value r =
      tile::MakeRangeOp::create(b(), loc, RankedTensorType::get({n}, b().getI32Type()),
                                0, static_cast<int32_t>(n));
  SmallVector<int64_t> shape(rank, 1);
  shape[axis] = n;
  return reshape(r, shape);
}

Value TileEmit::reshape(Value v, ArrayRef<int64_t> shape) {
  if (shapeOf(v) == shape && isa<RankedTensorType>(v.getType()) == !shape.empty())
    return v;
  Type elem = elementOf(v.getType());
  if (!isa<RankedTensorType>(v.getType()))
    return tile::SplatOp::create(b(), loc, withShape(elem, shape), v);
  return tile::ReshapeOp::create(b(), loc, withShape(elem, shape), v, false);
}

Value TileEmit::broadcast(Value v, ArrayRef<int64_t> shape) {
  Type elem = elementOf(v.getType());
  if (!isa<RankedTensorType>(v.getType()) && shape.empty())
    return v;
  if (!isa<RankedTensorType>(v.getType()))
    return tile::SplatOp::create(b(), loc, withShape(elem, shape), v);
  if (shapeOf(v) == shape)
    return v;
  return tile::BroadcastOp::create(b(), loc, withShape(elem, shape), v);
}

Value TileEmit::expandDims(Value v, int64_t axis) {
  SmallVector<int64_t> shape(shapeOf(v).begin(), shapeOf(v).end());
  shape.insert(shape.begin() + axis, 1);
  Type elem = elementOf(v.getType());
  if (!isa<RankedTensorType>(v.getType()))
    return tile::SplatOp::create(b(), loc, withShape(elem, shape), v);
  return tile::ExpandDimsOp::create(b(), loc, withShape(elem, shape), v, axis);
}

Value TileEmit::constantBits(Type elem, ArrayRef<int64_t> shape, const APInt &value) {
  TypedAttr scalar = IntegerAttr::get(elem, value);
  if (shape.empty())
    return arith::ConstantOp::create(b(), loc, scalar);
  return arith::ConstantOp::create(
      b(), loc, DenseElementsAttr::get(RankedTensorType::get(shape, elem), scalar));
}

Value TileEmit::constant(Type elem, ArrayRef<int64_t> shape, int64_t value) {
  if (isa<FloatType>(elem))
    return constantFloat(elem, shape, static_cast<double>(value));
  unsigned w = elem.getIntOrFloatBitWidth();
  return constantBits(elem, shape, APInt(w, static_cast<uint64_t>(value), true, true));
}

Value TileEmit::constantFloat(Type elem, ArrayRef<int64_t> shape, double v) {
  TypedAttr scalar = FloatAttr::get(elem, v);
  if (shape.empty())
    return arith::ConstantOp::create(b(), loc, scalar);
  return arith::ConstantOp::create(
      b(), loc, DenseElementsAttr::get(RankedTensorType::get(shape, elem), scalar));
}

Value TileEmit::toBits(Value v) {
  Type elem = elementOf(v.getType());
  if (isa<IntegerType>(elem))
    return v;
  Type bits = b().getIntegerType(elem.getIntOrFloatBitWidth());
  return arith::BitcastOp::create(b(), loc, withShape(bits, shapeOf(v)), v);
}

Value TileEmit::fromBits(Value bits, Type elem) {
  if (elementOf(bits.getType()) == elem)
    return bits;
  return arith::BitcastOp::create(b(), loc, withShape(elem, shapeOf(bits)), bits);
}

Value TileEmit::intToWidth(Value v, unsigned width, bool isSigned) {
  unsigned from = elementOf(v.getType()).getIntOrFloatBitWidth();
  Type to = withShape(b().getIntegerType(width), shapeOf(v));
  if (from == width)
    return v;
  if (from > width)
    return arith::TruncIOp::create(b(), loc, to, v);
  if (isSigned)
    return arith::ExtSIOp::create(b(), loc, to, v);
  return arith::ExtUIOp::create(b(), loc, to, v);
}

Value TileEmit::reduce(Value v, int64_t axis, Combine combine) {
  ArrayRef<int64_t> shape = shapeOf(v);
  Type elem = elementOf(v.getType());
  SmallVector<int64_t> outShape(shape.begin(), shape.end());
  outShape.erase(outShape.begin() + axis);
  auto op = tile::ReduceOp::create(b(), loc, TypeRange{withShape(elem, outShape)},
                                   ValueRange{v}, static_cast<int32_t>(axis));
  mlir::Block *block =
      b().createBlock(&op.getCombineOp(), {}, {elem, elem}, {loc, loc});
  {
    OpBuilder::InsertionGuard guard(b());
    b().setInsertionPointToStart(block);
    Value x = block->getArgument(0), y = block->getArgument(1), r;
    switch (combine) {
    case Combine::Or:
      r = arith::OrIOp::create(b(), loc, x, y);
      break;
    case Combine::Xor:
      r = arith::XOrIOp::create(b(), loc, x, y);
      break;
    case Combine::AddI:
      r = arith::AddIOp::create(b(), loc, x, y);
      break;
    }
    tile::YieldOp::create(b(), loc, ValueRange{r});
  }
  b().setInsertionPointAfter(op);
  return op.getResult()[0];
}

Value TileEmit::select(Value cond, Value a, Value c) {
  return arith::SelectOp::create(b(), loc, cond, a, c);
}

Value TileEmit::cmpi(arith::CmpIPredicate p, Value a, Value c) {
  return arith::CmpIOp::create(b(), loc, p, a, c);
}

} // namespace tessel::frontend
