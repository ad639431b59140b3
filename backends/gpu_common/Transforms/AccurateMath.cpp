//===- AccurateMath.cpp - f32 sin, cos and tanh as arith and fma ----------===//
//
// sin and cos. The magnitude |x| is written as q * pi/2 + r (q taken mod 4)
// with |r| <= pi/4 (slightly more from the rounding of q), and r is kept as
// an unevaluated sum hi + lo: close to a multiple of pi/2 the result is about
// r itself, so r needs far more than 24 correct bits there. Up to
// kSinCosFastReductionLimit, q = round(|x| * 2/pi) and r = |x| - q * pi/2
// with pi/2 split into three floats (Cody-Waite): |x| - q * c1 is exact in
// one fma, and the products q * c2, q * c3 are subtracted with their
// rounding errors kept (two-sum). Beyond that limit q and r come from the
// exact product of the 24-bit significand with the bits of 2/pi the
// exponent selects (Payne-Hanek), in 64-bit integer arithmetic; that path
// runs under an `scf.if`, only when an element needs it. Minimax polynomials
// (fitted for relative error on |r| <= 0.8, coefficients rounded to f32 one
// at a time and the rest refitted; their error is below 2^-32) give sin(r)
// and cos(r), the quadrant picks one and its sign, and sin takes the sign of
// x. sin(+-inf) and cos(+-inf) are NaN from the fast reduction (inf - inf).
//
// tanh. For |x| < 0.55, an odd minimax polynomial (relative error below
// 2^-29). Above, 1 - 2 / (e^(2|x|) + 1), which no longer cancels there: the
// exponential is 2^k * (1 + expm1(r)) with 1 + expm1(r) kept as two floats,
// the denominator too, and the quotient gets one fma-based correction step.
// |x| is clamped to 10 first (tanh rounds to 1 from 9.01 on), the result
// takes the sign of x.
//
// Executed on the host against double-precision libm over all 2^32 inputs
// (AccurateMath_test.cpp), the largest errors are 0.73 ulp for sin and cos
// and 0.88 ulp for tanh.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Transforms/AccurateMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <limits>

using namespace mlir;

namespace tessel::gpu {
namespace {

bool isF32OrF32Vector(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getElementType().isF32() && !vector.isScalable();
  return type.isF32();
}

/// Creates the ops of an expansion at the rewriter's insertion point, either
/// on scalars or on vectors of the shape of the expanded op (constants are
/// splats, and i32/i64 values have the same shape).
class Emitter {
public:
  Emitter(PatternRewriter &rewriter, Location loc, Type floatType)
      : rewriter(rewriter), loc(loc), floatType(floatType),
        i32Type(like(rewriter.getI32Type())), i64Type(like(rewriter.getI64Type())) {}

  PatternRewriter &rewriter;
  Location loc;
  Type floatType, i32Type, i64Type;

  Value f32(float value) {
    return constant(floatType, rewriter.getF32FloatAttr(value));
  }
  Value i32(int32_t value) {
    return constant(i32Type, rewriter.getI32IntegerAttr(value));
  }
  Value i64(int64_t value) {
    return constant(i64Type, rewriter.getI64IntegerAttr(value));
  }

  Value add(Value a, Value b) { return arith::AddFOp::create(rewriter, loc, a, b); }
  Value sub(Value a, Value b) { return arith::SubFOp::create(rewriter, loc, a, b); }
  Value mul(Value a, Value b) { return arith::MulFOp::create(rewriter, loc, a, b); }
  Value div(Value a, Value b) { return arith::DivFOp::create(rewriter, loc, a, b); }
  Value neg(Value a) { return arith::NegFOp::create(rewriter, loc, a); }
  Value fma(Value a, Value b, Value c) {
    return math::FmaOp::create(rewriter, loc, a, b, c);
  }
  Value abs(Value a) { return math::AbsFOp::create(rewriter, loc, a); }
  Value cmpf(arith::CmpFPredicate predicate, Value a, Value b) {
    return arith::CmpFOp::create(rewriter, loc, predicate, a, b);
  }
  Value select(Value condition, Value a, Value b) {
    return arith::SelectOp::create(rewriter, loc, condition, a, b);
  }

  Value addi(Value a, Value b) { return arith::AddIOp::create(rewriter, loc, a, b); }
  Value subi(Value a, Value b) { return arith::SubIOp::create(rewriter, loc, a, b); }
  Value muli(Value a, Value b) { return arith::MulIOp::create(rewriter, loc, a, b); }
  Value andi(Value a, Value b) { return arith::AndIOp::create(rewriter, loc, a, b); }
  Value ori(Value a, Value b) { return arith::OrIOp::create(rewriter, loc, a, b); }
  Value xori(Value a, Value b) { return arith::XOrIOp::create(rewriter, loc, a, b); }
  Value shl(Value a, Value b) { return arith::ShLIOp::create(rewriter, loc, a, b); }
  Value shrui(Value a, Value b) { return arith::ShRUIOp::create(rewriter, loc, a, b); }
  Value shrsi(Value a, Value b) { return arith::ShRSIOp::create(rewriter, loc, a, b); }
  Value cmpi(arith::CmpIPredicate predicate, Value a, Value b) {
    return arith::CmpIOp::create(rewriter, loc, predicate, a, b);
  }

  /// The bits of an f32 value as i32, and back.
  Value bits(Value a) { return arith::BitcastOp::create(rewriter, loc, i32Type, a); }
  Value fromBits(Value a) {
    return arith::BitcastOp::create(rewriter, loc, floatType, a);
  }

  /// Horner's scheme, `coefficients` from the constant term up.
  Value polynomial(Value x, ArrayRef<float> coefficients) {
    Value result = f32(coefficients.back());
    for (float c : llvm::reverse(coefficients.drop_back()))
      result = fma(result, x, f32(c));
    return result;
  }

  /// a + b as hi + lo exactly (Knuth's two-sum, no condition on a and b).
  std::pair<Value, Value> twoSum(Value a, Value b) {
    Value sum = add(a, b);
    Value bPart = sub(sum, a);
    Value aPart = sub(sum, bPart);
    return {sum, add(sub(a, aPart), sub(b, bPart))};
  }
  /// a + b as hi + lo exactly when |a| >= |b| (or a is 0).
  std::pair<Value, Value> fastTwoSum(Value a, Value b) {
    Value sum = add(a, b);
    return {sum, sub(b, sub(sum, a))};
  }

private:
  Type like(Type element) const {
    if (auto vector = dyn_cast<VectorType>(floatType))
      return vector.clone(element);
    return element;
  }
  Value constant(Type type, TypedAttr scalar) {
    TypedAttr attr = scalar;
    if (auto vector = dyn_cast<VectorType>(type))
      attr = DenseElementsAttr::get(vector, ArrayRef<Attribute>(scalar));
    return arith::ConstantOp::create(rewriter, loc, type, attr);
  }
};

//===----------------------------------------------------------------------===//
// sin and cos
//===----------------------------------------------------------------------===//

/// |x| = q * pi/2 + hi + lo (mod 2 pi); q is i32 (only its two low bits count).
struct ReducedArgument {
  Value hi, lo, quadrant;
};

// pi/2 = kPiOver2Hi + kPiOver2Mid + kPiOver2Lo + O(2^-76).
constexpr float kPiOver2Hi = 0x1.921fb6p+0f;
constexpr float kPiOver2Mid = -0x1.777a5cp-25f;
constexpr float kPiOver2Lo = -0x1.ee59dap-50f;
constexpr float kTwoOverPi = 0x1.45f306p-1f;
/// 1.5 * 2^23: adding it rounds a float below 2^22 in magnitude to an
/// integer, which then sits in the low bits of the sum's significand.
constexpr float kRoundingShifter = 0x1.8p+23f;

/// Cody-Waite reduction of ax = |x| for ax <= kSinCosFastReductionLimit (the
/// values are meaningless above, and NaN for infinities and NaN).
ReducedArgument reduceCodyWaite(Emitter &e, Value ax) {
  // j = round(ax * 2/pi) < 2^17. For ax = +0, j is +0 (not -0), which
  // keeps r = +0.
  Value shifted = e.fma(ax, e.f32(kTwoOverPi), e.f32(kRoundingShifter));
  Value j = e.sub(shifted, e.f32(kRoundingShifter));
  Value quadrant = e.andi(e.bits(shifted), e.i32(3));
  // ax - j * hi is exact: both are multiples of 2^-24 (ax >= 1/2 when j > 0)
  // and the difference is below 1 in magnitude.
  Value r1 = e.fma(j, e.f32(-kPiOver2Hi), ax);
  // Subtract j * mid (product and its rounding error) and j * lo; the
  // two-sum keeps what r1 - j * mid loses to rounding.
  Value negProduct = e.neg(e.mul(j, e.f32(kPiOver2Mid)));
  Value productError = e.fma(j, e.f32(kPiOver2Mid), negProduct);
  auto [sum, sumError] = e.twoSum(r1, negProduct);
  Value tail = e.sub(sumError, e.fma(j, e.f32(kPiOver2Lo), productError));
  auto [hi, lo] = e.fastTwoSum(sum, tail);
  return {hi, lo, quadrant};
}

/// 2/pi in bits after the binary point, 32 at a time; the leading zero word
/// stands for the integer part, which small exponents reach.
constexpr uint32_t kTwoOverPiWords[] = {0x00000000, 0xA2F9836E, 0x4E441529, 0xFC2757D1,
                                        0xF534DDC0, 0xDB629599, 0x3C439041, 0xFE5163AB};

/// Payne-Hanek reduction of a finite ax = |x| > kSinCosFastReductionLimit;
/// any other ax gives meaningless (but defined) values.
ReducedArgument reducePayneHanek(Emitter &e, Value ax) {
  // ax = m * 2^(exponent - 23), m a 24-bit integer, exponent in [17, 127].
  Value bits = e.bits(ax);
  Value exponent = e.subi(e.shrui(bits, e.i32(23)), e.i32(127));
  exponent = arith::MaxSIOp::create(e.rewriter, e.loc, exponent, e.i32(17));
  exponent = arith::MinSIOp::create(e.rewriter, e.loc, exponent, e.i32(127));
  Value m = e.ori(e.andi(bits, e.i32(0x7fffff)), e.i32(0x800000));
  m = arith::ExtUIOp::create(e.rewriter, e.loc, e.i64Type, m);

  // Bits of 2/pi of weight 2^-(exponent - 25) and above only add multiples
  // of 4 to ax * 2/pi, and those below the 128 bits from word `first` on
  // add less than 2^-71: the 4 words from first = floor((exponent - 25) /
  // 32), in [-1, 3] (word -1 being the zero word of the table), give
  // ax * 2/pi mod 4.
  Value first = e.shrsi(e.subi(exponent, e.i32(25)), e.i32(5));
  Value isFirst[4];
  for (int k = 0; k < 4; ++k)
    isFirst[k] = e.cmpi(arith::CmpIPredicate::eq, first, e.i32(k - 1));
  auto word = [&](int n) {
    Value w = e.i64(kTwoOverPiWords[4 + n]);
    for (int k = 3; k >= 0; --k)
      w = e.select(isFirst[k], e.i64(kTwoOverPiWords[k + n]), w);
    return w;
  };
  // m * (w0 w1 w2 w3) as 32-bit limbs, carrying from the lowest product (each
  // product is below 2^56, so no sum overflows): c0 holds bits 96..159 of
  // the 152-bit product and `middle` bits 32..95.
  Value p0 = e.muli(m, word(0)), p1 = e.muli(m, word(1));
  Value p2 = e.muli(m, word(2)), p3 = e.muli(m, word(3));
  Value c32 = e.i64(32);
  Value c2 = e.addi(p2, e.shrui(p3, c32));
  Value c1 = e.addi(p1, e.shrui(c2, c32));
  Value c0 = e.addi(p0, e.shrui(c1, c32));
  Value middle = e.ori(e.shl(c1, c32), e.andi(c2, e.i64(0xffffffff)));
  // Bit `low` of the product has weight 2^-62 in ax * 2/pi, low in [33, 64]:
  // the 64 bits from there are ax * 2/pi mod 4 in fixed point (2 integer
  // bits, 62 fraction bits). Shifts stay below 64.
  Value low = e.subi(e.addi(e.i32(89), e.shl(first, e.i32(5))), exponent);
  low = arith::ExtSIOp::create(e.rewriter, e.loc, e.i64Type, low);
  Value fixed =
      e.ori(e.shl(c0, e.subi(e.i64(96), low)), e.shrui(middle, e.subi(low, c32)));
  // Round to the nearest quadrant; the fraction becomes signed, in [-1/2, 1/2).
  Value rounded = e.addi(fixed, e.i64(int64_t(1) << 61));
  Value quadrant = arith::TruncIOp::create(e.rewriter, e.loc, e.i32Type,
                                           e.shrui(rounded, e.i64(62)));
  Value fraction =
      e.subi(e.andi(rounded, e.i64((int64_t(1) << 62) - 1)), e.i64(int64_t(1) << 61));
  // The fraction as two floats, scaled by 2^-62 (exactly), times pi/2.
  Value fractionHi = arith::SIToFPOp::create(e.rewriter, e.loc, e.floatType, fraction);
  Value remainder = e.subi(
      fraction, arith::FPToSIOp::create(e.rewriter, e.loc, e.i64Type, fractionHi));
  Value fractionLo = arith::SIToFPOp::create(e.rewriter, e.loc, e.floatType, remainder);
  Value a = e.mul(fractionHi, e.f32(0x1p-62f));
  Value aLo = e.mul(fractionLo, e.f32(0x1p-62f));
  Value hi = e.mul(a, e.f32(kPiOver2Hi));
  Value lo = e.fma(a, e.f32(kPiOver2Hi), e.neg(hi));
  lo = e.fma(a, e.f32(kPiOver2Mid), e.fma(aLo, e.f32(kPiOver2Hi), lo));
  auto [sumHi, sumLo] = e.fastTwoSum(hi, lo);
  return {sumHi, sumLo, quadrant};
}

/// Whether any element of the i1 scalar or vector `condition` is set.
Value anySet(Emitter &e, Value condition) {
  auto vector = dyn_cast<VectorType>(condition.getType());
  if (!vector)
    return condition;
  if (vector.getRank() != 1)
    condition = vector::ShapeCastOp::create(
        e.rewriter, e.loc,
        VectorType::get({vector.getNumElements()}, vector.getElementType()), condition);
  return vector::ReductionOp::create(e.rewriter, e.loc, vector::CombiningKind::OR,
                                     condition);
}

/// The reduced argument of |x|: Cody-Waite, and Payne-Hanek for the finite
/// elements beyond its limit when there are any.
ReducedArgument reduce(Emitter &e, Value ax) {
  ReducedArgument fast = reduceCodyWaite(e, ax);
  Value large =
      e.andi(e.cmpf(arith::CmpFPredicate::OGT, ax, e.f32(kSinCosFastReductionLimit)),
             e.cmpf(arith::CmpFPredicate::OLT, ax,
                    e.f32(std::numeric_limits<float>::infinity())));
  auto ifOp = scf::IfOp::create(e.rewriter, e.loc,
                                TypeRange{e.floatType, e.floatType, e.i32Type},
                                anySet(e, large),
                                /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(e.rewriter);
  e.rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
  ReducedArgument slow = reducePayneHanek(e, ax);
  scf::YieldOp::create(e.rewriter, e.loc,
                       ValueRange{e.select(large, slow.hi, fast.hi),
                                  e.select(large, slow.lo, fast.lo),
                                  e.select(large, slow.quadrant, fast.quadrant)});
  e.rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
  scf::YieldOp::create(e.rewriter, e.loc, ValueRange{fast.hi, fast.lo, fast.quadrant});
  return {ifOp.getResult(0), ifOp.getResult(1), ifOp.getResult(2)};
}

// sin(r) = r + r^3 * P(r^2), cos(r) = 1 - r^2/2 + r^4 * Q(r^2) on |r| <= 0.8.
constexpr float kSinCoefficients[] = {-0x1.555556p-3f, 0x1.111170p-7f, -0x1.a053fap-13f,
                                      0x1.7a8aa6p-19f};
constexpr float kCosCoefficients[] = {0x1.555548p-5f, -0x1.6c0af4p-10f,
                                      0x1.99911cp-16f};

/// sin and cos of the quadrant's remainder hi + lo.
std::pair<Value, Value> sinCosOfRemainder(Emitter &e, Value hi, Value lo) {
  Value s = e.mul(hi, hi);
  // sin(hi + lo) = sin(hi) + lo * cos(hi), cos(hi) ~ 1 - s/2 at this size.
  Value sinTail = e.fma(e.mul(hi, s), e.polynomial(s, kSinCoefficients),
                        e.fma(e.mul(s, e.f32(-0.5f)), lo, lo));
  Value sinR = e.add(hi, sinTail);
  // cos(hi + lo) = cos(hi) - lo * sin(hi). 1 - s/2 is rounded in w; what w
  // lost, (1 - w) - s/2, is exact, and so is the rounding error of s.
  Value sError = e.fma(hi, hi, e.neg(s));
  Value half = e.mul(s, e.f32(0.5f));
  Value w = e.sub(e.f32(1.0f), half);
  Value cosTail = e.sub(e.sub(e.f32(1.0f), w), half);
  cosTail = e.fma(sError, e.f32(-0.5f), cosTail);
  cosTail = e.fma(e.neg(hi), lo, cosTail);
  cosTail = e.fma(e.mul(s, s), e.polynomial(s, kCosCoefficients), cosTail);
  Value cosR = e.add(w, cosTail);
  return {sinR, cosR};
}

template <typename Op, bool isCos> struct SinCosExpansion : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;

  LogicalResult matchAndRewrite(Op op, PatternRewriter &rewriter) const override {
    if (!isF32OrF32Vector(op.getType()))
      return rewriter.notifyMatchFailure(op, "not f32");
    Emitter e(rewriter, op.getLoc(), op.getType());
    Value x = op.getOperand();
    ReducedArgument reduced = reduce(e, e.abs(x));
    auto [sinR, cosR] = sinCosOfRemainder(e, reduced.hi, reduced.lo);
    // sin(q pi/2 + r) is sin r, cos r, -sin r, -cos r for q = 0..3 (mod 4);
    // cos(q pi/2 + r) = sin((q + 1) pi/2 + r).
    Value quadrant = reduced.quadrant;
    if (isCos)
      quadrant = e.addi(quadrant, e.i32(1));
    Value odd = e.cmpi(arith::CmpIPredicate::ne, e.andi(quadrant, e.i32(1)), e.i32(0));
    Value value = e.select(odd, cosR, sinR);
    Value sign = e.shl(e.andi(quadrant, e.i32(2)), e.i32(30));
    // sin is odd, cos even.
    if (!isCos)
      sign = e.xori(sign, e.andi(e.bits(x), e.i32(int32_t(0x80000000u))));
    rewriter.replaceOp(op, e.fromBits(e.xori(e.bits(value), sign)));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// tanh
//===----------------------------------------------------------------------===//

// tanh(x) = x + x^3 * P(x^2) on |x| <= 0.5501.
constexpr float kTanhCoefficients[] = {-0x1.55554ap-2f, 0x1.110ceep-3f, -0x1.b91e7ep-5f,
                                       0x1.58e518p-6f, -0x1.9921a2p-8f};
constexpr float kTanhPolynomialLimit = 0.55f;
// e^r = 1 + r + r^2 * P(r) on |r| <= 0.3467 (relative error below 2^-28).
constexpr float kExpCoefficients[] = {0x1.fffffcp-2f, 0x1.55548cp-3f, 0x1.555858p-5f,
                                      0x1.123de0p-7f, 0x1.6ac710p-10f};
constexpr float kLn2Hi = 0x1.62e430p-1f;
constexpr float kLn2Lo = -0x1.05c610p-29f;
constexpr float kLog2E = 0x1.715476p+0f;

struct TanhExpansion : OpRewritePattern<math::TanhOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::TanhOp op,
                                PatternRewriter &rewriter) const override {
    if (!isF32OrF32Vector(op.getType()))
      return rewriter.notifyMatchFailure(op, "not f32");
    Emitter e(rewriter, op.getLoc(), op.getType());
    Value x = op.getOperand();
    Value ax = e.abs(x);

    Value s = e.mul(ax, ax);
    Value small = e.fma(e.mul(ax, s), e.polynomial(s, kTanhCoefficients), ax);

    // y = 2 min(|x|, 10) (NaN stays NaN); e^y = 2^k e^r, |r| <= ln 2 / 2.
    Value clamped =
        e.select(e.cmpf(arith::CmpFPredicate::OGT, ax, e.f32(10.0f)), e.f32(10.0f), ax);
    Value y = e.mul(clamped, e.f32(2.0f));
    Value shifted = e.fma(y, e.f32(kLog2E), e.f32(kRoundingShifter));
    Value k = e.sub(shifted, e.f32(kRoundingShifter));
    Value kBits = e.subi(e.bits(shifted), e.bits(e.f32(kRoundingShifter)));
    // y - k * kLn2Hi is exact (both multiples of 2^-24, below 1/2 apart).
    Value r = e.fma(k, e.f32(-kLn2Lo), e.fma(k, e.f32(-kLn2Hi), y));
    Value expm1R = e.fma(e.mul(r, r), e.polynomial(r, kExpCoefficients), r);
    // e^r = expHi + expLo exactly, then scaled by 2^k (k in [0, 29]).
    auto [expHi, expLo] = e.fastTwoSum(e.f32(1.0f), expm1R);
    Value scale = e.fromBits(e.shl(e.addi(kBits, e.i32(127)), e.i32(23)));
    expHi = e.mul(expHi, scale);
    expLo = e.mul(expLo, scale);
    // d = e^y + 1 as dHi + dLo (e^y >= 1 here), q = 2 / d with the
    // remainder 2 - q dHi - q dLo folded back in.
    auto [dHi, dLo] = e.fastTwoSum(expHi, e.f32(1.0f));
    dLo = e.add(dLo, expLo);
    Value q = e.div(e.f32(2.0f), dHi);
    Value negQ = e.neg(q);
    Value remainder = e.fma(negQ, dLo, e.fma(negQ, dHi, e.f32(2.0f)));
    q = e.fma(remainder, e.mul(q, e.f32(0.5f)), q);
    Value large = e.sub(e.f32(1.0f), q);

    Value result =
        e.select(e.cmpf(arith::CmpFPredicate::OLT, ax, e.f32(kTanhPolynomialLimit)),
                 small, large);
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, result, x);
    return success();
  }
};

} // namespace

void populateAccurateF32SinCosTanhPatterns(RewritePatternSet &patterns,
                                           PatternBenefit benefit) {
  patterns.add<SinCosExpansion<math::SinOp, false>, SinCosExpansion<math::CosOp, true>,
               TanhExpansion>(patterns.getContext(), benefit);
}

} // namespace tessel::gpu
