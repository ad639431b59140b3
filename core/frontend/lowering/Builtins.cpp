//===- Builtins.cpp - Builtin dispatch and argument helpers ---------------===//

#include "core/frontend/lowering/Builtins.h"

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
        &Lowerer::builtinPython}) {
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

} // namespace tessel::frontend
