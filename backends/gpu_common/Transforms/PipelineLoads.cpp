//===- PipelineLoads.cpp - Loads of a dot's operands issued ahead ---------===//
//
// In `for k: a = load(pa); b = load(pb); acc = dot(a, b, acc); pa += ...`
// every iteration waits for its loads before the dot can start. Pipelined,
// the loads of iteration k+1 are issued at the top of iteration k, before
// its dot, and carried to the next iteration: the memory latency overlaps
// the matrix work. Loads that copy straight into a dot's shared-memory
// staging go further: with S stages, the copies of iterations k+1 .. k+S-1
// are in flight while iteration k's dot runs (issued at the top of
// iteration k, or after its dot when that dot's instructions stay in
// flight, into buffers nobody reads any more). The first iterations' loads move before
// the loop, and a load for an iteration past the end is masked off, so no
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
#include "backends/gpu_common/StagingOverlay.h"
#include "backends/gpu_common/Transforms/TensorCoreLayouts.h"
#include "backends/gpu_common/Transforms/TensorMaps.h"
#include "dialects/tile/Analysis/AxisInfo.h"
#include "dialects/tile/Transforms/Passes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

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

/// An integer division or remainder: free of memory effects, but undefined
/// (a trap on some targets) for a zero divisor, so not pure. Cloned for an
/// iteration ahead, which may not exist, its divisor is guarded
/// (cloneSpeculated); a flattened loop's steps are found by such divisions.
bool isIntegerDivision(Operation *op) {
  return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
             arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(op);
}

/// Clones `op` (an op of a slice) for another iteration than its own: an
/// integer division divides by 1 where its divisor is 0.
Operation *cloneSpeculated(OpBuilder &b, Operation *op, IRMapping &mapping) {
  Operation *clone = b.clone(*op, mapping);
  if (!isIntegerDivision(clone))
    return clone;
  Location loc = op->getLoc();
  Value divisor = clone->getOperand(1);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(clone);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(divisor.getType()));
  Value one = arith::ConstantOp::create(b, loc, b.getOneAttr(divisor.getType()));
  Value isZero = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, divisor, zero);
  clone->setOperand(1, arith::SelectOp::create(b, loc, isZero, one, divisor));
  return clone;
}

/// The ops of `loop`'s body that `roots` depend on, in program order, or
/// nullopt if one of them has side effects or regions. A flattened loop's
/// integer divisions are taken too (isIntegerDivision: its tile and step
/// come from them); other loops keep theirs out of pipelined slices, as
/// before flattening existed, so that their code does not change.
std::optional<SmallVector<Operation *>> getPureSlice(scf::ForOp loop,
                                                     ValueRange roots) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() || slice.contains(def))
      continue;
    const bool speculable = isPure(def) || (isIntegerDivision(def) &&
                                            loop->hasAttr(tile::kFlattenedAttrName));
    if (!speculable || def->getNumRegions() != 0)
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

/// The 2-D transpose that is the one user of `load` (a tile.desc_load) and
/// whose one user is a tile.dot, or null: a block copy may write the
/// transpose (a K-major B) straight into the staging.
tile::TransOp getTransposingUser(Operation *load) {
  if (!isa<tile::DescLoadOp>(load) || !load->hasOneUse())
    return nullptr;
  auto trans = dyn_cast<tile::TransOp>(*load->getUsers().begin());
  if (!trans || !trans->hasOneUse() || trans.getOrder().size() != 2 ||
      trans.getOrder()[0] != 1 || !isa<tile::DotOp>(*trans->getUsers().begin()))
    return nullptr;
  return trans;
}

/// The op whose result the dot reads: `load`, or its transpose.
Operation *getDotOperandOp(Operation *load) {
  if (tile::TransOp trans = getTransposingUser(load))
    return trans;
  return load;
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

/// Clones `op` (a tile.load, or a tile.desc_load copied by the block-copy
/// engine) after its slice under `mapping`, masked by `cond` too: a load's
/// mask and'ed with it, a descriptor load as a tilegpu.tensor_copy enabled
/// by it, whose row index is a multiple of `rowMultiple`.
Value cloneLoad(OpBuilder &b, Operation *op, ArrayRef<Operation *> slice,
                IRMapping &mapping, Value cond, int64_t rowMultiple) {
  for (Operation *sliced : slice)
    cloneSpeculated(b, sliced, mapping);
  if (auto desc = dyn_cast<tile::DescLoadOp>(op)) {
    SmallVector<Value> indices;
    for (Value index : desc.getIndices())
      indices.push_back(mapping.lookupOrDefault(index));
    // The transpose the dot reads, when there is one.
    Operation *operand = getDotOperandOp(op);
    auto copy = tilegpu::TensorCopyOp::create(
        b, desc.getLoc(), operand->getResult(0).getType(),
        mapping.lookupOrDefault(desc.getDesc()), indices, cond);
    if (operand != op)
      copy.setTransposed(true);
    if (rowMultiple > 1)
      copy.setRowMultiple(rowMultiple);
    return copy.getResult();
  }
  auto load = cast<tile::LoadOp>(op);
  Value mask = load.getMask() ? mapping.lookupOrDefault(load.getMask()) : Value();
  mask = andMask(b, load.getLoc(), load, mask, cond);
  auto clone = cast<tile::LoadOp>(b.clone(*load, mapping));
  clone.getMaskMutable().assign(mask);
  return clone.getResult();
}

/// Whether `load` (used only as operand A or B of a tensor-core dot, with a
/// zero or no `other`) can copy straight into the dot's staging buffer;
/// returns the operand number or -1.
int getAsyncOperand(Operation *op, unsigned numWarps, const MatrixTileShape &tile,
                    unsigned warpGroupMaxN) {
  // A transposed block copy is operand B only (staged K-major).
  Operation *load = getDotOperandOp(op);
  if (load != op && (load->getUses().begin()->getOperandNumber() != 1))
    return -1;
  if (!load->hasOneUse())
    return -1;
  OpOperand &use = *load->getUses().begin();
  auto dot = dyn_cast<tile::DotOp>(use.getOwner());
  // The dot must run once per iteration of this loop: it picks its buffer
  // from the loop's iteration number.
  if (!dot || dot->getParentOp() != load->getParentOp() || use.getOperandNumber() > 1 ||
      !isTensorCoreDot(dot, numWarps, tile, warpGroupMaxN))
    return -1;
  // A block copy fills the warp-group instruction's swizzled staging.
  if (isa<tile::DescLoadOp, tile::TransOp>(load))
    return isWarpGroupDot(dot, numWarps, warpGroupMaxN) ? int(use.getOperandNumber())
                                                        : -1;
  if (Value other = cast<tile::LoadOp>(load).getOther()) {
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

/// Whether a 2-D load of 16-bit elements runs along its first dimension
/// (K of a dot's B) in 16-byte pieces and not along its second: its
/// pointers contiguous and 16-byte aligned by 8 along dimension 0 only,
/// its mask the same over each piece.
bool isKContiguous(tile::AxisInfoAnalysis &axis, tile::LoadOp load) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type || type.getRank() != 2 || type.getElementTypeBitWidth() != 16 ||
      type.getDimSize(0) % 8 != 0)
    return false;
  tile::AxisInfo info = axis.lookup(load.getPtr());
  if (info.contiguity.size() != 2 || info.contiguity[0] < 8 || info.contiguity[1] > 1 ||
      info.divisibility[0] < 16)
    return false;
  return !load.getMask() || axis.lookup(load.getMask()).constancy[0] >= 8;
}

/// Whether `dot` (a tile.dot) has fp8 inputs that the warp-group
/// instruction multiplies: its B is staged K-major whatever its load's
/// order (TensorCoreLayouts.h).
bool hasFp8WarpGroupInputs(Operation *dot, unsigned numWarps, unsigned warpGroupMaxN) {
  auto dotOp = cast<tile::DotOp>(dot);
  return isWarpGroupDot(dot, numWarps, warpGroupMaxN) &&
         isFp8WarpGroupInput(getElementTypeOrSelf(dotOp.getA().getType()),
                             getElementTypeOrSelf(dotOp.getB().getType()));
}

/// Whether the block-copy engine can copy `load` (a tile.desc_load of
/// `loop`) into the swizzled staging of the warp-group dot it feeds: 2-D,
/// 16-bit elements, the descriptor traceable to the kernel's arguments
/// (TensorMaps.h) with a 16-byte aligned base and row stride, which the
/// engine requires.
bool canCopyWithTensorMap(tile::DescLoadOp load, tile::AxisInfoAnalysis &axis,
                          bool slicedTensorCopies, unsigned numWarps,
                          const MatrixTileShape &tile, unsigned warpGroupMaxN) {
  auto type = cast<RankedTensorType>(load.getType());
  // Rows a multiple of 32 bytes (swizzled by 32, 64 or 128 bytes), at most
  // 256 of them in a box.
  if (type.getRank() != 2 || type.getElementTypeBitWidth() != 16 ||
      (type.getDimSize(1) * 2) % 32 != 0 || type.getDimSize(0) > 256 ||
      getAsyncOperand(load, numWarps, tile, warpGroupMaxN) < 0)
    return false;
  auto desc = load.getDesc().getDefiningOp<tile::MakeTensorDescOp>();
  std::optional<TensorMapSource> source =
      desc ? traceTensorMapSource(desc) : std::nullopt;
  if (!source)
    return false;
  const int64_t elementBytes = type.getElementTypeBitWidth() / 8;
  // 16-byte aligned: the base (the argument's, with a slice index: every
  // slice's, as the slice stride is), and the row and slice strides.
  auto aligned = [&](Value v, int64_t scale) {
    tile::AxisInfo info = axis.lookup(v);
    return !info.divisibility.empty() && (info.divisibility[0] * scale) % 16 == 0;
  };
  auto func = desc->getParentOfType<func::FuncOp>();
  Value base = func.getArgument(source->baseArgument);
  if (!aligned(base, 1) || !aligned(desc.getStrides()[0], elementBytes))
    return false;
  // A descriptor over one slice of its argument's tensor (a 3-D map, the
  // slice its third coordinate) is copied so only where asked: on an H100
  // such kernels (the descriptor attention, descriptor/matmul_batched)
  // stopped with an illegal instruction at their first 3-D copy while the
  // map declared 2^32 slices; by default their tiles come by cp.async.
  if (!source->outerIndex)
    return true;
  const KernelScalar &slice = source->outerStride;
  if (slice.kind == KernelScalar::Kind::Constant)
    return slicedTensorCopies && (slice.value * elementBytes) % 16 == 0;
  return slicedTensorCopies &&
         aligned(func.getArgument(unsigned(slice.value)), elementBytes);
}

/// The iter args of `loop` that advancing `read` needs, `read` included:
/// each one's next value must come from side-effect-free ops of the body,
/// and the iter args those read are advanced too. Nullopt otherwise.
std::optional<llvm::SmallSetVector<unsigned, 4>>
getAdvancedClosure(scf::ForOp loop, scf::YieldOp yield, ArrayRef<unsigned> read) {
  llvm::SmallSetVector<unsigned, 4> closure(read.begin(), read.end());
  for (size_t at = 0; at < closure.size(); ++at) {
    Value next = yield.getOperand(closure[at]);
    auto slice = getPureSlice(loop, next);
    if (!slice)
      return std::nullopt;
    for (unsigned i : getIterArgsRead(loop, *slice, next))
      closure.insert(i);
  }
  return closure;
}

/// The carried values one iteration after those `at` maps (iter args and
/// the induction variable to their values at some iteration t): the slices
/// of their next values, cloned at `b`'s insertion point. The result maps
/// the `advanced` iter args only.
IRMapping advanceOnce(OpBuilder &b, scf::ForOp loop, scf::YieldOp yield,
                      ArrayRef<unsigned> advanced, const IRMapping &at) {
  IRMapping cloned = at;
  IRMapping next;
  for (unsigned i : advanced) {
    Value value = yield.getOperand(i);
    for (Operation *op : *getPureSlice(loop, value))
      if (!cloned.contains(op->getResult(0)))
        cloneSpeculated(b, op, cloned);
    next.map(loop.getRegionIterArg(i), cloned.lookupOrDefault(value));
  }
  return next;
}

/// `base + times * step` (i32 or index, as scf.for's bounds).
Value offsetIteration(OpBuilder &b, Location loc, Value base, Value step,
                      unsigned times) {
  if (times == 0)
    return base;
  if (times == 1)
    return arith::AddIOp::create(b, loc, base, step);
  Value count =
      arith::ConstantOp::create(b, loc, IntegerAttr::get(step.getType(), times));
  return arith::AddIOp::create(b, loc, base,
                               arith::MulIOp::create(b, loc, count, step));
}

/// Whether `dot`'s accumulator is only carried by `loop` (`acc = dot(a, b,
/// acc)`, nothing else reading either value), so that its matrix
/// instructions can stay in flight into the next iteration; returns the
/// iter arg's number or -1.
int getCarriedAccumulator(scf::ForOp loop, tile::DotOp dot) {
  auto arg = dyn_cast<BlockArgument>(dot.getAcc());
  if (!arg || arg.getOwner() != loop.getBody() || arg == loop.getInductionVar() ||
      !arg.hasOneUse() || !dot->hasOneUse())
    return -1;
  unsigned i = arg.getArgNumber() - 1;
  OpOperand &use = *dot->getUses().begin();
  if (!isa<scf::YieldOp>(use.getOwner()) || use.getOperandNumber() != i)
    return -1;
  return int(i);
}

/// The epilogue op of flattened `loop` (`tile.flattened_epilogue`, directly
/// in its body) that holds `op`, or null.
static Operation *getFlattenedEpilogue(scf::ForOp loop, Operation *op) {
  Operation *in = op;
  while (in && in->getParentOp() != loop.getOperation())
    in = in->getParentOp();
  return in && in->hasAttr(tile::kFlattenedEpilogueAttrName) ? in : nullptr;
}

/// Whether, in a loop flattened at the kernel's request (tile-flatten-loops),
/// `dot`'s accumulator is carried from one step to the next and restarts
/// from zero at each outer iteration's first step (`acc = dot(a, b,
/// select(first, zeros, acc))`), the result otherwise read only by the
/// flattened epilogue: the lowering folds the select into the matrix
/// instructions (their scale of the accumulator), so that they can stay in
/// flight as a GEMM's, and the epilogue waits for them. Returns the iter
/// arg's number or -1.
int getRestartedAccumulator(scf::ForOp loop, tile::DotOp dot) {
  if (!loop->hasAttr(tile::kFlattenedAttrName))
    return -1;
  auto select = dot.getAcc().getDefiningOp<arith::SelectOp>();
  if (!select || select->getBlock() != loop.getBody() || !select->hasOneUse() ||
      !select.getCondition().getType().isInteger(1) ||
      !matchPattern(select.getTrueValue(), m_AnyZeroFloat()))
    return -1;
  auto arg = dyn_cast<BlockArgument>(select.getFalseValue());
  if (!arg || arg.getOwner() != loop.getBody() || arg == loop.getInductionVar() ||
      !arg.hasOneUse())
    return -1;
  const unsigned i = arg.getArgNumber() - 1;
  bool yielded = false;
  for (OpOperand &use : dot->getUses()) {
    Operation *user = use.getOwner();
    if (isa<scf::YieldOp>(user) && user->getParentOp() == loop.getOperation()) {
      if (use.getOperandNumber() != i)
        return -1;
      yielded = true;
    } else if (!getFlattenedEpilogue(loop, user)) {
      return -1;
    }
  }
  return yielded ? int(i) : -1;
}

/// A dot whose matrix instructions may stay in flight into the next
/// iteration: its accumulator is carried (getCarriedAccumulator), or
/// restarted at the steps of a flattened loop (getRestartedAccumulator).
/// Returns the iter arg's number or -1.
int getInFlightAccumulator(scf::ForOp loop, tile::DotOp dot) {
  int carried = getCarriedAccumulator(loop, dot);
  return carried >= 0 ? carried : getRestartedAccumulator(loop, dot);
}

/// Whether warp-group `dot`'s result only feeds `loop`'s next iteration
/// (`acc = dot(p, v, acc * alpha)` in attention) and another warp-group dot
/// that operand A depends on, run in the body and not left in flight
/// (the scores' dot), waits for all instructions before A's next value
/// exists: `dot` may then stay in flight until that wait
/// (#tilegpu.staged_dot's `drained`). Returns the carried value's iter arg
/// number or -1.
int getDrainedResult(scf::ForOp loop, tile::DotOp dot, unsigned numWarps,
                     unsigned warpGroupMaxN) {
  if (!dot->hasOneUse() || !isWarpGroupDot(dot, numWarps, warpGroupMaxN))
    return -1;
  OpOperand &use = *dot->getUses().begin();
  if (!isa<scf::YieldOp>(use.getOwner()))
    return -1;
  // A dot that only carries its own accumulator is left in flight the
  // GEMM way (getInFlightAccumulator).
  if (getInFlightAccumulator(loop, dot) >= 0)
    return -1;
  Block *body = loop.getBody();
  SmallVector<Value> worklist = {dot.getA()};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != body || !seen.insert(def).second)
      continue;
    if (auto other = dyn_cast<tile::DotOp>(def)) {
      // Its result read in the body: it waits for its instructions there.
      if (other != dot && isWarpGroupDot(other, numWarps, warpGroupMaxN) &&
          llvm::any_of(other->getUsers(),
                       [](Operation *user) { return !isa<scf::YieldOp>(user); }))
        return int(use.getOperandNumber());
      continue;
    }
    llvm::append_range(worklist, def->getOperands());
  }
  return -1;
}

/// Pipelines the qualifying loads of `loop`. Loads whose tiles stay in
/// registers run one iteration ahead, issued at the top of the body. With
/// `asyncCopy`, loads that feed a tensor-core dot are marked to copy
/// straight into its staging buffers (DotStaging.h), `nextDotId` numbering
/// the dots; when every pipelined load of the loop is such a copy, they run
/// `numStages - 1` iterations ahead (fewer if the buffers would not fit in
/// `sharedBytes`), and a warp-group dot that only accumulates into a
/// carried value leaves its instructions in flight, the copies then issued
/// after the dots (at the top of the body otherwise).
void pipelineLoop(scf::ForOp loop, bool asyncCopy, bool tensorCopies,
                  bool slicedTensorCopies, unsigned numStages, unsigned numWarps,
                  const MatrixTileShape &tile, unsigned warpGroupMaxN,
                  unsigned sharedBytes, int32_t &nextDotId) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  struct Candidate {
    Operation *load; // a tile.load, or a tile.desc_load the engine copies
    SmallVector<Operation *> slice;
    int asyncOperand = -1;
    /// For a block copy: a number its row index is a multiple of.
    int64_t rowMultiple = 1;
    bool isTensorCopy() const { return isa<tile::DescLoadOp>(load); }
    /// The op the dot reads: the load, or the transpose of a block copy.
    Operation *getOperandOp() const { return getDotOperandOp(load); }
    Operation *getDot() const { return *getOperandOp()->getUsers().begin(); }
  };
  // A load moved above a write of the same iteration could read memory
  // before that write: loops that write memory are left alone, but for the
  // epilogue of a loop flattened at the kernel's request, which flatten=True
  // states later iterations do not read (tile-flatten-loops).
  bool writes = false;
  const bool flattened = loop->hasAttr(tile::kFlattenedAttrName);
  body->walk([&](Operation *op) {
    for (Operation *in = op; flattened && in != loop.getOperation();
         in = in->getParentOp())
      if (in->hasAttr(tile::kFlattenedEpilogueAttrName))
        return WalkResult::advance();
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() || isPure(op))
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects || effects.hasEffect<MemoryEffects::Write>())
      writes = true;
    return WalkResult::advance();
  });
  // Descriptor loads the block-copy engine cannot take (or that are not
  // pipelined: a loop that writes) become pointer loads, pipelined as any.
  const bool i32Iterations = loop.getInductionVar().getType().isInteger(32);
  // The row index's divisibility, of each descriptor load the engine copies
  // (it may then copy A in large boxes: TensorMaps.h).
  llvm::DenseMap<Operation *, int64_t> rowMultiples;
  {
    SmallVector<tile::DescLoadOp> descLoads(body->getOps<tile::DescLoadOp>());
    std::optional<tile::AxisInfoAnalysis> axis;
    for (tile::DescLoadOp load : descLoads) {
      if (tensorCopies && asyncCopy && i32Iterations && !writes) {
        if (!axis)
          axis.emplace(loop->getParentOfType<func::FuncOp>());
        if (canCopyWithTensorMap(load, *axis, slicedTensorCopies, numWarps, tile,
                                 warpGroupMaxN)) {
          tile::AxisInfo row = axis->lookup(load.getIndices()[0]);
          // (Capped: a power of two that large is all a box needs.)
          if (!row.divisibility.empty())
            rowMultiples[load] = std::min<int64_t>(row.divisibility[0], 1024);
          continue;
        }
      }
      (void)tile::expandTensorDescAccess(load);
    }
  }
  if (writes)
    return;
  SmallVector<Candidate> candidates;
  llvm::SmallSetVector<unsigned, 4> advanced;
  for (Operation &op : llvm::make_early_inc_range(body->without_terminator())) {
    auto load = dyn_cast<tile::LoadOp>(op);
    if (!isa<tile::DescLoadOp>(op) && (!load || load.getIsVolatile()))
      continue;
    if (!llvm::any_of(getDotOperandOp(&op)->getUsers(),
                      [](Operation *user) { return isa<tile::DotOp>(user); }))
      continue;
    auto slice = getPureSlice(loop, op.getOperands());
    // Each carried value the load reads must be advanced purely too, and
    // so must those its advance reads.
    auto closure =
        slice ? getAdvancedClosure(loop, yield,
                                   getIterArgsRead(loop, *slice, op.getOperands()))
              : std::nullopt;
    if (!closure) {
      if (isa<tile::DescLoadOp>(op))
        (void)tile::expandTensorDescAccess(&op);
      continue;
    }
    advanced.insert(closure->begin(), closure->end());
    candidates.push_back({&op, *slice,
                          // The staging buffer of an iteration is picked from its i32
                          // induction variable.
                          asyncCopy && i32Iterations
                              ? getAsyncOperand(&op, numWarps, tile, warpGroupMaxN)
                              : -1,
                          std::max<int64_t>(1, rowMultiples.lookup(&op))});
  }
  if (candidates.empty())
    return;
  MLIRContext *context = loop.getContext();

  // How far ahead: copies into shared memory go numStages - 1 iterations
  // ahead when all of the loop's pipelined loads are such copies; the
  // staging of each dot then holds that many buffers and two more.
  const bool allAsync =
      llvm::all_of(candidates, [](const Candidate &c) { return c.asyncOperand >= 0; });
  unsigned ahead = allAsync ? std::max(1u, numStages - 1) : 1;
  // A warp-group dot whose B load runs along K (K^T read from a row-major
  // K) stages B K-major, so that the load copies 16-byte runs.
  // An fp8 one always does (the instruction reads no other order).
  llvm::SmallPtrSet<Operation *, 4> kMajorDots;
  {
    std::optional<tile::AxisInfoAnalysis> axis;
    for (Candidate &c : candidates) {
      Operation *dot = c.getDot();
      if (c.asyncOperand != 1 || !isWarpGroupDot(dot, numWarps, warpGroupMaxN))
        continue;
      if (hasFp8WarpGroupInputs(dot, numWarps, warpGroupMaxN) ||
          c.getOperandOp() != c.load) {
        kMajorDots.insert(dot);
        continue;
      }
      if (!axis)
        axis.emplace(loop->getParentOfType<func::FuncOp>());
      auto load = dyn_cast<tile::LoadOp>(c.load);
      if (load && isKContiguous(*axis, load))
        kMajorDots.insert(dot);
    }
  }
  // A warp-group dot whose A comes from registers keeps A in one region of
  // its own, outside the stages, when no instruction of an earlier
  // iteration can still read it as the next one stores it: A is
  // loop-invariant (stored once), or the dot waits for its own
  // instructions (it does not only accumulate into a carried value).
  llvm::SmallPtrSet<Operation *, 4> separateA;
  for (Candidate &c : candidates) {
    // Only a copied operand's load has the dot as its one user.
    if (c.asyncOperand != 1)
      continue;
    auto dot = cast<tile::DotOp>(c.getDot());
    if (!isWarpGroupDot(dot, numWarps, warpGroupMaxN) ||
        llvm::any_of(candidates, [&](const Candidate &o) {
          return o.asyncOperand == 0 && o.getDot() == dot;
        }))
      continue;
    bool invariant = loop.isDefinedOutsideOfLoop(dot.getA());
    bool inFlight = allAsync && getInFlightAccumulator(loop, dot) >= 0;
    if (invariant || !inFlight)
      separateA.insert(dot);
  }
  auto getStaging = [&](tile::DotOp dotOp, unsigned distance) {
    auto aType = cast<RankedTensorType>(dotOp.getA().getType());
    auto bType = cast<RankedTensorType>(dotOp.getB().getType());
    return getDotStaging(context, aType.getDimSize(0), bType.getDimSize(1),
                         aType.getDimSize(1), getAsyncStagingBuffers(distance),
                         isWarpGroupDot(dotOp, numWarps, warpGroupMaxN) ? numWarps : 0,
                         aType.getElementTypeBitWidth() / 8,
                         kMajorDots.contains(dotOp) ||
                             hasFp8WarpGroupInputs(dotOp, numWarps, warpGroupMaxN),
                         separateA.contains(dotOp));
  };
  llvm::SetVector<Operation *> stagedDots;
  for (Candidate &c : candidates)
    if (c.asyncOperand >= 0)
      stagedDots.insert(c.getDot());
  // Besides the staging, the accumulator usually moves to the store's
  // layout through the shared scratch after the loop: room for it as f32
  // is kept, after the staging, or over it where no op of the loop can use
  // the scratch (StagingOverlay.h; the lowering decides the same on the
  // final IR).
  // (Layouts come later: a broadcast, a mask's along K most often, is
  // expected to stay in registers, as the layouts usually make it.)
  // (The transposes block copies write go away with their loads.)
  llvm::SmallPtrSet<Operation *, 4> copiedTransposes;
  for (Candidate &c : candidates)
    if (c.asyncOperand >= 0 && c.getOperandOp() != c.load)
      copiedTransposes.insert(c.getOperandOp());
  const bool overlay = isScratchFreeRange(loop, loop, loop, [&](Operation *op) {
    return stagedDots.contains(op) || copiedTransposes.contains(op) ||
           isa<tile::BroadcastOp>(op);
  });
  auto stagingBytes = [&](unsigned distance) {
    int64_t staged = 0, scratch = 0, separate = 0;
    for (Operation *dot : stagedDots) {
      auto dotOp = cast<tile::DotOp>(dot);
      tilegpu::SharedStagingAttr staging = getStaging(dotOp, distance);
      staged += staging.getBuffers() * staging.getStageBytes();
      scratch += cast<RankedTensorType>(dotOp.getType()).getNumElements() * 4;
      if (staging.getASeparate()) {
        auto aType = cast<RankedTensorType>(dotOp.getA().getType());
        separate += aType.getNumElements() * (aType.getElementTypeBitWidth() / 8);
      }
    }
    return (overlay ? std::max(staged, scratch) : staged + scratch) + separate;
  };
  while (ahead > 1 && sharedBytes != 0 && stagingBytes(ahead) > int64_t(sharedBytes))
    --ahead;
  // Copies are issued after the dots when one of them is left in flight
  // (DotStaging.h): at the top of the body they could overwrite what its
  // instructions of two iterations before still read. Otherwise they go at
  // the top, as loads into registers do, so that their latency overlaps the
  // whole iteration: with two stages, copies issued after the last dot are
  // waited for right at the next iteration's first. (A dot marked in flight
  // whose A the lowering then reads from registers waits for its own
  // instructions after all; its copies stay after it, which is safe.)
  const bool issueAfterDot =
      allAsync && llvm::any_of(stagedDots, [&](Operation *dot) {
        return isWarpGroupDot(dot, numWarps, warpGroupMaxN) &&
               getInFlightAccumulator(loop, cast<tile::DotOp>(dot)) >= 0;
      });

  Location loc = loop.getLoc();
  Value iv = loop.getInductionVar(), step = loop.getStep();
  IRRewriter rewriter(context);
  // Prologue: the loads of the first `ahead` iterations, each masked by
  // "the loop reaches that iteration".
  Operation *beforePrologue = loop->getPrevNode();
  rewriter.setInsertionPoint(loop);
  SmallVector<SmallVector<Value>> first(candidates.size());
  {
    IRMapping at;
    for (auto [arg, init] : llvm::zip(loop.getRegionIterArgs(), loop.getInitArgs()))
      at.map(arg, init);
    for (unsigned j = 0; j < ahead; ++j) {
      if (j > 0)
        at = advanceOnce(rewriter, loop, yield, advanced.getArrayRef(), at);
      Value ivAt = offsetIteration(rewriter, loc, loop.getLowerBound(), step, j);
      at.map(iv, ivAt);
      Value reaches = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                            ivAt, loop.getUpperBound());
      for (auto [c, values] : llvm::zip(candidates, first)) {
        IRMapping mapping = at;
        values.push_back(
            cloneLoad(rewriter, c.load, c.slice, mapping, reaches, c.rowMultiple));
      }
    }
  }
  SmallVector<Value> inits;
  for (const SmallVector<Value> &values : first)
    inits.append(values.begin(), values.end());

  // Each load is carried through `ahead` iter args, a shift register: the
  // first holds the current iteration's tile, the last the newest load's.
  SmallVector<Value> inLoop;
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &b, Location l, ArrayRef<BlockArgument> newArgs) {
        // Called while the body is still the old loop's (it is moved into
        // the new loop afterwards, its arguments replaced): build there,
        // before its terminator or at its start.
        OpBuilder::InsertionGuard guard(b);
        IRMapping at;
        if (issueAfterDot) {
          // The next iteration's carried values are the ones yielded.
          for (unsigned i : advanced)
            at.map(loop.getRegionIterArg(i), yield.getOperand(i));
        } else {
          b.setInsertionPointToStart(body);
          at = advanceOnce(b, loop, yield, advanced.getArrayRef(), IRMapping());
        }
        for (unsigned j = 2; j <= ahead; ++j) {
          at.map(iv, offsetIteration(b, l, iv, step, j - 1));
          at = advanceOnce(b, loop, yield, advanced.getArrayRef(), at);
        }
        Value ivAt = offsetIteration(b, l, iv, step, ahead);
        at.map(iv, ivAt);
        // scf.for compares its bounds as signed integers.
        Value more = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, ivAt,
                                           loop.getUpperBound());
        SmallVector<Value> yielded;
        for (auto [ci, c] : llvm::enumerate(candidates)) {
          IRMapping mapping = at;
          // Values of the slice that are not carried stay as they are.
          inLoop.push_back(cloneLoad(b, c.load, c.slice, mapping, more, c.rowMultiple));
          for (unsigned j = 1; j < ahead; ++j)
            yielded.push_back(newArgs[ci * ahead + j]);
          yielded.push_back(inLoop.back());
        }
        return yielded;
      }));

  // Loads feeding a tensor-core dot copy into its staging buffers; the dot
  // reads them there (the values they carry through the loop are unused).
  struct StagedDot {
    unsigned id = 0, operands = 0, tensorCopies = 0;
    tilegpu::SharedStagingAttr staging;
  };
  llvm::MapVector<Operation *, StagedDot> asyncDots;
  unsigned base = newLoop.getNumRegionIterArgs() - inits.size();
  for (auto [i, c] : llvm::enumerate(candidates)) {
    if (c.asyncOperand < 0)
      continue;
    auto dotOp = cast<tile::DotOp>(c.getDot());
    StagedDot &staged = asyncDots[dotOp];
    if (staged.operands == 0) {
      staged.id = unsigned(nextDotId++);
      staged.staging = getStaging(dotOp, ahead);
    }
    staged.operands |= 1u << c.asyncOperand;
    if (c.isTensorCopy())
      staged.tensorCopies |= 1u << c.asyncOperand;
    auto mark = [&](Value copied, unsigned distance, bool prologue) {
      copied.getDefiningOp()->setAttr(
          kAsyncCopyAttrName,
          tilegpu::MatrixOperandAttr::get(context, staged.id, unsigned(c.asyncOperand),
                                          distance, staged.staging, prologue));
    };
    for (unsigned j = 0; j < ahead; ++j)
      mark(first[i][j], j, /*prologue=*/true);
    mark(inLoop[i], ahead, /*prologue=*/false);
  }
  // The barriers block copies complete on: armed before the first copies,
  // retired after the loop (every copy issued was for an iteration that
  // waited for it).
  for (auto &[dot, staged] : asyncDots) {
    if (staged.tensorCopies == 0)
      continue;
    OpBuilder::InsertionGuard guard(rewriter);
    if (beforePrologue)
      rewriter.setInsertionPointAfter(beforePrologue);
    else
      rewriter.setInsertionPointToStart(newLoop->getBlock());
    auto i32 = [&](int64_t v) { return rewriter.getI32IntegerAttr(int32_t(v)); };
    tilegpu::InitCopyBarriersOp::create(rewriter, dot->getLoc(), i32(staged.id),
                                        i32(staged.staging.getBuffers()),
                                        i32(llvm::popcount(staged.tensorCopies)));
    rewriter.setInsertionPointAfter(newLoop);
    tilegpu::InvalCopyBarriersOp::create(rewriter, dot->getLoc(), i32(staged.id),
                                         i32(staged.staging.getBuffers()));
  }
  rewriter.setInsertionPointAfter(newLoop);
  // Copy groups: one per copied load that is not a block copy.
  const unsigned groups = unsigned(llvm::count_if(candidates, [](const Candidate &c) {
    return c.asyncOperand >= 0 && !c.isTensorCopy();
  }));
  for (auto &[dot, staged] : asyncDots) {
    // A warp-group dot whose result only feeds the next iteration's need
    // not wait for its instructions there: the loop's result waits. Only
    // with the copies after the dot: one at the top of the body could
    // overwrite what another warp group's instructions still read.
    auto dotOp = cast<tile::DotOp>(dot);
    int carried = issueAfterDot && staged.staging.isSwizzled()
                      ? getInFlightAccumulator(newLoop, dotOp)
                      : -1;
    // Or drained in the next iteration by the dot that A depends on: the
    // carried value waits before its first use there too.
    bool drained = false;
    if (carried < 0 && allAsync && staged.staging.isSwizzled()) {
      carried = getDrainedResult(newLoop, dotOp, numWarps, warpGroupMaxN);
      drained = carried >= 0;
    }
    dot->setAttr(kStagedDotAttrName,
                 tilegpu::StagedDotAttr::get(context, staged.id, staged.operands,
                                             staged.staging, carried >= 0, groups,
                                             /*copiesFirst=*/!issueAfterDot, drained,
                                             staged.tensorCopies));
    if (carried < 0)
      continue;
    if (drained) {
      Value arg = newLoop.getRegionIterArg(unsigned(carried));
      Operation *first = nullptr;
      for (Operation *user : arg.getUsers()) {
        Operation *at = newLoop.getBody()->findAncestorOpInBlock(*user);
        if (at && (!first || at->isBeforeInBlock(first)))
          first = at;
      }
      if (first) {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPoint(first);
        auto wait = tilegpu::WaitDotOp::create(rewriter, dot->getLoc(), arg.getType(), arg);
        arg.replaceAllUsesExcept(wait, wait);
      }
    }
    // A flattened loop's epilogue reads the result at an outer iteration's
    // last step: it waits there, in each region of the epilogue that reads it.
    if (!drained && getCarriedAccumulator(newLoop, dotOp) < 0) {
      llvm::SetVector<Region *> regions;
      for (Operation *user : dot->getUsers())
        if (Operation *epilogue = getFlattenedEpilogue(newLoop, user))
          for (Region &region : epilogue->getRegions())
            if (region.isAncestor(user->getParentRegion()))
              regions.insert(&region);
      for (Region *region : regions) {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(&region->front());
        auto wait = tilegpu::WaitDotOp::create(
            rewriter, dot->getLoc(), dot->getResult(0).getType(), dot->getResult(0));
        dot->getResult(0).replaceUsesWithIf(wait, [&](OpOperand &use) {
          return use.getOwner() != wait &&
                 region->isAncestor(use.getOwner()->getParentRegion());
        });
      }
    }
    Value result = newLoop.getResult(unsigned(carried));
    auto wait =
        tilegpu::WaitDotOp::create(rewriter, dot->getLoc(), result.getType(), result);
    result.replaceAllUsesExcept(wait, wait);
  }

  // The loop's own loads become the values carried for the current
  // iteration.
  for (auto [i, c] : llvm::enumerate(candidates)) {
    Operation *operand = c.getOperandOp();
    operand->getResult(0).replaceAllUsesWith(
        newLoop.getRegionIterArg(base + i * ahead));
    if (operand != c.load)
      operand->erase();
    c.load->erase();
  }
}

struct PipelineLoadsPass : impl::TileGpuPipelineLoadsBase<PipelineLoadsPass> {
  using TileGpuPipelineLoadsBase::TileGpuPipelineLoadsBase;
  void runOnOperation() override {
    if (numStages < 2)
      return;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (llvm::any_of(loop.getBody()->getOps<tile::DotOp>(),
                       [](auto) { return true; }))
        loops.push_back(loop);
    });
    int32_t nextDotId = 0;
    for (scf::ForOp loop : loops)
      pipelineLoop(loop, asyncCopy, tensorCopies, slicedTensorCopies, numStages,
                   numWarps, MatrixTileShape{matrixM, matrixN, matrixK}, warpGroupMaxN,
                   sharedBytes, nextDotId);
  }
};

} // namespace
} // namespace tessel::gpu
