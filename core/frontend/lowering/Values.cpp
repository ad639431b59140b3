//===- Values.cpp - Constants, casts and broadcasting ---------------------===//

#include <cmath>

#include "core/frontend/lowering/Builtins.h"
#include "core/frontend/lowering/Lowerer.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tessel::frontend {

using namespace mlir;

Type Lowerer::tileType(DType t, ArrayRef<int64_t> shape) {
  Type elem = mlirType(t);
  if (shape.empty())
    return elem;
  return RankedTensorType::get(shape, elem);
}

/// The attribute for a number constexpr as a scalar of `type`.
static TypedAttr scalarAttr(OpBuilder &b, const SV &v, DType type) {
  Type t = type.toMLIR(b.getContext());
  if (type.isFloat())
    return b.getFloatAttr(t, v.asDouble());
  int64_t i =
      v.kind == SV::Kind::Float ? static_cast<int64_t>(v.floatValue) : v.asInt();
  if (type.isBool())
    i = i != 0;
  return b.getIntegerAttr(t, i);
}

SV Lowerer::constantTile(const SV &value, DType type, ArrayRef<int64_t> shape,
                         SourceLoc loc) {
  TypedAttr scalar = scalarAttr(builder_, value, type);
  if (shape.empty()) {
    Value c = arith::ConstantOp::create(builder_, toLoc(loc), scalar);
    return SV::ofTile(c, type);
  }
  auto tensorType = RankedTensorType::get(shape, scalar.getType());
  Value c = arith::ConstantOp::create(builder_, toLoc(loc),
                                      DenseElementsAttr::get(tensorType, scalar));
  return SV::ofTile(c, type);
}

DType Lowerer::literalTypeNextTo(const SV &literal, const SV &other) const {
  // Python literals adapt to the tile they meet (Triton's weak typing): an
  // int literal takes an integer or float tile's type, a float literal a
  // float tile's type; a float literal next to integers computes in fp32.
  if (other.kind == SV::Kind::Tile && !other.dtype.isPointer) {
    if (literal.kind == SV::Kind::Float)
      return other.dtype.isFloat() ? other.dtype : DType::of(Scalar::F32);
    if (literal.kind == SV::Kind::Bool)
      return other.dtype.isBool() ? other.dtype : other.dtype;
    return other.dtype.isBool() ? DType::of(Scalar::I32) : other.dtype;
  }
  if (other.kind == SV::Kind::Tile && other.dtype.isPointer) {
    // Pointer offsets: the literal is an offset.
    int64_t v = literal.asInt();
    return (v > INT32_MAX || v < INT32_MIN) ? DType::of(Scalar::I64)
                                            : DType::of(Scalar::I32);
  }
  if (literal.kind == SV::Kind::Float)
    return DType::of(Scalar::F32);
  if (literal.kind == SV::Kind::Bool)
    return DType::of(Scalar::I1);
  int64_t v = literal.asInt();
  if (v > INT32_MAX || v < INT32_MIN)
    return DType::of(Scalar::I64);
  return DType::of(Scalar::I32);
}

bool Lowerer::materializePair(SV &a, SV &b, SourceLoc aLoc, SourceLoc bLoc) {
  // Decide both types before changing either: each literal is typed by the
  // other operand as it was written.
  SV origA = a, origB = b;
  if (!origA.isTile()) {
    OptSV m = materialize(origA, aLoc, literalTypeNextTo(origA, origB));
    if (!m)
      return false;
    a = *m;
  }
  if (!origB.isTile()) {
    OptSV m = materialize(origB, bLoc, literalTypeNextTo(origB, a));
    if (!m)
      return false;
    b = *m;
  }
  return true;
}

OptSV Lowerer::materialize(const SV &v, SourceLoc loc, std::optional<DType> type) {
  if (v.kind == SV::Kind::Tile)
    return type && *type != v.dtype ? convert(v, *type, loc) : v;
  if (!v.isNumber())
    return error(loc, "expected a number or a tile, got " + v.describe());
  DType t = type ? *type : literalTypeNextTo(v, SV::none());
  if (t.isInt() && !t.isBool() && v.kind != SV::Kind::Float) {
    // The literal must fit the integer type it is given.
    int64_t i = v.asInt();
    unsigned w = t.bitWidth();
    bool fits =
        w >= 64 ||
        (t.isSigned() ? (i >= -(int64_t(1) << (w - 1)) && i < (int64_t(1) << (w - 1)))
                      : (i >= -(int64_t(1) << (w - 1)) && i < (int64_t(1) << w)));
    if (!fits)
      return error(loc, "the constant " + std::to_string(i) + " does not fit in " +
                            t.name());
  }
  return constantTile(v, t, {}, loc);
}

SV Lowerer::convert(const SV &v, DType to, SourceLoc sloc, bool bitcast) {
  if (v.dtype == to)
    return v;
  Location loc = toLoc(sloc);
  ArrayRef<int64_t> shape = v.shape();
  Type dst = tileType(to, shape);
  Value x = v.value;
  DType from = v.dtype;
  if (bitcast || from.isPointer || to.isPointer) {
    if (from.bitWidth() == to.bitWidth() && !from.isPointer && !to.isPointer)
      return SV::ofTile(arith::BitcastOp::create(builder_, loc, dst, x), to);
    // Pointer element retyping (e.g. *fp16 -> *i16) keeps the address;
    // addptr by zero in the new type is not expressible, so reinterpret
    // through the same-width integer pair is left to the caller to avoid.
    return v;
  }
  if (from.isFloat() && to.isFloat()) {
    if (from.isFp8() || to.isFp8()) {
      // fp8 conversions need an explicit rounding mode when narrowing.
      // Matches tile.fp_to_fp: narrowing (or same-width) conversions round.
      bool narrowing = to.bitWidth() <= from.bitWidth();
      auto op = tile::FpToFpOp::create(builder_, loc, dst, x, nullptr);
      if (narrowing)
        op.setRoundingAttr(
            tile::RoundingModeAttr::get(&context_, tile::RoundingMode::RTNE));
      return SV::ofTile(op, to);
    }
    if (to.bitWidth() > from.bitWidth())
      return SV::ofTile(arith::ExtFOp::create(builder_, loc, dst, x), to);
    if (to.bitWidth() < from.bitWidth())
      return SV::ofTile(arith::TruncFOp::create(builder_, loc, dst, x), to);
    // fp16 <-> bf16: go through f32.
    SV wide = convert(v, DType::of(Scalar::F32), sloc);
    return convert(wide, to, sloc);
  }
  if (from.isInt() && to.isInt()) {
    if (to.isBool()) {
      Value zero = constantTile(SV::ofInt(0), from, shape, sloc).value;
      return SV::ofTile(
          arith::CmpIOp::create(builder_, loc, arith::CmpIPredicate::ne, x, zero), to);
    }
    if (to.bitWidth() > from.bitWidth()) {
      if (from.isSigned())
        return SV::ofTile(arith::ExtSIOp::create(builder_, loc, dst, x), to);
      return SV::ofTile(arith::ExtUIOp::create(builder_, loc, dst, x), to);
    }
    if (to.bitWidth() < from.bitWidth())
      return SV::ofTile(arith::TruncIOp::create(builder_, loc, dst, x), to);
    return SV::ofTile(x, to); // signedness change only
  }
  if (from.isInt() && to.isFloat()) {
    if (from.isFp8() || to.isFp8()) {
      SV wide = convert(v, DType::of(Scalar::F32), sloc);
      return convert(wide, to, sloc);
    }
    if (from.isSigned())
      return SV::ofTile(arith::SIToFPOp::create(builder_, loc, dst, x), to);
    return SV::ofTile(arith::UIToFPOp::create(builder_, loc, dst, x), to);
  }
  // float -> int
  if (from.isFp8()) {
    SV wide = convert(v, DType::of(Scalar::F32), sloc);
    return convert(wide, to, sloc);
  }
  if (to.isBool()) {
    Value zero = constantTile(SV::ofFloat(0), from, shape, sloc).value;
    return SV::ofTile(
        arith::CmpFOp::create(builder_, loc, arith::CmpFPredicate::UNE, x, zero), to);
  }
  if (to.isSigned())
    return SV::ofTile(arith::FPToSIOp::create(builder_, loc, dst, x), to);
  return SV::ofTile(arith::FPToUIOp::create(builder_, loc, dst, x), to);
}

OptSV Lowerer::broadcastTo(const SV &v, ArrayRef<int64_t> shape, SourceLoc sloc) {
  ArrayRef<int64_t> from = v.shape();
  if (from == shape)
    return v;
  Location loc = toLoc(sloc);
  Type elem = mlirType(v.dtype);
  if (from.empty())
    return SV::ofTile(tile::SplatOp::create(
                          builder_, loc, RankedTensorType::get(shape, elem), v.value),
                      v.dtype);
  if (from.size() > shape.size())
    return error(sloc, "cannot broadcast a tile of shape " + shapeString(from) +
                           " to shape " + shapeString(shape));
  Value x = v.value;
  // Missing leading dimensions become 1s.
  SmallVector<int64_t> cur(from.begin(), from.end());
  while (cur.size() < shape.size()) {
    cur.insert(cur.begin(), 1);
    x = tile::ExpandDimsOp::create(builder_, loc, RankedTensorType::get(cur, elem), x,
                                   0);
  }
  for (size_t i = 0; i < shape.size(); ++i)
    if (cur[i] != shape[i] && cur[i] != 1)
      return error(sloc, "cannot broadcast a tile of shape " + shapeString(from) +
                             " to shape " + shapeString(shape));
  if (ArrayRef<int64_t>(cur) != shape)
    x = tile::BroadcastOp::create(builder_, loc, RankedTensorType::get(shape, elem), x);
  return SV::ofTile(x, v.dtype);
}

std::string shapeString(ArrayRef<int64_t> s) {
  std::string r = "[";
  for (size_t i = 0; i < s.size(); ++i)
    r += (i ? ", " : "") + std::to_string(s[i]);
  return r + "]";
}

std::optional<SmallVector<int64_t>> broadcastShapes(ArrayRef<int64_t> sa,
                                                    ArrayRef<int64_t> sb) {
  size_t rank = std::max(sa.size(), sb.size());
  SmallVector<int64_t> result(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - sa.size() ? 1 : sa[i - (rank - sa.size())];
    int64_t db = i < rank - sb.size() ? 1 : sb[i - (rank - sb.size())];
    if (da != db && da != 1 && db != 1)
      return std::nullopt;
    result[i] = std::max(da, db);
  }
  return result;
}

bool Lowerer::broadcastPair(SV &a, SV &b, SourceLoc loc) {
  if (a.shape() == b.shape())
    return true;
  std::optional<SmallVector<int64_t>> shape = broadcastShapes(a.shape(), b.shape());
  if (!shape) {
    error(loc, "incompatible shapes for broadcasting: " + shapeString(a.shape()) +
                   " and " + shapeString(b.shape()));
    return false;
  }
  if (!checkTileElements(*this, *shape, loc, "broadcasting"))
    return false;
  OptSV na = broadcastTo(a, *shape, loc);
  OptSV nb = na ? broadcastTo(b, *shape, loc) : std::nullopt;
  if (!nb)
    return false;
  a = *na;
  b = *nb;
  return true;
}

} // namespace tessel::frontend
