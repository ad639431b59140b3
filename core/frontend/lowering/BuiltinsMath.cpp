//===- BuiltinsMath.cpp - Elementwise math, where, dot ---------------------===//

#include "core/frontend/lowering/Builtins.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace tessel::frontend {

using namespace mlir;

/// Float operand of a unary math function: integers are converted to fp32
/// and fp8 to fp16 (fp8 is a storage format).
static SV floatOperand(Lowerer &L, const SV &x, SourceLoc loc) {
  if (x.dtype.isInt())
    return L.convert(x, DType::of(Scalar::F32), loc);
  if (x.dtype.isFp8())
    return L.convert(x, DType::of(Scalar::F16), loc);
  return x;
}

OptSV Lowerer::builtinMath(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  Location loc = toLoc(args.callLoc);
  static const char *kUnary[] = {
      "tl.exp", "tl.exp2", "tl.log",   "tl.log2", "tl.sqrt", "tl.rsqrt", "tl.sin",
      "tl.cos", "tl.abs",  "tl.floor", "tl.ceil", "tl.erf",  "tl.tanh",  "tl.sigmoid"};
  for (const char *u : kUnary) {
    if (name != u)
      continue;
    std::string fn = name.substr(3);
    std::optional<Bound> b = bindBuiltin(*this, fn, args, {"x"}, 1);
    if (!b)
      return std::nullopt;
    OptSV xin = tileArg(*this, *b, "x", fn);
    if (!xin)
      return std::nullopt;
    if (xin->dtype.isPointer)
      return error(b->loc("x"), fn + " is not defined on pointers");
    if (fn == "abs" && xin->dtype.isInt()) {
      if (!xin->dtype.isSigned())
        return xin;
      return SV::ofTile(math::AbsIOp::create(builder_, loc, xin->value), xin->dtype);
    }
    SV x = floatOperand(*this, *xin, args.callLoc);
    Value v = x.value, r;
    if (fn == "exp")
      r = math::ExpOp::create(builder_, loc, v);
    else if (fn == "exp2")
      r = math::Exp2Op::create(builder_, loc, v);
    else if (fn == "log")
      r = math::LogOp::create(builder_, loc, v);
    else if (fn == "log2")
      r = math::Log2Op::create(builder_, loc, v);
    else if (fn == "sqrt")
      r = math::SqrtOp::create(builder_, loc, v);
    else if (fn == "rsqrt")
      r = math::RsqrtOp::create(builder_, loc, v);
    else if (fn == "sin")
      r = math::SinOp::create(builder_, loc, v);
    else if (fn == "cos")
      r = math::CosOp::create(builder_, loc, v);
    else if (fn == "abs")
      r = math::AbsFOp::create(builder_, loc, v);
    else if (fn == "floor")
      r = math::FloorOp::create(builder_, loc, v);
    else if (fn == "ceil")
      r = math::CeilOp::create(builder_, loc, v);
    else if (fn == "erf")
      r = math::ErfOp::create(builder_, loc, v);
    else if (fn == "tanh")
      r = math::TanhOp::create(builder_, loc, v);
    else {
      // sigmoid(x) = 1 / (1 + exp(-x))
      Value one =
          constantTile(SV::ofFloat(1.0), x.dtype, x.shape(), args.callLoc).value;
      Value e =
          math::ExpOp::create(builder_, loc, arith::NegFOp::create(builder_, loc, v));
      r = arith::DivFOp::create(builder_, loc, one,
                                arith::AddFOp::create(builder_, loc, one, e));
    }
    return SV::ofTile(r, x.dtype);
  }

  if (name == "tl.maximum" || name == "tl.minimum") {
    bool isMax = name == "tl.maximum";
    std::string fn = name.substr(3);
    std::optional<Bound> b =
        bindBuiltin(*this, fn, args, {"x", "y", "propagate_nan"}, 2);
    if (!b)
      return std::nullopt;
    SV x = (*b)["x"], y = (*b)["y"];
    if (x.isNumber() && y.isNumber())
      return (isMax ? x.asDouble() >= y.asDouble() : x.asDouble() <= y.asDouble()) ? x
                                                                                   : y;
    if (!materializePair(x, y, b->loc("x"), b->loc("y")))
      return std::nullopt;
    if (x.dtype.isPointer || y.dtype.isPointer)
      return error(args.callLoc, fn + " is not defined on pointers");
    DType t = promote(x.dtype, y.dtype);
    if (t.isFp8())
      t = DType::of(Scalar::F16);
    x = convert(x, t, args.callLoc);
    y = convert(y, t, args.callLoc);
    if (!broadcastPair(x, y, args.callLoc))
      return std::nullopt;
    Value r;
    // Without propagate_nan, a NaN operand yields the other one (maxnum).
    bool propagate = b->has("propagate_nan") && truthy((*b)["propagate_nan"]);
    if (t.isFloat()) {
      if (isMax)
        r = propagate
                ? arith::MaximumFOp::create(builder_, loc, x.value, y.value).getResult()
                : arith::MaxNumFOp::create(builder_, loc, x.value, y.value).getResult();
      else
        r = propagate
                ? arith::MinimumFOp::create(builder_, loc, x.value, y.value).getResult()
                : arith::MinNumFOp::create(builder_, loc, x.value, y.value).getResult();
    } else if (t.isSigned()) {
      r = isMax ? arith::MaxSIOp::create(builder_, loc, x.value, y.value).getResult()
                : arith::MinSIOp::create(builder_, loc, x.value, y.value).getResult();
    } else {
      r = isMax ? arith::MaxUIOp::create(builder_, loc, x.value, y.value).getResult()
                : arith::MinUIOp::create(builder_, loc, x.value, y.value).getResult();
    }
    return SV::ofTile(r, t);
  }

  if (name == "tl.clamp") {
    std::optional<Bound> b =
        bindBuiltin(*this, "clamp", args, {"x", "min", "max", "propagate_nan"}, 3);
    if (!b)
      return std::nullopt;
    CallArgs lo;
    lo.positional = {(*b)["x"], (*b)["min"]};
    lo.positionalLocs = {b->loc("x"), b->loc("min")};
    lo.callLoc = args.callLoc;
    OptSV low = callBuiltin("tl.maximum", nullptr, lo);
    if (!low)
      return std::nullopt;
    CallArgs hi;
    hi.positional = {*low, (*b)["max"]};
    hi.positionalLocs = {args.callLoc, b->loc("max")};
    hi.callLoc = args.callLoc;
    return callBuiltin("tl.minimum", nullptr, hi);
  }

  if (name == "tl.fma") {
    std::optional<Bound> b = bindBuiltin(*this, "fma", args, {"x", "y", "z"}, 3);
    if (!b)
      return std::nullopt;
    std::vector<SV> ops{(*b)["x"], (*b)["y"], (*b)["z"]};
    const char *names[] = {"x", "y", "z"};
    const SV *anchor = nullptr;
    for (size_t i = 0; i < 3; ++i) {
      if (ops[i].isTile() && ops[i].dtype.isPointer)
        return error(b->loc(names[i]),
                     "fma is not defined on pointers, got " + ops[i].describe());
      if (ops[i].isTile())
        anchor = &ops[i];
    }
    if (!anchor)
      return error(args.callLoc, "fma needs at least one tile operand");
    DType t = anchor->dtype;
    for (const SV &o : ops)
      if (o.isTile())
        t = promote(t, o.dtype);
    if (!t.isFloat())
      t = DType::of(Scalar::F32);
    if (t.isFp8())
      t = DType::of(Scalar::F16);
    for (size_t i = 0; i < 3; ++i) {
      OptSV m = materialize(ops[i], b->loc(names[i]), t);
      if (!m)
        return std::nullopt;
      ops[i] = convert(*m, t, args.callLoc);
    }
    if (!broadcastPair(ops[0], ops[1], args.callLoc) ||
        !broadcastPair(ops[0], ops[2], args.callLoc) ||
        !broadcastPair(ops[1], ops[2], args.callLoc))
      return std::nullopt;
    return SV::ofTile(
        math::FmaOp::create(builder_, loc, ops[0].value, ops[1].value, ops[2].value),
        t);
  }

  if (name == "tl.div_rn" || name == "tl.fdiv") {
    std::string fn = name.substr(3);
    std::optional<Bound> b =
        bindBuiltin(*this, fn, args, {"x", "y", "ieee_rounding"}, 2);
    if (!b)
      return std::nullopt;
    SV x = (*b)["x"], y = (*b)["y"];
    if ((x.isTile() && !x.dtype.isFloat()) || (y.isTile() && !y.dtype.isFloat()))
      return error(args.callLoc, fn + " needs float operands");
    return binaryOp(BinaryOp::Div, x, y, args.callLoc);
  }

  if (name == "tl.where") {
    std::optional<Bound> b =
        bindBuiltin(*this, "where", args, {"condition", "x", "y"}, 3);
    if (!b)
      return std::nullopt;
    SV c = (*b)["condition"], x = (*b)["x"], y = (*b)["y"];
    if (c.isConstexpr())
      return truthy(c) ? x : y;
    if (!c.isTile() || c.dtype.isPointer)
      return error(b->loc("condition"),
                   "where: the condition must be a boolean tile, got " + c.describe());
    c = convert(c, DType::of(Scalar::I1), b->loc("condition"));
    if (!x.isTile() && !y.isTile()) {
      DType t =
          promote(literalTypeNextTo(x, SV::none()), literalTypeNextTo(y, SV::none()));
      OptSV mx = materialize(x, b->loc("x"), t), my = materialize(y, b->loc("y"), t);
      if (!mx || !my)
        return std::nullopt;
      x = *mx;
      y = *my;
    }
    if (!materializePair(x, y, b->loc("x"), b->loc("y")))
      return std::nullopt;
    DType t = x.dtype;
    if (x.dtype.isPointer || y.dtype.isPointer) {
      if (x.dtype != y.dtype)
        return error(args.callLoc,
                     "where: both pointer operands must have the same type");
    } else {
      t = promote(x.dtype, y.dtype);
      x = convert(x, t, b->loc("x"));
      y = convert(y, t, b->loc("y"));
    }
    if (!broadcastPair(x, y, args.callLoc) || !broadcastPair(c, x, args.callLoc) ||
        !broadcastPair(x, y, args.callLoc) || !broadcastPair(c, y, args.callLoc))
      return std::nullopt;
    return SV::ofTile(arith::SelectOp::create(builder_, loc, c.value, x.value, y.value),
                      t);
  }

  if (name == "tl.dot") {
    std::optional<Bound> b =
        bindBuiltin(*this, "dot", args,
                    {"input", "other", "acc", "input_precision", "allow_tf32",
                     "max_num_imprecise_acc", "out_dtype"},
                    2);
    if (!b)
      return std::nullopt;
    SV a = (*b)["input"], bb = (*b)["other"];
    if (!a.isTile() || !bb.isTile() || a.shape().size() < 2 || bb.shape().size() < 2)
      return error(args.callLoc,
                   "dot: both operands must be 2-D (or 3-D batched) tiles, "
                   "got " +
                       a.describe() + " and " + bb.describe());
    size_t rank = a.shape().size();
    if (rank > 3 || bb.shape().size() != rank)
      return error(args.callLoc, "dot: operands must both be 2-D or both 3-D, got " +
                                     a.describe() + " and " + bb.describe());
    int64_t m = a.shape()[rank - 2], k = a.shape()[rank - 1];
    int64_t k2 = bb.shape()[rank - 2], n = bb.shape()[rank - 1];
    if (k != k2)
      return error(args.callLoc,
                   "dot: inner dimensions differ: " + shapeString(a.shape()) + " and " +
                       shapeString(bb.shape()));
    if (m < 16 || n < 16 || k < 16)
      return error(args.callLoc,
                   "dot: every non-batch dimension must be at least 16, got "
                   "M=" +
                       std::to_string(m) + ", N=" + std::to_string(n) +
                       ", K=" + std::to_string(k));
    bool ints = a.dtype.isInt() && bb.dtype.isInt();
    if (ints && (a.dtype.bitWidth() != 8 || bb.dtype.bitWidth() != 8))
      return error(args.callLoc, "dot: integer operands must be 8-bit, got " +
                                     a.dtype.name() + " and " + bb.dtype.name());
    if (!ints && a.dtype != bb.dtype && !(a.dtype.isFp8() && bb.dtype.isFp8()))
      return error(args.callLoc, "dot: operand types differ: " + a.dtype.name() +
                                     " and " + bb.dtype.name() +
                                     "; convert one with .to()");
    if (!ints && !a.dtype.isFloat())
      return error(args.callLoc, "dot: operands must be floats or 8-bit integers");
    DType out = ints ? DType::of(Scalar::I32) : DType::of(Scalar::F32);
    if (b->has("out_dtype")) {
      std::optional<DType> t = dtypeArg(*this, *b, "out_dtype", "dot");
      if (!t)
        return std::nullopt;
      out = *t;
    }
    SmallVector<int64_t> accShape(a.shape().begin(), a.shape().end());
    accShape[rank - 1] = n;
    // The accumulator types tile.dot accepts: i32 for 8-bit integers, f64
    // for f64, f32 otherwise, f16 also for f16 and fp8 operands.
    auto accTypeOk = [&](DType t) {
      if (t.isPointer)
        return false;
      if (ints)
        return t.scalar == Scalar::I32;
      if (a.dtype.scalar == Scalar::F64)
        return t.scalar == Scalar::F64;
      return t.scalar == Scalar::F32 ||
             (t.scalar == Scalar::F16 &&
              (a.dtype.scalar == Scalar::F16 || a.dtype.isFp8()));
    };
    std::string accRule = ints                            ? "i32"
                          : a.dtype.scalar == Scalar::F64 ? "fp64"
                          : a.dtype.scalar == Scalar::F16 || a.dtype.isFp8()
                              ? "fp32 or fp16"
                              : "fp32";
    if (b->has("out_dtype") && !accTypeOk(out))
      return error(b->loc("out_dtype"), "dot: " + a.dtype.name() +
                                            " operands accumulate in " + accRule +
                                            ", not " + out.name());
    SV acc;
    if (b->has("acc")) {
      acc = (*b)["acc"];
      if (!acc.isTile() || acc.shape() != ArrayRef<int64_t>(accShape))
        return error(b->loc("acc"), "dot: the accumulator must be a tile of shape " +
                                        shapeString(accShape) + ", got " +
                                        acc.describe());
      if (!accTypeOk(acc.dtype))
        return error(b->loc("acc"), "dot: " + a.dtype.name() +
                                        " operands accumulate in " + accRule +
                                        ", but the accumulator is " + acc.describe());
      if (!b->has("out_dtype"))
        out = acc.dtype;
      else if (acc.dtype != out)
        return error(b->loc("acc"), "dot: the accumulator is " + acc.dtype.name() +
                                        " but out_dtype is " + out.name());
    } else {
      acc = constantTile(SV::ofInt(0), out, accShape, args.callLoc);
    }
    // Triton's default for f32 operands is tf32; input_precision or
    // allow_tf32=False select full precision.
    tile::InputPrecision precision = a.dtype.scalar == Scalar::F32
                                         ? tile::InputPrecision::TF32
                                         : tile::InputPrecision::IEEE;
    if (b->has("allow_tf32")) {
      std::optional<bool> allow = constFlag(*this, *b, "allow_tf32", "dot");
      if (!allow)
        return std::nullopt;
      if (!*allow)
        precision = tile::InputPrecision::IEEE;
    }
    if (b->has("input_precision")) {
      std::optional<std::string> p = strArg(*this, *b, "input_precision", "dot");
      if (!p)
        return std::nullopt;
      if (*p == "ieee")
        precision = tile::InputPrecision::IEEE;
      else if (*p == "tf32")
        precision = tile::InputPrecision::TF32;
      else if (*p == "tf32x3")
        precision = tile::InputPrecision::TF32x3;
      else
        return error(b->loc("input_precision"),
                     "dot: input_precision must be \"ieee\", "
                     "\"tf32\" or \"tf32x3\", got \"" +
                         *p + "\"");
    }
    if (a.dtype.scalar != Scalar::F32)
      precision = tile::InputPrecision::IEEE;
    auto op = tile::DotOp::create(builder_, loc, acc.value.getType(), a.value, bb.value,
                                  acc.value, precision);
    return SV::ofTile(op.getResult(), acc.dtype);
  }
  handled = false;
  return std::nullopt;
}

} // namespace tessel::frontend
