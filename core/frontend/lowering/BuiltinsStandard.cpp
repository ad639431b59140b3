//===- BuiltinsStandard.cpp - Library functions and type objects ----------===//
//
// Triton's library functions written in the language itself (tl.softmax,
// tl.swizzle2d), dtype objects called as casts (`tl.float32(x)`),
// tl.pointer_type, the block type of a tile (`x.type.element_ty`,
// `x.type.shape`, `x.type.is_block()`), and the launch hints that have no
// effect here (tl.extra.cuda.gdc_wait / gdc_launch_dependents).
//
//===----------------------------------------------------------------------===//

#include "core/frontend/lowering/Builtins.h"

namespace tessel::frontend {

namespace {

/// The name a block type's builtin value carries; the tile is the receiver.
const char *const kBlockType = "tile.type";

OptSV callNamed(Lowerer &L, const std::string &name, std::vector<SV> positional,
                std::vector<std::pair<std::string, SV>> keywords, SourceLoc loc) {
  CallArgs a;
  a.callLoc = loc;
  for (SV &v : positional) {
    a.positional.push_back(v);
    a.positionalLocs.push_back(loc);
  }
  for (auto &k : keywords) {
    a.keywords.push_back(k);
    a.keywordLocs.push_back(loc);
  }
  return L.callBuiltin(name, nullptr, a);
}

} // namespace

OptSV Lowerer::tileTypeOf(const SV &tile) {
  // A scalar's type is its dtype; a tile's is a block type.
  if (tile.shape().empty())
    return SV::ofDType(tile.dtype);
  SV t = SV::ofBuiltin(kBlockType);
  t.receiver = std::make_shared<SV>(tile);
  return t;
}

OptSV Lowerer::blockTypeAttribute(const SV &type, const std::string &attr,
                                  SourceLoc loc) {
  const SV &tile = *type.receiver;
  if (attr == "element_ty" || attr == "scalar")
    return SV::ofDType(tile.dtype);
  if (attr == "shape") {
    std::vector<SV> dims;
    for (int64_t d : tile.shape())
      dims.push_back(SV::ofInt(d));
    return SV::ofTuple(std::move(dims));
  }
  if (attr == "numel") {
    int64_t n = 1;
    for (int64_t d : tile.shape())
      n *= d;
    return SV::ofInt(n);
  }
  if (attr == "is_block" || attr == "is_ptr") {
    SV method = SV::ofBuiltin(std::string(kBlockType) + "." + attr);
    method.receiver = type.receiver;
    return method;
  }
  return error(loc, "a block type has no attribute '" + attr +
                        "' (it has element_ty, scalar, shape, numel and is_block())");
}

OptSV Lowerer::callDType(DType type, CallArgs &args) {
  std::string fn = type.name();
  std::optional<Bound> b = bindBuiltin(*this, fn, args, {"value"}, 1);
  if (!b)
    return std::nullopt;
  if (type.isPointer)
    return error(args.callLoc, "a pointer dtype (" + fn + ") cannot be called");
  const SV &v = (*b)["value"];
  if (v.isNumber())
    return materialize(v, b->loc("value"), type);
  if (!v.isTile())
    return error(b->loc("value"), fn + "(): cannot convert " + v.describe());
  if (v.dtype.isPointer)
    return error(b->loc("value"),
                 fn + "(): cannot convert a pointer, got " + v.describe());
  return convert(v, type, b->loc("value"));
}

OptSV Lowerer::builtinStandard(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  if (name == "tl.softmax") {
    std::optional<Bound> b = bindBuiltin(*this, "softmax", args,
                                         {"x", "dim", "keep_dims", "ieee_rounding"}, 1);
    if (!b)
      return std::nullopt;
    OptSV x = tileArg(*this, *b, "x", "softmax");
    std::optional<bool> keep =
        x ? constFlag(*this, *b, "keep_dims", "softmax") : std::nullopt;
    std::optional<bool> ieee =
        keep ? constFlag(*this, *b, "ieee_rounding", "softmax") : std::nullopt;
    if (!ieee)
      return std::nullopt;
    if (!x->dtype.isFloat())
      return error(b->loc("x"),
                   "softmax: the input must be a float tile, got " + x->describe());
    SV dim = b->has("dim") ? (*b)["dim"] : SV::ofInt(0);
    // Triton's definition: z = x - max(x, dim); num = exp(z);
    // den = sum(num, dim); div_rn(num, den) or fdiv(num, den).
    SourceLoc loc = args.callLoc;
    OptSV mx =
        callNamed(*this, "tl.max", {*x, dim}, {{"keep_dims", SV::ofBool(*keep)}}, loc);
    OptSV z = mx ? binaryOp(BinaryOp::Sub, *x, *mx, loc) : std::nullopt;
    OptSV num = z ? callNamed(*this, "tl.exp", {*z}, {}, loc) : std::nullopt;
    OptSV den = num ? callNamed(*this, "tl.sum", {*num, dim},
                                {{"keep_dims", SV::ofBool(*keep)}}, loc)
                    : std::nullopt;
    if (!den)
      return std::nullopt;
    return callNamed(*this, *ieee ? "tl.div_rn" : "tl.fdiv", {*num, *den}, {}, loc);
  }
  if (name == "tl.swizzle2d") {
    std::optional<Bound> b = bindBuiltin(*this, "swizzle2d", args,
                                         {"i", "j", "size_i", "size_j", "size_g"}, 5);
    if (!b)
      return std::nullopt;
    SourceLoc loc = args.callLoc;
    auto op = [&](BinaryOp o, const OptSV &l, const OptSV &r) -> OptSV {
      if (!l || !r)
        return std::nullopt;
      return binaryOp(o, *l, *r, loc);
    };
    const SV &i = (*b)["i"], &j = (*b)["j"], &sizeI = (*b)["size_i"],
             &sizeJ = (*b)["size_j"], &sizeG = (*b)["size_g"];
    // Triton's swizzle2d, step for step.
    OptSV ij = op(BinaryOp::Add, op(BinaryOp::Mul, i, sizeJ), j);
    OptSV sizeGJ = op(BinaryOp::Mul, sizeG, sizeJ);
    OptSV groupId = op(BinaryOp::FloorDiv, ij, sizeGJ);
    OptSV offI = op(BinaryOp::Mul, groupId, sizeG);
    OptSV rows = op(BinaryOp::Sub, sizeI, offI);
    OptSV g =
        rows ? callNamed(*this, "tl.minimum", {*rows, sizeG}, {}, loc) : std::nullopt;
    OptSV ijIn = op(BinaryOp::Mod, ij, sizeGJ);
    OptSV newI = op(BinaryOp::Add, offI, op(BinaryOp::Mod, ijIn, g));
    OptSV newJ = op(BinaryOp::FloorDiv, ijIn, g);
    if (!newI || !newJ)
      return std::nullopt;
    return SV::ofTuple({*newI, *newJ});
  }
  if (name == "tl.pointer_type") {
    std::optional<Bound> b = bindBuiltin(*this, "pointer_type", args,
                                         {"element_ty", "address_space", "const"}, 1);
    if (!b)
      return std::nullopt;
    std::optional<DType> t = dtypeArg(*this, *b, "element_ty", "pointer_type");
    if (!t)
      return std::nullopt;
    if (t->isPointer)
      return error(b->loc("element_ty"),
                   "pointer_type: pointers to pointers cannot be expressed in the tile "
                   "IR, got a pointee of " +
                       t->name());
    if (b->has("address_space")) {
      std::optional<int64_t> as = constInt(*this, *b, "address_space", "pointer_type");
      if (!as)
        return std::nullopt;
      if (*as != 1)
        return error(b->loc("address_space"),
                     "pointer_type: only global memory (address_space=1) is supported");
    }
    return SV::ofDType(DType::pointerTo(t->scalar));
  }
  if (name == "tl.extra.cuda.gdc_wait" ||
      name == "tl.extra.cuda.gdc_launch_dependents") {
    // Programmatic dependent launch: no launch overlaps another here, so
    // waiting for the previous grid and releasing the next do nothing.
    std::optional<Bound> b = bindBuiltin(*this, name.substr(14), args, {}, 0);
    if (!b)
      return std::nullopt;
    return SV::none();
  }
  if (name == std::string(kBlockType) + ".is_block")
    return SV::ofBool(true);
  if (name == std::string(kBlockType) + ".is_ptr") {
    const SV &tile = args.positional[0];
    return SV::ofBool(tile.dtype.isPointer);
  }
  if (name == "dtype.is_block")
    return SV::ofBool(false);
  if (name == "dtype.is_ptr")
    return SV::ofBool(args.positional[0].dtype.isPointer);
  handled = false;
  return std::nullopt;
}

} // namespace tessel::frontend
