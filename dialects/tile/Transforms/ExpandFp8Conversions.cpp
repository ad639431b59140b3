//===- ExpandFp8Conversions.cpp - fp8 conversions as integer code ---------===//
//
// LLVM has no 8-bit float type: the LLVM dialect holds f8E4M3FN and f8E5M2
// values as i8, and an fpext/fptrunc on them cannot be emitted. Every
// arith.extf from and arith.truncf to these formats becomes integer code on
// the bits (element-wise, so it vectorizes like any other arith), exact for
// extension and correctly rounded for truncation, with APFloat's results:
// overflow gives infinity (f8E5M2) or NaN (f8E4M3FN, which has no infinity)
// when rounding to nearest, the largest finite value when rounding toward
// zero.
//
//===----------------------------------------------------------------------===//

#include "dialects/tile/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <cmath>
#include <optional>

namespace tessel::tile {
#define GEN_PASS_DEF_TILEEXPANDFP8CONVERSIONS
#include "dialects/tile/Transforms/Passes.h.inc"
} // namespace tessel::tile

using namespace mlir;

namespace {

/// The 8-bit formats this pass expands: mantissa bits, exponent bias, and
/// whether the all-ones exponent holds finite values (f8E4M3FN: only
/// S.1111.111 is NaN, and there is no infinity).
struct Fp8Format {
  unsigned mantissaBits;
  int bias;
  bool finiteOnly;

  uint64_t nanCode() const { return finiteOnly ? 0x7F : 0x7E; }
  uint64_t infCode() const { return finiteOnly ? 0x7F : 0x7C; }
  uint64_t maxFiniteCode() const { return finiteOnly ? 0x7E : 0x7B; }
};

std::optional<Fp8Format> fp8Format(Type type) {
  Type elem = getElementTypeOrSelf(type);
  if (isa<Float8E4M3FNType>(elem))
    return Fp8Format{3, 7, true};
  if (isa<Float8E5M2Type>(elem))
    return Fp8Format{2, 15, false};
  return std::nullopt;
}

/// `type` with its element type replaced (scalar, vector or tensor).
Type withElement(Type type, Type elem) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(elem);
  return elem;
}

/// Emits integer and float arithmetic on values shaped like one type.
struct Emitter {
  OpBuilder &b;
  Location loc;
  Type shape;

  Type like(Type elem) const { return withElement(shape, elem); }
  Value intConst(unsigned width, uint64_t v) const {
    Type elem = b.getIntegerType(width);
    auto attr = b.getIntegerAttr(elem, APInt(width, v));
    if (auto shaped = dyn_cast<ShapedType>(shape))
      return arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(shaped.clone(elem), attr.getValue()));
    return arith::ConstantOp::create(b, loc, attr);
  }
  Value floatConst(FloatType elem, double v) const {
    auto attr = b.getFloatAttr(elem, v);
    if (auto shaped = dyn_cast<ShapedType>(shape))
      return arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(shaped.clone(elem), attr.getValue()));
    return arith::ConstantOp::create(b, loc, attr);
  }
  unsigned width(Value v) const {
    return getElementTypeOrSelf(v.getType()).getIntOrFloatBitWidth();
  }
  Value c(Value like, uint64_t v) const { return intConst(width(like), v); }
  Value andi(Value x, uint64_t m) const {
    return arith::AndIOp::create(b, loc, x, c(x, m));
  }
  Value ori(Value x, Value y) const { return arith::OrIOp::create(b, loc, x, y); }
  Value shl(Value x, Value s) const { return arith::ShLIOp::create(b, loc, x, s); }
  Value shl(Value x, uint64_t s) const { return shl(x, c(x, s)); }
  Value shr(Value x, Value s) const { return arith::ShRUIOp::create(b, loc, x, s); }
  Value shr(Value x, uint64_t s) const { return shr(x, c(x, s)); }
  Value add(Value x, Value y) const { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) const { return arith::SubIOp::create(b, loc, x, y); }
  Value cmp(arith::CmpIPredicate p, Value x, Value y) const {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value cmp(arith::CmpIPredicate p, Value x, uint64_t y) const {
    return cmp(p, x, c(x, y));
  }
  Value select(Value cond, Value x, Value y) const {
    return arith::SelectOp::create(b, loc, cond, x, y);
  }
  Value select(Value cond, uint64_t x, Value y) const {
    return select(cond, c(y, x), y);
  }
  Value umin(Value x, uint64_t y) const {
    return arith::MinUIOp::create(b, loc, x, c(x, y));
  }
  Value bitcast(Value x, Type elem) const {
    return arith::BitcastOp::create(b, loc, like(elem), x);
  }
};

/// The exact f32 value of fp8 bits.
Value decodeToF32(Emitter &e, Value fp8, const Fp8Format &f) {
  using P = arith::CmpIPredicate;
  const unsigned m = f.mantissaBits;
  Value bits = arith::ExtUIOp::create(e.b, e.loc, e.like(e.b.getI32Type()),
                                      e.bitcast(fp8, e.b.getI8Type()));
  Value sign = e.shl(e.andi(bits, 0x80), 24);
  Value mag = e.andi(bits, 0x7F);
  // Normal: exponent and mantissa move into place; the bias difference is
  // added to the exponent field.
  Value normal = e.add(e.shl(mag, 23 - m), e.c(mag, uint64_t(127 - f.bias) << 23));
  // Subnormal (zero exponent field): mantissa * 2^(1 - bias - m), exact.
  Type f32 = e.b.getF32Type();
  Value mantissa = arith::UIToFPOp::create(e.b, e.loc, e.like(f32), mag);
  Value scaled = arith::MulFOp::create(
      e.b, e.loc, mantissa,
      e.floatConst(e.b.getF32Type(), std::ldexp(1.0, 1 - f.bias - int(m))));
  Value result = e.select(e.cmp(P::ult, mag, 1u << m), e.bitcast(scaled, e.b.getI32Type()),
                          normal);
  if (f.finiteOnly) {
    result = e.select(e.cmp(P::eq, mag, 0x7F), 0x7FC00000, result);
  } else {
    Value special = e.select(e.cmp(P::eq, mag, 0x7C), 0x7F800000, e.c(mag, 0x7FC00000));
    result = e.select(e.cmp(P::uge, mag, 0x7C), special, result);
  }
  return e.bitcast(e.ori(result, sign), f32);
}

/// The fp8 bits of an f32 or f64 value, rounded to nearest even or toward
/// zero.
Value encodeFromFloat(Emitter &e, Value x, FloatType fp8Type, const Fp8Format &f,
                      bool towardZero) {
  using P = arith::CmpIPredicate;
  auto srcType = cast<FloatType>(getElementTypeOrSelf(x.getType()));
  const unsigned w = srcType.getWidth();
  const unsigned srcM = srcType.getFPMantissaWidth() - 1;
  const uint64_t srcBias = (uint64_t(1) << (w - srcM - 2)) - 1;
  const unsigned m = f.mantissaBits;
  const uint64_t absMask = (uint64_t(1) << (w - 1)) - 1;
  const uint64_t infBits = absMask & ~((uint64_t(1) << srcM) - 1);
  // The source's biased exponent of the smallest normal fp8 value.
  const uint64_t minNormalExp = srcBias - f.bias + 1;

  Value bits = e.bitcast(x, e.b.getIntegerType(w));
  Value sign8 =
      arith::TruncIOp::create(e.b, e.loc, e.like(e.b.getI8Type()), e.shr(bits, w - 8));
  sign8 = e.andi(sign8, 0x80);
  Value a = e.andi(bits, absMask);
  Value exp = e.shr(a, srcM);
  // Results below the smallest normal fp8 value are denormalized: the
  // mantissa, with its implicit bit, shifts right by the exponent
  // difference too (at most srcM + 2, which already gives zero).
  Value isSubnormal = e.cmp(P::ult, exp, minNormalExp);
  Value implicit = e.select(e.cmp(P::ne, exp, 0), uint64_t(1) << srcM, e.c(a, 0));
  Value mantissa = e.ori(e.andi(a, (uint64_t(1) << srcM) - 1), implicit);
  Value effExp = arith::MaxUIOp::create(e.b, e.loc, exp, e.c(exp, 1));
  Value subShift = e.umin(e.sub(e.c(exp, srcM - m + minNormalExp), effExp), srcM + 2);
  Value rebiased = e.sub(a, e.c(a, (srcBias - f.bias) << srcM));
  Value val = e.select(isSubnormal, mantissa, rebiased);
  Value shift = e.select(isSubnormal, subShift, e.c(a, srcM - m));
  Value q = e.shr(val, shift);
  Value q8;
  if (towardZero) {
    q = e.umin(q, f.maxFiniteCode());
    q = e.select(e.cmp(P::eq, a, infBits), f.infCode(), q);
  } else {
    // Round half to even: the rounding may carry into the exponent, and
    // past the largest finite code into infinity (or NaN).
    Value one = e.c(a, 1);
    Value rem = arith::AndIOp::create(e.b, e.loc, val, e.sub(e.shl(one, shift), one));
    Value half = e.shl(one, e.sub(shift, one));
    Value odd = arith::TruncIOp::create(e.b, e.loc, e.like(e.b.getI1Type()), q);
    Value up = arith::OrIOp::create(
        e.b, e.loc, e.cmp(P::ugt, rem, half),
        arith::AndIOp::create(e.b, e.loc, e.cmp(P::eq, rem, half), odd));
    q = e.add(q, arith::ExtUIOp::create(e.b, e.loc, e.like(e.b.getIntegerType(w)), up));
    q = e.umin(q, f.infCode());
  }
  q = e.select(e.cmp(P::ugt, a, infBits), f.nanCode(), q);
  q8 = arith::TruncIOp::create(e.b, e.loc, e.like(e.b.getI8Type()), q);
  return e.bitcast(e.ori(q8, sign8), fp8Type);
}

void expandExtF(arith::ExtFOp op, const Fp8Format &f) {
  OpBuilder b(op);
  Emitter e{b, op.getLoc(), op.getType()};
  Value wide = decodeToF32(e, op.getIn(), f);
  // Every fp8 value is exact in f16, bf16, f32 and f64.
  Type dst = op.getType();
  unsigned to = getElementTypeOrSelf(dst).getIntOrFloatBitWidth();
  if (to < 32)
    wide = arith::TruncFOp::create(b, op.getLoc(), dst, wide);
  else if (to > 32)
    wide = arith::ExtFOp::create(b, op.getLoc(), dst, wide);
  op.replaceAllUsesWith(wide);
  op.erase();
}

void expandTruncF(arith::TruncFOp op, const Fp8Format &f) {
  OpBuilder b(op);
  Value src = op.getIn();
  // f16 and bf16 are exact in f32; f64 is encoded from its own bits (going
  // through f32 would round twice).
  if (getElementTypeOrSelf(src.getType()).getIntOrFloatBitWidth() < 32)
    src = arith::ExtFOp::create(b, op.getLoc(),
                                withElement(src.getType(), b.getF32Type()), src);
  Emitter e{b, op.getLoc(), op.getType()};
  bool towardZero = op.getRoundingmode() == arith::RoundingMode::toward_zero;
  auto fp8Type = cast<FloatType>(getElementTypeOrSelf(op.getType()));
  Value result = encodeFromFloat(e, src, fp8Type, f, towardZero);
  op.replaceAllUsesWith(result);
  op.erase();
}

struct ExpandFp8ConversionsPass
    : tessel::tile::impl::TileExpandFp8ConversionsBase<ExpandFp8ConversionsPass> {
  void runOnOperation() override {
    bool ok = true;
    getOperation()->walk([&](Operation *op) {
      if (auto ext = dyn_cast<arith::ExtFOp>(op)) {
        if (auto f = fp8Format(ext.getIn().getType()))
          expandExtF(ext, *f);
      } else if (auto trunc = dyn_cast<arith::TruncFOp>(op)) {
        if (auto f = fp8Format(trunc.getType())) {
          auto mode = trunc.getRoundingmode();
          if (mode && *mode != arith::RoundingMode::to_nearest_even &&
              *mode != arith::RoundingMode::toward_zero) {
            op->emitError("arith.truncf to an 8-bit float with rounding mode ")
                << arith::stringifyRoundingMode(*mode)
                << " is not supported by the CPU backend";
            ok = false;
            return;
          }
          expandTruncF(trunc, *f);
        }
      }
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
