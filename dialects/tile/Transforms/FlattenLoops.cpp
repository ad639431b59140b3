//===- FlattenLoops.cpp - One loop for a loop nest marked tile.flatten ----===//
//
// `tl.range(..., flatten=True)` (attribute `tile.flatten` on the scf.for)
// asks that the loop and the one loop in its body run as one: a persistent
// GEMM's walk over tiles and its loop over K become a single loop over
// (tile, k) pairs, so that a software pipeliner sees one stream of loads
// and keeps the next tile's first loads in flight while this tile's
// epilogue runs, instead of filling and draining its pipeline once a tile.
//
// For an outer loop whose body is `pre; inner loop; post` (pre free of
// memory effects, the inner loop's bounds defined outside the outer loop,
// both induction variables i32), with nO and nI the two trip counts:
//
//   flat = nI > 0 && nO * nI <= INT32_MAX
//   r = scf.for it = 0 to (flat ? nO * nI : 0) iter_args(outer, inner) {
//     t = it / nI, k = it % nI
//     pre (at outer iv lbO + t * stepO)
//     inner args = k == 0 ? their initial values : carried
//     inner body (at inner iv lbI + k * stepI)
//     outer = scf.if k == nI - 1 { post; the outer yield } else { outer }
//   }
//   results = scf.if flat { r } else { the nest as it was }
//
// Pre runs again at every step of a tile (pure scalar work, and constants
// that canonicalization hoists); post runs once a tile, after its last
// step, as before. A nest that does not qualify stays as it is: the
// attribute is a request, and the loops mean the same either way.
//
//===----------------------------------------------------------------------===//

#include "dialects/tile/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <limits>

using namespace mlir;

namespace tessel::tile {

#define GEN_PASS_DEF_TILEFLATTENLOOPS
#include "dialects/tile/Transforms/Passes.h.inc"

namespace {

/// The attribute the frontend sets for `flatten=True`.
constexpr llvm::StringLiteral kFlattenAttr = "tile.flatten";

/// A loop nest the pass can flatten.
struct Nest {
  scf::ForOp outer, inner;
  SmallVector<Operation *> pre, post;
};

std::optional<Nest> matchNest(scf::ForOp outer) {
  Nest nest{outer, nullptr, {}, {}};
  Block *body = outer.getBody();
  for (Operation &op : body->without_terminator()) {
    auto loop = dyn_cast<scf::ForOp>(op);
    if (loop && !nest.inner) {
      nest.inner = loop;
      continue;
    }
    (nest.inner ? nest.post : nest.pre).push_back(&op);
  }
  if (!nest.inner)
    return std::nullopt;
  // Pre runs once a step instead of once a tile: it must not touch memory.
  if (!llvm::all_of(nest.pre, [](Operation *op) { return isMemoryEffectFree(op); }))
    return std::nullopt;
  scf::ForOp inner = nest.inner;
  if (!llvm::all_of(
          ValueRange{inner.getLowerBound(), inner.getUpperBound(), inner.getStep()},
          [&](Value v) { return outer.isDefinedOutsideOfLoop(v); }))
    return std::nullopt;
  // The inner loop's initial values are the flat loop's too.
  if (!llvm::all_of(inner.getInitArgs(),
                    [&](Value v) { return outer.isDefinedOutsideOfLoop(v); }))
    return std::nullopt;
  if (!outer.getInductionVar().getType().isInteger(32) ||
      !inner.getInductionVar().getType().isInteger(32))
    return std::nullopt;
  return nest;
}

/// The trip count of `loop` in i64 (its bounds are i32: no overflow).
Value getTripCount(OpBuilder &b, Location loc, scf::ForOp loop) {
  Type i64 = b.getI64Type();
  auto wide = [&](Value v) {
    return arith::ExtSIOp::create(b, loc, i64, v).getResult();
  };
  Value lb = wide(loop.getLowerBound()), ub = wide(loop.getUpperBound());
  Value step = wide(loop.getStep());
  Value one = arith::ConstantIntOp::create(b, loc, i64, 1);
  Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value rounded =
      arith::AddIOp::create(b, loc, span, arith::SubIOp::create(b, loc, step, one));
  Value count = arith::DivSIOp::create(b, loc, rounded, step);
  return arith::MaxSIOp::create(b, loc, count, zero);
}

void flatten(Nest &nest) {
  scf::ForOp outer = nest.outer, inner = nest.inner;
  Location loc = outer.getLoc();
  OpBuilder b(outer);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value outerTrips = getTripCount(b, loc, outer);
  Value innerTrips = getTripCount(b, loc, inner);
  Value total = arith::MulIOp::create(b, loc, outerTrips, innerTrips);
  Value zero64 = arith::ConstantIntOp::create(b, loc, i64, 0);
  Value limit =
      arith::ConstantIntOp::create(b, loc, i64, std::numeric_limits<int32_t>::max());
  Value flat = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, innerTrips, zero64),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle, total, limit));
  Value steps = arith::TruncIOp::create(
      b, loc, i32, arith::SelectOp::create(b, loc, flat, total, zero64));
  // (Read only where the loop runs: nI is then at most INT32_MAX.)
  Value perTile = arith::TruncIOp::create(b, loc, i32, innerTrips);
  Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
  Value one = arith::ConstantIntOp::create(b, loc, i32, 1);

  const unsigned outerArgs = outer.getNumRegionIterArgs();
  SmallVector<Value> inits(outer.getInitArgs());
  llvm::append_range(inits, inner.getInitArgs());

  auto loop = scf::ForOp::create(b, loc, zero, steps, one, inits);
  Block *body = loop.getBody();
  b.setInsertionPointToStart(body);
  Value it = loop.getInductionVar();
  Value t = arith::DivSIOp::create(b, loc, it, perTile);
  Value k = arith::RemSIOp::create(b, loc, it, perTile);
  auto at = [&](scf::ForOp l, Value index) {
    return arith::AddIOp::create(b, loc, l.getLowerBound(),
                                 arith::MulIOp::create(b, loc, index, l.getStep()));
  };
  IRMapping map;
  map.map(outer.getInductionVar(), at(outer, t));
  for (unsigned i = 0; i < outerArgs; ++i)
    map.map(outer.getRegionIterArgs()[i], loop.getRegionIterArgs()[i]);
  for (Operation *op : nest.pre)
    b.clone(*op, map);
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, k, zero);
  for (auto [j, arg] : llvm::enumerate(inner.getRegionIterArgs())) {
    Value init = inner.getInitArgs()[j];
    Value carried = loop.getRegionIterArgs()[outerArgs + j];
    map.map(arg, arith::SelectOp::create(b, loc, first, init, carried));
  }
  map.map(inner.getInductionVar(), at(inner, k));
  for (Operation &op : inner.getBody()->without_terminator())
    b.clone(op, map);
  SmallVector<Value> next;
  for (Value v : inner.getBody()->getTerminator()->getOperands())
    next.push_back(map.lookupOrDefault(v));

  // Post, once a tile: after its last step.
  Value last = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, k,
                                     arith::SubIOp::create(b, loc, perTile, one));
  // (An scf.if without results comes with its yields; one with results
  // gets them here.)
  const bool results = outerArgs != 0;
  auto ending = scf::IfOp::create(b, loc, outer.getResultTypes(), last,
                                  /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ending.thenBlock());
    for (auto [result, value] : llvm::zip(inner.getResults(), next))
      map.map(result, value);
    for (Operation *op : nest.post)
      b.clone(*op, map);
    if (results) {
      SmallVector<Value> yielded;
      for (Value v : outer.getBody()->getTerminator()->getOperands())
        yielded.push_back(map.lookupOrDefault(v));
      scf::YieldOp::create(b, loc, yielded);
      b.setInsertionPointToStart(ending.elseBlock());
      scf::YieldOp::create(b, loc,
                           ValueRange(loop.getRegionIterArgs().take_front(outerArgs)));
    }
  }
  SmallVector<Value> yielded(ending.getResults());
  llvm::append_range(yielded, next);
  scf::YieldOp::create(b, loc, yielded);
  loop->setAttr("tile.flattened", b.getUnitAttr());

  // The nest as it was where the flat loop cannot stand for it (no inner
  // steps, or more steps than i32 counts).
  b.setInsertionPointAfter(loop);
  auto choice = scf::IfOp::create(b, loc, outer.getResultTypes(), flat,
                                  /*withElseRegion=*/true);
  outer->removeAttr(kFlattenAttr);
  if (results) {
    b.setInsertionPointToStart(choice.thenBlock());
    scf::YieldOp::create(b, loc, ValueRange(loop.getResults().take_front(outerArgs)));
    outer->moveBefore(choice.elseBlock(), choice.elseBlock()->end());
    b.setInsertionPointToEnd(choice.elseBlock());
    scf::YieldOp::create(b, loc, outer.getResults());
  } else {
    outer->moveBefore(choice.elseBlock()->getTerminator());
  }
  outer.getResults().replaceUsesWithIf(choice.getResults(), [&](OpOperand &use) {
    return !choice.elseBlock()->findAncestorOpInBlock(*use.getOwner());
  });
}

struct FlattenLoopsPass : impl::TileFlattenLoopsBase<FlattenLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kFlattenAttr))
        marked.push_back(loop);
    });
    for (scf::ForOp loop : marked)
      if (std::optional<Nest> nest = matchNest(loop))
        flatten(*nest);
  }
};

} // namespace
} // namespace tessel::tile
