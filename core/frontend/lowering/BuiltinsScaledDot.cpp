//===- BuiltinsScaledDot.cpp - tl.dot_scaled ------------------------------===//
//
// Block-scaled matrix multiply (OCP microscaling): each operand is decoded to
// floats, multiplied by its e8m0 scales (2^(s-127), one per 32 elements of
// K) and handed to tl.dot. Every fp8/fp4 value times a power of two is exact
// in bf16, so those operands multiply as bf16 (as on tensor cores); an fp16
// operand makes both fp32 with IEEE precision. Products accumulate in fp32.
//
//===----------------------------------------------------------------------===//

#include "core/frontend/lowering/Builtins.h"
#include "core/frontend/lowering/TileEmit.h"
#include "dialects/tile/IR/TileOps.h"

namespace tessel::frontend {

using namespace mlir;

namespace {

/// Elements of K per scale (the e8m0 group size).
constexpr int64_t kScaleGroup = 32;

enum class Format { E4M3, E5M2, E2M1, BF16, FP16 };

std::optional<Format> parseFormat(const std::string &s) {
  if (s == "e4m3")
    return Format::E4M3;
  if (s == "e5m2")
    return Format::E5M2;
  if (s == "e2m1")
    return Format::E2M1;
  if (s == "bf16")
    return Format::BF16;
  if (s == "fp16")
    return Format::FP16;
  return std::nullopt;
}

/// e2m1 codes (the low 4 bits of `nibble`, i32) as f32: sign, 2 exponent
/// bits (bias 1), 1 mantissa bit; 0 0.5 1 1.5 2 3 4 6 and their negatives.
Value decodeE2M1(TileEmit &E, Value nibble) {
  OpBuilder &B = E.b();
  Location loc = E.loc;
  ArrayRef<int64_t> shape = TileEmit::shapeOf(nibble);
  Type i32 = B.getI32Type();
  auto c = [&](int64_t v) { return E.constant(i32, shape, v); };
  Value sign = arith::ShLIOp::create(
      B, loc, arith::AndIOp::create(B, loc, nibble, c(8)), c(28)); // bit 3 -> bit 31
  Value e =
      arith::AndIOp::create(B, loc, arith::ShRUIOp::create(B, loc, nibble, c(1)), c(3));
  Value m = arith::AndIOp::create(B, loc, nibble, c(1));
  // Normal: exponent e - 1 + 127, mantissa bit m at bit 22.
  Value normal = arith::OrIOp::create(
      B, loc,
      arith::ShLIOp::create(B, loc, arith::AddIOp::create(B, loc, e, c(126)), c(23)),
      arith::ShLIOp::create(B, loc, m, c(22)));
  // Subnormal (e == 0): 0.5 * m.
  Value sub = arith::MulIOp::create(B, loc, m, c(0x3F000000));
  Value isSub = E.cmpi(arith::CmpIPredicate::eq, e, c(0));
  Value mag = E.select(isSub, sub, normal);
  Value bits = arith::OrIOp::create(B, loc, mag, sign);
  return E.fromBits(bits, B.getF32Type());
}

/// e8m0 scales (u8 bits) as f32 powers of two: 2^(s-127); 0 is 2^-127 (an
/// fp32 subnormal) and 255 is NaN.
Value decodeScale(TileEmit &E, Value s8) {
  OpBuilder &B = E.b();
  Location loc = E.loc;
  ArrayRef<int64_t> shape = TileEmit::shapeOf(s8);
  Type i32 = B.getI32Type();
  Value s = E.intToWidth(s8, 32, false);
  Value bits = arith::ShLIOp::create(B, loc, s, E.constant(i32, shape, 23));
  bits = E.select(E.cmpi(arith::CmpIPredicate::eq, s, E.constant(i32, shape, 0)),
                  E.constant(i32, shape, 0x00400000), bits);
  bits = E.select(E.cmpi(arith::CmpIPredicate::eq, s, E.constant(i32, shape, 255)),
                  E.constant(i32, shape, 0x7FC00000), bits);
  return E.fromBits(bits, B.getF32Type());
}

} // namespace

OptSV Lowerer::builtinScaledDot(const std::string &name, CallArgs &args,
                                bool &handled) {
  handled = name == "tl.dot_scaled";
  if (!handled)
    return std::nullopt;
  const std::string fn = "dot_scaled";
  std::optional<Bound> b =
      bindBuiltin(*this, fn, args,
                  {"lhs", "lhs_scale", "lhs_format", "rhs", "rhs_scale", "rhs_format",
                   "acc", "fast_math", "lhs_k_pack", "rhs_k_pack", "out_dtype"},
                  6);
  if (!b)
    return std::nullopt;
  if (!constFlag(*this, *b, "fast_math", fn))
    return std::nullopt;
  for (const char *pack : {"lhs_k_pack", "rhs_k_pack"}) {
    if (!b->has(pack))
      continue;
    if (!(*b)[pack].isConstexpr())
      return error(b->loc(pack), fn + ": '" + pack + "' must be a constexpr flag");
    if (!truthy((*b)[pack]))
      return error(b->loc(pack), fn + ": only fp4 packed along K (" +
                                     std::string(pack) + "=True) is supported");
  }
  if (b->has("out_dtype")) {
    std::optional<DType> t = dtypeArg(*this, *b, "out_dtype", fn);
    if (!t)
      return std::nullopt;
    if (*t != DType::of(Scalar::F32))
      return error(b->loc("out_dtype"),
                   fn + ": out_dtype must be tl.float32, got " + t->name());
  }
  TileEmit E(*this, args.callLoc);
  Type f32 = builder_.getF32Type();

  // Decodes one operand to f32 [M, K] (lhs) or [K, N] (rhs), scaled.
  auto operand = [&](bool isLhs) -> std::optional<std::pair<SV, Format>> {
    std::string which = isLhs ? "lhs" : "rhs";
    std::optional<std::string> fmtName = strArg(*this, *b, which + "_format", fn);
    if (!fmtName)
      return std::nullopt;
    std::optional<Format> fmt = parseFormat(*fmtName);
    if (!fmt) {
      error(b->loc(which + "_format"),
            fn + ": " + which +
                "_format must be one of \"e4m3\", \"e5m2\", \"e2m1\", "
                "\"bf16\", \"fp16\", got \"" +
                *fmtName + "\"");
      return std::nullopt;
    }
    OptSV x = tileArg(*this, *b, which, fn);
    if (!x)
      return std::nullopt;
    if (x->shape().size() != 2) {
      error(b->loc(which),
            fn + ": " + which + " must be a 2-D tile, got " + x->describe());
      return std::nullopt;
    }
    DType t = x->dtype;
    bool bytes = !t.isPointer && t.isInt() && t.bitWidth() == 8;
    SV decoded;
    SmallVector<int64_t> shape(x->shape().begin(), x->shape().end());
    auto wrongType = [&](const std::string &want) {
      error(b->loc(which), fn + ": a " + which + " in format \"" + *fmtName +
                               "\" must be " + want + ", got " + x->describe());
      return std::nullopt;
    };
    switch (*fmt) {
    case Format::E4M3:
    case Format::E5M2: {
      DType f8 = DType::of(*fmt == Format::E4M3 ? Scalar::F8E4M3 : Scalar::F8E5M2);
      if (t != f8 && !bytes)
        return wrongType("a uint8 tile or " + f8.name());
      SV v = bytes ? convert(*x, f8, b->loc(which), /*bitcast=*/true) : *x;
      decoded = convert(v, DType::of(Scalar::F32), b->loc(which));
      break;
    }
    case Format::E2M1: {
      if (!bytes)
        return wrongType("a uint8 tile of packed pairs");
      // Two values per byte along K, the first in the low nibble.
      Value w = E.intToWidth(x->value, 32, false);
      Value lo = arith::AndIOp::create(builder_, E.loc, w,
                                       E.constant(builder_.getI32Type(), shape, 15));
      Value hi = arith::ShRUIOp::create(builder_, E.loc, w,
                                        E.constant(builder_.getI32Type(), shape, 4));
      hi = arith::AndIOp::create(builder_, E.loc, hi,
                                 E.constant(builder_.getI32Type(), shape, 15));
      Value flo = decodeE2M1(E, lo), fhi = decodeE2M1(E, hi);
      SmallVector<int64_t> pairShape = {shape[0], shape[1], 2};
      Value iota = E.broadcast(E.iotaAlong(2, 3, 2), pairShape);
      Value first = E.cmpi(arith::CmpIPredicate::eq, iota,
                           E.constant(builder_.getI32Type(), pairShape, 0));
      Value joined = E.select(first, E.broadcast(E.expandDims(flo, 2), pairShape),
                              E.broadcast(E.expandDims(fhi, 2), pairShape));
      Value v;
      if (isLhs) {
        shape[1] *= 2;
        v = E.reshape(joined, shape);
      } else {
        // [K/2, N, 2] -> [K/2, 2, N] -> [K, N]
        SmallVector<int64_t> t3 = {shape[0], 2, shape[1]};
        Value tr =
            tile::TransOp::create(builder_, E.loc, RankedTensorType::get(t3, f32),
                                  joined, ArrayRef<int32_t>{0, 2, 1});
        shape[0] *= 2;
        v = E.reshape(tr, shape);
      }
      decoded = SV::ofTile(v, DType::of(Scalar::F32));
      break;
    }
    case Format::BF16:
    case Format::FP16: {
      DType want = DType::of(*fmt == Format::BF16 ? Scalar::BF16 : Scalar::F16);
      if (t != want)
        return wrongType(want.name());
      decoded = convert(*x, DType::of(Scalar::F32), b->loc(which));
      break;
    }
    }
    // Scales: lhs [M, K/32], rhs [N, K/32], one per 32 elements of K.
    std::string scaleName = which + "_scale";
    if (b->has(scaleName)) {
      OptSV s = tileArg(*this, *b, scaleName, fn);
      if (!s)
        return std::nullopt;
      int64_t k = isLhs ? shape[1] : shape[0];
      int64_t mn = isLhs ? shape[0] : shape[1];
      SmallVector<int64_t> want = {mn, k / kScaleGroup};
      if (s->dtype.isPointer || !s->dtype.isInt() || s->dtype.bitWidth() != 8 ||
          k % kScaleGroup != 0 || s->shape() != ArrayRef<int64_t>(want)) {
        error(b->loc(scaleName),
              fn + ": " + scaleName +
                  " must be a uint8 tile of e8m0 exponents of shape " +
                  (k % kScaleGroup ? std::string("[") + std::to_string(mn) +
                                         ", K/32] (K = " + std::to_string(k) +
                                         " is not a multiple of 32)"
                                   : shapeString(want)) +
                  ", got " + s->describe());
        return std::nullopt;
      }
      Value f = decodeScale(E, s->value);
      SmallVector<int64_t> grouped = {mn, k / kScaleGroup, kScaleGroup};
      Value wide = E.reshape(E.broadcast(E.expandDims(f, 2), grouped), {mn, k});
      if (!isLhs)
        wide =
            tile::TransOp::create(builder_, E.loc, RankedTensorType::get({k, mn}, f32),
                                  wide, ArrayRef<int32_t>{1, 0});
      Value scaled = arith::MulFOp::create(builder_, E.loc, decoded.value, wide);
      decoded = SV::ofTile(scaled, DType::of(Scalar::F32));
    }
    return std::make_pair(decoded, *fmt);
  };
  auto lhs = operand(true);
  auto rhs = lhs ? operand(false) : std::nullopt;
  if (!rhs)
    return std::nullopt;
  if (lhs->first.shape()[1] != rhs->first.shape()[0])
    return error(args.callLoc, fn + ": the operands' K differ after unpacking: lhs " +
                                   shapeString(lhs->first.shape()) + ", rhs " +
                                   shapeString(rhs->first.shape()));
  bool anyFp16 = lhs->second == Format::FP16 || rhs->second == Format::FP16;
  DType opType = DType::of(anyFp16 ? Scalar::F32 : Scalar::BF16);
  CallArgs dot;
  dot.callLoc = args.callLoc;
  for (const SV &v : {lhs->first, rhs->first}) {
    dot.positional.push_back(convert(v, opType, args.callLoc));
    dot.positionalLocs.push_back(args.callLoc);
  }
  if (b->has("acc")) {
    dot.keywords.emplace_back("acc", (*b)["acc"]);
    dot.keywordLocs.push_back(b->loc("acc"));
  }
  if (anyFp16) {
    dot.keywords.emplace_back("input_precision", SV::ofStr("ieee"));
    dot.keywordLocs.push_back(args.callLoc);
  }
  return callBuiltin("tl.dot", nullptr, dot);
}

} // namespace tessel::frontend
