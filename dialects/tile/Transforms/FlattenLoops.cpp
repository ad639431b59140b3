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
//   r = scf.for round (i64) iter_args(outer) {    (one round if nO * nI fits i32)
//     scf.for it = 0 to (the round's outer iterations) * nI (i32)
//         iter_args(outer, inner) {                (tile.flattened)
//       t = the round's first + it / nI, k = it % nI
//       pre (at outer iv lbO + t * stepO)
//       inner args = k == 0 ? their initial values : carried
//       inner body (at inner iv lbI + k * stepI)
//       outer = scf.if k == nI - 1 { post; the outer yield } else { outer }
//     }
//   }
//   results = scf.if nI > 0 { r } else { the outer loop, its inner loop gone }
//
// Pre runs again at every step of a tile (pure scalar work, and constants
// that canonicalization hoists); post runs once a tile, after its last
// step, as before, in an scf.if marked `tile.flattened_epilogue`. With
// flatten=True the kernel also states that post does not write what later
// outer iterations read, so that a pipeliner may issue the next tile's
// loads before this tile's stores (as Triton's flattening assumes). A nest
// that does not qualify stays as it is: the attribute is a request, and
// the loops mean the same either way.
//
//===----------------------------------------------------------------------===//

#include "dialects/tile/Transforms/Passes.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
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

/// A loop nest the pass can flatten.
struct Nest {
  scf::ForOp outer, inner;
  SmallVector<Operation *> pre, post;
};

/// The bytes a pipelined flat loop keeps for `dot`: three stages of its
/// operands and its accumulator in f32 (the epilogue's move through shared
/// memory).
int64_t getDotBytes(tile::DotOp dot) {
  auto bytes = [](Value v) {
    auto type = cast<RankedTensorType>(v.getType());
    return type.getNumElements() * int64_t(type.getElementTypeBitWidth()) / 8;
  };
  return 3 * (bytes(dot.getA()) + bytes(dot.getB())) +
         cast<RankedTensorType>(dot.getType()).getNumElements() * 4;
}

std::optional<Nest> matchNest(scf::ForOp outer, int64_t maxDotBytes) {
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
  if (maxDotBytes > 0) {
    bool fits = true;
    inner.walk([&](tile::DotOp dot) { fits &= getDotBytes(dot) <= maxDotBytes; });
    if (!fits)
      return std::nullopt;
  }
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
  auto constant64 = [&](int64_t v) {
    return arith::ConstantIntOp::create(b, loc, i64, v).getResult();
  };
  Value outerTrips = getTripCount(b, loc, outer);
  Value innerTrips = getTripCount(b, loc, inner);
  Value zero64 = constant64(0), one64 = constant64(1);
  Value flat =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, innerTrips, zero64);
  // Outer iterations a round: as many as keep a round's steps within i32
  // (one round but for absurd trip counts).
  Value perRound =
      arith::DivSIOp::create(b, loc, constant64(std::numeric_limits<int32_t>::max()),
                             arith::MaxSIOp::create(b, loc, innerTrips, one64));
  Value rounds = arith::SelectOp::create(
      b, loc, flat, arith::CeilDivSIOp::create(b, loc, outerTrips, perRound), zero64);
  // (Read only where a round runs: nI is then at most INT32_MAX.)
  Value perTile = arith::TruncIOp::create(b, loc, i32, innerTrips);
  Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
  Value one = arith::ConstantIntOp::create(b, loc, i32, 1);
  const unsigned outerArgs = outer.getNumRegionIterArgs();
  const bool results = outerArgs != 0;

  // (A loop made without iteration arguments comes with its yield: the
  // yields are made here.)
  auto dropYield = [](scf::ForOp l) {
    if (l.getBody()->mightHaveTerminator())
      l.getBody()->getTerminator()->erase();
  };
  auto roundLoop =
      scf::ForOp::create(b, loc, zero64, rounds, one64, outer.getInitArgs());
  dropYield(roundLoop);
  b.setInsertionPointToStart(roundLoop.getBody());
  Value first = arith::MulIOp::create(b, loc, roundLoop.getInductionVar(), perRound);
  Value count = arith::MinSIOp::create(
      b, loc, perRound, arith::SubIOp::create(b, loc, outerTrips, first));
  Value steps = arith::TruncIOp::create(
      b, loc, i32, arith::MulIOp::create(b, loc, count, innerTrips));
  // (The outer index in i32 wraps as the outer induction variable does.)
  Value base = arith::TruncIOp::create(b, loc, i32, first);
  SmallVector<Value> inits(roundLoop.getRegionIterArgs());
  llvm::append_range(inits, inner.getInitArgs());
  auto loop = scf::ForOp::create(b, loc, zero, steps, one, inits);
  dropYield(loop);
  scf::YieldOp::create(b, loc, ValueRange(loop.getResults().take_front(outerArgs)));

  Block *body = loop.getBody();
  b.setInsertionPointToStart(body);
  Value it = loop.getInductionVar();
  Value t =
      arith::AddIOp::create(b, loc, base, arith::DivSIOp::create(b, loc, it, perTile));
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
  Value isFirst = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, k, zero);
  for (auto [j, arg] : llvm::enumerate(inner.getRegionIterArgs())) {
    Value carried = loop.getRegionIterArgs()[outerArgs + j];
    map.map(arg,
            arith::SelectOp::create(b, loc, isFirst, inner.getInitArgs()[j], carried));
  }
  map.map(inner.getInductionVar(), at(inner, k));
  for (Operation &op : inner.getBody()->without_terminator())
    b.clone(op, map);
  SmallVector<Value> next;
  for (Value v : inner.getBody()->getTerminator()->getOperands())
    next.push_back(map.lookupOrDefault(v));

  // Post, once an outer iteration: after its last step. (An scf.if without
  // results comes with its yields; one with results gets them here.)
  Value isLast = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, k,
                                       arith::SubIOp::create(b, loc, perTile, one));
  auto ending = scf::IfOp::create(b, loc, outer.getResultTypes(), isLast,
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
  // (A pipeliner may run later steps' loads ahead of this branch's stores:
  // flatten=True states that they do not read what the branch writes.)
  ending->setAttr(kFlattenedEpilogueAttrName, b.getUnitAttr());
  SmallVector<Value> yielded(ending.getResults());
  llvm::append_range(yielded, next);
  scf::YieldOp::create(b, loc, yielded);
  loop->setAttr(kFlattenedAttrName, b.getUnitAttr());

  // Without inner steps, the outer loop as it was, its inner loop gone
  // (its results are its initial values): no flat steps to count.
  b.setInsertionPointAfter(roundLoop);
  auto choice = scf::IfOp::create(b, loc, outer.getResultTypes(), flat,
                                  /*withElseRegion=*/true);
  outer->removeAttr(kFlattenAttrName);
  if (results) {
    b.setInsertionPointToStart(choice.thenBlock());
    scf::YieldOp::create(b, loc, roundLoop.getResults());
    outer->moveBefore(choice.elseBlock(), choice.elseBlock()->end());
    b.setInsertionPointToEnd(choice.elseBlock());
    scf::YieldOp::create(b, loc, outer.getResults());
  } else {
    outer->moveBefore(choice.elseBlock()->getTerminator());
  }
  outer.getResults().replaceUsesWithIf(choice.getResults(), [&](OpOperand &use) {
    return !choice.elseBlock()->findAncestorOpInBlock(*use.getOwner());
  });
  inner.getResults().replaceAllUsesWith(inner.getInitArgs());
  inner->erase();
}

struct FlattenLoopsPass : impl::TileFlattenLoopsBase<FlattenLoopsPass> {
  using TileFlattenLoopsBase::TileFlattenLoopsBase;
  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kFlattenAttrName))
        marked.push_back(loop);
    });
    for (scf::ForOp loop : marked)
      if (std::optional<Nest> nest = matchNest(loop, maxDotBytes))
        flatten(*nest);
  }
};

} // namespace
} // namespace tessel::tile
