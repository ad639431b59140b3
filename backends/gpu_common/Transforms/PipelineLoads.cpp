//===- PipelineLoads.cpp - Loads of a dot's operands one iteration early ---===//
//
// In `for k: a = load(pa); b = load(pb); acc = dot(a, b, acc); pa += ...`
// every iteration waits for its loads before the dot can start. With two
// stages, the loads of iteration k+1 are issued at the top of iteration k,
// before its dot, and carried to the next iteration: the memory latency
// overlaps the matrix work. The first iteration's loads move before the
// loop, and a load for an iteration past the end is masked off, so no
// access happens that the original loop would not make.
//
// A load qualifies when it feeds a `tile.dot` directly and its operands are
// computed, inside the loop, only by side-effect-free ops from loop-carried
// values that are themselves advanced by side-effect-free ops (pointers
// bumped by a stride), the induction variable and values from outside.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Transforms/Passes.h"

#include "backends/gpu_common/DotStaging.h"
#include "backends/gpu_common/Transforms/TensorCoreLayouts.h"
#include "llvm/ADT/MapVector.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace tessel::gpu {

#define GEN_PASS_DEF_TILEGPUPIPELINELOADS
#include "backends/gpu_common/Transforms/Passes.h.inc"

namespace {

/// The ops of `loop`'s body that `roots` depend on, in program order, or
/// nullopt if one of them has side effects or regions.
std::optional<SmallVector<Operation *>> getPureSlice(scf::ForOp loop,
                                                     ValueRange roots) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() || slice.contains(def))
      continue;
    if (!isPure(def) || def->getNumRegions() != 0)
      return std::nullopt;
    slice.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// Iter args that `slice` (or `roots` directly) reads.
SmallVector<unsigned> getIterArgsRead(scf::ForOp loop, ArrayRef<Operation *> slice,
                                      ValueRange roots) {
  llvm::SmallSetVector<unsigned, 4> read;
  auto visit = [&](Value v) {
    if (auto arg = dyn_cast<BlockArgument>(v))
      if (arg.getOwner() == loop.getBody() && arg != loop.getInductionVar())
        read.insert(arg.getArgNumber() - 1);
  };
  for (Operation *op : slice)
    for (Value v : op->getOperands())
      visit(v);
  for (Value v : roots)
    visit(v);
  return SmallVector<unsigned>(read.begin(), read.end());
}

/// `mask and cond` (splat when the load is unmasked).
Value andMask(OpBuilder &b, Location loc, tile::LoadOp load, Value mask, Value cond) {
  Type maskType = b.getI1Type();
  if (auto tensor = dyn_cast<RankedTensorType>(load.getType()))
    maskType = RankedTensorType::get(tensor.getShape(), b.getI1Type());
  Value splat = isa<RankedTensorType>(maskType)
                    ? tile::SplatOp::create(b, loc, maskType, cond).getResult()
                    : cond;
  return mask ? arith::AndIOp::create(b, loc, mask, splat).getResult() : splat;
}

/// Clones `load` (after its slice) under `mapping`, masked by `cond` too.
Value cloneLoad(OpBuilder &b, tile::LoadOp load, ArrayRef<Operation *> slice,
                IRMapping &mapping, Value cond) {
  for (Operation *op : slice)
    b.clone(*op, mapping);
  Value mask = load.getMask() ? mapping.lookupOrDefault(load.getMask()) : Value();
  mask = andMask(b, load.getLoc(), load, mask, cond);
  auto clone = cast<tile::LoadOp>(b.clone(*load, mapping));
  clone.getMaskMutable().assign(mask);
  return clone.getResult();
}

/// Whether `load` (used only as operand A or B of a tensor-core dot, with a
/// zero or no `other`) can copy straight into the dot's staging buffer;
/// returns the operand number or -1.
int getAsyncOperand(tile::LoadOp load, unsigned numWarps, const MatrixTileShape &tile,
                    unsigned warpGroupMaxN) {
  if (!load->hasOneUse())
    return -1;
  OpOperand &use = *load->getUses().begin();
  auto dot = dyn_cast<tile::DotOp>(use.getOwner());
  // The dot must run once per iteration of this loop: it picks its buffer
  // from the loop's iteration number.
  if (!dot || dot->getParentOp() != load->getParentOp() || use.getOperandNumber() > 1 ||
      !isTensorCoreDot(dot, numWarps, tile, warpGroupMaxN))
    return -1;
  if (Value other = load.getOther()) {
    DenseElementsAttr splat;
    if (!matchPattern(other, m_Constant(&splat)) || !splat.isSplat())
      return -1;
    // Masked-off elements are filled with +0.
    auto value = dyn_cast<FloatAttr>(splat.getSplatValue<Attribute>());
    if (!value || !value.getValue().isPosZero())
      return -1;
  }
  return int(use.getOperandNumber());
}

/// Pipelines the qualifying loads of `loop` over two stages; with
/// `asyncCopy`, marks those that feed a tensor-core dot to be copied
/// straight into its staging buffers (DotStaging.h), `nextDotId` numbering
/// the dots.
void pipelineLoop(scf::ForOp loop, bool asyncCopy, unsigned numWarps,
                  const MatrixTileShape &tile, unsigned warpGroupMaxN,
                  int32_t &nextDotId) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  struct Candidate {
    tile::LoadOp load;
    SmallVector<Operation *> slice;
    int asyncOperand = -1;
  };
  // A load moved above a write of the same iteration could read memory
  // before that write: loops that write memory are left alone.
  bool writes = false;
  body->walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() || isPure(op))
      return;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || effects.hasEffect<MemoryEffects::Write>())
      writes = true;
  });
  if (writes)
    return;
  SmallVector<Candidate> candidates;
  llvm::SmallSetVector<unsigned, 4> advanced;
  for (auto load : body->getOps<tile::LoadOp>()) {
    if (load.getIsVolatile() || !llvm::any_of(load->getUsers(), [](Operation *user) {
          return isa<tile::DotOp>(user);
        }))
      continue;
    auto slice = getPureSlice(loop, load->getOperands());
    if (!slice)
      continue;
    // Each carried value the load reads must be advanced purely too.
    bool ok = true;
    for (unsigned i : getIterArgsRead(loop, *slice, load->getOperands())) {
      Value next = yield.getOperand(i);
      if (!getPureSlice(loop, next)) {
        ok = false;
        break;
      }
      advanced.insert(i);
    }
    if (ok)
      candidates.push_back({load, *slice,
                            // The staging buffer of an iteration is picked from its i32
                            // induction variable.
                            asyncCopy && loop.getInductionVar().getType().isInteger(32)
                                ? getAsyncOperand(load, numWarps, tile, warpGroupMaxN)
                                : -1});
  }
  if (candidates.empty())
    return;

  Location loc = loop.getLoc();
  IRRewriter rewriter(loop.getContext());
  // Prologue: the first iteration's loads, if the loop runs at all.
  rewriter.setInsertionPoint(loop);
  Value runs = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                     loop.getLowerBound(), loop.getUpperBound());
  SmallVector<Value> first;
  for (Candidate &c : candidates) {
    IRMapping mapping;
    mapping.map(loop.getInductionVar(), loop.getLowerBound());
    for (auto [arg, init] : llvm::zip(loop.getRegionIterArgs(), loop.getInitArgs()))
      mapping.map(arg, init);
    first.push_back(cloneLoad(rewriter, c.load, c.slice, mapping, runs));
  }

  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, first, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location l, ArrayRef<BlockArgument>) {
        // Called while the body is still the old loop's (it is moved into
        // the new loop afterwards, its arguments replaced): build there. The
        // next iteration's loads go first in the body, before the dot.
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(body);
        Value iv = loop.getInductionVar();
        Value nextIv = arith::AddIOp::create(b, l, iv, loop.getStep());
        // scf.for compares its bounds as signed integers.
        Value more = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, nextIv,
                                           loop.getUpperBound());
        // The carried values of the next iteration, computed here from the
        // current ones (each slice sees the current values only; the
        // carried arguments map to the next ones afterwards).
        IRMapping current;
        SmallVector<std::pair<unsigned, Value>> nextValues;
        for (unsigned i : advanced) {
          Value next = yield.getOperand(i);
          for (Operation *op : *getPureSlice(loop, next))
            if (!current.contains(op->getResult(0)))
              b.clone(*op, current);
          nextValues.push_back({i, current.lookupOrDefault(next)});
        }
        IRMapping advance;
        for (auto [i, next] : nextValues)
          advance.map(loop.getRegionIterArg(i), next);
        SmallVector<Value> loads;
        for (Candidate &c : candidates) {
          IRMapping mapping = advance;
          mapping.map(iv, nextIv);
          // Values of the slice that are not carried stay as they are.
          loads.push_back(cloneLoad(b, c.load, c.slice, mapping, more));
        }
        return loads;
      }));

  // Loads feeding a tensor-core dot copy into its staging buffers; the dot
  // reads them there (the values they carry through the loop are unused).
  struct StagedDot {
    unsigned id = 0, operands = 0;
    tilegpu::SharedStagingAttr staging;
  };
  llvm::MapVector<Operation *, StagedDot> asyncDots;
  auto newYield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
  unsigned base = newLoop.getNumRegionIterArgs() - candidates.size();
  MLIRContext *context = loop.getContext();
  for (auto [i, c] : llvm::enumerate(candidates)) {
    if (c.asyncOperand < 0)
      continue;
    auto dotOp = cast<tile::DotOp>(*c.load->getUsers().begin());
    StagedDot &staged = asyncDots[dotOp];
    if (staged.operands == 0) {
      staged.id = unsigned(nextDotId++);
      auto aType = cast<RankedTensorType>(dotOp.getA().getType());
      auto bType = cast<RankedTensorType>(dotOp.getB().getType());
      staged.staging = getDotStaging(
          context, aType.getDimSize(0), bType.getDimSize(1), aType.getDimSize(1),
          /*async=*/true,
          isWarpGroupDot(dotOp, numWarps, warpGroupMaxN) ? numWarps : 0);
    }
    staged.operands |= 1u << c.asyncOperand;
    // The copy before the loop (for its first iteration) and the one in the
    // loop (for the next).
    for (unsigned ahead : {0u, 1u}) {
      Value copied = ahead ? newYield.getOperand(base + i) : first[i];
      copied.getDefiningOp()->setAttr(
          kAsyncCopyAttrName,
          tilegpu::MatrixOperandAttr::get(context, staged.id, unsigned(c.asyncOperand),
                                          ahead, staged.staging));
    }
  }
  for (auto &[dot, staged] : asyncDots)
    dot->setAttr(kStagedDotAttrName,
                 tilegpu::StagedDotAttr::get(context, staged.id, staged.operands,
                                             staged.staging));

  // The loop's own loads become the values carried from the previous one.
  for (auto [i, c] : llvm::enumerate(candidates)) {
    c.load.replaceAllUsesWith(newLoop.getRegionIterArg(base + i));
    c.load.erase();
  }
}

struct PipelineLoadsPass : impl::TileGpuPipelineLoadsBase<PipelineLoadsPass> {
  using TileGpuPipelineLoadsBase::TileGpuPipelineLoadsBase;
  void runOnOperation() override {
    if (numStages < 2)
      return;
    if (numStages > 2) {
      getOperation().emitError()
          << "num-stages " << numStages
          << " is not supported: loads are pipelined over 2 stages";
      return signalPassFailure();
    }
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (llvm::any_of(loop.getBody()->getOps<tile::DotOp>(),
                       [](auto) { return true; }))
        loops.push_back(loop);
    });
    int32_t nextDotId = 0;
    for (scf::ForOp loop : loops)
      pipelineLoop(loop, asyncCopy, numWarps,
                   MatrixTileShape{matrixM, matrixN, matrixK}, warpGroupMaxN,
                   nextDotId);
  }
};

} // namespace
} // namespace tessel::gpu
