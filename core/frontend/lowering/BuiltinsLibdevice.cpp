//===- BuiltinsLibdevice.cpp - triton.language.extra.libdevice -------------===//
//
// Triton exposes CUDA's libdevice (and ROCm's ocml) as
// `triton.language.extra.libdevice`, dispatching on fp32/fp64. Tessel maps
// each function onto upstream math/arith ops, or a short composition of them
// where the upstream op is missing or lowers inaccurately on some backend
// (expm1, log1p, hypot, div_rz), so that every backend compiles the result.
//
//===----------------------------------------------------------------------===//

#include "core/frontend/lowering/Builtins.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>
#include <limits>

namespace tessel::frontend {

using namespace mlir;

namespace {

/// How a libdevice function is lowered.
enum class LibKind {
  Unary,     ///< float -> float through one math op or composition
  Binary,    ///< (float, float) -> float
  Ternary,   ///< fma
  Predicate, ///< float -> int32 (0 or 1), as libdevice's __nv_isnanf
  ToInt64,   ///< float -> int64 (llrint, llround)
  Pow,       ///< (float, float or int) -> float
};

struct LibdeviceFn {
  const char *name;
  LibKind kind;
};

const LibdeviceFn kLibdevice[] = {
    {"abs", LibKind::Unary},         {"fabs", LibKind::Unary},
    {"acos", LibKind::Unary},        {"acosh", LibKind::Unary},
    {"asin", LibKind::Unary},        {"asinh", LibKind::Unary},
    {"atan", LibKind::Unary},        {"atanh", LibKind::Unary},
    {"cbrt", LibKind::Unary},        {"ceil", LibKind::Unary},
    {"cos", LibKind::Unary},         {"cosh", LibKind::Unary},
    {"erf", LibKind::Unary},         {"erfc", LibKind::Unary},
    {"exp", LibKind::Unary},         {"exp2", LibKind::Unary},
    {"exp10", LibKind::Unary},       {"expm1", LibKind::Unary},
    {"floor", LibKind::Unary},       {"log", LibKind::Unary},
    {"log10", LibKind::Unary},       {"log1p", LibKind::Unary},
    {"log2", LibKind::Unary},        {"rint", LibKind::Unary},
    {"nearbyint", LibKind::Unary},   {"round", LibKind::Unary},
    {"rsqrt", LibKind::Unary},       {"sin", LibKind::Unary},
    {"sinh", LibKind::Unary},        {"sqrt", LibKind::Unary},
    {"sqrt_rn", LibKind::Unary},     {"tan", LibKind::Unary},
    {"tanh", LibKind::Unary},        {"trunc", LibKind::Unary},
    {"saturatef", LibKind::Unary},   {"atan2", LibKind::Binary},
    {"copysign", LibKind::Binary},   {"fmod", LibKind::Binary},
    {"hypot", LibKind::Binary},      {"fmax", LibKind::Binary},
    {"fmin", LibKind::Binary},       {"div_rn", LibKind::Binary},
    {"div_rz", LibKind::Binary},     {"fast_dividef", LibKind::Binary},
    {"fma", LibKind::Ternary},       {"isnan", LibKind::Predicate},
    {"isinf", LibKind::Predicate},   {"isfinited", LibKind::Predicate},
    {"finitef", LibKind::Predicate}, {"isfinite", LibKind::Predicate},
    {"signbit", LibKind::Predicate}, {"llrint", LibKind::ToInt64},
    {"llround", LibKind::ToInt64},   {"pow", LibKind::Pow},
    {"powf", LibKind::Pow},          {"powi", LibKind::Pow},
};

const LibdeviceFn *findLibdevice(const std::string &name) {
  for (const LibdeviceFn &f : kLibdevice)
    if (name == f.name)
      return &f;
  return nullptr;
}

unsigned arity(LibKind k) {
  switch (k) {
  case LibKind::Binary:
  case LibKind::Pow:
    return 2;
  case LibKind::Ternary:
    return 3;
  default:
    return 1;
  }
}

} // namespace

bool isLibdeviceFunction(const std::string &name) {
  return findLibdevice(name) != nullptr;
}

OptSV Lowerer::builtinLibdevice(const std::string &name, CallArgs &args,
                                bool &handled) {
  static const std::string kPrefix = "libdevice.";
  if (name == "triton.next_power_of_2") {
    // The host helper that heuristics and constexpr globals use.
    handled = true;
    std::optional<Bound> b = bindBuiltin(*this, "next_power_of_2", args, {"n"}, 1);
    if (!b)
      return std::nullopt;
    std::optional<int64_t> n = constInt(*this, *b, "n", "next_power_of_2");
    if (!n)
      return std::nullopt;
    if (*n > (int64_t(1) << 62))
      return error(b->loc("n"), "next_power_of_2: " + std::to_string(*n) +
                                    " has no power of two in 64 bits");
    int64_t p = 1;
    while (p < *n)
      p <<= 1;
    return SV::ofInt(p);
  }
  if (name.rfind(kPrefix, 0) != 0) {
    handled = false;
    return std::nullopt;
  }
  handled = true;
  std::string fn = name.substr(kPrefix.size());
  const LibdeviceFn *f = findLibdevice(fn);
  if (!f)
    return error(args.callLoc, "libdevice function '" + fn +
                                   "' is not supported by Tessel yet "
                                   "(docs/language.md lists the libdevice "
                                   "functions it implements)");
  std::string shown = "libdevice." + fn;
  unsigned n = arity(f->kind);
  std::vector<std::string> params;
  for (unsigned i = 0; i < n; ++i)
    params.push_back("arg" + std::to_string(i));
  std::optional<Bound> b = bindBuiltin(*this, shown, args, params, n);
  if (!b)
    return std::nullopt;

  // The common float type of the tile operands; numbers take it (Triton's
  // weak typing of Python scalars). libdevice has fp32 and fp64 entries only.
  bool intExponent = false;
  std::optional<DType> common;
  std::vector<SV> ops;
  for (unsigned i = 0; i < n; ++i) {
    SV v = (*b)[params[i]];
    SourceLoc vloc = b->loc(params[i]);
    if (!v.isTile() && !v.isNumber())
      return error(vloc, shown + ": argument " + std::to_string(i) +
                             " must be a tile or a number, got " + v.describe());
    if (v.isTile() && v.dtype.isPointer)
      return error(vloc, shown + " is not defined on pointers, got " + v.describe());
    bool exponent = f->kind == LibKind::Pow && i == 1;
    if (v.isTile() && v.dtype.isInt()) {
      bool intOk = exponent || (fn == "abs" && i == 0 && !v.dtype.isBool());
      if (!intOk)
        return error(vloc, shown + " takes fp32 or fp64 operands, got " + v.describe() +
                               " (convert it with .to(tl.float32))");
      if (exponent)
        intExponent = true;
    } else if (v.isTile()) {
      if (v.dtype.scalar != Scalar::F32 && v.dtype.scalar != Scalar::F64)
        return error(vloc, shown + " takes fp32 or fp64 operands, got " + v.describe() +
                               " (convert it with .to(tl.float32))");
      common = common ? promote(*common, v.dtype) : v.dtype;
    } else if (exponent && v.isIntLike()) {
      intExponent = true;
    }
    ops.push_back(v);
  }
  if (fn == "powi" && !intExponent)
    return error(b->loc("arg1"),
                 shown + ": the exponent must be an integer, got " + ops[1].describe());

  // Integer abs keeps its type (libdevice's __nv_abs / __nv_llabs).
  Location loc = toLoc(args.callLoc);
  if (fn == "abs" && ops[0].isTile() && ops[0].dtype.isInt()) {
    if (!ops[0].dtype.isSigned())
      return ops[0];
    return SV::ofTile(math::AbsIOp::create(builder_, loc, ops[0].value), ops[0].dtype);
  }
  if (fn == "fast_dividef" || fn == "saturatef" || fn == "finitef") {
    if (common && common->scalar != Scalar::F32)
      return error(args.callLoc, shown + " takes fp32 operands, got " + common->name());
  }
  if (fn == "isfinited" && common && common->scalar != Scalar::F64)
    return error(args.callLoc,
                 shown + " takes fp64 operands, got " + common->name() +
                     " (libdevice.finitef is the fp32 one; isfinite takes both)");
  DType t = common.value_or(DType::of(Scalar::F32));

  // Materialize and broadcast the operands.
  for (unsigned i = 0; i < n; ++i) {
    bool exponentInt = f->kind == LibKind::Pow && i == 1 && intExponent;
    DType want =
        exponentInt ? (ops[i].isTile() ? ops[i].dtype : DType::of(Scalar::I32)) : t;
    OptSV m = materialize(ops[i], b->loc(params[i]), want);
    if (!m)
      return std::nullopt;
    ops[i] = exponentInt ? *m : convert(*m, t, b->loc(params[i]));
  }
  for (unsigned i = 0; i < n; ++i)
    for (unsigned j = 0; j < n; ++j)
      if (i != j && !broadcastPair(ops[i], ops[j], args.callLoc))
        return std::nullopt;
  llvm::SmallVector<int64_t> shape(ops[0].shape().begin(), ops[0].shape().end());

  auto cst = [&](double v) {
    return constantTile(SV::ofFloat(v), t, shape, args.callLoc).value;
  };
  auto cmp = [&](arith::CmpFPredicate p, Value a, Value c) -> Value {
    return arith::CmpFOp::create(builder_, loc, p, a, c);
  };
  auto select = [&](Value c, Value a, Value e) -> Value {
    return arith::SelectOp::create(builder_, loc, c, a, e);
  };
  auto mul = [&](Value a, Value c) -> Value {
    return arith::MulFOp::create(builder_, loc, a, c);
  };
  auto div = [&](Value a, Value c) -> Value {
    return arith::DivFOp::create(builder_, loc, a, c);
  };
  auto sub = [&](Value a, Value c) -> Value {
    return arith::SubFOp::create(builder_, loc, a, c);
  };
  auto add = [&](Value a, Value c) -> Value {
    return arith::AddFOp::create(builder_, loc, a, c);
  };
  const double inf = std::numeric_limits<double>::infinity();
  DType bitsType = DType::of(t.scalar == Scalar::F64 ? Scalar::I64 : Scalar::I32);
  Type bitsTy = tileType(bitsType, shape);
  Type i32Ty = tileType(DType::of(Scalar::I32), shape);

  Value x = ops[0].value, r;
  switch (f->kind) {
  case LibKind::Unary:
    if (fn == "abs" || fn == "fabs")
      r = math::AbsFOp::create(builder_, loc, x);
    else if (fn == "acos")
      r = math::AcosOp::create(builder_, loc, x);
    else if (fn == "acosh")
      r = math::AcoshOp::create(builder_, loc, x);
    else if (fn == "asin")
      r = math::AsinOp::create(builder_, loc, x);
    else if (fn == "asinh")
      r = math::AsinhOp::create(builder_, loc, x);
    else if (fn == "atan")
      r = math::AtanOp::create(builder_, loc, x);
    else if (fn == "atanh")
      r = math::AtanhOp::create(builder_, loc, x);
    else if (fn == "cbrt")
      r = math::CbrtOp::create(builder_, loc, x);
    else if (fn == "ceil")
      r = math::CeilOp::create(builder_, loc, x);
    else if (fn == "cos")
      r = math::CosOp::create(builder_, loc, x);
    else if (fn == "cosh")
      r = math::CoshOp::create(builder_, loc, x);
    else if (fn == "erf")
      r = math::ErfOp::create(builder_, loc, x);
    else if (fn == "erfc")
      r = math::ErfcOp::create(builder_, loc, x);
    else if (fn == "exp")
      r = math::ExpOp::create(builder_, loc, x);
    else if (fn == "exp2")
      r = math::Exp2Op::create(builder_, loc, x);
    else if (fn == "exp10")
      r = math::PowFOp::create(builder_, loc, cst(10.0), x);
    else if (fn == "expm1") {
      // Kahan: (u - 1) * x / log(u) with u = exp(x) keeps the relative
      // accuracy near 0 that exp(x) - 1 loses.
      Value u = math::ExpOp::create(builder_, loc, x);
      Value um1 = sub(u, cst(1.0));
      Value q = div(mul(um1, x), math::LogOp::create(builder_, loc, u));
      r = select(cmp(arith::CmpFPredicate::OEQ, um1, cst(-1.0)), cst(-1.0), q);
      r = select(cmp(arith::CmpFPredicate::OEQ, u, cst(inf)), u, r);
      r = select(cmp(arith::CmpFPredicate::OEQ, u, cst(1.0)), x, r);
    } else if (fn == "floor")
      r = math::FloorOp::create(builder_, loc, x);
    else if (fn == "log")
      r = math::LogOp::create(builder_, loc, x);
    else if (fn == "log10")
      r = math::Log10Op::create(builder_, loc, x);
    else if (fn == "log1p") {
      // Goldberg: log(u) * x / (u - 1) with u = 1 + x.
      Value u = add(cst(1.0), x);
      Value q = div(mul(math::LogOp::create(builder_, loc, u), x), sub(u, cst(1.0)));
      r = select(cmp(arith::CmpFPredicate::OEQ, u, cst(inf)), u, q);
      r = select(cmp(arith::CmpFPredicate::OEQ, u, cst(1.0)), x, r);
    } else if (fn == "log2")
      r = math::Log2Op::create(builder_, loc, x);
    else if (fn == "rint" || fn == "nearbyint")
      r = math::RoundEvenOp::create(builder_, loc, x);
    else if (fn == "round")
      r = math::RoundOp::create(builder_, loc, x);
    else if (fn == "rsqrt")
      r = math::RsqrtOp::create(builder_, loc, x);
    else if (fn == "sin")
      r = math::SinOp::create(builder_, loc, x);
    else if (fn == "sinh")
      r = math::SinhOp::create(builder_, loc, x);
    else if (fn == "sqrt" || fn == "sqrt_rn")
      r = math::SqrtOp::create(builder_, loc, x);
    else if (fn == "tan")
      r = math::TanOp::create(builder_, loc, x);
    else if (fn == "tanh")
      r = math::TanhOp::create(builder_, loc, x);
    else if (fn == "trunc")
      r = math::TruncOp::create(builder_, loc, x);
    else // saturatef: clamp to [0, 1], NaN to 0 as __nv_saturatef
      r = arith::MinNumFOp::create(builder_, loc,
                                   arith::MaxNumFOp::create(builder_, loc, x, cst(0.0)),
                                   cst(1.0));
    return SV::ofTile(r, t);
  case LibKind::Binary: {
    Value y = ops[1].value;
    if (fn == "atan2")
      r = math::Atan2Op::create(builder_, loc, x, y);
    else if (fn == "copysign")
      r = math::CopySignOp::create(builder_, loc, x, y);
    else if (fn == "fmod")
      r = arith::RemFOp::create(builder_, loc, x, y);
    else if (fn == "fmax")
      r = arith::MaxNumFOp::create(builder_, loc, x, y);
    else if (fn == "fmin")
      r = arith::MinNumFOp::create(builder_, loc, x, y);
    else if (fn == "div_rn" || fn == "fast_dividef")
      r = div(x, y);
    else if (fn == "hypot") {
      // m * sqrt(1 + (n/m)^2) for m = max(|x|, |y|), n = min: no overflow
      // of the squares; an infinite operand wins over NaN, as in C.
      Value ax = math::AbsFOp::create(builder_, loc, x);
      Value ay = math::AbsFOp::create(builder_, loc, y);
      Value m = arith::MaxNumFOp::create(builder_, loc, ax, ay);
      Value nn = arith::MinNumFOp::create(builder_, loc, ax, ay);
      Value q = div(nn, m);
      r = mul(m, math::SqrtOp::create(builder_, loc, add(cst(1.0), mul(q, q))));
      r = select(cmp(arith::CmpFPredicate::OEQ, m, cst(0.0)), cst(0.0), r);
      r = select(cmp(arith::CmpFPredicate::UNO, ax, ay),
                 cst(std::numeric_limits<double>::quiet_NaN()), r);
      r = select(cmp(arith::CmpFPredicate::OEQ, m, cst(inf)), cst(inf), r);
    } else {
      // div_rz: the round-to-nearest quotient, moved one ulp toward zero
      // when it was rounded away from zero. The fma residual x - q*y is
      // exact, and its sign relative to q and y says which way q rounded.
      Value q = div(x, y);
      Value negQ = arith::NegFOp::create(builder_, loc, q);
      Value rem = math::FmaOp::create(builder_, loc, negQ, y, x);
      Value zero = cst(0.0);
      Value remNeg = cmp(arith::CmpFPredicate::OLT, rem, zero);
      Value yNeg = cmp(arith::CmpFPredicate::OLT, y, zero);
      Value qNeg = cmp(arith::CmpFPredicate::OLT, q, zero);
      Value away = arith::XOrIOp::create(
          builder_, loc, remNeg, arith::XOrIOp::create(builder_, loc, yNeg, qNeg));
      Value exact = arith::AndIOp::create(builder_, loc,
                                          cmp(arith::CmpFPredicate::ONE, rem, zero),
                                          cmp(arith::CmpFPredicate::ONE, q, zero));
      Value fix = arith::AndIOp::create(builder_, loc, away, exact);
      Value bits = arith::BitcastOp::create(builder_, loc, bitsTy, q);
      Value one = constantTile(SV::ofInt(1), bitsType, shape, args.callLoc).value;
      Value toward = arith::BitcastOp::create(
          builder_, loc, q.getType(), arith::SubIOp::create(builder_, loc, bits, one));
      r = select(fix, toward, q);
    }
    return SV::ofTile(r, t);
  }
  case LibKind::Ternary:
    return SV::ofTile(math::FmaOp::create(builder_, loc, x, ops[1].value, ops[2].value),
                      t);
  case LibKind::Predicate: {
    Value c;
    Value ax = math::AbsFOp::create(builder_, loc, x);
    if (fn == "isnan")
      c = cmp(arith::CmpFPredicate::UNO, x, x);
    else if (fn == "isinf")
      c = cmp(arith::CmpFPredicate::OEQ, ax, cst(inf));
    else if (fn == "signbit") {
      Value bits = arith::BitcastOp::create(builder_, loc, bitsTy, x);
      Value zero = constantTile(SV::ofInt(0), bitsType, shape, args.callLoc).value;
      c = arith::CmpIOp::create(builder_, loc, arith::CmpIPredicate::slt, bits, zero);
    } else // isfinited, finitef, isfinite: ordered and not infinite
      c = cmp(arith::CmpFPredicate::ONE, ax, cst(inf));
    return SV::ofTile(arith::ExtUIOp::create(builder_, loc, i32Ty, c),
                      DType::of(Scalar::I32));
  }
  case LibKind::ToInt64: {
    Value rounded = fn == "llrint"
                        ? math::RoundEvenOp::create(builder_, loc, x).getResult()
                        : math::RoundOp::create(builder_, loc, x).getResult();
    Type i64Ty = tileType(DType::of(Scalar::I64), shape);
    return SV::ofTile(arith::FPToSIOp::create(builder_, loc, i64Ty, rounded),
                      DType::of(Scalar::I64));
  }
  case LibKind::Pow: {
    Value y = ops[1].value;
    // An integer exponent (libdevice's powi) is converted exactly enough
    // for pow, which is exact on integral exponents of negative bases.
    if (intExponent)
      y = convert(ops[1], t, b->loc("arg1")).value;
    return SV::ofTile(math::PowFOp::create(builder_, loc, x, y), t);
  }
  }
  return error(args.callLoc, "internal error: unhandled libdevice function " + fn);
}

} // namespace tessel::frontend
