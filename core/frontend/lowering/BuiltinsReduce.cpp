//===- BuiltinsReduce.cpp - Reductions and scans --------------------------===//

#include <functional>

#include "core/frontend/lowering/Builtins.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace tessel::frontend {

using namespace mlir;

namespace {

/// Builds the combiner: (accumulated..., incoming...) -> combined..., on
/// scalars. Returns the combined values, or nullopt after an error.
using Combiner = std::function<std::optional<SmallVector<Value>>(
    OpBuilder &, Location, ValueRange, ValueRange)>;

/// Integer sums narrower than 32 bits and float sums narrower than 32 bits
/// accumulate in 32 bits (Triton's default for tl.sum and tl.cumsum).
DType sumType(DType t) {
  if (t.isInt() && t.bitWidth() < 32)
    return t.isSigned() || t.isBool() ? DType::of(Scalar::I32) : DType::of(Scalar::U32);
  if (t.isFloat() && t.bitWidth() < 32)
    return DType::of(Scalar::F32);
  return t;
}

} // namespace

/// Reduces (or scans) `inputs` along `axis` with `combine`.
static OptSV reduceTiles(Lowerer &L, std::vector<SV> inputs, int64_t axis, bool scan,
                         bool reverse, bool keepDims, const Combiner &combine,
                         SourceLoc sloc) {
  Location loc = L.toLoc(sloc);
  // `tl.reduce((), ...)`: a combiner with no operands has nothing to do.
  if (inputs.empty())
    return L.error(sloc, std::string(scan ? "associative_scan" : "reduce") +
                             ": nothing to combine: the input is an empty tuple");
  int64_t rank = inputs[0].shape().size();
  if (rank == 0)
    return L.error(sloc, "cannot reduce a scalar");
  if (axis < 0)
    axis += rank;
  if (axis < 0 || axis >= rank)
    return L.error(sloc, "axis " + std::to_string(axis) +
                             " is out of range for a tile of " + std::to_string(rank) +
                             (rank == 1 ? " dimension" : " dimensions"));
  SmallVector<Value> srcs;
  SmallVector<Type> elemTypes, resultTypes;
  for (const SV &in : inputs) {
    srcs.push_back(in.value);
    Type elem = L.mlirType(in.dtype);
    elemTypes.push_back(elem);
    if (scan) {
      resultTypes.push_back(in.value.getType());
    } else {
      SmallVector<int64_t> shape(in.shape().begin(), in.shape().end());
      shape.erase(shape.begin() + axis);
      resultTypes.push_back(shape.empty() ? elem : RankedTensorType::get(shape, elem));
    }
  }
  OpBuilder &b = L.builder_;
  Operation *op;
  Region *region;
  if (scan) {
    auto s = tile::ScanOp::create(b, loc, resultTypes, srcs, axis, reverse);
    op = s;
    region = &s.getCombineOp();
  } else {
    auto r = tile::ReduceOp::create(b, loc, resultTypes, srcs, axis);
    op = r;
    region = &r.getCombineOp();
  }
  SmallVector<Type> argTypes(elemTypes);
  argTypes.append(elemTypes.begin(), elemTypes.end());
  SmallVector<Location> argLocs(argTypes.size(), loc);
  mlir::Block *block = b.createBlock(region, {}, argTypes, argLocs);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(block);
    size_t n = inputs.size();
    std::optional<SmallVector<Value>> combined =
        combine(b, loc, block->getArguments().take_front(n),
                block->getArguments().drop_front(n));
    if (!combined) {
      b.setInsertionPointAfter(op);
      op->erase();
      return std::nullopt;
    }
    tile::YieldOp::create(b, loc, *combined);
  }
  b.setInsertionPointAfter(op);
  std::vector<SV> results;
  for (size_t i = 0; i < inputs.size(); ++i) {
    SV r = SV::ofTile(op->getResult(i), inputs[i].dtype);
    if (keepDims && !scan) {
      SmallVector<int64_t> shape(inputs[i].shape().begin(), inputs[i].shape().end());
      shape[axis] = 1;
      Value v = r.shape().empty()
                    ? tile::SplatOp::create(b, loc, L.tileType(r.dtype, shape), r.value)
                          .getResult()
                    : tile::ExpandDimsOp::create(b, loc, L.tileType(r.dtype, shape),
                                                 r.value, axis)
                          .getResult();
      r = SV::ofTile(v, r.dtype);
    }
    results.push_back(r);
  }
  if (results.size() == 1)
    return results[0];
  return SV::ofTuple(results);
}

/// Flattens a tile to 1-D for reductions with axis=None.
static SV flatten(Lowerer &L, const SV &x, SourceLoc loc) {
  if (x.shape().size() <= 1)
    return x;
  int64_t n = 1;
  for (int64_t d : x.shape())
    n *= d;
  Value v = tile::ReshapeOp::create(L.builder_, L.toLoc(loc), L.tileType(x.dtype, {n}),
                                    x.value, /*allow_reorder=*/true);
  return SV::ofTile(v, x.dtype);
}

OptSV Lowerer::builtinReduce(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  bool isSum = name == "tl.sum", isXorSum = name == "tl.xor_sum";
  bool isMax = name == "tl.max", isMin = name == "tl.min";
  bool isArg = name == "tl.argmax" || name == "tl.argmin";
  bool isCumsum = name == "tl.cumsum";
  bool isGeneric = name == "tl.reduce" || name == "tl.associative_scan";
  if (!(isSum || isXorSum || isMax || isMin || isArg || isCumsum || isGeneric)) {
    handled = false;
    return std::nullopt;
  }
  std::string fn = name.substr(3);
  std::vector<std::string> params;
  size_t required = 1;
  if (isSum || isXorSum)
    params = {"input", "axis", "keep_dims", "dtype"};
  else if (isMax || isMin)
    params = {"input", "axis", "return_indices", "return_indices_tie_break_left",
              "keep_dims"};
  else if (isArg)
    params = {"input", "axis", "tie_break_left", "keep_dims"}, required = 2;
  else if (isCumsum)
    params = {"input", "axis", "reverse", "dtype"};
  else
    params = {"input", "axis", "combine_fn",
              name == "tl.reduce" ? "keep_dims" : "reverse"},
    required = 3;
  std::optional<Bound> b = bindBuiltin(*this, fn, args, params, required);
  if (!b)
    return std::nullopt;

  // Inputs: one tile, or a tuple of tiles for the generic forms.
  std::vector<SV> inputs;
  const SV &in = (*b)["input"];
  if (isGeneric && in.kind == SV::Kind::Tuple)
    inputs = in.elements;
  else
    inputs = {in};
  for (SV &x : inputs) {
    if (!x.isTile() || x.shape().empty())
      return error(b->loc("input"),
                   fn + ": the input must be a tile, got " + x.describe());
    if (x.dtype.isPointer)
      return error(b->loc("input"), fn + " is not defined on pointers");
  }
  std::optional<int64_t> axis;
  if (b->has("axis")) {
    axis = constInt(*this, *b, "axis", fn);
    if (!axis)
      return std::nullopt;
  }
  std::optional<bool> keepDimsFlag = constFlag(*this, *b, "keep_dims", fn);
  std::optional<bool> reverseFlag =
      keepDimsFlag ? constFlag(*this, *b, "reverse", fn) : std::nullopt;
  if (!reverseFlag)
    return std::nullopt;
  bool keepDims = *keepDimsFlag, reverse = *reverseFlag;
  if (!axis) {
    if (isCumsum || isGeneric || isArg) {
      axis = 0;
      if (inputs[0].shape().size() != 1 && !isArg)
        return error(args.callLoc, fn + ": axis is required for tiles of more than one "
                                        "dimension");
    }
    if (!isCumsum && !isGeneric) {
      if (keepDims && inputs[0].shape().size() > 1)
        return error(args.callLoc, fn + ": keep_dims with axis=None is not supported");
      for (SV &x : inputs)
        x = flatten(*this, x, args.callLoc);
      axis = 0;
    }
  }

  if (isSum || isCumsum || isXorSum) {
    DType t = inputs[0].dtype;
    if (isXorSum && !t.isInt())
      return error(b->loc("input"), "xor_sum needs integer tiles");
    DType acc = isXorSum ? t : sumType(t);
    if (b->has("dtype")) {
      std::optional<DType> d = dtypeArg(*this, *b, "dtype", fn);
      if (!d)
        return std::nullopt;
      acc = *d;
    }
    inputs[0] = convert(inputs[0], acc, args.callLoc);
    bool f = acc.isFloat();
    Combiner add = [f, isXorSum](OpBuilder &bb, Location l, ValueRange x,
                                 ValueRange y) -> std::optional<SmallVector<Value>> {
      if (isXorSum)
        return SmallVector<Value>{arith::XOrIOp::create(bb, l, x[0], y[0])};
      if (f)
        return SmallVector<Value>{arith::AddFOp::create(bb, l, x[0], y[0])};
      return SmallVector<Value>{arith::AddIOp::create(bb, l, x[0], y[0])};
    };
    return reduceTiles(*this, inputs, *axis, isCumsum, reverse, keepDims, add,
                       args.callLoc);
  }

  if ((isMax || isMin) &&
      !(b->has("return_indices") && truthy((*b)["return_indices"]))) {
    DType t = inputs[0].dtype;
    if (t.isFp8()) {
      inputs[0] = convert(inputs[0], DType::of(Scalar::F16), args.callLoc);
      t = inputs[0].dtype;
    }
    Combiner pick = [t, isMax](OpBuilder &bb, Location l, ValueRange x,
                               ValueRange y) -> std::optional<SmallVector<Value>> {
      Value r;
      if (t.isFloat())
        r = isMax ? arith::MaxNumFOp::create(bb, l, x[0], y[0]).getResult()
                  : arith::MinNumFOp::create(bb, l, x[0], y[0]).getResult();
      else if (t.isSigned())
        r = isMax ? arith::MaxSIOp::create(bb, l, x[0], y[0]).getResult()
                  : arith::MinSIOp::create(bb, l, x[0], y[0]).getResult();
      else
        r = isMax ? arith::MaxUIOp::create(bb, l, x[0], y[0]).getResult()
                  : arith::MinUIOp::create(bb, l, x[0], y[0]).getResult();
      return SmallVector<Value>{r};
    };
    return reduceTiles(*this, inputs, *axis, false, false, keepDims, pick,
                       args.callLoc);
  }

  if (isArg || isMax || isMin) {
    // Value and index reduce together; ties keep the smaller index unless
    // tie_break_left is false.
    bool wantMax = name == "tl.argmax" || isMax;
    bool tieLeft = true;
    const char *tieParam = isArg ? "tie_break_left" : "return_indices_tie_break_left";
    if (b->has(tieParam))
      tieLeft = truthy((*b)[tieParam]);
    SV x = inputs[0];
    if (x.dtype.isFp8())
      x = convert(x, DType::of(Scalar::F16), args.callLoc);
    int64_t rank = x.shape().size();
    int64_t ax = *axis < 0 ? *axis + rank : *axis;
    if (ax < 0 || ax >= rank)
      return error(args.callLoc,
                   fn + ": axis " + std::to_string(*axis) + " is out of range");
    // Index tile along the axis, broadcast to the input shape.
    Location loc = toLoc(args.callLoc);
    int64_t len = x.shape()[ax];
    Value range = tile::MakeRangeOp::create(
        builder_, loc, RankedTensorType::get({len}, builder_.getI32Type()), 0, len);
    SV idx = SV::ofTile(range, DType::of(Scalar::I32));
    for (int64_t d = 0; d < rank; ++d)
      if (d != ax) {
        SmallVector<int64_t> s(idx.shape().begin(), idx.shape().end());
        int64_t pos = d < ax ? d : static_cast<int64_t>(s.size());
        s.insert(s.begin() + pos, 1);
        idx = SV::ofTile(tile::ExpandDimsOp::create(
                             builder_, loc, tileType(idx.dtype, s), idx.value, pos),
                         idx.dtype);
      }
    OptSV fullIdx = broadcastTo(idx, x.shape(), args.callLoc);
    if (!fullIdx)
      return std::nullopt;
    DType t = x.dtype;
    Combiner pick = [t, wantMax,
                     tieLeft](OpBuilder &bb, Location l, ValueRange a,
                              ValueRange c) -> std::optional<SmallVector<Value>> {
      Value better, equal;
      if (t.isFloat()) {
        better = arith::CmpFOp::create(
            bb, l, wantMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT,
            c[0], a[0]);
        equal = arith::CmpFOp::create(bb, l, arith::CmpFPredicate::OEQ, c[0], a[0]);
      } else {
        bool s = t.isSigned();
        auto p = wantMax ? (s ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt)
                         : (s ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult);
        better = arith::CmpIOp::create(bb, l, p, c[0], a[0]);
        equal = arith::CmpIOp::create(bb, l, arith::CmpIPredicate::eq, c[0], a[0]);
      }
      Value tie = arith::CmpIOp::create(
          bb, l, tieLeft ? arith::CmpIPredicate::slt : arith::CmpIPredicate::sgt, c[1],
          a[1]);
      Value takeNew =
          arith::OrIOp::create(bb, l, better, arith::AndIOp::create(bb, l, equal, tie));
      return SmallVector<Value>{arith::SelectOp::create(bb, l, takeNew, c[0], a[0]),
                                arith::SelectOp::create(bb, l, takeNew, c[1], a[1])};
    };
    OptSV r = reduceTiles(*this, {x, *fullIdx}, ax, false, false, keepDims, pick,
                          args.callLoc);
    if (!r)
      return std::nullopt;
    if (isArg)
      return r->elements[1];
    return r; // (values, indices)
  }

  // tl.reduce / tl.associative_scan with a user combine function, inlined on
  // scalar arguments.
  const SV &fnValue = (*b)["combine_fn"];
  if (fnValue.kind != SV::Kind::Function)
    return error(b->loc("combine_fn"),
                 fn + ": combine_fn must be a @jit function, got " +
                     fnValue.describe());
  std::vector<DType> dtypes;
  for (const SV &x : inputs)
    dtypes.push_back(x.dtype);
  size_t n = inputs.size();
  Combiner user = [&](OpBuilder &, Location, ValueRange x,
                      ValueRange y) -> std::optional<SmallVector<Value>> {
    CallArgs call;
    call.callLoc = args.callLoc;
    for (size_t i = 0; i < n; ++i) {
      call.positional.push_back(SV::ofTile(x[i], dtypes[i]));
      call.positionalLocs.push_back(args.callLoc);
    }
    for (size_t i = 0; i < n; ++i) {
      call.positional.push_back(SV::ofTile(y[i], dtypes[i]));
      call.positionalLocs.push_back(args.callLoc);
    }
    OptSV r = callFunction(fnValue.function, call, args.callLoc);
    if (!r)
      return std::nullopt;
    std::vector<SV> outs =
        r->kind == SV::Kind::Tuple ? r->elements : std::vector<SV>{*r};
    if (outs.size() != n) {
      error(args.callLoc, fn + ": combine_fn must return " + std::to_string(n) +
                              " values, returned " + std::to_string(outs.size()));
      return std::nullopt;
    }
    SmallVector<Value> values;
    for (size_t i = 0; i < n; ++i) {
      OptSV m = materialize(outs[i], args.callLoc, dtypes[i]);
      if (!m || !m->shape().empty()) {
        if (m)
          error(args.callLoc, fn + ": combine_fn must return scalars");
        return std::nullopt;
      }
      values.push_back(convert(*m, dtypes[i], args.callLoc).value);
    }
    return values;
  };
  return reduceTiles(*this, inputs, *axis, name == "tl.associative_scan", reverse,
                     keepDims, user, args.callLoc);
}

} // namespace tessel::frontend
