//===- BuiltinsRandom.cpp - umulhi and the Philox random numbers ----------===//
//
// tl.umulhi and Triton's counter-based random numbers (triton.language's
// random module): Philox-4x32-10 (Philox-4x64 for 64-bit counters) with the
// same constants, rounds and key schedule, the same conversion of the
// integers to uniform floats and the same Box-Muller transform, so
// tl.randint returns the bits Triton returns for the same seed and offsets.
//
//===----------------------------------------------------------------------===//

#include "core/frontend/lowering/Builtins.h"
#include "core/frontend/lowering/TileEmit.h"

namespace tessel::frontend {

using namespace mlir;

namespace {

/// Default number of Philox rounds (Triton's N_ROUNDS_DEFAULT).
constexpr int64_t kPhiloxRounds = 10;

/// The high `w` bits of the 2w-bit unsigned product of same-shaped `w`-bit
/// integers (w = 32 or 64). 64-bit operands are split into 32-bit halves so
/// that no 128-bit arithmetic is needed.
Value mulHigh(TileEmit &E, Value a, Value b) {
  ArrayRef<int64_t> shape = TileEmit::shapeOf(a);
  unsigned w = TileEmit::elementOf(a.getType()).getIntOrFloatBitWidth();
  OpBuilder &B = E.b();
  Location loc = E.loc;
  if (w <= 32) {
    Value wa = E.intToWidth(a, 64, false), wb = E.intToWidth(b, 64, false);
    Value p = arith::MulIOp::create(B, loc, wa, wb);
    Value sh = E.constant(B.getI64Type(), shape, w);
    return E.intToWidth(arith::ShRUIOp::create(B, loc, p, sh), w, false);
  }
  Type i64 = B.getI64Type();
  Value c32 = E.constant(i64, shape, 32);
  Value lowMask = E.constant(i64, shape, 0xffffffffLL);
  auto lo = [&](Value v) {
    return arith::AndIOp::create(B, loc, v, lowMask).getResult();
  };
  auto hi = [&](Value v) { return arith::ShRUIOp::create(B, loc, v, c32).getResult(); };
  auto mul = [&](Value x, Value y) {
    return arith::MulIOp::create(B, loc, x, y).getResult();
  };
  auto add = [&](Value x, Value y) {
    return arith::AddIOp::create(B, loc, x, y).getResult();
  };
  Value al = lo(a), ah = hi(a), bl = lo(b), bh = hi(b);
  Value p0 = mul(al, bl), p1 = mul(al, bh), p2 = mul(ah, bl), p3 = mul(ah, bh);
  Value mid = add(add(hi(p0), lo(p1)), lo(p2));
  return add(add(add(p3, hi(p1)), hi(p2)), hi(mid));
}

/// An integer constant of `w` bits shaped like `like`.
Value bitsLike(TileEmit &E, Value like, uint64_t value) {
  Type elem = TileEmit::elementOf(like.getType());
  unsigned w = elem.getIntOrFloatBitWidth();
  return E.constantBits(elem, TileEmit::shapeOf(like), APInt(w, value, false, true));
}

/// Philox rounds on counters c[0..3] (same shape) with keys k0, k1 (scalars
/// or tiles of the counters' shape), all of `w` = 32 or 64 bits.
std::vector<Value> philoxRounds(TileEmit &E, std::vector<Value> c, Value k0, Value k1,
                                int64_t rounds) {
  unsigned w = TileEmit::elementOf(c[0].getType()).getIntOrFloatBitWidth();
  uint64_t keyA = w == 32 ? 0x9E3779B9ull : 0x9E3779B97F4A7C15ull;
  uint64_t keyB = w == 32 ? 0xBB67AE85ull : 0xBB67AE8584CAA73Bull;
  uint64_t roundA = w == 32 ? 0xD2511F53ull : 0xD2E7470EE14C6C93ull;
  uint64_t roundB = w == 32 ? 0xCD9E8D57ull : 0xCA5A826395121157ull;
  OpBuilder &B = E.b();
  Location loc = E.loc;
  ArrayRef<int64_t> shape = TileEmit::shapeOf(c[0]);
  Value a = bitsLike(E, c[0], roundA), b = bitsLike(E, c[0], roundB);
  for (int64_t r = 0; r < rounds; ++r) {
    Value c0 = c[0], c2 = c[2];
    Value n0 = arith::XOrIOp::create(B, loc, mulHigh(E, b, c2), c[1]);
    n0 = arith::XOrIOp::create(B, loc, n0, E.broadcast(k0, shape));
    Value n2 = arith::XOrIOp::create(B, loc, mulHigh(E, a, c0), c[3]);
    n2 = arith::XOrIOp::create(B, loc, n2, E.broadcast(k1, shape));
    c[1] = arith::MulIOp::create(B, loc, b, c2);
    c[3] = arith::MulIOp::create(B, loc, a, c0);
    c[0] = n0;
    c[2] = n2;
    k0 = arith::AddIOp::create(B, loc, k0, bitsLike(E, k0, keyA));
    k1 = arith::AddIOp::create(B, loc, k1, bitsLike(E, k1, keyB));
  }
  return c;
}

/// The number of rounds: an optional constexpr argument.
std::optional<int64_t> roundsArg(Lowerer &L, const Bound &b, const std::string &fn) {
  if (!b.has("n_rounds"))
    return kPhiloxRounds;
  std::optional<int64_t> n = constInt(L, b, "n_rounds", fn);
  if (n && (*n < 0 || *n > 64)) {
    L.error(b.loc("n_rounds"),
            fn + ": n_rounds must be between 0 and 64, got " + std::to_string(*n));
    return std::nullopt;
  }
  return n;
}

/// Triton's `philox(seed, c0, c1, c2, c3, n_rounds)`: four u32 (or u64)
/// tiles of the counters' broadcast shape.
std::optional<std::vector<SV>> philox(Lowerer &L, const SV &seedIn, SourceLoc seedLoc,
                                      std::vector<SV> counters,
                                      const std::vector<SourceLoc> &locs,
                                      int64_t rounds, const std::string &fn,
                                      SourceLoc callLoc) {
  OptSV seed = L.materialize(seedIn, seedLoc);
  if (!seed)
    return std::nullopt;
  if (!seed->dtype.isInt() || seed->dtype.isPointer || !seed->shape().empty()) {
    L.error(seedLoc,
            fn + ": the seed must be an integer scalar, got " + seed->describe());
    return std::nullopt;
  }
  for (size_t i = 0; i < counters.size(); ++i) {
    OptSV c = L.materialize(counters[i], locs[i]);
    if (!c)
      return std::nullopt;
    counters[i] = *c;
  }
  unsigned w = counters[0].dtype.bitWidth();
  if (counters[0].dtype.isPointer || (w != 32 && w != 64)) {
    L.error(locs[0], fn + ": the offsets must be 32- or 64-bit integers, got " +
                         counters[0].describe());
    return std::nullopt;
  }
  SmallVector<int64_t> shape;
  for (size_t i = 0; i < counters.size(); ++i) {
    const SV &c = counters[i];
    if (c.dtype.isPointer || c.dtype.bitWidth() != w) {
      L.error(locs[i], fn + ": every counter must have " + std::to_string(w) +
                           " bits like the first, got " + c.describe());
      return std::nullopt;
    }
    std::optional<SmallVector<int64_t>> s = broadcastShapes(shape, c.shape());
    if (!s) {
      L.error(locs[i], fn + ": the counters' shapes " + shapeString(shape) + " and " +
                           shapeString(c.shape()) + " are incompatible");
      return std::nullopt;
    }
    shape = *s;
  }
  TileEmit E(L, callLoc);
  std::vector<Value> c;
  for (size_t i = 0; i < counters.size(); ++i) {
    OptSV wide = L.broadcastTo(counters[i], shape, locs[i]);
    if (!wide)
      return std::nullopt;
    c.push_back(E.toBits(wide->value));
  }
  Value s64 = E.intToWidth(seed->value, 64, seed->dtype.isSigned());
  Value k0, k1;
  if (w == 32) {
    k0 = E.intToWidth(s64, 32, false);
    Value hi = arith::ShRUIOp::create(E.b(), E.loc, s64,
                                      E.constant(E.b().getI64Type(), {}, 32));
    k1 = E.intToWidth(hi, 32, false);
  } else {
    k0 = s64;
    k1 = E.constant(E.b().getI64Type(), {}, 0);
  }
  std::vector<Value> out = philoxRounds(E, c, k0, k1, rounds);
  DType t = DType::of(w == 32 ? Scalar::U32 : Scalar::U64);
  std::vector<SV> r;
  for (Value v : out)
    r.push_back(SV::ofTile(v, t));
  return r;
}

/// Triton's `uint_to_uniform_float`: [0, 1) as fp32.
OptSV uniformFloat(Lowerer &L, const SV &x, SourceLoc loc, const std::string &fn) {
  if (!x.isTile() || !x.dtype.isInt() || x.dtype.isPointer ||
      (x.dtype.bitWidth() != 32 && x.dtype.bitWidth() != 64))
    return L.error(loc,
                   fn + ": expected a 32- or 64-bit integer tile, got " + x.describe());
  TileEmit E(L, loc);
  Value v = x.value;
  ArrayRef<int64_t> shape = x.shape();
  bool is32 = x.dtype.bitWidth() == 32;
  // where(x < 0, -x - 1, x): -x - 1 is ~x in two's complement.
  Value zero = bitsLike(E, v, 0);
  Value neg = E.cmpi(arith::CmpIPredicate::slt, v, zero);
  Value inv = arith::XOrIOp::create(E.b(), E.loc, v, bitsLike(E, v, ~0ull));
  v = E.select(neg, inv, v);
  Type f32 = E.b().getF32Type();
  Value f = arith::SIToFPOp::create(E.b(), E.loc, TileEmit::withShape(f32, shape), v);
  double scale = is32 ? 4.6566127342e-10 : 1.0842020432385337e-19;
  Value r = arith::MulFOp::create(E.b(), E.loc, f, E.constantFloat(f32, shape, scale));
  return SV::ofTile(r, DType::of(Scalar::F32));
}

/// Triton's `pair_uniform_to_normal` (Box-Muller).
std::optional<std::pair<SV, SV>> uniformToNormal(Lowerer &L, SV u1, SV u2,
                                                 SourceLoc loc) {
  auto call = [&](const char *name, std::vector<SV> args) -> OptSV {
    CallArgs a;
    a.callLoc = loc;
    for (SV &v : args) {
      a.positional.push_back(v);
      a.positionalLocs.push_back(loc);
    }
    return L.callBuiltin(name, nullptr, a);
  };
  OptSV m = call("tl.maximum", {SV::ofFloat(1.0e-7), u1});
  OptSV th = m ? L.binaryOp(BinaryOp::Mul, SV::ofFloat(6.283185307179586), u2, loc)
               : std::nullopt;
  OptSV lg = th ? call("tl.log", {*m}) : std::nullopt;
  OptSV m2 = lg ? L.binaryOp(BinaryOp::Mul, SV::ofFloat(-2.0), *lg, loc) : std::nullopt;
  OptSV r = m2 ? call("tl.sqrt", {*m2}) : std::nullopt;
  OptSV c = r ? call("tl.cos", {*th}) : std::nullopt;
  OptSV s = c ? call("tl.sin", {*th}) : std::nullopt;
  OptSV n1 = s ? L.binaryOp(BinaryOp::Mul, *r, *c, loc) : std::nullopt;
  OptSV n2 = n1 ? L.binaryOp(BinaryOp::Mul, *r, *s, loc) : std::nullopt;
  if (!n2)
    return std::nullopt;
  return std::make_pair(*n1, *n2);
}

} // namespace

OptSV Lowerer::builtinRandom(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  if (name == "tl.umulhi") {
    std::optional<Bound> b = bindBuiltin(*this, "umulhi", args, {"x", "y"}, 2);
    if (!b)
      return std::nullopt;
    SV x = (*b)["x"], y = (*b)["y"];
    if (!x.isTile() && !y.isTile()) {
      OptSV mx = materialize(x, b->loc("x"));
      if (!mx)
        return std::nullopt;
      x = *mx;
    }
    if (!materializePair(x, y, b->loc("x"), b->loc("y")))
      return std::nullopt;
    if (!x.dtype.isInt() || x.dtype.isPointer || x.dtype.isBool())
      return error(b->loc("x"),
                   "umulhi: the operands must be integers, got " + x.describe());
    if (!y.dtype.isInt() || y.dtype.isPointer || y.dtype.isBool())
      return error(b->loc("y"),
                   "umulhi: the operands must be integers, got " + y.describe());
    DType t = promote(x.dtype, y.dtype);
    if (t.bitWidth() != 32 && t.bitWidth() != 64)
      return error(args.callLoc, "umulhi: the operands must be 32- or 64-bit integers, "
                                 "got " +
                                     t.name());
    x = convert(x, t, b->loc("x"));
    y = convert(y, t, b->loc("y"));
    if (!broadcastPair(x, y, args.callLoc))
      return std::nullopt;
    TileEmit E(*this, args.callLoc);
    return SV::ofTile(mulHigh(E, x.value, y.value), t);
  }
  if (name == "tl.philox") {
    std::optional<Bound> b = bindBuiltin(
        *this, "philox", args, {"seed", "c0", "c1", "c2", "c3", "n_rounds"}, 5);
    if (!b)
      return std::nullopt;
    std::optional<int64_t> rounds = roundsArg(*this, *b, "philox");
    if (!rounds)
      return std::nullopt;
    std::vector<SV> cs;
    std::vector<SourceLoc> locs;
    for (const char *c : {"c0", "c1", "c2", "c3"}) {
      cs.push_back((*b)[c]);
      locs.push_back(b->loc(c));
    }
    std::optional<std::vector<SV>> r = philox(*this, (*b)["seed"], b->loc("seed"), cs,
                                              locs, *rounds, "philox", args.callLoc);
    if (!r)
      return std::nullopt;
    return SV::ofTuple(*r);
  }
  if (name == "tl.philox_impl") {
    std::optional<Bound> b =
        bindBuiltin(*this, "philox_impl", args,
                    {"c0", "c1", "c2", "c3", "k0", "k1", "n_rounds"}, 6);
    if (!b)
      return std::nullopt;
    std::optional<int64_t> rounds = roundsArg(*this, *b, "philox_impl");
    if (!rounds)
      return std::nullopt;
    std::vector<SV> vals;
    for (const char *c : {"c0", "c1", "c2", "c3", "k0", "k1"}) {
      OptSV v = tileArg(*this, *b, c, "philox_impl");
      if (!v)
        return std::nullopt;
      DType t = vals.empty() ? v->dtype : vals[0].dtype;
      if (t != DType::of(Scalar::U32) && t != DType::of(Scalar::U64))
        return error(b->loc(c),
                     "philox_impl: the counters must be uint32 or uint64, got " +
                         v->describe());
      if (v->dtype != t)
        return error(b->loc(c), "philox_impl: '" + std::string(c) + "' must be " +
                                    t.name() + " like c0, got " + v->describe());
      vals.push_back(*v);
    }
    SV ref = vals[0];
    for (int i = 1; i < 6; ++i)
      if (!broadcastPair(ref, vals[i], args.callLoc))
        return std::nullopt;
    std::vector<Value> c;
    for (int i = 0; i < 6; ++i) {
      OptSV v = broadcastTo(vals[i], ref.shape(), args.callLoc);
      if (!v)
        return std::nullopt;
      c.push_back(v->value);
    }
    TileEmit E(*this, args.callLoc);
    Value k0 = c[4], k1 = c[5];
    c.resize(4);
    std::vector<SV> r;
    for (Value v : philoxRounds(E, c, k0, k1, *rounds))
      r.push_back(SV::ofTile(v, vals[0].dtype));
    return SV::ofTuple(r);
  }
  if (name == "tl.uint_to_uniform_float") {
    std::optional<Bound> b =
        bindBuiltin(*this, "uint_to_uniform_float", args, {"x"}, 1);
    if (!b)
      return std::nullopt;
    return uniformFloat(*this, (*b)["x"], b->loc("x"), "uint_to_uniform_float");
  }
  if (name == "tl.pair_uniform_to_normal") {
    std::optional<Bound> b =
        bindBuiltin(*this, "pair_uniform_to_normal", args, {"u1", "u2"}, 2);
    if (!b)
      return std::nullopt;
    auto n = uniformToNormal(*this, (*b)["u1"], (*b)["u2"], args.callLoc);
    if (!n)
      return std::nullopt;
    return SV::ofTuple({n->first, n->second});
  }
  bool isRand = name == "tl.rand" || name == "tl.rand4x";
  bool isRandn = name == "tl.randn" || name == "tl.randn4x";
  bool isRandint = name == "tl.randint" || name == "tl.randint4x";
  if (isRand || isRandn || isRandint) {
    std::string fn = name.substr(3);
    bool four = fn.size() > 2 && fn.substr(fn.size() - 2) == "4x";
    std::optional<Bound> b =
        bindBuiltin(*this, fn, args, {"seed", "offset", "n_rounds"}, 2);
    if (!b)
      return std::nullopt;
    std::optional<int64_t> rounds = roundsArg(*this, *b, fn);
    if (!rounds)
      return std::nullopt;
    // randint4x: philox(seed, offset, _0, _0, _0) with _0 = offset * 0.
    OptSV off = materialize((*b)["offset"], b->loc("offset"));
    if (!off)
      return std::nullopt;
    SV zero = constantTile(SV::ofInt(0), off->dtype, off->shape(), b->loc("offset"));
    std::vector<SourceLoc> locs(4, b->loc("offset"));
    std::optional<std::vector<SV>> ints =
        philox(*this, (*b)["seed"], b->loc("seed"), {*off, zero, zero, zero}, locs,
               *rounds, fn, args.callLoc);
    if (!ints)
      return std::nullopt;
    if (isRandint)
      return four ? SV::ofTuple(*ints) : (*ints)[0];
    std::vector<SV> u;
    for (int i = 0; i < (four ? 4 : 2); ++i) {
      OptSV f = uniformFloat(*this, (*ints)[i], args.callLoc, fn);
      if (!f)
        return std::nullopt;
      u.push_back(*f);
    }
    if (isRand)
      return four ? SV::ofTuple(u) : u[0];
    auto n12 = uniformToNormal(*this, u[0], u[1], args.callLoc);
    if (!n12)
      return std::nullopt;
    if (!four)
      return n12->first;
    auto n34 = uniformToNormal(*this, u[2], u[3], args.callLoc);
    if (!n34)
      return std::nullopt;
    return SV::ofTuple({n12->first, n12->second, n34->first, n34->second});
  }
  handled = false;
  return std::nullopt;
}

} // namespace tessel::frontend
