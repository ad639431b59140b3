//===- PointerTileCopies.cpp - Rectangular pointer tiles as descriptors ---===//
//
// The GEMM tutorials load their operands through tiles of pointers:
//
//   offs_am = (pid_m * BM + arange(0, BM)) % M
//   a_ptrs = a + offs_am[:, None] * stride_am + arange(0, BK)[None, :]
//   for k in range(0, cdiv(K, BK)):
//     a = load(a_ptrs, mask=arange(0, BK)[None, :] < K - k * BK, other=0)
//     acc = dot(a, b, acc)
//     a_ptrs += BK
//
// Such a tile is a rectangle of a row-major matrix: row r of the tile is
// row start + r of the matrix, column c is column k * BK + c, and the mask
// zeroes what lies past the matrix's columns, which is exactly what a
// block-copy engine reading a tensor map of the matrix gives. This pass
// proves that shape and rewrites the load as a `tile.desc_load` of a
// descriptor made in the entry block, which tilegpu-pipeline-loads then
// copies with the engine (TMA) like a descriptor the kernel made itself.
//
// The `% M` of the tutorials wraps the rows of the last row tile back to
// the matrix's first rows, where the engine reads zeros instead. That
// changes only rows of the dot's result that are never stored: the pass
// accepts a wrapped dimension only when it is the dot's free dimension (A's
// rows, B's columns), and the accumulator reaches memory only through
// elementwise ops and stores whose mask keeps the unwrapped index below
// the same extent. (A negative row index would make the original load read
// before the matrix: not a program the compiler has to keep.)
//
// Taken only where the engine will copy the tile: 16-bit elements,
// rows a multiple of 32 bytes, at most 256 of them, the base and the row
// stride known aligned, the dot on the warp-group instruction, and the
// row strides multiples of 16 elements. Rows only 16-byte aligned (the
// 3000x5000x2000 benchmark's B) ran slower by the engine than by
// asynchronous copies on an H100, so both operands of a dot must qualify
// or neither is rewritten.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Transforms/Passes.h"

#include "backends/gpu_common/Transforms/TensorCoreLayouts.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace tessel::gpu {

#define GEN_PASS_DEF_TILEGPUPOINTERTILECOPIES
#include "backends/gpu_common/Transforms/Passes.h.inc"

namespace {

/// A 1-D index vector `start + arange(0, n)`, perhaps `% wrap`.
struct IndexVector {
  Value start;     // i32 scalar; null for 0
  Value wrap;      // i32 scalar extent of a `%`; null when none
  Value unwrapped; // the vector before the `%`
};

/// The scalar a `tile.splat` of a scalar makes, else null.
Value getSplatScalar(Value v) {
  if (auto splat = v.getDefiningOp<tile::SplatOp>())
    if (!isa<ShapedType>(splat.getSrc().getType()))
      return splat.getSrc();
  return {};
}

Value stripBroadcasts(Value v) {
  while (auto b = v.getDefiningOp<tile::BroadcastOp>())
    v = b.getSrc();
  return v;
}

bool isRange(Value v, int64_t n) {
  auto range = v.getDefiningOp<tile::MakeRangeOp>();
  return range && range.getStart() == 0 && range.getEnd() == n;
}

std::optional<IndexVector> matchIndexVector(Value v, int64_t n) {
  IndexVector index;
  if (auto rem = v.getDefiningOp<arith::RemSIOp>()) {
    index.wrap = getSplatScalar(rem.getRhs());
    if (!index.wrap)
      return std::nullopt;
    v = rem.getLhs();
  }
  index.unwrapped = v;
  if (isRange(v, n))
    return index;
  auto add = v.getDefiningOp<arith::AddIOp>();
  if (!add)
    return std::nullopt;
  for (auto [s, r] : {std::pair(add.getLhs(), add.getRhs()),
                      std::pair(add.getRhs(), add.getLhs())}) {
    if (Value start = getSplatScalar(s); start && isRange(r, n)) {
      index.start = start;
      return index;
    }
  }
  return std::nullopt;
}

/// `base + sum over dims of index[d] * stride[d]` with each index a 1-D
/// vector expanded along its dimension.
struct PointerTile {
  Value base;
  struct Term {
    Value index;  // 1-D i32 vector
    Value stride; // i32 scalar; null for the constant 1
  };
  std::optional<Term> dims[2];
};

bool addOffset(PointerTile &tile, Value offset) {
  offset = stripBroadcasts(offset);
  Value stride;
  if (auto mul = offset.getDefiningOp<arith::MulIOp>()) {
    for (auto [x, s] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())}) {
      if (Value scalar = getSplatScalar(s); scalar && x.getDefiningOp<tile::ExpandDimsOp>()) {
        offset = x;
        stride = scalar;
        break;
      }
    }
    if (!stride)
      return false;
  }
  auto expand = offset.getDefiningOp<tile::ExpandDimsOp>();
  auto type = expand ? dyn_cast<RankedTensorType>(expand.getType()) : nullptr;
  if (!type || type.getRank() != 2)
    return false;
  // [n, 1] indexes rows, [1, n] columns.
  const int dim = expand.getAxis() == 1 ? 0 : 1;
  if (tile.dims[dim])
    return false;
  tile.dims[dim] = PointerTile::Term{expand.getSrc(), stride};
  return true;
}

std::optional<PointerTile> matchPointerTile(Value v) {
  PointerTile tile;
  SmallVector<Value> offsets;
  while (true) {
    v = stripBroadcasts(v);
    if (auto add = v.getDefiningOp<tile::AddPtrOp>()) {
      offsets.push_back(add.getOffset());
      v = add.getPtr();
      continue;
    }
    tile.base = getSplatScalar(v);
    break;
  }
  if (!tile.base)
    return std::nullopt;
  for (Value offset : offsets)
    if (!addOffset(tile, offset))
      return std::nullopt;
  if (!tile.dims[0] || !tile.dims[1])
    return std::nullopt;
  return tile;
}

/// `v` as `a * iv + b` (constants a, b) of the loop's induction variable.
std::optional<std::pair<int64_t, int64_t>> matchAffineOfIv(Value v, Value iv) {
  APInt c;
  if (v == iv)
    return std::pair<int64_t, int64_t>(1, 0);
  if (matchPattern(v, m_ConstantInt(&c)))
    return std::pair<int64_t, int64_t>(0, c.getSExtValue());
  if (auto mul = v.getDefiningOp<arith::MulIOp>()) {
    for (auto [x, k] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())})
      if (matchPattern(k, m_ConstantInt(&c)))
        if (auto inner = matchAffineOfIv(x, iv))
          return std::pair(inner->first * c.getSExtValue(), inner->second * c.getSExtValue());
    return std::nullopt;
  }
  if (auto add = v.getDefiningOp<arith::AddIOp>()) {
    auto l = matchAffineOfIv(add.getLhs(), iv), r = matchAffineOfIv(add.getRhs(), iv);
    if (l && r)
      return std::pair(l->first + r->first, l->second + r->second);
  }
  return std::nullopt;
}

void collectConjuncts(Value mask, SmallVectorImpl<Value> &out) {
  mask = stripBroadcasts(mask);
  if (auto a = mask.getDefiningOp<arith::AndIOp>()) {
    collectConjuncts(a.getLhs(), out);
    collectConjuncts(a.getRhs(), out);
    return;
  }
  out.push_back(mask);
}

/// A conjunct `expand_dims(x) < splat(bound)`: its dimension, x and bound.
struct Bound {
  int dim;
  Value index;
  Value bound;
};

std::optional<Bound> matchBound(Value conjunct) {
  auto cmp = conjunct.getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::slt)
    return std::nullopt;
  auto expand = stripBroadcasts(cmp.getLhs()).getDefiningOp<tile::ExpandDimsOp>();
  Value bound = getSplatScalar(stripBroadcasts(cmp.getRhs()));
  auto type = expand ? dyn_cast<RankedTensorType>(expand.getType()) : nullptr;
  if (!type || type.getRank() != 2 || !bound)
    return std::nullopt;
  return Bound{expand.getAxis() == 1 ? 0 : 1, expand.getSrc(), bound};
}

bool isZero(Value v) {
  return matchPattern(v, m_AnyZeroFloat()) || matchPattern(v, m_Zero());
}

/// Whether `result` (a loop's accumulator result, or a value computed
/// from it) reaches memory only through elementwise ops and stores whose
/// mask bounds the unwrapped index `unwrapped` of dimension `dim` by
/// `extent`.
bool isStoredOnlyWithin(Value result, int dim, Value unwrapped, Value extent) {
  auto shape = cast<RankedTensorType>(result.getType()).getShape();
  for (OpOperand &use : result.getUses()) {
    Operation *user = use.getOwner();
    if (auto store = dyn_cast<tile::StoreOp>(user)) {
      if (use.get() != store.getValue() || !store.getMask())
        return false;
      SmallVector<Value> conjuncts;
      collectConjuncts(store.getMask(), conjuncts);
      if (!llvm::any_of(conjuncts, [&](Value c) {
            std::optional<Bound> b = matchBound(c);
            return b && b->dim == dim && b->index == unwrapped && b->bound == extent;
          }))
        return false;
      continue;
    }
    if (!user->hasTrait<OpTrait::Elementwise>() || user->getNumResults() != 1 ||
        !isPure(user))
      return false;
    auto type = dyn_cast<RankedTensorType>(user->getResult(0).getType());
    if (!type || type.getShape() != shape ||
        !isStoredOnlyWithin(user->getResult(0), dim, unwrapped, extent))
      return false;
  }
  return true;
}

/// How one pointer load of a loop becomes a descriptor load.
struct Rewrite {
  tile::LoadOp load;
  unsigned iterArg;
  PointerTile tile;
  IndexVector index[2];
  Value extent[2];
  int advancedDim;
  int64_t advance; // elements per iteration along advancedDim
};

struct Matcher {
  scf::ForOp loop;
  unsigned numWarps, warpGroupMaxN;

  /// Whether `v` (an i32 scalar) can be named in the entry block: an
  /// argument of the function or a constant.
  bool isKernelScalar(Value v) {
    auto func = loop->getParentOfType<func::FuncOp>();
    if (auto arg = dyn_cast<BlockArgument>(v))
      return arg.getOwner() == &func.getBody().front();
    return matchPattern(v, m_Constant());
  }

  /// The argument's known divisibility (1 when none).
  int64_t getDivisibility(Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    auto func = loop->getParentOfType<func::FuncOp>();
    if (!arg || arg.getOwner() != &func.getBody().front())
      return 1;
    if (auto d = func.getArgAttrOfType<IntegerAttr>(arg.getArgNumber(), "tile.divisibility"))
      return d.getInt();
    return 1;
  }

  std::optional<Rewrite> match(tile::LoadOp load, tile::DotOp dot) {
    Rewrite r{load, 0, {}, {}, {}, -1, 0};
    auto type = cast<RankedTensorType>(load.getType());
    if (load.getIsVolatile() || type.getRank() != 2 || type.getElementTypeBitWidth() != 16 ||
        (type.getDimSize(1) * 2) % 32 != 0 || type.getDimSize(0) > 256)
      return std::nullopt;
    if (load.getOther() && !isZero(load.getOther()))
      return std::nullopt;
    // The pointers: a carried value used by this load and its own advance.
    auto arg = dyn_cast<BlockArgument>(load.getPtr());
    if (!arg || arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0)
      return std::nullopt;
    r.iterArg = arg.getArgNumber() - 1;
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    auto next = yield.getOperand(r.iterArg).getDefiningOp<tile::AddPtrOp>();
    if (!next || next.getPtr() != arg || !arg.hasNUses(2) || !next->hasOneUse())
      return std::nullopt;
    std::optional<PointerTile> tile = matchPointerTile(loop.getInitArgs()[r.iterArg]);
    if (!tile || !isKernelScalar(tile->base) || tile->dims[1]->stride)
      return std::nullopt;
    r.tile = *tile;
    for (int d = 0; d < 2; ++d) {
      auto index = matchIndexVector(tile->dims[d]->index, type.getDimSize(d));
      if (!index)
        return std::nullopt;
      r.index[d] = *index;
    }
    // The row stride: a kernel scalar, aligned (rows a multiple of 16
    // elements, the base 16 bytes).
    Value rowStride = tile->dims[0]->stride;
    if (!rowStride || !isKernelScalar(rowStride) || getDivisibility(tile->base) % 16 != 0)
      return std::nullopt;
    APInt strideConstant;
    if (matchPattern(rowStride, m_ConstantInt(&strideConstant))
            ? strideConstant.getSExtValue() % 16 != 0
            : getDivisibility(rowStride) % 16 != 0)
      return std::nullopt;

    // The advance: a constant number of columns, or a constant number of
    // rows (a multiple of the row stride).
    Value step = stripBroadcasts(next.getOffset());
    APInt c;
    if (matchPattern(step, m_ConstantInt(&c))) {
      r.advancedDim = 1;
      r.advance = c.getSExtValue();
    } else if (Value scalar = getSplatScalar(step)) {
      if (matchPattern(scalar, m_ConstantInt(&c))) {
        r.advancedDim = 1;
        r.advance = c.getSExtValue();
      } else if (auto mul = scalar.getDefiningOp<arith::MulIOp>()) {
        for (auto [s, k] : {std::pair(mul.getLhs(), mul.getRhs()),
                            std::pair(mul.getRhs(), mul.getLhs())})
          if (s == rowStride && matchPattern(k, m_ConstantInt(&c))) {
            r.advancedDim = 0;
            r.advance = c.getSExtValue();
          }
      }
    }
    if (r.advancedDim < 0 || r.advance <= 0 || r.index[r.advancedDim].start ||
        r.index[r.advancedDim].wrap)
      return std::nullopt;

    // The mask: bounds of the advanced dimension relative to the tile's
    // start (`arange < E - k * BK`), of the other one absolute.
    APInt lb, loopStep;
    if (!matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) ||
        !matchPattern(loop.getStep(), m_ConstantInt(&loopStep)) ||
        loopStep.getSExtValue() <= 0)
      return std::nullopt;
    if (Value mask = load.getMask()) {
      SmallVector<Value> conjuncts;
      collectConjuncts(mask, conjuncts);
      for (Value conjunct : conjuncts) {
        std::optional<Bound> b = matchBound(conjunct);
        if (!b || r.extent[b->dim])
          return std::nullopt;
        if (b->dim == r.advancedDim) {
          // arange < E - (a * iv + b) with a * step == advance and the
          // offset 0 at the first iteration.
          auto sub = b->bound.getDefiningOp<arith::SubIOp>();
          if (!isRange(b->index, type.getDimSize(b->dim)) || !sub)
            return std::nullopt;
          auto offset = matchAffineOfIv(sub.getRhs(), loop.getInductionVar());
          if (!offset || offset->first * loopStep.getSExtValue() != r.advance ||
              offset->first * lb.getSExtValue() + offset->second != 0)
            return std::nullopt;
          r.extent[b->dim] = sub.getLhs();
        } else {
          const IndexVector &index = r.index[b->dim];
          if (b->index != index.unwrapped || (index.wrap && index.wrap != b->bound))
            return std::nullopt;
          r.extent[b->dim] = b->bound;
        }
      }
    } else if (load.getOther()) {
      return std::nullopt;
    }
    // A dimension bounded by its wrap only: the dot's free one, whose
    // rows (or columns) past the extent are never stored.
    for (int d = 0; d < 2; ++d) {
      if (r.extent[d])
        continue;
      const IndexVector &index = r.index[d];
      const int free = load.getResult() == dot.getA() ? 0 : 1;
      if (!index.wrap || d != free || dot.getA() == dot.getB())
        return std::nullopt;
      auto acc = dyn_cast<BlockArgument>(dot.getAcc());
      if (!acc || acc.getOwner() != loop.getBody() || !acc.hasOneUse() ||
          !dot->hasOneUse() || *dot->getUsers().begin() != yield ||
          yield.getOperand(acc.getArgNumber() - 1) != dot.getResult())
        return std::nullopt;
      if (!isStoredOnlyWithin(loop.getResult(acc.getArgNumber() - 1), d, index.unwrapped,
                              index.wrap))
        return std::nullopt;
      r.extent[d] = index.wrap;
    }
    for (Value e : r.extent)
      if (!e || !isKernelScalar(e) || !e.getType().isInteger(32))
        return std::nullopt;
    return r;
  }
};

/// Rewrites `r.load` as a descriptor load and leaves its pointers carried
/// unchanged, for the canonicalizer to drop.
void rewrite(Rewrite r, scf::ForOp loop) {
  auto func = loop->getParentOfType<func::FuncOp>();
  Location loc = r.load.getLoc();
  auto type = cast<RankedTensorType>(r.load.getType());
  OpBuilder b(&func.getBody().front(), func.getBody().front().begin());
  auto i64 = b.getI64Type();
  auto toEntry = [&](Value v) -> Value {
    // Constants are made again in the entry block; arguments are there.
    if (APInt c; matchPattern(v, m_ConstantInt(&c)))
      return arith::ConstantOp::create(b, loc, b.getIntegerAttr(v.getType(), c));
    return v;
  };
  Value rowStride = toEntry(r.tile.dims[0]->stride);
  Value stride64 = arith::ExtSIOp::create(b, loc, i64, rowStride);
  Value one = arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(1));
  auto descType = tile::TensorDescType::get(b.getContext(), type);
  auto desc = tile::MakeTensorDescOp::create(
      b, loc, descType, toEntry(r.tile.base),
      ValueRange{toEntry(r.extent[0]), toEntry(r.extent[1])}, ValueRange{stride64, one},
      tile::PaddingOption::Zero);

  b.setInsertionPoint(r.load);
  auto i32 = b.getI32Type();
  Value coords[2];
  for (int d = 0; d < 2; ++d) {
    Value start = r.index[d].start;
    if (d == r.advancedDim) {
      // advance * (iv - lb) / step
      Value iv = loop.getInductionVar();
      Value t = b.createOrFold<arith::SubIOp>(loc, iv, loop.getLowerBound());
      t = b.createOrFold<arith::DivSIOp>(loc, t, loop.getStep());
      Value k = arith::ConstantOp::create(b, loc, b.getIntegerAttr(i32, r.advance));
      Value offset = b.createOrFold<arith::MulIOp>(loc, t, k);
      coords[d] = start ? b.createOrFold<arith::AddIOp>(loc, start, offset) : offset;
    } else {
      coords[d] = start ? start : arith::ConstantOp::create(b, loc, b.getIntegerAttr(i32, 0));
    }
  }
  auto descLoad =
      tile::DescLoadOp::create(b, loc, type, desc.getResult(), ValueRange{coords[0], coords[1]});
  r.load.getResult().replaceAllUsesWith(descLoad.getResult());
  r.load.erase();
  // The pointers are now carried unchanged (the canonicalizer then drops
  // them and their advance).
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  yield->setOperand(r.iterArg, loop.getRegionIterArg(r.iterArg));
}

struct PointerTileCopiesPass : impl::TileGpuPointerTileCopiesBase<PointerTileCopiesPass> {
  using TileGpuPointerTileCopiesBase::TileGpuPointerTileCopiesBase;
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      if (!loop.getInductionVar().getType().isInteger(32))
        continue;
      // A loop that writes memory is not pipelined (tilegpu-pipeline-loads),
      // so its descriptor loads would not be copied.
      bool writes = false;
      loop.getBody()->walk([&](Operation *op) {
        if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() || isPure(op))
          return;
        auto effects = dyn_cast<MemoryEffectOpInterface>(op);
        if (!effects || effects.hasEffect<MemoryEffects::Write>())
          writes = true;
      });
      if (writes)
        continue;
      Matcher matcher{loop, numWarps, warpGroupMaxN};
      SmallVector<Rewrite> rewrites;
      for (auto dot : llvm::to_vector(loop.getBody()->getOps<tile::DotOp>())) {
        if (!isWarpGroupDot(dot, numWarps, warpGroupMaxN))
          continue;
        auto a = dot.getA().getDefiningOp<tile::LoadOp>();
        auto b = dot.getB().getDefiningOp<tile::LoadOp>();
        if (!a || !b || a->getBlock() != loop.getBody() ||
            b->getBlock() != loop.getBody() || !a->hasOneUse() || !b->hasOneUse())
          continue;
        std::optional<Rewrite> ra = matcher.match(a, dot), rb = matcher.match(b, dot);
        if (!ra || !rb)
          continue;
        rewrites.push_back(*ra);
        rewrites.push_back(*rb);
      }
      for (Rewrite r : rewrites)
        rewrite(r, loop);
    }
  }
};

} // namespace
} // namespace tessel::gpu
