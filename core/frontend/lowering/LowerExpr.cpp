//===- LowerExpr.cpp - Expressions ----------------------------------------===//

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/frontend/lowering/Lowerer.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace tessel::frontend {

// AST casts (frontend::cast/isa) and MLIR's would be ambiguous under a
// using-directive, so MLIR names are imported one by one.
using mlir::Location;
using mlir::OpBuilder;
using mlir::SmallVector;
using mlir::Type;
using mlir::TypeRange;
using mlir::Value;
namespace arith = mlir::arith;
namespace math = mlir::math;
namespace scf = mlir::scf;

/// Python builtins available inside kernels.
static bool isPythonBuiltin(const std::string &name) {
  static const char *kNames[] = {"range", "min",        "max",    "len",
                                 "int",   "float",      "bool",   "abs",
                                 "print", "isinstance", "getattr"};
  for (const char *n : kNames)
    if (name == n)
      return true;
  return false;
}

/// Python's equality of two constexpr dict keys.
static bool sameDictKey(const SV &a, const SV &b) {
  if (a.isNumber() && b.isNumber())
    return a.asDouble() == b.asDouble();
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case SV::Kind::Str:
    return a.str == b.str;
  case SV::Kind::None:
    return true;
  case SV::Kind::DTypeVal:
    return a.dtype == b.dtype;
  case SV::Kind::Tuple:
    if (a.elements.size() != b.elements.size())
      return false;
    for (size_t i = 0; i < a.elements.size(); ++i)
      if (!sameDictKey(a.elements[i], b.elements[i]))
        return false;
    return true;
  default:
    return false;
  }
}

OptSV Lowerer::lowerExpr(const Expr *e) {
  switch (e->kind()) {
  case ExprKind::Name:
    return lowerName(cast<NameExpr>(e));
  case ExprKind::IntLiteral: {
    uint64_t v = cast<IntLiteral>(e)->value;
    if (v > static_cast<uint64_t>(INT64_MAX))
      return error(e->loc(), "integer literal " + cast<IntLiteral>(e)->spelling +
                                 " does not fit in 64 bits");
    return SV::ofInt(static_cast<int64_t>(v));
  }
  case ExprKind::FloatLiteral:
    return SV::ofFloat(cast<FloatLiteral>(e)->value);
  case ExprKind::StringLiteral:
    return SV::ofStr(cast<StringLiteral>(e)->value);
  case ExprKind::BoolLiteral:
    return SV::ofBool(cast<BoolLiteral>(e)->value);
  case ExprKind::NoneLiteral:
    return SV::none();
  case ExprKind::EllipsisLiteral:
    return error(e->loc(), "'...' is only meaningful inside a subscript");
  case ExprKind::Unary:
    return lowerUnary(cast<UnaryExpr>(e));
  case ExprKind::Binary:
    return lowerBinary(cast<BinaryExpr>(e));
  case ExprKind::Logical:
    return lowerLogical(cast<LogicalExpr>(e));
  case ExprKind::Compare:
    return lowerCompare(cast<CompareExpr>(e));
  case ExprKind::IfElse:
    return lowerIfElse(cast<IfElseExpr>(e));
  case ExprKind::Call:
    return lowerCall(cast<CallExpr>(e));
  case ExprKind::Attribute:
    return lowerAttribute(cast<AttributeExpr>(e));
  case ExprKind::Subscript:
    return lowerSubscript(cast<SubscriptExpr>(e));
  case ExprKind::Slice:
    return error(e->loc(), "a slice is only meaningful inside a subscript");
  case ExprKind::Tuple:
  case ExprKind::List: {
    const ExprList &elems = e->kind() == ExprKind::Tuple ? cast<TupleExpr>(e)->elements
                                                         : cast<ListExpr>(e)->elements;
    std::vector<SV> values;
    for (const ExprPtr &x : elems) {
      OptSV v = lowerExpr(x.get());
      if (!v)
        return std::nullopt;
      values.push_back(*v);
    }
    return SV::ofTuple(std::move(values));
  }
  case ExprKind::Dict: {
    // `{"BLOCK": 128}`: constant keys, any values; read with d["BLOCK"].
    const auto *d = cast<DictExpr>(e);
    SV dict;
    dict.kind = SV::Kind::Dict;
    for (size_t i = 0; i < d->keys.size(); ++i) {
      OptSV k = lowerConstexpr(d->keys[i].get(), "a dict key");
      if (!k)
        return std::nullopt;
      OptSV v = lowerExpr(d->values[i].get());
      if (!v)
        return std::nullopt;
      bool replaced = false;
      for (size_t j = 0; j < dict.keys.size(); ++j)
        if (sameDictKey(dict.keys[j], *k)) {
          dict.elements[j] = *v;
          replaced = true;
        }
      if (!replaced) {
        dict.keys.push_back(*k);
        dict.elements.push_back(*v);
      }
    }
    return dict;
  }
  }
  return error(e->loc(), "unsupported expression");
}

OptSV Lowerer::lowerName(const NameExpr *e) {
  if (env_) {
    auto it = env_->find(e->name);
    if (it != env_->end())
      return it->second;
  }
  auto g = globals_.find(e->name);
  if (g != globals_.end()) {
    // `from .utils import rsqrt`: a math function from a module that kernels
    // cannot read; the language has it.
    const std::string &path = g->second.str;
    if (g->second.kind == SV::Kind::Foreign && path.size() > e->name.size() &&
        path.compare(path.size() - e->name.size() - 1, std::string::npos,
                     "." + e->name) == 0) {
      std::string from = path.substr(0, path.size() - e->name.size() - 1);
      if (isLibdeviceFunction(e->name))
        return error(e->loc(), "'" + e->name + "' is imported from '" + from +
                                   "', a module kernels cannot use; import it from "
                                   "the language: 'from triton.language.extra.libdevice "
                                   "import " +
                                   e->name + "'");
      if (namespaceMember("tl", e->name))
        return error(e->loc(), "'" + e->name + "' is imported from '" + from +
                                   "', a module kernels cannot use; use 'tl." + e->name +
                                   "' instead");
    }
    return g->second;
  }
  auto def = globalDefs_.find(e->name);
  if (def != globalDefs_.end()) {
    // Module-level names are constexprs, evaluated once on first use.
    if (evaluatingGlobals_.count(e->name))
      return error(e->loc(), "global '" + e->name + "' is defined in terms of itself");
    evaluatingGlobals_.insert(e->name);
    const Expr *valueExpr = nullptr;
    if (const auto *a = dyn_cast<AssignStmt>(def->second))
      valueExpr = a->value.get();
    else if (const auto *a = dyn_cast<AnnAssignStmt>(def->second))
      valueExpr = a->value.get();
    if (!valueExpr)
      return error(e->loc(), "global '" + e->name + "' has no value");
    Env empty;
    Env *saved = env_;
    env_ = &empty;
    // A global is a constexpr, or an alias of something of the language:
    // `rsqrt = libdevice.rsqrt`, `tanh = tl.math.tanh`, `helper = other`.
    OptSV v = lowerExpr(valueExpr);
    if (v && !v->isConstexpr() && v->kind != SV::Kind::Builtin &&
        v->kind != SV::Kind::Namespace && v->kind != SV::Kind::Function)
      v = error(valueExpr->loc(), "global '" + e->name +
                                      "' must be a compile-time constant (tl.constexpr), got " +
                                      v->describe());
    env_ = saved;
    evaluatingGlobals_.erase(e->name);
    if (!v)
      return std::nullopt;
    globals_[e->name] = *v;
    return v;
  }
  auto partly = partlyDefined_.find({env_, e->name});
  if (partly != partlyDefined_.end())
    return error(e->loc(), "'" + e->name + "' is assigned on only one path of the if on line " +
                               std::to_string(partly->second.line) +
                               ", so it is undefined here; assign it before the if or in "
                               "both branches");
  if (const HostCode *host = module_.findHostCode(e->name))
    return error(e->loc(), hostCodeMessage(e->name, *host));
  if (isPythonBuiltin(e->name))
    return SV::ofBuiltin("py." + e->name);
  return error(e->loc(), "undefined name '" + e->name + "'");
}

OptSV Lowerer::lowerConstexpr(const Expr *e, const std::string &what) {
  OptSV v = lowerExpr(e);
  if (!v)
    return std::nullopt;
  if (v->kind == SV::Kind::Builtin && v->str == "tl.constexpr")
    return error(e->loc(), what + " must be a constant");
  if (!v->isConstexpr())
    return error(e->loc(), what +
                               " must be a compile-time constant (tl.constexpr), got " +
                               v->describe());
  return v;
}

bool Lowerer::truthy(const SV &v) const {
  switch (v.kind) {
  case SV::Kind::None:
    return false;
  case SV::Kind::Int:
    return v.intValue != 0;
  case SV::Kind::Float:
    return v.floatValue != 0;
  case SV::Kind::Bool:
    return v.boolValue;
  case SV::Kind::Str:
    return !v.str.empty();
  case SV::Kind::Tuple:
    return !v.elements.empty();
  default:
    return true;
  }
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

/// Every `tl.<name>` the frontend implements.
static bool isTlBuiltin(const std::string &n) {
  static const char *kNames[] = {"program_id",
                                 "num_programs",
                                 "arange",
                                 "zeros",
                                 "zeros_like",
                                 "full",
                                 "full_like",
                                 "load",
                                 "store",
                                 "dot",
                                 "sum",
                                 "max",
                                 "min",
                                 "argmax",
                                 "argmin",
                                 "cumsum",
                                 "exp",
                                 "exp2",
                                 "log",
                                 "log2",
                                 "sqrt",
                                 "rsqrt",
                                 "sin",
                                 "cos",
                                 "abs",
                                 "sigmoid",
                                 "fma",
                                 "maximum",
                                 "minimum",
                                 "where",
                                 "clamp",
                                 "trans",
                                 "permute",
                                 "reshape",
                                 "view",
                                 "broadcast_to",
                                 "broadcast",
                                 "expand_dims",
                                 "atomic_add",
                                 "atomic_max",
                                 "atomic_min",
                                 "atomic_xchg",
                                 "atomic_cas",
                                 "atomic_and",
                                 "atomic_or",
                                 "atomic_xor",
                                 "make_tensor_descriptor",
                                 "make_block_ptr",
                                 "advance",
                                 "tensor_descriptor",
                                 "multiple_of",
                                 "max_contiguous",
                                 "device_print",
                                 "device_assert",
                                 "static_assert",
                                 "static_print",
                                 "static_range",
                                 "range",
                                 "cdiv",
                                 "constexpr",
                                 "floor",
                                 "ceil",
                                 "div_rn",
                                 "fdiv",
                                 "erf",
                                 "tanh",
                                 "softmax",
                                 "cast",
                                 "split",
                                 "join",
                                 "associative_scan",
                                 "reduce",
                                 "ravel",
                                 "xor_sum",
                                 "umulhi",
                                 "debug_barrier",
                                 "assume",
                                 "pointer_type",
                                 "tensor",
                                 "dtype",
                                 "to",
                                 "interleave",
                                 "flip",
                                 "gather",
                                 "histogram",
                                 "sort",
                                 "swizzle2d",
                                 "philox",
                                 "philox_impl",
                                 "randint",
                                 "randint4x",
                                 "rand",
                                 "rand4x",
                                 "randn",
                                 "randn4x",
                                 "uint_to_uniform_float",
                                 "pair_uniform_to_normal",
                                 "dot_scaled",
                                 "inline_asm_elementwise"};
  for (const char *k : kNames)
    if (n == k)
      return true;
  return false;
}

std::optional<SV> namespaceMember(const std::string &ns, const std::string &attr) {
  if (ns == "triton" || ns == "tessel") {
    if (attr == "language")
      return SV::ofNamespace("tl");
    if (attr == "cdiv")
      return SV::ofBuiltin("tl.cdiv");
    if (attr == "jit" || attr == "autotune" || attr == "Config" || attr == "heuristics")
      return SV::ofBuiltin(ns + "." + attr);
    if (attr == "next_power_of_2")
      return SV::ofBuiltin("triton.next_power_of_2");
    return std::nullopt;
  }
  if (ns == "tl") {
    if (attr == "math")
      return SV::ofNamespace("tl.math");
    if (attr == "extra")
      return SV::ofNamespace("tl.extra");
    if (std::optional<DType> t = dtypeForTlName(attr))
      return SV::ofDType(*t);
    if (isTlBuiltin(attr))
      return SV::ofBuiltin("tl." + attr);
    return std::nullopt;
  }
  if (ns == "tl.extra" && (attr == "cuda" || attr == "hip"))
    return SV::ofNamespace("tl.extra.cuda");
  if (ns == "tl.extra.cuda" && (attr == "gdc_wait" || attr == "gdc_launch_dependents"))
    return SV::ofBuiltin("tl.extra.cuda." + attr);
  if ((ns == "tl.extra" || ns == "tl.extra.cuda") && attr == "libdevice")
    return SV::ofNamespace("libdevice");
  // Every name of libdevice resolves; one that is not implemented is
  // reported, by name, where it is called.
  if (ns == "libdevice")
    return SV::ofBuiltin("libdevice." + attr);
  if (ns == "tl.math") {
    // Triton 3.x keeps the core math functions in tl.math; older code also
    // finds libdevice's there (tl.math.tanh, tl.math.pow).
    if (isTlBuiltin(attr))
      return SV::ofBuiltin("tl." + attr);
    if (isLibdeviceFunction(attr))
      return SV::ofBuiltin("libdevice." + attr);
  }
  return std::nullopt;
}

OptSV Lowerer::lowerAttribute(const AttributeExpr *e) {
  OptSV base = lowerExpr(e->value.get());
  if (!base)
    return std::nullopt;
  const std::string &attr = e->attr;
  SourceLoc loc = e->attrRange.begin;
  switch (base->kind) {
  case SV::Kind::Namespace: {
    const std::string &ns = base->str;
    if (std::optional<SV> member = namespaceMember(ns, attr))
      return *member;
    if (ns == "triton" || ns == "tessel") {
      return error(loc, "'" + ns + "." + attr + "' is not available inside kernels");
    }
    if (ns == "tl" && attr == "math")
      return SV::ofNamespace("tl.math");
    if (ns == "tl") {
      if (std::optional<DType> t = dtypeForTlName(attr))
        return SV::ofDType(*t);
      if (isTlBuiltin(attr))
        return SV::ofBuiltin("tl." + attr);
      return error(loc, "unknown name 'tl." + attr +
                            "': not an operation or type of the kernel language "
                            "(docs/language.md lists them)");
    }
    if (ns == "tl.math") {
      return error(loc, "unknown name 'tl.math." + attr +
                            "': not a math function of the kernel language");
    }
    return error(loc, "unknown attribute '" + attr + "' of " + base->describe());
  }
  case SV::Kind::Foreign:
    return error(e->loc(), "module '" + base->str +
                               "' cannot be used inside a kernel; only triton, "
                               "triton.language and tessel.language can");
  case SV::Kind::Tile: {
    if (attr == "dtype")
      return SV::ofDType(base->dtype);
    if (attr == "shape") {
      std::vector<SV> dims;
      for (int64_t d : base->shape())
        dims.push_back(SV::ofInt(d));
      return SV::ofTuple(std::move(dims));
    }
    if (attr == "type")
      return tileTypeOf(*base);
    if (attr == "T") {
      CallArgs args;
      args.positional.push_back(*base);
      args.positionalLocs.push_back(e->loc());
      args.callLoc = loc;
      return callBuiltin("tl.trans", nullptr, args);
    }
    if (base->dtype.isPointer && (attr == "load" || attr == "store")) {
      // Code written for a tensor descriptor, given a pointer. A tensor has
      // no .load in Triton; its .store is tl.store (BuiltinsBlockPtr.cpp
      // checks for a descriptor-style call), so the receiver's name goes along.
      const auto *var = dyn_cast<NameExpr>(e->value.get());
      std::string who = var ? "'" + var->name + "'" : std::string("this value");
      if (attr == "load")
        return error(loc, who + " is a pointer (" + base->dtype.name() +
                              "), not a tensor descriptor, so it has no .load; "
                              "declare the parameter as tensordesc<" +
                              base->dtype.pointee().name() +
                              "[...]> (the element type and block shape) in the "
                              "signature, or use tl.load(pointer, mask)");
      SV method = SV::ofBuiltin("ptr.store");
      method.receiver = std::make_shared<SV>(*base);
      method.receiver->str = var ? var->name : std::string();
      return method;
    }
    if (isTlBuiltin(attr)) {
      SV method = SV::ofBuiltin("tl." + attr);
      method.receiver = std::make_shared<SV>(*base);
      return method;
    }
    return error(loc, "a tile has no attribute '" + attr + "'");
  }
  case SV::Kind::BlockPtr: {
    if (attr == "advance") {
      SV method = SV::ofBuiltin("tl.advance");
      method.receiver = std::make_shared<SV>(*base);
      return method;
    }
    return error(loc, "a block pointer has no attribute '" + attr +
                          "'; load and store through it with tl.load/tl.store "
                          "and move it with tl.advance");
  }
  case SV::Kind::Desc: {
    if (attr == "load" || attr == "store") {
      SV method = SV::ofBuiltin("desc." + attr);
      method.receiver = std::make_shared<SV>(*base);
      return method;
    }
    return error(loc, "a tensor descriptor has no attribute '" + attr + "'");
  }
  case SV::Kind::DTypeVal: {
    if (attr == "is_floating" || attr == "is_int" || attr == "primitive_bitwidth" ||
        attr == "is_int_signed" || attr == "is_block" || attr == "is_ptr") {
      if (attr == "primitive_bitwidth")
        return SV::ofInt(base->dtype.bitWidth());
      SV method = SV::ofBuiltin("dtype." + attr);
      method.receiver = std::make_shared<SV>(*base);
      return method;
    }
    // `ptr.dtype.element_ty`: what a pointer points to (Triton's spelling).
    if (attr == "element_ty") {
      if (!base->dtype.isPointer)
        return error(loc, "'element_ty' is an attribute of pointer dtypes, not of " +
                              base->dtype.name());
      return SV::ofDType(base->dtype.pointee());
    }
    return error(loc, "a dtype has no attribute '" + attr + "'");
  }
  case SV::Kind::Builtin:
    if (base->str == "tile.type")
      return blockTypeAttribute(*base, attr, loc);
    break;
  case SV::Kind::Int:
  case SV::Kind::Float:
  case SV::Kind::Bool:
    if (attr == "value")
      return base; // tl.constexpr(...).value
    break;
  default:
    break;
  }
  return error(loc, "'" + attr + "' is not an attribute of " + base->describe());
}

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

OptSV Lowerer::lowerUnary(const UnaryExpr *e) {
  OptSV x = lowerExpr(e->operand.get());
  if (!x)
    return std::nullopt;
  SourceLoc loc = e->loc();
  if (x->isConstexpr()) {
    if (e->op == UnaryOp::Not)
      return SV::ofBool(!truthy(*x));
    if (!x->isNumber())
      return error(loc, std::string("bad operand for unary '") + spelling(e->op) +
                            "': " + x->describe());
    switch (e->op) {
    case UnaryOp::Neg:
      if (x->kind == SV::Kind::Float)
        return SV::ofFloat(-x->floatValue);
      if (x->asInt() == INT64_MIN)
        return error(loc, "integer constant -(" + std::to_string(x->asInt()) +
                              ") does not fit in 64 bits");
      return SV::ofInt(-x->asInt());
    case UnaryOp::Pos:
      return x->kind == SV::Kind::Bool ? SV::ofInt(x->asInt()) : *x;
    case UnaryOp::Invert:
      if (x->kind == SV::Kind::Float)
        return error(loc, "bad operand for unary '~': constexpr float");
      return SV::ofInt(~x->asInt());
    case UnaryOp::Not:
      break;
    }
  }
  if (!x->isTile())
    return error(loc, std::string("bad operand for unary '") + spelling(e->op) +
                          "': " + x->describe());
  if (x->dtype.isPointer)
    return error(loc, std::string("unary '") + spelling(e->op) +
                          "' is not defined on pointers");
  Location l = toLoc(loc);
  switch (e->op) {
  case UnaryOp::Pos:
    return x;
  case UnaryOp::Neg:
    if (x->dtype.isFloat())
      return SV::ofTile(arith::NegFOp::create(builder_, l, x->value), x->dtype);
    return binaryOp(BinaryOp::Sub,
                    constantTile(SV::ofInt(0), x->dtype, x->shape(), loc), *x, loc);
  case UnaryOp::Invert:
    if (!x->dtype.isInt())
      return error(loc, "bad operand for unary '~': " + x->describe());
    return SV::ofTile(arith::XOrIOp::create(
                          builder_, l, x->value,
                          constantTile(SV::ofInt(-1), x->dtype, x->shape(), loc).value),
                      x->dtype);
  case UnaryOp::Not: {
    SV b = convert(*x, DType::of(Scalar::I1), loc);
    return SV::ofTile(
        arith::XOrIOp::create(
            builder_, l, b.value,
            constantTile(SV::ofBool(true), b.dtype, b.shape(), loc).value),
        b.dtype);
  }
  }
  return std::nullopt;
}

OptSV Lowerer::lowerBinary(const BinaryExpr *e) {
  OptSV l = lowerExpr(e->lhs.get());
  if (!l)
    return std::nullopt;
  OptSV r = lowerExpr(e->rhs.get());
  if (!r)
    return std::nullopt;
  return binaryOp(e->op, *l, *r, e->opLoc.isValid() ? e->opLoc : e->loc());
}

static int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}

OptSV Lowerer::foldBinary(BinaryOp op, const SV &a, const SV &b, SourceLoc loc) {
  bool floats = a.kind == SV::Kind::Float || b.kind == SV::Kind::Float;
  if (floats) {
    double x = a.asDouble(), y = b.asDouble();
    switch (op) {
    case BinaryOp::Add:
      return SV::ofFloat(x + y);
    case BinaryOp::Sub:
      return SV::ofFloat(x - y);
    case BinaryOp::Mul:
      return SV::ofFloat(x * y);
    case BinaryOp::Div:
      if (y == 0)
        return error(loc, "division by zero in a constant expression");
      return SV::ofFloat(x / y);
    case BinaryOp::FloorDiv:
      if (y == 0)
        return error(loc, "division by zero in a constant expression");
      return SV::ofFloat(std::floor(x / y));
    case BinaryOp::Mod:
      if (y == 0)
        return error(loc, "division by zero in a constant expression");
      return SV::ofFloat(x - std::floor(x / y) * y);
    case BinaryOp::Pow:
      return SV::ofFloat(std::pow(x, y));
    default:
      return error(loc, std::string("unsupported operand types for '") + spelling(op) +
                            "': " + a.describe() + " and " + b.describe());
    }
  }
  int64_t x = a.asInt(), y = b.asInt();
  // Constants are Python ints, which do not wrap; one that leaves the 64
  // bits the compiler computes in is an error rather than a wrong value.
  auto tooWide = [&]() -> std::nullopt_t {
    return error(loc, "integer constant " + std::to_string(x) + " " + spelling(op) +
                          " " + std::to_string(y) + " does not fit in 64 bits");
  };
  int64_t r = 0;
  switch (op) {
  case BinaryOp::Add:
    if (__builtin_add_overflow(x, y, &r))
      return tooWide();
    return SV::ofInt(r);
  case BinaryOp::Sub:
    if (__builtin_sub_overflow(x, y, &r))
      return tooWide();
    return SV::ofInt(r);
  case BinaryOp::Mul:
    if (__builtin_mul_overflow(x, y, &r))
      return tooWide();
    return SV::ofInt(r);
  case BinaryOp::Div:
    if (y == 0)
      return error(loc, "division by zero in a constant expression");
    return SV::ofFloat(static_cast<double>(x) / static_cast<double>(y));
  case BinaryOp::FloorDiv:
    if (y == 0)
      return error(loc, "division by zero in a constant expression");
    if (x == INT64_MIN && y == -1)
      return tooWide();
    return SV::ofInt(floorDiv(x, y));
  case BinaryOp::Mod:
    if (y == 0)
      return error(loc, "division by zero in a constant expression");
    if (y == -1)
      return SV::ofInt(0); // also for INT64_MIN, whose quotient overflows
    return SV::ofInt(x - floorDiv(x, y) * y);
  case BinaryOp::Pow: {
    if (y < 0)
      return SV::ofFloat(std::pow(static_cast<double>(x), static_cast<double>(y)));
    // Square-and-multiply: at most 64 squarings, each checked.
    int64_t result = 1, base = x;
    for (uint64_t e = static_cast<uint64_t>(y); e != 0; e >>= 1) {
      if ((e & 1) && __builtin_mul_overflow(result, base, &result))
        return tooWide();
      if ((e >> 1) != 0 && __builtin_mul_overflow(base, base, &base))
        return tooWide();
    }
    return SV::ofInt(result);
  }
  case BinaryOp::LShift: {
    if (y < 0)
      return error(loc, "negative shift count in a constant expression");
    if (x == 0)
      return SV::ofInt(0);
    if (y > 63)
      return tooWide();
    __int128 wide = static_cast<__int128>(x) * (static_cast<__int128>(1) << y);
    if (wide > INT64_MAX || wide < INT64_MIN)
      return tooWide();
    return SV::ofInt(static_cast<int64_t>(wide));
  }
  case BinaryOp::RShift:
    if (y < 0)
      return error(loc, "negative shift count in a constant expression");
    return SV::ofInt(x >> std::min<int64_t>(y, 63));
  case BinaryOp::BitAnd:
    if (a.kind == SV::Kind::Bool && b.kind == SV::Kind::Bool)
      return SV::ofBool(a.boolValue && b.boolValue);
    return SV::ofInt(x & y);
  case BinaryOp::BitOr:
    if (a.kind == SV::Kind::Bool && b.kind == SV::Kind::Bool)
      return SV::ofBool(a.boolValue || b.boolValue);
    return SV::ofInt(x | y);
  case BinaryOp::BitXor:
    if (a.kind == SV::Kind::Bool && b.kind == SV::Kind::Bool)
      return SV::ofBool(a.boolValue != b.boolValue);
    return SV::ofInt(x ^ y);
  case BinaryOp::MatMul:
    break;
  }
  return error(loc, std::string("unsupported operand types for '") + spelling(op) +
                        "': " + a.describe() + " and " + b.describe());
}

OptSV Lowerer::binaryOp(BinaryOp op, const SV &lhsIn, const SV &rhsIn, SourceLoc loc) {
  if (lhsIn.isNumber() && rhsIn.isNumber())
    return foldBinary(op, lhsIn, rhsIn, loc);
  if (lhsIn.kind == SV::Kind::Tuple && rhsIn.kind == SV::Kind::Tuple &&
      op == BinaryOp::Add) {
    SV t = lhsIn;
    t.elements.insert(t.elements.end(), rhsIn.elements.begin(), rhsIn.elements.end());
    return t;
  }
  auto operandOk = [](const SV &v) { return v.isTile() || v.isNumber(); };
  if (lhsIn.kind == SV::Kind::BlockPtr || rhsIn.kind == SV::Kind::BlockPtr)
    return error(loc, std::string("'") + spelling(op) +
                          "' is not defined on a block pointer: it is not a tile "
                          "of pointers; move it with tl.advance(ptr, offsets)");
  if (!operandOk(lhsIn) || !operandOk(rhsIn))
    return error(loc, std::string("unsupported operand types for '") + spelling(op) +
                          "': " + lhsIn.describe() + " and " + rhsIn.describe());
  if (op == BinaryOp::MatMul)
    return error(loc, "'@' is not supported; use tl.dot(a, b)");
  if (op == BinaryOp::Pow)
    return error(loc, "'**' is only supported between constants; use tl.exp2/tl.log2 "
                      "or multiplication for tiles");

  Location l = toLoc(loc);
  // Pointer arithmetic: pointer +/- integer offsets.
  bool lptr = lhsIn.isTile() && lhsIn.dtype.isPointer;
  bool rptr = rhsIn.isTile() && rhsIn.dtype.isPointer;
  if (lptr || rptr) {
    if (lptr && rptr)
      return error(loc, std::string("'") + spelling(op) +
                            "' between two pointers is not supported");
    if (!(op == BinaryOp::Add || (op == BinaryOp::Sub && lptr)))
      return error(loc, std::string("'") + spelling(op) +
                            "' is not defined on pointers (only pointer + integer "
                            "and pointer - integer are)");
    SV ptr = lptr ? lhsIn : rhsIn;
    SV off = lptr ? rhsIn : lhsIn;
    if (off.kind == SV::Kind::Float || (off.isTile() && !off.dtype.isInt()))
      return error(loc, "pointer offsets must be integers, got " + off.describe());
    OptSV offset =
        materialize(off, loc,
                    off.isTile() ? std::nullopt
                                 : std::optional<DType>(literalTypeNextTo(off, ptr)));
    if (!offset)
      return std::nullopt;
    SV o = *offset;
    if (o.dtype.isBool() || (!o.dtype.isSigned() && o.dtype.bitWidth() < 64))
      o = convert(
          o, o.dtype.bitWidth() <= 32 ? DType::of(Scalar::I32) : DType::of(Scalar::I64),
          loc);
    if (op == BinaryOp::Sub) {
      SV zero = constantTile(SV::ofInt(0), o.dtype, o.shape(), loc);
      o = SV::ofTile(arith::SubIOp::create(builder_, l, zero.value, o.value), o.dtype);
    }
    if (!broadcastPair(ptr, o, loc))
      return std::nullopt;
    Value r =
        tile::AddPtrOp::create(builder_, l, ptr.value.getType(), ptr.value, o.value);
    return SV::ofTile(r, ptr.dtype);
  }

  // Numeric: bring literals to the tile's type, then promote.
  SV a = lhsIn, b = rhsIn;
  if (!materializePair(a, b, loc, loc))
    return std::nullopt;
  DType t = promote(a.dtype, b.dtype);
  bool isBitwise = op == BinaryOp::BitAnd || op == BinaryOp::BitOr ||
                   op == BinaryOp::BitXor || op == BinaryOp::LShift ||
                   op == BinaryOp::RShift;
  if (isBitwise && t.isFloat())
    return error(loc, std::string("'") + spelling(op) +
                          "' needs integer operands, got " + a.describe() + " and " +
                          b.describe());
  if (op == BinaryOp::Div && t.isInt())
    t = DType::of(Scalar::F32); // true division of integers gives fp32
  if (t.isFp8() && !isBitwise)
    t = DType::of(Scalar::F16); // fp8 is a storage type; compute in fp16
  if (t.isBool() &&
      (op == BinaryOp::Add || op == BinaryOp::Sub || op == BinaryOp::Mul ||
       op == BinaryOp::FloorDiv || op == BinaryOp::Mod || op == BinaryOp::LShift ||
       op == BinaryOp::RShift))
    t = DType::of(Scalar::I32);
  a = convert(a, t, loc);
  b = convert(b, t, loc);
  if (!broadcastPair(a, b, loc))
    return std::nullopt;
  Value x = a.value, y = b.value, r;
  bool f = t.isFloat();
  switch (op) {
  case BinaryOp::Add:
    r = f ? arith::AddFOp::create(builder_, l, x, y).getResult()
          : arith::AddIOp::create(builder_, l, x, y).getResult();
    break;
  case BinaryOp::Sub:
    r = f ? arith::SubFOp::create(builder_, l, x, y).getResult()
          : arith::SubIOp::create(builder_, l, x, y).getResult();
    break;
  case BinaryOp::Mul:
    r = f ? arith::MulFOp::create(builder_, l, x, y).getResult()
          : arith::MulIOp::create(builder_, l, x, y).getResult();
    break;
  case BinaryOp::Div:
    r = arith::DivFOp::create(builder_, l, x, y);
    break;
  case BinaryOp::FloorDiv:
    if (f)
      r = math::FloorOp::create(builder_, l, arith::DivFOp::create(builder_, l, x, y));
    else // C semantics (truncation), as in Triton
      r = t.isSigned() ? arith::DivSIOp::create(builder_, l, x, y).getResult()
                       : arith::DivUIOp::create(builder_, l, x, y).getResult();
    break;
  case BinaryOp::Mod:
    if (f)
      r = arith::RemFOp::create(builder_, l, x, y);
    else // C semantics: the sign follows the dividend, as in Triton
      r = t.isSigned() ? arith::RemSIOp::create(builder_, l, x, y).getResult()
                       : arith::RemUIOp::create(builder_, l, x, y).getResult();
    break;
  case BinaryOp::LShift:
    r = arith::ShLIOp::create(builder_, l, x, y);
    break;
  case BinaryOp::RShift:
    r = t.isSigned() ? arith::ShRSIOp::create(builder_, l, x, y).getResult()
                     : arith::ShRUIOp::create(builder_, l, x, y).getResult();
    break;
  case BinaryOp::BitAnd:
    r = arith::AndIOp::create(builder_, l, x, y);
    break;
  case BinaryOp::BitOr:
    r = arith::OrIOp::create(builder_, l, x, y);
    break;
  case BinaryOp::BitXor:
    r = arith::XOrIOp::create(builder_, l, x, y);
    break;
  default:
    return error(loc, "unsupported operator");
  }
  return SV::ofTile(r, t);
}

OptSV Lowerer::compareOp(CmpOp op, const SV &lhs, const SV &rhs, SourceLoc loc) {
  if (op == CmpOp::Is || op == CmpOp::IsNot) {
    if (!lhs.isConstexpr() || !rhs.isConstexpr())
      return error(loc, "'is' is only supported between constants (e.g. x is None)");
    bool same = lhs.kind == rhs.kind &&
                (lhs.kind == SV::Kind::None ||
                 (lhs.kind == SV::Kind::Bool && lhs.boolValue == rhs.boolValue) ||
                 (lhs.kind == SV::Kind::DTypeVal && lhs.dtype == rhs.dtype) ||
                 (lhs.kind == SV::Kind::Int && lhs.intValue == rhs.intValue));
    return SV::ofBool(op == CmpOp::Is ? same : !same);
  }
  if (op == CmpOp::In || op == CmpOp::NotIn)
    return error(loc, "'in' is not supported inside kernels");
  if (lhs.isConstexpr() && rhs.isConstexpr()) {
    if (lhs.kind == SV::Kind::DTypeVal && rhs.kind == SV::Kind::DTypeVal &&
        (op == CmpOp::Eq || op == CmpOp::Ne))
      return SV::ofBool((lhs.dtype == rhs.dtype) == (op == CmpOp::Eq));
    if (lhs.kind == SV::Kind::Str && rhs.kind == SV::Kind::Str &&
        (op == CmpOp::Eq || op == CmpOp::Ne))
      return SV::ofBool((lhs.str == rhs.str) == (op == CmpOp::Eq));
    if (lhs.kind == SV::Kind::None || rhs.kind == SV::Kind::None) {
      if (op == CmpOp::Eq || op == CmpOp::Ne)
        return SV::ofBool((lhs.kind == rhs.kind) == (op == CmpOp::Eq));
    }
    if (!lhs.isNumber() || !rhs.isNumber())
      return error(loc, std::string("cannot compare ") + lhs.describe() + " and " +
                            rhs.describe() + " with '" + spelling(op) + "'");
    double x = lhs.asDouble(), y = rhs.asDouble();
    bool floats = lhs.kind == SV::Kind::Float || rhs.kind == SV::Kind::Float;
    int64_t xi = lhs.asInt(), yi = rhs.asInt();
    switch (op) {
    case CmpOp::Lt:
      return SV::ofBool(floats ? x < y : xi < yi);
    case CmpOp::Gt:
      return SV::ofBool(floats ? x > y : xi > yi);
    case CmpOp::Le:
      return SV::ofBool(floats ? x <= y : xi <= yi);
    case CmpOp::Ge:
      return SV::ofBool(floats ? x >= y : xi >= yi);
    case CmpOp::Eq:
      return SV::ofBool(floats ? x == y : xi == yi);
    case CmpOp::Ne:
      return SV::ofBool(floats ? x != y : xi != yi);
    default:
      break;
    }
  }
  auto operandOk = [](const SV &v) { return v.isTile() || v.isNumber(); };
  if (!operandOk(lhs) || !operandOk(rhs))
    return error(loc, std::string("cannot compare ") + lhs.describe() + " and " +
                          rhs.describe() + " with '" + spelling(op) + "'");
  SV a = lhs, b = rhs;
  if (!materializePair(a, b, loc, loc))
    return std::nullopt;
  if (a.dtype.isPointer || b.dtype.isPointer)
    return error(loc, "comparing pointers is not supported");
  DType t = promote(a.dtype, b.dtype);
  if (t.isFp8())
    t = DType::of(Scalar::F16);
  a = convert(a, t, loc);
  b = convert(b, t, loc);
  if (!broadcastPair(a, b, loc))
    return std::nullopt;
  Location l = toLoc(loc);
  Value r;
  if (t.isFloat()) {
    arith::CmpFPredicate p;
    switch (op) {
    case CmpOp::Lt:
      p = arith::CmpFPredicate::OLT;
      break;
    case CmpOp::Gt:
      p = arith::CmpFPredicate::OGT;
      break;
    case CmpOp::Le:
      p = arith::CmpFPredicate::OLE;
      break;
    case CmpOp::Ge:
      p = arith::CmpFPredicate::OGE;
      break;
    case CmpOp::Eq:
      p = arith::CmpFPredicate::OEQ;
      break;
    default:
      p = arith::CmpFPredicate::UNE;
      break;
    }
    r = arith::CmpFOp::create(builder_, l, p, a.value, b.value);
  } else {
    bool s = t.isSigned();
    arith::CmpIPredicate p;
    switch (op) {
    case CmpOp::Lt:
      p = s ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
      break;
    case CmpOp::Gt:
      p = s ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
      break;
    case CmpOp::Le:
      p = s ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
      break;
    case CmpOp::Ge:
      p = s ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
      break;
    case CmpOp::Eq:
      p = arith::CmpIPredicate::eq;
      break;
    default:
      p = arith::CmpIPredicate::ne;
      break;
    }
    r = arith::CmpIOp::create(builder_, l, p, a.value, b.value);
  }
  return SV::ofTile(r, DType::of(Scalar::I1));
}

OptSV Lowerer::lowerCompare(const CompareExpr *e) {
  OptSV left = lowerExpr(e->first.get());
  if (!left)
    return std::nullopt;
  OptSV result;
  for (size_t i = 0; i < e->ops.size(); ++i) {
    OptSV right = lowerExpr(e->comparators[i].get());
    if (!right)
      return std::nullopt;
    OptSV link = compareOp(e->ops[i], *left, *right, e->comparators[i]->loc());
    if (!link)
      return std::nullopt;
    if (!result) {
      result = link;
    } else {
      result = binaryOp(BinaryOp::BitAnd, *result, *link, e->comparators[i]->loc());
      if (!result)
        return std::nullopt;
    }
    left = right;
  }
  return result;
}

OptSV Lowerer::lowerLogical(const LogicalExpr *e) {
  OptSV l = lowerExpr(e->lhs.get());
  if (!l)
    return std::nullopt;
  bool isAnd = e->op == LogicalOp::And;
  if (l->isConstexpr()) {
    // Python short-circuit: the right side is not evaluated when decided.
    if (truthy(*l) != isAnd)
      return l;
    return lowerExpr(e->rhs.get());
  }
  OptSV r = lowerExpr(e->rhs.get());
  if (!r)
    return std::nullopt;
  if (!l->isTile() || !(r->isTile() || r->isNumber()))
    return error(e->loc(),
                 std::string("unsupported operands for '") + spelling(e->op) + "'");
  if (!l->shape().empty() || !r->shape().empty())
    return error(e->loc(), std::string("'") + spelling(e->op) +
                               "' needs scalars; use '&' or '|' on tiles");
  SV a = convert(*l, DType::of(Scalar::I1), e->loc());
  OptSV bm = materialize(*r, e->loc());
  if (!bm)
    return std::nullopt;
  SV b = convert(*bm, DType::of(Scalar::I1), e->loc());
  return binaryOp(isAnd ? BinaryOp::BitAnd : BinaryOp::BitOr, a, b, e->loc());
}

OptSV Lowerer::lowerIfElse(const IfElseExpr *e) {
  OptSV c = lowerExpr(e->cond.get());
  if (!c)
    return std::nullopt;
  if (c->isConstexpr())
    return lowerExpr(truthy(*c) ? e->thenValue.get() : e->elseValue.get());
  OptSV t = lowerExpr(e->thenValue.get());
  if (!t)
    return std::nullopt;
  OptSV f = lowerExpr(e->elseValue.get());
  if (!f)
    return std::nullopt;
  CallArgs args;
  args.positional = {*c, *t, *f};
  args.positionalLocs = {e->cond->loc(), e->thenValue->loc(), e->elseValue->loc()};
  args.callLoc = e->loc();
  return callBuiltin("tl.where", nullptr, args);
}

//===----------------------------------------------------------------------===//
// Subscripts
//===----------------------------------------------------------------------===//

OptSV Lowerer::lowerSubscript(const SubscriptExpr *e) {
  OptSV base = lowerExpr(e->value.get());
  if (!base)
    return std::nullopt;
  if (base->kind == SV::Kind::Dict) {
    if (e->indices.size() != 1)
      return error(e->loc(), "a dict takes a single key");
    OptSV key = lowerConstexpr(e->indices[0].get(), "a dict key");
    if (!key)
      return std::nullopt;
    for (size_t i = 0; i < base->keys.size(); ++i)
      if (sameDictKey(base->keys[i], *key))
        return base->elements[i];
    std::string shown = key->kind == SV::Kind::Str ? "'" + key->str + "'" : key->describe();
    std::string known;
    for (const SV &k : base->keys)
      known += (known.empty() ? "" : ", ") +
               (k.kind == SV::Kind::Str ? "'" + k.str + "'" : k.describe());
    return error(e->indices[0]->loc(), "key " + shown + " is not in the dict (keys: " +
                                           (known.empty() ? "none" : known) + ")");
  }
  if (base->kind == SV::Kind::Tuple) {
    if (e->indices.size() != 1)
      return error(e->loc(), "a tuple takes a single index");
    OptSV idx = lowerConstexpr(e->indices[0].get(), "a tuple index");
    if (!idx)
      return std::nullopt;
    if (!idx->isIntLike())
      return error(e->indices[0]->loc(), "a tuple index must be an integer");
    int64_t i = idx->asInt(), n = base->elements.size();
    if (i < 0)
      i += n;
    if (i < 0 || i >= n)
      return error(e->indices[0]->loc(), "tuple index " + std::to_string(idx->asInt()) +
                                             " out of range for " + std::to_string(n) +
                                             " elements");
    return base->elements[i];
  }
  if (!base->isTile())
    return error(e->loc(), "cannot index " + base->describe());
  // Tiles accept only ':' (keep a dimension) and None (insert one), as in
  // Triton: element access would need a gather.
  SV x = *base;
  size_t srcDim = 0;
  size_t kept = 0;
  for (const ExprPtr &idx : e->indices) {
    if (isa<NoneLiteral>(idx.get()))
      continue;
    const auto *slice = dyn_cast<SliceExpr>(idx.get());
    if (!slice || slice->lower || slice->upper || slice->step)
      return error(idx->loc(), "tiles can only be indexed with ':' and None "
                               "(e.g. x[:, None])");
    ++kept;
  }
  if (kept != x.shape().size())
    return error(e->loc(), "index has " + std::to_string(kept) +
                               " ':' entries but the tile has " +
                               std::to_string(x.shape().size()) +
                               (x.shape().size() == 1 ? " dimension" : " dimensions"));
  Location l = toLoc(e->loc());
  size_t outDim = 0;
  for (const ExprPtr &idx : e->indices) {
    if (isa<NoneLiteral>(idx.get())) {
      SmallVector<int64_t> shape(x.shape().begin(), x.shape().end());
      shape.insert(shape.begin() + outDim, 1);
      Value v =
          x.shape().empty()
              ? tile::SplatOp::create(builder_, l, tileType(x.dtype, shape), x.value)
                    .getResult()
              : tile::ExpandDimsOp::create(builder_, l, tileType(x.dtype, shape),
                                           x.value, outDim)
                    .getResult();
      x = SV::ofTile(v, x.dtype);
    } else {
      ++srcDim;
    }
    ++outDim;
  }
  return x;
}

} // namespace tessel::frontend
