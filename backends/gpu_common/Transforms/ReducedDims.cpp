//===- ReducedDims.cpp - Reduction results kept with their unit dim -------===//

#include "backends/gpu_common/Transforms/ReducedDims.h"

#include "backends/gpu_common/BlockedLayout.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

/// The most registers a thread may hold of all the tiles a group keeps.
constexpr int64_t kMaxKeptRegisters = 64;

bool isPlainTile(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  return type && !type.getEncoding();
}

bool isElementwiseOp(Operation *op) {
  return op && (op->hasTrait<OpTrait::Elementwise>() || isa<tile::AddPtrOp>(op)) &&
         op->getNumResults() == 1 && op->getNumRegions() == 0;
}

/// A value an scf.for carries: iteration argument, init, yield operand and
/// result `index` of `loop`.
struct Carried {
  mutable scf::ForOp loop;
  unsigned index;
  BlockArgument getArg() const { return loop.getRegionIterArg(index); }
  OpOperand &getInit() const { return loop.getInitArgsMutable()[index]; }
  OpOperand &getYielded() const {
    return loop.getBody()->getTerminator()->getOpOperand(index);
  }
  Value getResult() const { return loop.getResult(index); }
};

std::optional<Carried> getCarried(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg.getArgNumber() < loop.getNumInductionVars())
      return std::nullopt;
    return Carried{loop, unsigned(arg.getArgNumber() - loop.getNumInductionVars())};
  }
  if (auto loop = v.getDefiningOp<scf::ForOp>())
    return Carried{loop, cast<OpResult>(v).getResultNumber()};
  return std::nullopt;
}

/// The carried value `use` feeds as a loop's init or yield operand.
std::optional<Carried> getCarriedUse(OpOperand &use) {
  Operation *owner = use.getOwner();
  if (auto loop = dyn_cast<scf::ForOp>(owner)) {
    unsigned controls = loop.getNumControlOperands();
    if (use.getOperandNumber() < controls)
      return std::nullopt;
    return Carried{loop, use.getOperandNumber() - controls};
  }
  if (isa<scf::YieldOp>(owner))
    if (auto loop = dyn_cast<scf::ForOp>(owner->getParentOp()))
      return Carried{loop, use.getOperandNumber()};
  return std::nullopt;
}

/// The tiles a group is made of: results of elementwise ops and loop-carried
/// values, without a layout.
bool isNode(Value v) {
  if (!isPlainTile(v))
    return false;
  return isElementwiseOp(v.getDefiningOp()) || getCarried(v).has_value();
}

/// The moves a value costs grow with the loops around it: 8 per level.
int64_t getWeight(Block *block) {
  int64_t weight = 1;
  for (Operation *op = block->getParentOp(); op; op = op->getParentOp())
    if (isa<scf::ForOp>(op))
      weight = std::min<int64_t>(weight * 8, int64_t(1) << 40);
  return weight;
}
int64_t getWeight(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return getWeight(arg.getOwner());
  return getWeight(v.getDefiningOp()->getBlock());
}

/// Sets the insertion point right after `v` is defined.
void setInsertionPointAfterValue(OpBuilder &b, Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    b.setInsertionPointToStart(arg.getOwner());
  else
    b.setInsertionPointAfter(v.getDefiningOp());
}

bool isSplatConstant(Value v) {
  DenseElementsAttr splat;
  return matchPattern(v, m_Constant(&splat)) && splat.isSplat();
}

struct Group {
  llvm::SetVector<Value> values;
  /// Operands that come from outside the group (inputs), and uses outside
  /// it.
  SmallVector<OpOperand *> inputs, outsideUses;
};

Group collectGroup(Value seed, llvm::DenseSet<Value> &visited) {
  Group group;
  SmallVector<Value> worklist{seed};
  visited.insert(seed);
  auto visit = [&](Value v) {
    if (isNode(v) && visited.insert(v).second)
      worklist.push_back(v);
  };
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    group.values.insert(v);
    if (Operation *def = v.getDefiningOp(); isElementwiseOp(def))
      for (Value operand : def->getOperands())
        visit(operand);
    if (std::optional<Carried> c = getCarried(v)) {
      visit(c->getArg());
      visit(c->getResult());
      visit(c->getInit().get());
      visit(c->getYielded().get());
    }
    for (OpOperand &use : v.getUses()) {
      Operation *owner = use.getOwner();
      if (isElementwiseOp(owner))
        visit(owner->getResult(0));
      if (std::optional<Carried> c = getCarriedUse(use)) {
        visit(c->getArg());
        visit(c->getResult());
      }
    }
  }
  // Inputs: operands of the group's ops and carried values' inits and
  // yields from outside it.
  auto addInput = [&](OpOperand &operand) {
    if (isa<RankedTensorType>(operand.get().getType()) &&
        !group.values.contains(operand.get()))
      group.inputs.push_back(&operand);
  };
  llvm::DenseSet<Operation *> ops;
  for (Value v : group.values) {
    if (Operation *def = v.getDefiningOp(); isElementwiseOp(def)) {
      if (ops.insert(def).second)
        for (OpOperand &operand : def->getOpOperands())
          addInput(operand);
    } else if (std::optional<Carried> c = getCarried(v); c && isa<BlockArgument>(v)) {
      addInput(c->getInit());
      addInput(c->getYielded());
    }
  }
  for (Value v : group.values)
    for (OpOperand &use : v.getUses()) {
      Operation *owner = use.getOwner();
      bool inside =
          (isElementwiseOp(owner) && group.values.contains(owner->getResult(0))) ||
          getCarriedUse(use).has_value();
      if (!inside)
        group.outsideUses.push_back(&use);
    }
  return group;
}

/// Rewrites `group` in rank R + 1 when that saves moves.
void keepGroup(Group &group, unsigned numWarps, unsigned warpSize, unsigned maxRun) {
  auto rank = cast<RankedTensorType>(group.values.front().getType()).getRank();
  // The reductions among the inputs: one axis, one layout.
  std::optional<unsigned> axis;
  std::optional<BlockedLayout> reduced;
  llvm::SetVector<Operation *> reductions;
  llvm::SetVector<Value> costlyInputs;
  for (OpOperand *input : group.inputs) {
    Value v = input->get();
    if (auto reduce = v.getDefiningOp<tile::ReduceOp>()) {
      auto srcType = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
      if (srcType.getRank() != rank + 1)
        return;
      BlockedLayout layout = BlockedLayout::get(srcType, numWarps, warpSize, maxRun);
      if ((axis && *axis != reduce.getAxis()) ||
          (reduced && !(reduced->sizePerThread == layout.sizePerThread &&
                        reduced->threadsPerWarp == layout.threadsPerWarp &&
                        reduced->warpsPerCTA == layout.warpsPerCTA &&
                        reduced->order == layout.order)))
        return;
      axis = reduce.getAxis();
      reduced = layout;
      reductions.insert(reduce);
      continue;
    }
    if (!isSplatConstant(v) && !v.getDefiningOp<tile::SplatOp>())
      costlyInputs.insert(v);
  }
  if (!axis)
    return;
  unsigned a = *axis;

  // Moves now: each reduction's result and each expand_dims along the axis.
  // Moves after: a reshape back for each value used elsewhere, an
  // expand_dims for each input that is not a splat or a reduction.
  int64_t before = 0, after = 0;
  SmallVector<OpOperand *> expansions, squeezes;
  llvm::SetVector<Value> squeezed;
  for (Operation *reduce : reductions)
    before += getWeight(reduce->getBlock());
  for (OpOperand *use : group.outsideUses) {
    auto expand = dyn_cast<tile::ExpandDimsOp>(use->getOwner());
    if (expand && expand.getAxis() == a) {
      expansions.push_back(use);
      before += getWeight(expand->getBlock());
    } else {
      squeezes.push_back(use);
      squeezed.insert(use->get());
    }
  }
  for (Value v : squeezed)
    after += getWeight(v);
  for (Value v : costlyInputs)
    after += getWeight(v);
  if (after >= before)
    return;

  // Each kept tile holds all of a thread's rows of the reduced tile: the
  // group's tiles (a loop's result shares its registers with the iteration
  // argument) may take kMaxKeptRegisters in all. An online softmax kept in
  // the rows of an mma.sync or wgmma accumulator (4 a thread) takes about
  // 36; in those of an MFMA 32x32 accumulator (16 rows a lane) it would
  // take 144 and spill.
  {
    BlockedLayout kept = *reduced;
    kept.shape = SmallVector<int64_t>(
        cast<RankedTensorType>(group.values.front().getType()).getShape());
    kept.shape.insert(kept.shape.begin() + a, 1);
    kept.sizePerThread[a] = 1;
    int64_t tiles = llvm::count_if(group.values, [](Value v) {
      return !isa_and_nonnull<scf::ForOp>(v.getDefiningOp());
    });
    if (tiles * kept.getElementsPerThread() > kMaxKeptRegisters)
      return;
  }

  MLIRContext *context = group.values.front().getContext();
  auto getLifted = [&](Type type) {
    auto tensor = cast<RankedTensorType>(type);
    SmallVector<int64_t> shape(tensor.getShape());
    shape.insert(shape.begin() + a, 1);
    BlockedLayout layout = *reduced;
    layout.shape = shape;
    // One element a thread along the unit dimension (the reduced layout may
    // hold several consecutive ones, which would all be copies here).
    layout.sizePerThread[a] = 1;
    return RankedTensorType::get(shape, tensor.getElementType(),
                                 layout.toAttr(context));
  };

  OpBuilder b(context);
  // Uses that need rank R read one reshape back per value.
  llvm::DenseMap<Value, Value> squeezeOf;
  for (OpOperand *use : squeezes) {
    Value v = use->get();
    Value &back = squeezeOf[v];
    if (!back) {
      setInsertionPointAfterValue(b, v);
      back = tile::ReshapeOp::create(b, v.getLoc(), v.getType(), v, UnitAttr());
    }
    use->set(back);
  }
  // Inputs in rank R + 1, one per input value.
  llvm::DenseMap<Value, Value> liftedInput;
  for (OpOperand *input : group.inputs) {
    Value v = input->get();
    Value &lifted = liftedInput[v];
    if (!lifted) {
      RankedTensorType type = getLifted(v.getType());
      setInsertionPointAfterValue(b, v);
      DenseElementsAttr splat;
      if (matchPattern(v, m_Constant(&splat)) && splat.isSplat())
        lifted = arith::ConstantOp::create(
            b, v.getLoc(), type,
            DenseElementsAttr::get(type, splat.getSplatValue<Attribute>()));
      else if (auto s = v.getDefiningOp<tile::SplatOp>())
        lifted = tile::SplatOp::create(b, v.getLoc(), type, s.getSrc());
      else
        lifted = tile::ExpandDimsOp::create(b, v.getLoc(), type, v, a);
    }
    input->set(lifted);
  }
  for (Value v : group.values)
    v.setType(getLifted(v.getType()));
  // expand_dims along the axis: the value itself (a broadcast takes any
  // layout; other users keep their type through a layout cast).
  for (OpOperand *use : expansions) {
    auto expand = cast<tile::ExpandDimsOp>(use->getOwner());
    Value v = use->get();
    for (OpOperand &user : llvm::make_early_inc_range(expand.getResult().getUses())) {
      if (isa<tile::BroadcastOp>(user.getOwner()) || expand.getType() == v.getType()) {
        user.set(v);
        continue;
      }
      b.setInsertionPoint(user.getOwner());
      user.set(tensor::CastOp::create(b, expand.getLoc(), expand.getType(), v));
    }
    expand->erase();
  }
}

} // namespace

void keepReducedDims(func::FuncOp func, unsigned numWarps, unsigned warpSize,
                     unsigned maxRun) {
  // Seeds: tiles fed by a reduction.
  SmallVector<Value> seeds;
  SmallVector<tile::ReduceOp> reductions;
  func.walk([&](tile::ReduceOp reduce) {
    reductions.push_back(reduce);
    for (Value result : reduce.getResults())
      for (OpOperand &use : result.getUses()) {
        Operation *user = use.getOwner();
        if (isElementwiseOp(user) && isNode(user->getResult(0)))
          seeds.push_back(user->getResult(0));
        if (std::optional<Carried> c = getCarriedUse(use); c && isNode(c->getArg()))
          seeds.push_back(c->getArg());
      }
  });
  llvm::DenseSet<Value> visited;
  SmallVector<Group> groups;
  for (Value seed : seeds)
    if (!visited.contains(seed))
      groups.push_back(collectGroup(seed, visited));
  for (Group &group : groups)
    keepGroup(group, numWarps, warpSize, maxRun);

  // A reduction expanded directly (`x - max(x, 1)[:, None]`): the
  // expand_dims takes the reduced layout when only broadcasts read it.
  for (tile::ReduceOp reduce : reductions) {
    auto srcType = cast<RankedTensorType>(reduce.getSrcs()[0].getType());
    BlockedLayout layout = BlockedLayout::get(srcType, numWarps, warpSize, maxRun);
    unsigned a = reduce.getAxis();
    for (Value result : reduce.getResults())
      for (Operation *user : result.getUsers()) {
        auto expand = dyn_cast<tile::ExpandDimsOp>(user);
        if (!expand || expand.getAxis() != a || !isPlainTile(expand.getResult()) ||
            !llvm::all_of(expand->getUsers(),
                          [](Operation *u) { return isa<tile::BroadcastOp>(u); }))
          continue;
        BlockedLayout lifted = layout;
        lifted.shape = SmallVector<int64_t>(expand.getType().getShape());
        lifted.sizePerThread[a] = 1;
        expand.getResult().setType(
            RankedTensorType::get(lifted.shape, expand.getType().getElementType(),
                                  lifted.toAttr(func.getContext())));
      }
  }
}

} // namespace tessel::gpu
