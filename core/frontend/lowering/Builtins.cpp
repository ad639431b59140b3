//===- Builtins.cpp - Builtin dispatch and argument helpers ---------------===//

#include "core/frontend/lowering/Builtins.h"

#include "dialects/tile/IR/TileOps.h"

namespace tessel::frontend {

bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

std::optional<Bound> bindBuiltin(Lowerer &L, const std::string &fn, CallArgs &args,
                                 const std::vector<std::string> &params,
                                 size_t required) {
  Bound b;
  b.callLoc = args.callLoc;
  if (!L.bindArgs(fn, args, params, required, b.values, b.locs))
    return std::nullopt;
  return b;
}

std::optional<int64_t> constInt(Lowerer &L, const Bound &b, const std::string &name,
                                const std::string &fn) {
  const SV &v = b[name];
  if (!v.isIntLike()) {
    L.error(b.loc(name), "argument '" + name + "' of " + fn +
                             " must be a constexpr integer, got " + v.describe());
    return std::nullopt;
  }
  return v.asInt();
}

std::optional<bool> constFlag(Lowerer &L, const Bound &b, const std::string &name,
                              const std::string &fn) {
  if (!b.has(name))
    return false;
  const SV &v = b[name];
  if (!v.isConstexpr()) {
    L.error(b.loc(name), "argument '" + name + "' of " + fn +
                             " must be a constexpr flag, got " + v.describe());
    return std::nullopt;
  }
  return L.truthy(v);
}

bool checkTileElements(Lowerer &L, llvm::ArrayRef<int64_t> shape, SourceLoc loc,
                       const std::string &fn) {
  const uint64_t limit = L.limits().tileElements;
  uint64_t n = 1;
  bool tooMany = false;
  for (int64_t d : shape) {
    if (d <= 0 || n > limit / static_cast<uint64_t>(d)) {
      tooMany = true;
      break;
    }
    n *= static_cast<uint64_t>(d);
  }
  if (!tooMany && n <= limit)
    return true;
  L.error(loc, fn + ": a tile of shape " + shapeString(shape) + " has more than " +
                   std::to_string(limit) + " elements");
  return false;
}

std::optional<std::vector<int64_t>>
constInts(Lowerer &L, const Bound &b, const std::string &name, const std::string &fn) {
  const SV &v = b[name];
  if (v.isIntLike())
    return std::vector<int64_t>{v.asInt()};
  if (v.kind == SV::Kind::Tuple) {
    std::vector<int64_t> out;
    for (const SV &e : v.elements) {
      if (!e.isIntLike()) {
        L.error(b.loc(name), "argument '" + name + "' of " + fn +
                                 " must be a tuple of constexpr integers, but an "
                                 "element is " +
                                 e.describe());
        return std::nullopt;
      }
      out.push_back(e.asInt());
    }
    return out;
  }
  L.error(b.loc(name), "argument '" + name + "' of " + fn +
                           " must be a tuple of constexpr integers, got " +
                           v.describe());
  return std::nullopt;
}

OptSV tileArg(Lowerer &L, const Bound &b, const std::string &name,
              const std::string &fn) {
  const SV &v = b[name];
  if (v.isTile())
    return v;
  if (v.isNumber())
    return L.materialize(v, b.loc(name));
  return L.error(b.loc(name), "argument '" + name + "' of " + fn +
                                  " must be a tile or a number, got " + v.describe());
}

std::optional<std::string> strArg(Lowerer &L, const Bound &b, const std::string &name,
                                  const std::string &fn) {
  if (!b.has(name))
    return std::string();
  const SV &v = b[name];
  if (v.kind != SV::Kind::Str) {
    L.error(b.loc(name), "argument '" + name + "' of " + fn +
                             " must be a string, got " + v.describe());
    return std::nullopt;
  }
  return v.str;
}

std::optional<DType> dtypeArg(Lowerer &L, const Bound &b, const std::string &name,
                              const std::string &fn) {
  const SV &v = b[name];
  if (v.kind == SV::Kind::DTypeVal)
    return v.dtype;
  if (v.kind == SV::Kind::Str)
    if (std::optional<DType> t = parseDType(v.str))
      return t;
  L.error(b.loc(name), "argument '" + name + "' of " + fn +
                           " must be a dtype such as tl.float32, got " + v.describe());
  return std::nullopt;
}

OptSV Lowerer::callBuiltin(const std::string &name, const SV *receiver,
                           CallArgs &args) {
  if (receiver) {
    args.positional.insert(args.positional.begin(), *receiver);
    args.positionalLocs.insert(args.positionalLocs.begin(), args.callLoc);
  }
  if (name.rfind("dtype.", 0) == 0) {
    DType t = receiver->dtype;
    if (name == "dtype.is_floating")
      return SV::ofBool(t.isFloat());
    if (name == "dtype.is_int")
      return SV::ofBool(t.isInt());
    if (name == "dtype.is_int_signed")
      return SV::ofBool(t.isSigned());
  }
  if (name == "tl.debug_barrier") {
    if (!bindBuiltin(*this, "debug_barrier", args, {}, 0))
      return std::nullopt;
    tile::BarrierOp::create(builder_, toLoc(args.callLoc));
    return SV::none();
  }
  if (name == "tl.inline_asm_elementwise")
    return inlineAsmElementwise(args);
  bool handled = false;
  using Family = OptSV (Lowerer::*)(const std::string &, CallArgs &, bool &);
  for (Family family : {&Lowerer::builtinPermute, &Lowerer::builtinRandom,
                        &Lowerer::builtinStandard, &Lowerer::builtinScaledDot}) {
    OptSV r = (this->*family)(name, args, handled);
    if (handled)
      return r;
  }
  for (Family family :
       {&Lowerer::builtinBlockPtr, &Lowerer::builtinCreation, &Lowerer::builtinMemory,
        &Lowerer::builtinMath, &Lowerer::builtinReduce, &Lowerer::builtinShape,
        &Lowerer::builtinPython, &Lowerer::builtinLibdevice}) {
    OptSV r = (this->*family)(name, args, handled);
    if (handled)
      return r;
  }
  std::string shown = name;
  if (shown.rfind("py.", 0) == 0)
    shown = shown.substr(3);
  if (name.rfind("triton.", 0) == 0 || name.rfind("tessel.", 0) == 0)
    return error(args.callLoc, "'" + shown + "' cannot be called inside a kernel");
  return error(args.callLoc, "'" + shown +
                                 "' is not supported by Tessel yet "
                                 "(docs/language.md lists what is)");
}

/// tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack):
/// the arguments broadcast to one shape; one result per dtype (a tuple of
/// dtypes gives a tuple of tiles).
OptSV Lowerer::inlineAsmElementwise(CallArgs &args) {
  const std::string fn = "inline_asm_elementwise";
  std::optional<Bound> b = bindBuiltin(
      *this, fn, args, {"asm", "constraints", "args", "dtype", "is_pure", "pack"}, 6);
  if (!b)
    return std::nullopt;
  std::optional<std::string> text = strArg(*this, *b, "asm", fn);
  std::optional<std::string> constraints = strArg(*this, *b, "constraints", fn);
  std::optional<int64_t> pack = constInt(*this, *b, "pack", fn);
  std::optional<bool> pure = constFlag(*this, *b, "is_pure", fn);
  if (!text || !constraints || !pack || !pure)
    return std::nullopt;
  if (*pack < 1)
    return error(b->loc("pack"), fn + ": pack must be at least 1");
  const SV &argList = (*b)["args"];
  std::vector<SV> operands =
      argList.kind == SV::Kind::Tuple ? argList.elements : std::vector<SV>{argList};
  // Broadcast every operand to the shape of all of them.
  llvm::SmallVector<int64_t> shape;
  for (SV &v : operands) {
    if (v.isNumber()) {
      OptSV m = materialize(v, b->loc("args"));
      if (!m)
        return std::nullopt;
      v = *m;
    }
    if (!v.isTile())
      return error(b->loc("args"),
                   fn + ": the arguments must be tiles or numbers, got " +
                       v.describe());
    std::optional<llvm::SmallVector<int64_t>> s = broadcastShapes(shape, v.shape());
    if (!s)
      return error(b->loc("args"), fn + ": the arguments' shapes " +
                                       shapeString(shape) + " and " +
                                       shapeString(v.shape()) + " do not broadcast");
    shape = *s;
  }
  llvm::SmallVector<mlir::Value> values;
  for (SV &v : operands) {
    OptSV w = broadcastTo(v, shape, b->loc("args"));
    if (!w)
      return std::nullopt;
    values.push_back(w->value);
  }
  const SV &dt = (*b)["dtype"];
  std::vector<SV> dtypes =
      dt.kind == SV::Kind::Tuple ? dt.elements : std::vector<SV>{dt};
  std::vector<DType> resultDTypes;
  llvm::SmallVector<mlir::Type> types;
  for (const SV &d : dtypes) {
    if (d.kind != SV::Kind::DTypeVal || d.dtype.isPointer)
      return error(b->loc("dtype"), fn +
                                        ": dtype must be a number dtype or a tuple of "
                                        "them, got " +
                                        d.describe());
    resultDTypes.push_back(d.dtype);
    types.push_back(tileType(d.dtype, shape));
  }
  int64_t elements = 1;
  for (int64_t d : shape)
    elements *= d;
  if (elements % *pack != 0)
    return error(b->loc("pack"), fn + ": pack " + std::to_string(*pack) +
                                     " does not divide the " +
                                     std::to_string(elements) + " elements");
  auto op = tile::InlineAsmOp::create(builder_, toLoc(args.callLoc), types, *text,
                                      *constraints, *pure, static_cast<int32_t>(*pack),
                                      values);
  std::vector<SV> results;
  for (auto [i, r] : llvm::enumerate(op.getResults()))
    results.push_back(SV::ofTile(r, resultDTypes[i]));
  if (dt.kind == SV::Kind::Tuple)
    return SV::ofTuple(std::move(results));
  return results.front();
}

} // namespace tessel::frontend
