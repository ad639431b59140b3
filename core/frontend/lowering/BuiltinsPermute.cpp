//===- BuiltinsPermute.cpp - Moving elements: join/split, gather, sort ----===//
//
// tl.join, tl.split, tl.interleave, tl.flip, tl.gather, tl.histogram and
// tl.sort, with Triton's semantics, composed from existing tile ops. Elements
// are moved bit for bit: a value is picked with a select on a broadcast, and
// extracted with an `ori` reduction of its integer bits over an axis where
// every other element is zero, so NaN payloads and -0.0 survive (a float sum
// would not keep them).
//
//===----------------------------------------------------------------------===//

#include "core/frontend/lowering/Builtins.h"
#include "core/frontend/lowering/TileEmit.h"
#include "dialects/tile/IR/TileOps.h"

namespace tessel::frontend {

using namespace mlir;
using Pred = arith::CmpIPredicate;

namespace {

/// A tile argument that may not be a pointer tile (its bits are moved).
OptSV valueTile(Lowerer &L, const Bound &b, const std::string &name,
                const std::string &fn) {
  OptSV v = tileArg(L, b, name, fn);
  if (!v)
    return std::nullopt;
  if (v->dtype.isPointer)
    return L.error(b.loc(name),
                   fn + ": tiles of pointers are not supported, got " + v->describe());
  return v;
}

int64_t numel(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

int64_t log2i(int64_t n) {
  int64_t k = 0;
  while ((int64_t(1) << k) < n)
    ++k;
  return k;
}

/// Element `k` (0 or 1) of the last, size-2 dimension of integer bits `bits`.
Value pickHalf(TileEmit &E, Value bits, int64_t axis, int64_t k) {
  ArrayRef<int64_t> shape = TileEmit::shapeOf(bits);
  int64_t rank = shape.size();
  Value iota = E.broadcast(E.iotaAlong(2, rank, axis), shape);
  Value which = E.constant(E.b().getI32Type(), shape, k);
  Value zero = E.constant(TileEmit::elementOf(bits.getType()), shape, 0);
  Value only = E.select(E.cmpi(Pred::eq, iota, which), bits, zero);
  return E.reduce(only, axis, TileEmit::Combine::Or);
}

/// Normalizes a constexpr dimension argument; nullopt after an error.
std::optional<int64_t> dimArg(Lowerer &L, const Bound &b, const std::string &name,
                              const std::string &fn, int64_t rank, int64_t dflt) {
  if (!b.has(name))
    return dflt;
  std::optional<int64_t> d = constInt(L, b, name, fn);
  if (!d)
    return std::nullopt;
  int64_t v = *d < 0 ? *d + rank : *d;
  if (v < 0 || v >= rank) {
    L.error(b.loc(name), fn + ": dimension " + std::to_string(*d) +
                             " is out of range for a tile of " + std::to_string(rank) +
                             (rank == 1 ? " dimension" : " dimensions"));
    return std::nullopt;
  }
  return v;
}

/// One compare-and-swap step of Triton's bitonic sort (`_compare_and_swap`):
/// `flip` is an i1 tile of x's shape.
Value compareAndSwap(Lowerer &L, TileEmit &E, const SV &x, Value flip, int64_t i,
                     int64_t nDims) {
  ArrayRef<int64_t> xShape = x.shape();
  int64_t nOuter = numel(xShape) >> nDims;
  SmallVector<int64_t> shape3 = {nOuter << i, 2, int64_t(1) << (nDims - i - 1)};
  Type elem = L.mlirType(x.dtype);
  Value bits = E.toBits(x.value);
  Value y = E.reshape(bits, shape3);
  auto half = [&](int64_t k) {
    Value h = E.expandDims(pickHalf(E, y, 1, k), 1);
    return E.reshape(E.broadcast(h, shape3), xShape);
  };
  Value leftBits = half(0), rightBits = half(1);
  Value left = E.fromBits(leftBits, elem), right = E.fromBits(rightBits, elem);
  Value gt;
  if (x.dtype.isFloat())
    gt = arith::CmpFOp::create(E.b(), E.loc, arith::CmpFPredicate::OGT, left, right);
  else
    gt = E.cmpi(x.dtype.isSigned() ? Pred::sgt : Pred::ugt, left, right);
  Value cond = arith::XOrIOp::create(E.b(), E.loc, gt, flip);
  Value swap = arith::XOrIOp::create(E.b(), E.loc, leftBits, rightBits);
  Value zero = E.constant(TileEmit::elementOf(bits.getType()), xShape, 0);
  Value ret = arith::XOrIOp::create(E.b(), E.loc, bits, E.select(cond, swap, zero));
  return E.fromBits(ret, elem);
}

} // namespace

OptSV Lowerer::builtinPermute(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  TileEmit E(*this, args.callLoc);
  if (name == "tl.join" || name == "tl.interleave") {
    std::string fn = name.substr(3);
    std::optional<Bound> b = bindBuiltin(*this, fn, args, {"a", "b"}, 2);
    if (!b)
      return std::nullopt;
    SV a = (*b)["a"], c = (*b)["b"];
    if (!a.isTile() && !c.isTile())
      return error(args.callLoc, fn + ": at least one operand must be a tile or a "
                                      "scalar value, got two constants");
    if (!materializePair(a, c, b->loc("a"), b->loc("b")))
      return std::nullopt;
    if (a.dtype.isPointer || c.dtype.isPointer)
      return error(args.callLoc, fn + ": tiles of pointers are not supported, got " +
                                     a.describe() + " and " + c.describe());
    if (a.dtype != c.dtype)
      return error(args.callLoc, fn + ": the operands must have the same dtype, got " +
                                     a.dtype.name() + " and " + c.dtype.name());
    if (!broadcastPair(a, c, args.callLoc))
      return std::nullopt;
    SmallVector<int64_t> shape(a.shape().begin(), a.shape().end());
    shape.push_back(2);
    if (!checkTileElements(*this, shape, args.callLoc, fn))
      return std::nullopt;
    int64_t rank = shape.size();
    Value ea = E.broadcast(E.expandDims(a.value, rank - 1), shape);
    Value ec = E.broadcast(E.expandDims(c.value, rank - 1), shape);
    Value iota = E.broadcast(E.iotaAlong(2, rank, rank - 1), shape);
    Value first = E.cmpi(Pred::eq, iota, E.constant(builder_.getI32Type(), shape, 0));
    Value joined = E.select(first, ea, ec);
    if (name == "tl.join")
      return SV::ofTile(joined, a.dtype);
    // interleave: [..., n, 2] -> [..., 2n] in row-major order.
    if (rank == 1)
      return SV::ofTile(joined, a.dtype);
    SmallVector<int64_t> flat(shape.begin(), shape.end() - 2);
    flat.push_back(2 * shape[rank - 2]);
    return SV::ofTile(E.reshape(joined, flat), a.dtype);
  }
  if (name == "tl.split") {
    std::optional<Bound> b = bindBuiltin(*this, "split", args, {"a"}, 1);
    if (!b)
      return std::nullopt;
    OptSV x = valueTile(*this, *b, "a", "split");
    if (!x)
      return std::nullopt;
    if (x->shape().empty() || x->shape().back() != 2)
      return error(b->loc("a"),
                   "split: the last dimension must have size 2, got " + x->describe());
    int64_t axis = x->shape().size() - 1;
    Type elem = mlirType(x->dtype);
    Value bits = E.toBits(x->value);
    SV lo = SV::ofTile(E.fromBits(pickHalf(E, bits, axis, 0), elem), x->dtype);
    SV hi = SV::ofTile(E.fromBits(pickHalf(E, bits, axis, 1), elem), x->dtype);
    return SV::ofTuple({lo, hi});
  }
  if (name == "tl.flip") {
    std::optional<Bound> b = bindBuiltin(*this, "flip", args, {"x", "dim"}, 1);
    if (!b)
      return std::nullopt;
    OptSV x = valueTile(*this, *b, "x", "flip");
    if (!x)
      return std::nullopt;
    int64_t rank = x->shape().size();
    if (rank == 0)
      return error(b->loc("x"), "flip: the input must be a tile, got " + x->describe());
    std::optional<int64_t> dim = dimArg(*this, *b, "dim", "flip", rank, rank - 1);
    if (!dim)
      return std::nullopt;
    // Triton's flip: view the dimension as (2, 2, ..., 2) and swap each pair
    // with y ^ xor_sum(y, axis, keep_dims=True).
    ArrayRef<int64_t> shape = x->shape();
    int64_t steps = log2i(shape[*dim]);
    SmallVector<int64_t> split(shape.begin(), shape.begin() + *dim);
    split.append(steps, 2);
    split.append(shape.begin() + *dim + 1, shape.end());
    Value y = E.reshape(E.toBits(x->value), split);
    for (int64_t i = 0; i < steps; ++i) {
      Value s = E.reduce(y, *dim + i, TileEmit::Combine::Xor);
      Value back = E.broadcast(E.expandDims(s, *dim + i), split);
      y = arith::XOrIOp::create(builder_, E.loc, y, back);
    }
    Value r = E.fromBits(E.reshape(y, shape), mlirType(x->dtype));
    return SV::ofTile(r, x->dtype);
  }
  if (name == "tl.gather") {
    std::optional<Bound> b =
        bindBuiltin(*this, "gather", args, {"src", "index", "axis"}, 3);
    if (!b)
      return std::nullopt;
    OptSV src = valueTile(*this, *b, "src", "gather");
    OptSV index = src ? tileArg(*this, *b, "index", "gather") : std::nullopt;
    if (!index)
      return std::nullopt;
    if (!index->dtype.isInt() || index->dtype.isPointer)
      return error(b->loc("index"), "gather: the index must be an integer tile, got " +
                                        index->describe());
    int64_t rank = src->shape().size();
    if (rank == 0)
      return error(b->loc("src"),
                   "gather: the source must be a tile, got " + src->describe());
    if (static_cast<int64_t>(index->shape().size()) != rank)
      return error(b->loc("index"),
                   "gather: the source and index tiles must have the same rank, got " +
                       shapeString(src->shape()) + " and " +
                       shapeString(index->shape()));
    std::optional<int64_t> axis = dimArg(*this, *b, "axis", "gather", rank, 0);
    if (!axis)
      return std::nullopt;
    for (int64_t d = 0; d < rank; ++d)
      if (d != *axis && index->shape()[d] != src->shape()[d])
        return error(b->loc("index"), "gather: index dimension " + std::to_string(d) +
                                          " must match the source's (" +
                                          shapeString(index->shape()) + " and " +
                                          shapeString(src->shape()) + ")");
    // out[.., i, ..] = src[.., index[.., i, ..], ..]: compare every index with
    // every source position along a new axis after `axis`, keep the matching
    // source bits and OR them together.
    int64_t n = src->shape()[*axis];
    SmallVector<int64_t> wide(index->shape().begin(), index->shape().end());
    wide.insert(wide.begin() + *axis + 1, n);
    if (!checkTileElements(*this, wide, args.callLoc, "gather"))
      return std::nullopt;
    unsigned w = std::max(32u, index->dtype.bitWidth());
    Value idx = E.intToWidth(index->value, w, index->dtype.isSigned());
    idx = E.broadcast(E.expandDims(idx, *axis + 1), wide);
    Value pos = E.broadcast(E.iotaAlong(n, rank + 1, *axis + 1), wide);
    pos = E.intToWidth(pos, w, true);
    Value hit = E.cmpi(Pred::eq, idx, pos);
    Value bits = E.broadcast(E.expandDims(E.toBits(src->value), *axis), wide);
    Value zero = E.constant(TileEmit::elementOf(bits.getType()), wide, 0);
    Value picked =
        E.reduce(E.select(hit, bits, zero), *axis + 1, TileEmit::Combine::Or);
    return SV::ofTile(E.fromBits(picked, mlirType(src->dtype)), src->dtype);
  }
  if (name == "tl.histogram") {
    std::optional<Bound> b =
        bindBuiltin(*this, "histogram", args, {"input", "num_bins", "mask"}, 2);
    if (!b)
      return std::nullopt;
    OptSV x = tileArg(*this, *b, "input", "histogram");
    std::optional<int64_t> bins =
        x ? constInt(*this, *b, "num_bins", "histogram") : std::nullopt;
    if (!bins)
      return std::nullopt;
    if (x->shape().size() != 1)
      return error(b->loc("input"),
                   "histogram: the input must be a 1-D tile, got " + x->describe());
    if (!x->dtype.isInt() || x->dtype.isPointer)
      return error(b->loc("input"),
                   "histogram: the input must be an integer tile, got " +
                       x->describe());
    if (!isPowerOfTwo(*bins))
      return error(b->loc("num_bins"),
                   "histogram: num_bins must be a power of two, got " +
                       std::to_string(*bins));
    int64_t n = x->shape()[0];
    SmallVector<int64_t> wide = {n, *bins};
    if (!checkTileElements(*this, wide, args.callLoc, "histogram"))
      return std::nullopt;
    unsigned w = std::max(32u, x->dtype.bitWidth());
    Value v = E.broadcast(
        E.expandDims(E.intToWidth(x->value, w, x->dtype.isSigned()), 1), wide);
    Value bin = E.intToWidth(E.broadcast(E.iotaAlong(*bins, 2, 1), wide), w, true);
    // Values outside [0, num_bins) equal no bin and are not counted.
    Value hit = E.cmpi(Pred::eq, v, bin);
    if (b->has("mask")) {
      OptSV m = tileArg(*this, *b, "mask", "histogram");
      if (!m)
        return std::nullopt;
      if (!m->dtype.isBool())
        return error(b->loc("mask"),
                     "histogram: the mask must be boolean, got " + m->describe());
      OptSV mb = broadcastTo(*m, {n}, b->loc("mask"));
      if (!mb)
        return std::nullopt;
      Value mw = E.broadcast(E.expandDims(mb->value, 1), wide);
      hit = arith::AndIOp::create(builder_, E.loc, hit, mw);
    }
    Value ones = arith::ExtUIOp::create(
        builder_, E.loc, RankedTensorType::get(wide, builder_.getI32Type()), hit);
    Value counts = E.reduce(ones, 0, TileEmit::Combine::AddI);
    return SV::ofTile(counts, DType::of(Scalar::I32));
  }
  if (name == "tl.sort") {
    std::optional<Bound> b =
        bindBuiltin(*this, "sort", args, {"x", "dim", "descending"}, 1);
    if (!b)
      return std::nullopt;
    OptSV x = valueTile(*this, *b, "x", "sort");
    if (!x)
      return std::nullopt;
    int64_t rank = x->shape().size();
    if (rank == 0)
      return error(b->loc("x"), "sort: the input must be a tile, got " + x->describe());
    std::optional<int64_t> dim = dimArg(*this, *b, "dim", "sort", rank, rank - 1);
    std::optional<bool> descending =
        dim ? constFlag(*this, *b, "descending", "sort") : std::nullopt;
    if (!descending)
      return std::nullopt;
    if (*dim != rank - 1)
      return error(b->loc("dim"),
                   "sort: only the last dimension can be sorted (as in Triton)");
    // Triton's bitonic merge sort (`_bitonic_merge` over `_compare_and_swap`).
    ArrayRef<int64_t> shape = x->shape();
    int64_t nDims = log2i(shape.back());
    int64_t nOuter = numel(shape) >> nDims;
    SV cur = *x;
    Type i1 = builder_.getI1Type();
    for (int64_t stage = 1; stage <= nDims; ++stage) {
      Value flip;
      if (stage < nDims) {
        // Alternate directions with a period of 2**stage.
        SmallVector<int64_t> s = {nOuter << (nDims - 1 - stage), 2,
                                  int64_t(1) << stage};
        Value alt = E.broadcast(E.iotaAlong(2, 3, 1), s);
        alt = E.cmpi(Pred::ne, alt, E.constant(builder_.getI32Type(), s, 0));
        flip = E.reshape(alt, shape);
      } else {
        flip = E.constant(i1, shape, *descending ? 1 : 0);
      }
      for (int64_t i = 0; i < stage; ++i)
        cur = SV::ofTile(
            compareAndSwap(*this, E, cur, flip, i + (nDims - stage), nDims), x->dtype);
    }
    return cur;
  }
  handled = false;
  return std::nullopt;
}

} // namespace tessel::frontend
