//===- BuiltinsShape.cpp - Shapes and conversions -------------------------===//

#include "core/frontend/lowering/Builtins.h"
#include "dialects/tile/IR/TileOps.h"

namespace tessel::frontend {

using namespace mlir;

OptSV Lowerer::builtinShape(const std::string &name, CallArgs &args, bool &handled) {
  handled = true;
  Location loc = toLoc(args.callLoc);
  if (name == "tl.trans" || name == "tl.permute") {
    std::string fn = name.substr(3);
    if (args.positional.empty())
      return error(args.callLoc, fn + "() missing required argument 'input'");
    SV x = args.positional[0];
    if (!x.isTile() || x.shape().empty())
      return error(args.positionalLocs[0],
                   fn + ": the input must be a tile, got " + x.describe());
    // The order may come as a tuple, as separate ints, or as dims=...
    std::vector<SV> rest(args.positional.begin() + 1, args.positional.end());
    for (size_t i = 0; i < args.keywords.size(); ++i) {
      if (args.keywords[i].first != "dims")
        return error(args.keywordLocs[i],
                     fn + "() got an unexpected keyword argument '" +
                         args.keywords[i].first + "'");
      rest.push_back(args.keywords[i].second);
    }
    if (rest.size() == 1 && rest[0].kind == SV::Kind::Tuple)
      rest = rest[0].elements;
    int64_t rank = x.shape().size();
    SmallVector<int32_t> order;
    if (rest.empty()) {
      if (rank != 2)
        return error(args.callLoc,
                     fn + " without an order needs a 2-D tile, got " + x.describe());
      order = {1, 0};
    } else {
      for (const SV &d : rest) {
        if (!d.isIntLike())
          return error(args.callLoc, fn + ": the order must be constexpr integers");
        order.push_back(static_cast<int32_t>(d.asInt()));
      }
    }
    std::vector<bool> seen(rank, false);
    bool ok = static_cast<int64_t>(order.size()) == rank;
    for (int32_t d : order) {
      ok = ok && d >= 0 && d < rank && !seen[d];
      if (ok)
        seen[d] = true;
    }
    if (!ok)
      return error(args.callLoc, fn + ": the order must be a permutation of the " +
                                     std::to_string(rank) + " dimensions");
    SmallVector<int64_t> shape;
    for (int32_t d : order)
      shape.push_back(x.shape()[d]);
    return SV::ofTile(
        tile::TransOp::create(builder_, loc, tileType(x.dtype, shape), x.value, order),
        x.dtype);
  }
  if (name == "tl.reshape" || name == "tl.view" || name == "tl.ravel") {
    std::string fn = name.substr(3);
    if (args.positional.empty())
      return error(args.callLoc, fn + "() missing required argument 'input'");
    SV x = args.positional[0];
    if (!x.isTile())
      return error(args.positionalLocs[0],
                   fn + ": the input must be a tile, got " + x.describe());
    bool reorder = name == "tl.view";
    std::vector<SV> rest(args.positional.begin() + 1, args.positional.end());
    for (size_t i = 0; i < args.keywords.size(); ++i) {
      const std::string &k = args.keywords[i].first;
      if (k == "can_reorder")
        reorder = truthy(args.keywords[i].second);
      else if (k == "shape")
        rest.push_back(args.keywords[i].second);
      else
        return error(args.keywordLocs[i],
                     fn + "() got an unexpected keyword argument '" + k + "'");
    }
    if (rest.size() == 1 && rest[0].kind == SV::Kind::Tuple)
      rest = rest[0].elements;
    int64_t numel = 1;
    for (int64_t d : x.shape())
      numel *= d;
    SmallVector<int64_t> shape;
    if (name == "tl.ravel") {
      shape = {numel};
    } else {
      for (const SV &d : rest) {
        if (!d.isIntLike() || !isPowerOfTwo(d.asInt()))
          return error(args.callLoc,
                       fn + ": the shape must be constexpr powers of two");
        shape.push_back(d.asInt());
      }
    }
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    if (n != numel)
      return error(args.callLoc, fn + ": cannot reshape " + std::to_string(numel) +
                                     " elements into " + shapeString(shape));
    if (x.shape().empty())
      return broadcastTo(x, shape, args.callLoc);
    if (shape.empty())
      return error(args.callLoc, fn + ": cannot reshape a tile to a scalar");
    return SV::ofTile(tile::ReshapeOp::create(builder_, loc, tileType(x.dtype, shape),
                                              x.value, reorder),
                      x.dtype);
  }
  if (name == "tl.broadcast_to") {
    if (args.positional.empty())
      return error(args.callLoc, "broadcast_to() missing required argument 'input'");
    SV x = args.positional[0];
    OptSV xm = materialize(x, args.positionalLocs[0]);
    if (!xm)
      return std::nullopt;
    std::vector<SV> rest(args.positional.begin() + 1, args.positional.end());
    for (size_t i = 0; i < args.keywords.size(); ++i) {
      if (args.keywords[i].first != "shape")
        return error(args.keywordLocs[i], "broadcast_to() got an unexpected keyword "
                                          "argument '" +
                                              args.keywords[i].first + "'");
      rest.push_back(args.keywords[i].second);
    }
    if (rest.size() == 1 && rest[0].kind == SV::Kind::Tuple)
      rest = rest[0].elements;
    SmallVector<int64_t> shape;
    for (const SV &d : rest) {
      if (!d.isIntLike() || !isPowerOfTwo(d.asInt()))
        return error(args.callLoc,
                     "broadcast_to: the shape must be constexpr powers of two");
      shape.push_back(d.asInt());
    }
    return broadcastTo(*xm, shape, args.callLoc);
  }
  if (name == "tl.broadcast") {
    std::optional<Bound> b =
        bindBuiltin(*this, "broadcast", args, {"input", "other"}, 2);
    if (!b)
      return std::nullopt;
    OptSV x = tileArg(*this, *b, "input", "broadcast");
    OptSV y = x ? tileArg(*this, *b, "other", "broadcast") : std::nullopt;
    if (!y)
      return std::nullopt;
    SV a = *x, c = *y;
    if (!broadcastPair(a, c, args.callLoc))
      return std::nullopt;
    return SV::ofTuple({a, c});
  }
  if (name == "tl.expand_dims") {
    std::optional<Bound> b =
        bindBuiltin(*this, "expand_dims", args, {"input", "axis"}, 2);
    if (!b)
      return std::nullopt;
    OptSV x = tileArg(*this, *b, "input", "expand_dims");
    std::optional<std::vector<int64_t>> axes =
        x ? constInts(*this, *b, "axis", "expand_dims") : std::nullopt;
    if (!axes)
      return std::nullopt;
    SV r = *x;
    int64_t newRank = r.shape().size() + axes->size();
    std::vector<int64_t> sorted;
    for (int64_t a : *axes)
      sorted.push_back(a < 0 ? a + newRank : a);
    std::sort(sorted.begin(), sorted.end());
    for (int64_t a : sorted) {
      if (a < 0 || a > static_cast<int64_t>(r.shape().size()))
        return error(b->loc("axis"), "expand_dims: axis out of range");
      SmallVector<int64_t> shape(r.shape().begin(), r.shape().end());
      shape.insert(shape.begin() + a, 1);
      Value v =
          r.shape().empty()
              ? tile::SplatOp::create(builder_, loc, tileType(r.dtype, shape), r.value)
                    .getResult()
              : tile::ExpandDimsOp::create(builder_, loc, tileType(r.dtype, shape),
                                           r.value, a)
                    .getResult();
      r = SV::ofTile(v, r.dtype);
    }
    return r;
  }
  if (name == "tl.to" || name == "tl.cast") {
    std::string fn = name == "tl.to" ? "to" : "cast";
    std::optional<Bound> b = bindBuiltin(
        *this, fn, args, {"input", "dtype", "fp_downcast_rounding", "bitcast"}, 2);
    if (!b)
      return std::nullopt;
    std::optional<DType> t = dtypeArg(*this, *b, "dtype", fn);
    if (!t)
      return std::nullopt;
    const SV &x = (*b)["input"];
    if (x.isNumber())
      return materialize(x, b->loc("input"), *t);
    if (!x.isTile())
      return error(b->loc("input"), fn + ": cannot convert " + x.describe());
    bool bitcast = b->has("bitcast") && truthy((*b)["bitcast"]);
    if (x.dtype.isPointer || t->isPointer)
      return error(args.callLoc, fn + ": cannot convert " + x.dtype.name() + " to " +
                                     t->name() +
                                     ": the tile IR has no pointer casts; load the "
                                     "data and convert or bitcast it instead");
    if (bitcast && x.dtype.bitWidth() != t->bitWidth())
      return error(args.callLoc, fn +
                                     ": a bitcast needs types of the same width, got " +
                                     x.dtype.name() + " and " + t->name());
    if (b->has("fp_downcast_rounding")) {
      std::optional<std::string> r = strArg(*this, *b, "fp_downcast_rounding", fn);
      if (!r)
        return std::nullopt;
      if (*r != "rtne" && *r != "rtz")
        return error(b->loc("fp_downcast_rounding"),
                     fn + ": fp_downcast_rounding must be \"rtne\" or \"rtz\"");
      if (*r == "rtz" && x.dtype.isFloat() && t->isFloat() &&
          t->bitWidth() < x.dtype.bitWidth()) {
        auto op = tile::FpToFpOp::create(builder_, loc, tileType(*t, x.shape()),
                                         x.value, nullptr);
        op.setRoundingAttr(
            tile::RoundingModeAttr::get(&context_, tile::RoundingMode::RTZ));
        return SV::ofTile(op.getResult(), *t);
      }
    }
    return convert(x, *t, args.callLoc, bitcast);
  }
  if (name == "tl.split" || name == "tl.join" || name == "tl.softmax" ||
      name == "tl.umulhi" || name == "tl.debug_barrier" || name == "tl.pointer_type" ||
      name == "tl.tensor" || name == "tl.dtype") {
    return error(args.callLoc, "'" + name.substr(3) +
                                   "' is not supported by Tessel yet (docs/language.md "
                                   "lists what is)");
  }
  handled = false;
  return std::nullopt;
}

} // namespace tessel::frontend
