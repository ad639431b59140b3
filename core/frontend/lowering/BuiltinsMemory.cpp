//===- BuiltinsMemory.cpp - load/store, atomics, tensor descriptors -------===//

#include "core/frontend/lowering/BlockPtr.h"
#include "core/frontend/lowering/Builtins.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tessel::frontend {

using namespace mlir;

namespace {

std::optional<tile::CacheModifier> parseCache(const std::string &s) {
  if (s.empty())
    return tile::CacheModifier::None;
  if (s == ".ca")
    return tile::CacheModifier::CA;
  if (s == ".cg")
    return tile::CacheModifier::CG;
  if (s == ".cs")
    return tile::CacheModifier::CS;
  if (s == ".cv")
    return tile::CacheModifier::CV;
  if (s == ".wb")
    return tile::CacheModifier::WB;
  if (s == ".wt")
    return tile::CacheModifier::WT;
  return std::nullopt;
}

std::optional<tile::EvictionPolicy> parseEviction(const std::string &s) {
  if (s.empty() || s == "evict_normal")
    return tile::EvictionPolicy::Normal;
  if (s == "evict_first")
    return tile::EvictionPolicy::EvictFirst;
  if (s == "evict_last")
    return tile::EvictionPolicy::EvictLast;
  return std::nullopt;
}

std::optional<tile::MemSemantic> parseSem(const std::string &s) {
  if (s.empty() || s == "acq_rel")
    return tile::MemSemantic::AcqRel;
  if (s == "relaxed")
    return tile::MemSemantic::Relaxed;
  if (s == "acquire")
    return tile::MemSemantic::Acquire;
  if (s == "release")
    return tile::MemSemantic::Release;
  return std::nullopt;
}

std::optional<tile::MemScope> parseScope(const std::string &s) {
  if (s.empty() || s == "gpu")
    return tile::MemScope::GPU;
  if (s == "cta")
    return tile::MemScope::CTA;
  if (s == "sys")
    return tile::MemScope::System;
  return std::nullopt;
}

} // namespace

/// Checks that `p` is a pointer (tile) argument.
static OptSV pointerArg(Lowerer &L, const Bound &b, const std::string &name,
                        const std::string &fn) {
  const SV &v = b[name];
  if (!v.isTile() || !v.dtype.isPointer)
    return L.error(b.loc(name), fn + ": '" + name +
                                    "' must be a pointer or a tile of "
                                    "pointers, got " +
                                    v.describe());
  return v;
}

/// One operand of a memory operation, named for diagnostics.
struct MemOperand {
  SV *value;
  const char *name; ///< "pointer", "mask", "other", "value", ...
  SourceLoc loc;
};

/// Brings pointer, mask and value operands to one shape (Triton broadcasts a
/// scalar pointer against a tile mask or value, and vice versa). A mismatch
/// is reported at the operand that does not fit, naming it.
static bool unifyShapes(Lowerer &L, const std::string &fn,
                        std::vector<MemOperand> operands) {
  llvm::SmallVector<int64_t> shape(operands[0].value->shape().begin(),
                                   operands[0].value->shape().end());
  for (const MemOperand &o : operands) {
    std::optional<llvm::SmallVector<int64_t>> s =
        broadcastShapes(shape, o.value->shape());
    if (!s) {
      L.error(o.loc,
              fn + ": the " + o.name + " has shape " + shapeString(o.value->shape()) +
                  ", which does not broadcast to the shape of the " + operands[0].name +
                  " " + shapeString(operands[0].value->shape()));
      return false;
    }
    shape = *s;
  }
  if (!checkTileElements(L, shape, operands[0].loc, fn))
    return false;
  for (const MemOperand &o : operands) {
    OptSV r = L.broadcastTo(*o.value, shape, o.loc);
    if (!r)
      return false;
    *o.value = *r;
  }
  return true;
}

/// A mask argument as an i1 tile.
static OptSV maskArg(Lowerer &L, const Bound &b, const std::string &fn) {
  const SV &m = b["mask"];
  if (m.kind == SV::Kind::Bool)
    return L.materialize(m, b.loc("mask"), DType::of(Scalar::I1));
  if (!m.isTile() || !m.dtype.isBool())
    return L.error(b.loc("mask"), fn +
                                      ": the mask must be a boolean tile or scalar, "
                                      "got " +
                                      m.describe());
  return m;
}

OptSV Lowerer::builtinMemory(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  Location loc = toLoc(args.callLoc);
  if (name == "tl.load") {
    std::optional<Bound> b =
        bindBuiltin(*this, "load", args,
                    {"pointer", "mask", "other", "boundary_check", "padding_option",
                     "cache_modifier", "eviction_policy", "volatile"},
                    1);
    if (!b)
      return std::nullopt;
    // A block pointer becomes a tile of pointers with its boundary mask.
    std::optional<BlockPtrAccess> block;
    if ((*b)["pointer"].kind == SV::Kind::BlockPtr) {
      block = lowerBlockPtrAccess(*this, *b, /*isLoad=*/true);
      if (!block)
        return std::nullopt;
    }
    OptSV ptr =
        block ? OptSV(block->pointers) : pointerArg(*this, *b, "pointer", "load");
    if (!ptr)
      return std::nullopt;
    if (!block && (b->has("boundary_check") || b->has("padding_option")))
      return error(args.callLoc, "load: boundary_check/padding_option apply to block "
                                 "pointers (tl.make_block_ptr), not to " +
                                     (*b)["pointer"].describe() + "; use a mask");
    std::optional<std::string> cacheText = strArg(*this, *b, "cache_modifier", "load");
    std::optional<std::string> evictText = strArg(*this, *b, "eviction_policy", "load");
    if (!cacheText || !evictText)
      return std::nullopt;
    std::optional<tile::CacheModifier> cache = parseCache(*cacheText);
    if (!cache)
      return error(b->loc("cache_modifier"), "load: unknown cache modifier '" +
                                                 *cacheText +
                                                 "' (expected .ca, .cg or .cv)");
    std::optional<tile::EvictionPolicy> evict = parseEviction(*evictText);
    if (!evict)
      return error(b->loc("eviction_policy"),
                   "load: unknown eviction policy '" + *evictText + "'");
    SV p = *ptr;
    DType elem = p.dtype.pointee();
    std::optional<SV> mask, other;
    if (block) {
      mask = block->mask;
      other = block->other;
    }
    if (!block && b->has("mask")) {
      mask = maskArg(*this, *b, "load");
      if (!mask)
        return std::nullopt;
    }
    if (!block && b->has("other")) {
      if (!mask)
        return error(b->loc("other"), "load: 'other' needs a mask");
      const SV &o = (*b)["other"];
      if (o.isNumber())
        other = constantTile(o, elem, {}, b->loc("other"));
      else if (o.isTile())
        other = convert(o, elem, b->loc("other"));
      else
        return error(b->loc("other"),
                     "load: 'other' must be a number or a tile, got " + o.describe());
    }
    std::vector<MemOperand> ops{{&p, "pointer", b->loc("pointer")}};
    if (mask)
      ops.push_back({&*mask, "mask", b->loc("mask")});
    if (other)
      ops.push_back({&*other, "'other' value", b->loc("other")});
    if (!unifyShapes(*this, "load", ops))
      return std::nullopt;
    std::optional<bool> isVolatile = constFlag(*this, *b, "volatile", "load");
    if (!isVolatile)
      return std::nullopt;
    auto op = tile::LoadOp::create(builder_, loc, p.value, mask ? mask->value : Value(),
                                   other ? other->value : Value(), *cache, *evict,
                                   *isVolatile);
    return SV::ofTile(op.getResult(), elem);
  }
  if (name == "tl.store") {
    std::optional<Bound> b = bindBuiltin(*this, "store", args,
                                         {"pointer", "value", "mask", "boundary_check",
                                          "cache_modifier", "eviction_policy"},
                                         2);
    if (!b)
      return std::nullopt;
    std::optional<BlockPtrAccess> block;
    if ((*b)["pointer"].kind == SV::Kind::BlockPtr) {
      block = lowerBlockPtrAccess(*this, *b, /*isLoad=*/false);
      if (!block)
        return std::nullopt;
    }
    OptSV ptr =
        block ? OptSV(block->pointers) : pointerArg(*this, *b, "pointer", "store");
    if (!ptr)
      return std::nullopt;
    if (!block && b->has("boundary_check"))
      return error(args.callLoc, "store: boundary_check applies to block pointers "
                                 "(tl.make_block_ptr), not to " +
                                     (*b)["pointer"].describe() + "; use a mask");
    std::optional<std::string> cacheText = strArg(*this, *b, "cache_modifier", "store");
    std::optional<std::string> evictText =
        strArg(*this, *b, "eviction_policy", "store");
    if (!cacheText || !evictText)
      return std::nullopt;
    std::optional<tile::CacheModifier> cache = parseCache(*cacheText);
    if (!cache)
      return error(b->loc("cache_modifier"),
                   "store: unknown cache modifier '" + *cacheText + "'");
    std::optional<tile::EvictionPolicy> evict = parseEviction(*evictText);
    if (!evict)
      return error(b->loc("eviction_policy"),
                   "store: unknown eviction policy '" + *evictText + "'");
    SV p = *ptr;
    DType elem = p.dtype.pointee();
    const SV &v = (*b)["value"];
    SV value;
    if (v.isNumber())
      value = constantTile(v, elem, {}, b->loc("value"));
    else if (v.isTile() && !v.dtype.isPointer)
      value = convert(v, elem, b->loc("value"));
    else
      return error(b->loc("value"),
                   "store: the value must be a number or a tile, got " + v.describe());
    std::optional<SV> mask;
    if (block)
      mask = block->mask;
    else if (b->has("mask")) {
      mask = maskArg(*this, *b, "store");
      if (!mask)
        return std::nullopt;
    }
    std::vector<MemOperand> ops{{&p, "pointer", b->loc("pointer")},
                                {&value, "value", b->loc("value")}};
    if (mask)
      ops.push_back({&*mask, "mask", b->loc("mask")});
    if (!unifyShapes(*this, "store", ops))
      return std::nullopt;
    tile::StoreOp::create(builder_, loc, p.value, value.value,
                          mask ? mask->value : Value(), *cache, *evict);
    return SV::none();
  }
  if (name.rfind("tl.atomic_", 0) == 0) {
    std::string fn = name.substr(3);
    bool cas = name == "tl.atomic_cas";
    std::optional<Bound> b =
        cas ? bindBuiltin(*this, fn, args, {"pointer", "cmp", "val", "sem", "scope"}, 3)
            : bindBuiltin(*this, fn, args, {"pointer", "val", "mask", "sem", "scope"},
                          2);
    if (!b)
      return std::nullopt;
    OptSV ptr = pointerArg(*this, *b, "pointer", fn);
    if (!ptr)
      return std::nullopt;
    std::optional<std::string> semText = strArg(*this, *b, "sem", fn);
    std::optional<std::string> scopeText = strArg(*this, *b, "scope", fn);
    if (!semText || !scopeText)
      return std::nullopt;
    std::optional<tile::MemSemantic> sem = parseSem(*semText);
    if (!sem)
      return error(b->loc("sem"),
                   fn + ": unknown memory semantic '" + *semText +
                       "' (expected relaxed, acquire, release or acq_rel)");
    std::optional<tile::MemScope> scope = parseScope(*scopeText);
    if (!scope)
      return error(b->loc("scope"), fn + ": unknown scope '" + *scopeText +
                                        "' (expected gpu, cta or sys)");
    SV p = *ptr;
    DType elem = p.dtype.pointee();
    auto valueOf = [&](const std::string &n) -> OptSV {
      const SV &v = (*b)[n];
      if (v.isNumber())
        return constantTile(v, elem, {}, b->loc(n));
      if (v.isTile() && !v.dtype.isPointer)
        return convert(v, elem, b->loc(n));
      return error(b->loc(n), fn + ": '" + n + "' must be a number or a tile, got " +
                                  v.describe());
    };
    if (cas) {
      OptSV cmp = valueOf("cmp"), val = cmp ? valueOf("val") : std::nullopt;
      if (!val)
        return std::nullopt;
      SV c = *cmp, v = *val;
      if (!unifyShapes(*this, fn,
                       {{&p, "pointer", b->loc("pointer")},
                        {&c, "comparand", b->loc("cmp")},
                        {&v, "value", b->loc("val")}}))
        return std::nullopt;
      auto op = tile::AtomicCASOp::create(builder_, loc, p.value, c.value, v.value,
                                          *sem, *scope);
      return SV::ofTile(op.getResult(), elem);
    }
    OptSV val = valueOf("val");
    if (!val)
      return std::nullopt;
    SV v = *val;
    std::optional<SV> mask;
    if (b->has("mask")) {
      mask = maskArg(*this, *b, fn);
      if (!mask)
        return std::nullopt;
    }
    std::vector<MemOperand> ops{{&p, "pointer", b->loc("pointer")},
                                {&v, "value", b->loc("val")}};
    if (mask)
      ops.push_back({&*mask, "mask", b->loc("mask")});
    if (!unifyShapes(*this, fn, ops))
      return std::nullopt;
    tile::AtomicRMWKind kind;
    std::string op = fn.substr(7);
    if (op == "add")
      kind = elem.isFloat() ? tile::AtomicRMWKind::FAdd : tile::AtomicRMWKind::Add;
    else if (op == "max")
      kind = elem.isInt() && !elem.isSigned() ? tile::AtomicRMWKind::UMax
                                              : tile::AtomicRMWKind::Max;
    else if (op == "min")
      kind = elem.isInt() && !elem.isSigned() ? tile::AtomicRMWKind::UMin
                                              : tile::AtomicRMWKind::Min;
    else if (op == "and")
      kind = tile::AtomicRMWKind::And;
    else if (op == "or")
      kind = tile::AtomicRMWKind::Or;
    else if (op == "xor")
      kind = tile::AtomicRMWKind::Xor;
    else if (op == "xchg")
      kind = tile::AtomicRMWKind::Xchg;
    else
      return error(args.callLoc, "unknown atomic operation '" + fn + "'");
    if ((op == "and" || op == "or" || op == "xor") && !elem.isInt())
      return error(args.callLoc, fn + " needs integer pointers, got " + p.dtype.name());
    unsigned width = elem.bitWidth();
    if (width != 16 && width != 32 && width != 64)
      return error(args.callLoc,
                   fn + ": atomics need 16-, 32- or 64-bit elements, got " +
                       elem.name());
    auto rmw = tile::AtomicRMWOp::create(builder_, loc, kind, p.value, v.value,
                                         mask ? mask->value : Value(), *sem, *scope);
    return SV::ofTile(rmw.getResult(), elem);
  }
  if (name == "tl.make_tensor_descriptor") {
    std::optional<Bound> b =
        bindBuiltin(*this, "make_tensor_descriptor", args,
                    {"base", "shape", "strides", "block_shape", "padding_option"}, 4);
    if (!b)
      return std::nullopt;
    const SV &base = (*b)["base"];
    if (!base.isTile() || !base.dtype.isPointer || !base.shape().empty())
      return error(b->loc("base"), "make_tensor_descriptor: 'base' must be a scalar "
                                   "pointer, got " +
                                       base.describe());
    std::optional<std::vector<int64_t>> block =
        constInts(*this, *b, "block_shape", "make_tensor_descriptor");
    if (!block)
      return std::nullopt;
    for (int64_t d : *block)
      if (!isPowerOfTwo(d))
        return error(b->loc("block_shape"), "make_tensor_descriptor: block dimensions "
                                            "must be powers of two");
    if (block->empty() || block->size() > 5)
      return error(b->loc("block_shape"), "make_tensor_descriptor: blocks have 1 to 5 "
                                          "dimensions");
    auto listOf = [&](const std::string &n,
                      DType t) -> std::optional<SmallVector<Value>> {
      const SV &v = (*b)[n];
      if (v.kind != SV::Kind::Tuple || v.elements.size() != block->size()) {
        error(b->loc(n), "make_tensor_descriptor: '" + n + "' must list " +
                             std::to_string(block->size()) +
                             " values, one per block "
                             "dimension");
        return std::nullopt;
      }
      SmallVector<Value> out;
      for (const SV &e : v.elements) {
        if (!(e.isIntLike() || (e.isTile() && e.shape().empty() && e.dtype.isInt()))) {
          error(b->loc(n), "make_tensor_descriptor: '" + n +
                               "' entries must be integers, got " + e.describe());
          return std::nullopt;
        }
        OptSV m = materialize(e, b->loc(n), t);
        if (!m)
          return std::nullopt;
        out.push_back(convert(*m, t, b->loc(n)).value);
      }
      return out;
    };
    std::optional<SmallVector<Value>> shape = listOf("shape", DType::of(Scalar::I32));
    std::optional<SmallVector<Value>> strides =
        shape ? listOf("strides", DType::of(Scalar::I64)) : std::nullopt;
    if (!strides)
      return std::nullopt;
    std::optional<std::string> padding =
        strArg(*this, *b, "padding_option", "make_tensor_descriptor");
    if (!padding)
      return std::nullopt;
    tile::PaddingOption pad = tile::PaddingOption::Zero;
    if (*padding == "nan")
      pad = tile::PaddingOption::NaN;
    else if (!padding->empty() && *padding != "zero")
      return error(b->loc("padding_option"), "make_tensor_descriptor: padding_option "
                                             "must be \"zero\" or \"nan\"");
    DType elem = base.dtype.pointee();
    auto blockType = RankedTensorType::get(*block, mlirType(elem));
    auto descType = tile::TensorDescType::get(&context_, blockType);
    auto op = tile::MakeTensorDescOp::create(builder_, loc, descType, base.value,
                                             *shape, *strides, pad);
    return SV::ofDesc(op.getResult(), elem);
  }
  if (name == "desc.load" || name == "desc.store") {
    bool isLoad = name == "desc.load";
    std::string fn = isLoad ? "descriptor.load" : "descriptor.store";
    std::optional<Bound> b =
        isLoad ? bindBuiltin(*this, fn, args, {"self", "offsets"}, 2)
               : bindBuiltin(*this, fn, args, {"self", "offsets", "value"}, 3);
    if (!b)
      return std::nullopt;
    const SV &desc = (*b)["self"];
    auto descType = llvm::cast<tile::TensorDescType>(desc.value.getType());
    RankedTensorType block = descType.getBlockType();
    const SV &offs = (*b)["offsets"];
    if (offs.kind != SV::Kind::Tuple ||
        static_cast<int64_t>(offs.elements.size()) != block.getRank())
      return error(b->loc("offsets"), fn + ": expects a list of " +
                                          std::to_string(block.getRank()) + " offsets");
    SmallVector<Value> indices;
    for (const SV &e : offs.elements) {
      if (!(e.isIntLike() || (e.isTile() && e.shape().empty() && e.dtype.isInt())))
        return error(b->loc("offsets"),
                     fn + ": offsets must be integers, got " + e.describe());
      OptSV m = materialize(e, b->loc("offsets"), DType::of(Scalar::I32));
      if (!m)
        return std::nullopt;
      indices.push_back(convert(*m, DType::of(Scalar::I32), b->loc("offsets")).value);
    }
    if (isLoad) {
      auto op = tile::DescLoadOp::create(builder_, loc, block, desc.value, indices);
      return SV::ofTile(op.getResult(), desc.dtype);
    }
    const SV &v = (*b)["value"];
    SV value;
    if (v.isNumber())
      value = constantTile(v, desc.dtype, {}, b->loc("value"));
    else if (v.isTile() && !v.dtype.isPointer)
      value = convert(v, desc.dtype, b->loc("value"));
    else if (v.isTile())
      return error(b->loc("value"), fn +
                                        ": the value must be a tile of numbers for the "
                                        "descriptor's " +
                                        desc.dtype.name() + " elements, got " +
                                        v.describe());
    else
      return error(b->loc("value"),
                   fn + ": the value must be a tile, got " + v.describe());
    OptSV shaped = broadcastTo(value, block.getShape(), b->loc("value"));
    if (!shaped)
      return error(b->loc("value"), fn + ": the value does not match the block shape");
    tile::DescStoreOp::create(builder_, loc, desc.value, indices, shaped->value);
    return SV::none();
  }
  handled = false;
  return std::nullopt;
}

} // namespace tessel::frontend
