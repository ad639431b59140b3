//===- BuiltinsBlockPtr.cpp - Block pointers and type tests ---------------===//
//
// tl.make_block_ptr and tl.advance (also the method block_ptr.advance) build
// and move BlockPtr values; loads and stores through them (BuiltinsMemory.cpp)
// become tiles of pointers and masks here, so that no backend needs an op of
// its own. Also isinstance(x, tl.tensor_descriptor) and friends, which fold
// to constants, and a store called as a method of a pointer.
//
//===----------------------------------------------------------------------===//

#include <cmath>

#include "core/frontend/lowering/BlockPtr.h"

namespace tessel::frontend {

namespace {

/// Calls the builtin `name` on positional arguments.
OptSV callTl(Lowerer &L, const std::string &name, std::vector<SV> positional,
             SourceLoc loc) {
  CallArgs args;
  args.callLoc = loc;
  args.positional = std::move(positional);
  args.positionalLocs.assign(args.positional.size(), loc);
  return L.callBuiltin(name, nullptr, args);
}

bool isIntScalar(const SV &v) {
  return v.isTile() && v.shape().empty() && !v.dtype.isPointer && v.dtype.isInt() &&
         !v.dtype.isBool();
}

/// The entries of a shape/strides/offsets list: each a constexpr integer or an
/// integer scalar. Offsets are 32-bit, as in Triton; shape and strides are
/// kept as given and widened to 64 bits where they are used.
std::optional<std::vector<SV>> intList(Lowerer &L, const Bound &b, const std::string &n,
                                       const std::string &fn, bool offsets) {
  const SV &v = b[n];
  std::vector<SV> items;
  if (v.kind == SV::Kind::Tuple)
    items = v.elements;
  else if (v.isIntLike() || isIntScalar(v))
    items = {v};
  else {
    L.error(b.loc(n),
            fn + ": '" + n + "' must be a tuple of integers, got " + v.describe());
    return std::nullopt;
  }
  for (SV &e : items) {
    if (e.kind == SV::Kind::Bool)
      e = SV::ofInt(e.asInt());
    if (e.kind == SV::Kind::Int)
      continue;
    if (!isIntScalar(e)) {
      L.error(b.loc(n), fn + ": the entries of '" + n +
                            "' must be integers (constexpr or scalar), got " +
                            e.describe());
      return std::nullopt;
    }
    if (offsets) {
      if (e.dtype.bitWidth() > 32) {
        L.error(b.loc(n), fn + ": block pointers take 32-bit offsets, got " +
                              e.describe() + "; add .to(tl.int32)");
        return std::nullopt;
      }
      e = L.convert(e, DType::of(Scalar::I32), b.loc(n));
    }
  }
  return items;
}

/// An integer entry as a 64-bit scalar.
OptSV toI64(Lowerer &L, const SV &v, SourceLoc loc) {
  DType i64 = DType::of(Scalar::I64);
  if (v.isIntLike())
    return L.materialize(SV::ofInt(v.asInt()), loc, i64);
  return L.convert(v, i64, loc);
}

std::vector<int64_t> constList(const SV &tuple) {
  std::vector<int64_t> out;
  for (const SV &e : tuple.elements)
    out.push_back(e.asInt());
  return out;
}

} // namespace

SV makeBlockPtr(const SV &base, const std::vector<SV> &shape,
                const std::vector<SV> &strides, const std::vector<SV> &offsets,
                const std::vector<int64_t> &blockShape,
                const std::vector<int64_t> &order) {
  SV v;
  v.kind = SV::Kind::BlockPtr;
  v.dtype = base.dtype;
  v.elements.push_back(base);
  for (const std::vector<SV> *field : {&shape, &strides, &offsets})
    v.elements.insert(v.elements.end(), field->begin(), field->end());
  std::vector<SV> blockSV, orderSV;
  for (int64_t d : blockShape)
    blockSV.push_back(SV::ofInt(d));
  for (int64_t d : order)
    orderSV.push_back(SV::ofInt(d));
  v.elements.push_back(SV::ofTuple(std::move(blockSV)));
  v.elements.push_back(SV::ofTuple(std::move(orderSV)));
  return v;
}

OptSV Lowerer::builtinBlockPtr(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  if (name == "tl.make_block_ptr") {
    const std::string fn = "make_block_ptr";
    std::optional<Bound> b =
        bindBuiltin(*this, fn, args,
                    {"base", "shape", "strides", "offsets", "block_shape", "order"}, 6);
    if (!b)
      return std::nullopt;
    const SV &base = (*b)["base"];
    if (!base.isTile() || !base.dtype.isPointer || !base.shape().empty())
      return error(b->loc("base"),
                   fn + ": 'base' must be a scalar pointer, got " + base.describe());
    std::optional<std::vector<int64_t>> block = constInts(*this, *b, "block_shape", fn);
    if (!block)
      return std::nullopt;
    if (block->empty())
      return error(b->loc("block_shape"),
                   fn + ": the block needs at least one dimension");
    for (int64_t d : *block)
      if (!isPowerOfTwo(d))
        return error(b->loc("block_shape"),
                     fn + ": block dimensions must be powers of two, got " +
                         shapeString(*block));
    if (!checkTileElements(*this, *block, b->loc("block_shape"), fn))
      return std::nullopt;
    const size_t rank = block->size();
    auto ranked = [&](const std::string &n,
                      bool offsets) -> std::optional<std::vector<SV>> {
      std::optional<std::vector<SV>> items = intList(*this, *b, n, fn, offsets);
      if (items && items->size() != rank) {
        error(b->loc(n), fn + ": '" + n + "' has " + std::to_string(items->size()) +
                             " entries but the block shape " + shapeString(*block) +
                             " has " + std::to_string(rank) + " dimensions");
        return std::nullopt;
      }
      return items;
    };
    std::optional<std::vector<SV>> shape = ranked("shape", false);
    std::optional<std::vector<SV>> strides =
        shape ? ranked("strides", false) : std::nullopt;
    std::optional<std::vector<SV>> offsets =
        strides ? ranked("offsets", true) : std::nullopt;
    if (!offsets)
      return std::nullopt;
    std::optional<std::vector<int64_t>> order = constInts(*this, *b, "order", fn);
    if (!order)
      return std::nullopt;
    std::vector<bool> seen(rank, false);
    bool permutation = order->size() == rank;
    for (int64_t d : *order) {
      permutation = permutation && d >= 0 && d < static_cast<int64_t>(rank) && !seen[d];
      if (permutation)
        seen[d] = true;
    }
    if (!permutation)
      return error(b->loc("order"), fn + ": 'order' must be a permutation of 0.." +
                                        std::to_string(rank - 1) + ", got " +
                                        shapeString(*order));
    return makeBlockPtr(base, *shape, *strides, *offsets, *block, *order);
  }
  if (name == "tl.advance") {
    const std::string fn = "advance";
    std::optional<Bound> b = bindBuiltin(*this, fn, args, {"base", "offsets"}, 2);
    if (!b)
      return std::nullopt;
    const SV &ptr = (*b)["base"];
    if (ptr.kind != SV::Kind::BlockPtr)
      return error(b->loc("base"), fn +
                                       ": expects a block pointer (tl.make_block_ptr), "
                                       "got " +
                                       ptr.describe());
    const size_t rank = ptr.blockPtrRank();
    std::optional<std::vector<SV>> deltas = intList(*this, *b, "offsets", fn, true);
    if (!deltas)
      return std::nullopt;
    if (deltas->size() != rank)
      return error(b->loc("offsets"), fn + ": 'offsets' has " +
                                          std::to_string(deltas->size()) +
                                          " entries but the block pointer has rank " +
                                          std::to_string(rank));
    SV moved = ptr;
    for (size_t d = 0; d < rank; ++d) {
      SV &off = moved.elements[blockPtrOffsetIndex(rank, d)];
      const SV &delta = (*deltas)[d];
      if (delta.isIntLike() && delta.asInt() == 0)
        continue;
      if (off.isIntLike() && delta.isIntLike()) {
        int64_t sum = off.asInt() + delta.asInt();
        if (sum < INT32_MIN || sum > INT32_MAX)
          return error(b->loc("offsets"),
                       fn + ": the offset " + std::to_string(sum) +
                           " does not fit the 32-bit offsets of a block pointer");
        off = SV::ofInt(sum);
        continue;
      }
      DType i32 = DType::of(Scalar::I32);
      OptSV lhs = materialize(off, b->loc("offsets"), i32);
      OptSV rhs = lhs ? materialize(delta, b->loc("offsets"), i32) : std::nullopt;
      OptSV sum =
          rhs ? binaryOp(BinaryOp::Add, *lhs, *rhs, b->loc("offsets")) : std::nullopt;
      if (!sum)
        return std::nullopt;
      off = convert(*sum, i32, b->loc("offsets"));
    }
    return moved;
  }
  if (name == "py.isinstance" && args.positional.size() == 2 && args.keywords.empty()) {
    // Type tests on what the frontend knows statically fold to constants.
    const SV &x = args.positional[0];
    std::vector<SV> classes = args.positional[1].kind == SV::Kind::Tuple
                                  ? args.positional[1].elements
                                  : std::vector<SV>{args.positional[1]};
    bool result = false;
    for (const SV &c : classes) {
      if (c.kind != SV::Kind::Builtin) {
        handled = false;
        return std::nullopt;
      }
      if (c.str == "tl.tensor_descriptor")
        result = result || x.kind == SV::Kind::Desc;
      else if (c.str == "tl.tensor")
        result = result || x.isTile();
      else if (c.str == "tl.constexpr")
        result = result || x.isConstexpr();
      else {
        handled = false;
        return std::nullopt;
      }
    }
    return SV::ofBool(result);
  }
  if (name == "ptr.store") {
    // `x.store(value, mask)` is tl.store(x, value, mask). A list as the
    // value means the code was written for a tensor descriptor.
    if (args.positional.size() >= 2 && args.positional[1].kind == SV::Kind::Tuple) {
      const SV &p = args.positional[0];
      std::string who = p.str.empty() ? "the receiver" : "'" + p.str + "'";
      return error(args.callLoc,
                   "store: " + who + " is a pointer (" + p.dtype.name() +
                       "), not a tensor descriptor, so it has no .store(offsets, "
                       "value); declare the parameter as tensordesc<" +
                       p.dtype.pointee().name() +
                       "[...]> (the element type and block shape) in the signature");
    }
    if (!args.positional.empty())
      args.positional[0].str.clear();
    return builtinMemory("tl.store", args, handled);
  }
  handled = false;
  return std::nullopt;
}

std::optional<BlockPtrAccess> lowerBlockPtrAccess(Lowerer &L, const Bound &b,
                                                  bool isLoad) {
  const std::string fn = isLoad ? "load" : "store";
  const SV &ptr = b["pointer"];
  const SourceLoc loc = b.callLoc;
  const size_t rank = ptr.blockPtrRank();
  const std::vector<int64_t> block = constList(ptr.elements[blockPtrBlockIndex(rank)]);
  const DType elem = ptr.dtype.pointee();

  if (b.has("mask") || (isLoad && b.has("other"))) {
    L.error(b.loc(b.has("mask") ? "mask" : "other"),
            fn + ": 'mask'" + (isLoad ? " and 'other'" : std::string()) +
                " cannot be given with a block pointer; use boundary_check" +
                (isLoad ? " and padding_option" : ""));
    return std::nullopt;
  }

  // boundary_check: an axis or a tuple of axes, each in [0, rank).
  std::vector<bool> checked(rank, false);
  if (b.has("boundary_check")) {
    const SV &bc = b["boundary_check"];
    std::vector<SV> axes =
        bc.kind == SV::Kind::Tuple ? bc.elements : std::vector<SV>{bc};
    for (const SV &a : axes) {
      if (!a.isIntLike()) {
        L.error(b.loc("boundary_check"),
                fn + ": boundary_check must list constexpr axes, got " + a.describe());
        return std::nullopt;
      }
      if (a.asInt() < 0 || a.asInt() >= static_cast<int64_t>(rank)) {
        L.error(b.loc("boundary_check"),
                fn + ": boundary_check axis " + std::to_string(a.asInt()) +
                    " is out of range for a block pointer of rank " +
                    std::to_string(rank) + " (axes are 0.." + std::to_string(rank - 1) +
                    ")");
        return std::nullopt;
      }
      checked[a.asInt()] = true;
    }
  }
  bool nanPadding = false;
  if (isLoad && b.has("padding_option")) {
    std::optional<std::string> padding = strArg(L, b, "padding_option", fn);
    if (!padding)
      return std::nullopt;
    if (*padding == "nan")
      nanPadding = true;
    else if (!padding->empty() && *padding != "zero") {
      L.error(b.loc("padding_option"), fn + ": unknown padding_option '" + *padding +
                                           "' (expected \"zero\", \"nan\" or \"\")");
      return std::nullopt;
    }
    if (nanPadding && !elem.isFloat()) {
      L.error(b.loc("padding_option"),
              fn +
                  ": padding_option=\"nan\" needs floating-point elements, but the "
                  "block pointer's are " +
                  elem.name());
      return std::nullopt;
    }
  }
  if (!isLoad) {
    const SV &v = b["value"];
    if (v.isTile() && !v.shape().empty() &&
        llvm::ArrayRef<int64_t>(v.shape()) != llvm::ArrayRef<int64_t>(block)) {
      L.error(b.loc("value"), "store: the value has shape " + shapeString(v.shape()) +
                                  " but the block pointer's block is " +
                                  shapeString(block));
      return std::nullopt;
    }
  }

  // Per dimension d: i_d = offsets[d] + arange(0, block[d]) in 64 bits,
  // shaped to broadcast along the other dimensions.
  auto shape = [&](size_t d) { return ptr.elements[blockPtrShapeIndex(rank, d)]; };
  auto stride = [&](size_t d) { return ptr.elements[blockPtrStrideIndex(rank, d)]; };
  auto offset = [&](size_t d) { return ptr.elements[blockPtrOffsetIndex(rank, d)]; };
  std::optional<SV> address, mask;
  for (size_t d = 0; d < rank; ++d) {
    OptSV range = callTl(L, "tl.arange", {SV::ofInt(0), SV::ofInt(block[d])}, loc);
    if (!range)
      return std::nullopt;
    SV index = L.convert(*range, DType::of(Scalar::I64), loc);
    if (!(offset(d).isIntLike() && offset(d).asInt() == 0)) {
      OptSV off = toI64(L, offset(d), loc);
      OptSV sum = off ? L.binaryOp(BinaryOp::Add, index, *off, loc) : std::nullopt;
      if (!sum)
        return std::nullopt;
      index = *sum;
    }
    if (rank > 1) {
      std::vector<SV> dims(rank, SV::ofInt(1));
      dims[d] = SV::ofInt(block[d]);
      OptSV shaped = callTl(L, "tl.reshape", {index, SV::ofTuple(dims)}, loc);
      if (!shaped)
        return std::nullopt;
      index = *shaped;
    }
    SV term = index;
    if (!(stride(d).isIntLike() && stride(d).asInt() == 1)) {
      OptSV step = toI64(L, stride(d), loc);
      OptSV product =
          step ? L.binaryOp(BinaryOp::Mul, index, *step, loc) : std::nullopt;
      if (!product)
        return std::nullopt;
      term = *product;
    }
    if (address) {
      OptSV sum = L.binaryOp(BinaryOp::Add, *address, term, loc);
      if (!sum)
        return std::nullopt;
      address = *sum;
    } else {
      address = term;
    }
    if (!checked[d])
      continue;
    OptSV extent = toI64(L, shape(d), loc);
    OptSV low =
        extent ? L.compareOp(CmpOp::Ge, index, SV::ofInt(0), loc) : std::nullopt;
    OptSV high = low ? L.compareOp(CmpOp::Lt, index, *extent, loc) : std::nullopt;
    OptSV inside = high ? L.binaryOp(BinaryOp::BitAnd, *low, *high, loc) : std::nullopt;
    if (!inside)
      return std::nullopt;
    if (mask) {
      OptSV both = L.binaryOp(BinaryOp::BitAnd, *mask, *inside, loc);
      if (!both)
        return std::nullopt;
      mask = *both;
    } else {
      mask = *inside;
    }
  }
  OptSV offsetTile = L.broadcastTo(*address, block, loc);
  OptSV pointers = offsetTile
                       ? L.binaryOp(BinaryOp::Add, ptr.elements[0], *offsetTile, loc)
                       : std::nullopt;
  if (!pointers)
    return std::nullopt;
  BlockPtrAccess access;
  access.pointers = *pointers;
  if (mask) {
    OptSV full = L.broadcastTo(*mask, block, loc);
    if (!full)
      return std::nullopt;
    access.mask = *full;
    // Triton leaves padding_option="" unspecified; it reads as zero here, as
    // it does on Triton's GPU backends.
    if (isLoad)
      access.other = L.constantTile(
          nanPadding ? SV::ofFloat(std::nan("")) : SV::ofInt(0), elem, block, loc);
  }
  return access;
}

} // namespace tessel::frontend
