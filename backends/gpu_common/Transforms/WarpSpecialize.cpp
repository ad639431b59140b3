//===- WarpSpecialize.cpp - A producer warp for a GEMM loop's copies ------===//
//
// After tilegpu-pipeline-loads, a GEMM loop on a block-copy engine issues,
// from thread 0, the copies of iteration i + S - 1 after iteration i's dot,
// and every warp meets at a block barrier each iteration so that no copy
// overwrites a buffer some warp's instructions still read. Here the copies
// get a warp of their own (the producer): it runs a copy of the loop
// stripped to its copies, each waiting until the consumer warps released
// the buffer it writes, so it can run as far ahead as the buffers allow
// while the consumers only wait for their data and release each buffer
// once the instructions that read it have completed (WarpRoles.h):
//
//   init_copy_barriers                     (moved first: every warp)
//   scf.if in_producer_warps {             (tilegpu.warp_roles)
//     the copies' scalar slices, the copies before the loop, and the loop
//     with only its copies (tilegpu.producer)
//   } else {
//     the kernel as it was, its copies disabled and its dot marked
//     tilegpu.releases_staging
//   }
//
// Only a kernel with one such loop in its entry block qualifies: one init
// of copy barriers, its staged dot a warp-group dot whose both operands
// the engine copies, left in flight (its accumulator only carried), the
// copies after it; the loop body otherwise free of memory effects. The producer's
// slices must be scalar (no memory effects, or reads without tile results): nothing
// there may use shared memory, which the producer warp has no part of.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Transforms/Passes.h"

#include "backends/gpu_common/DotStaging.h"
#include "backends/gpu_common/WarpRoles.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;

namespace tessel::gpu {

#define GEN_PASS_DEF_TILEGPUWARPSPECIALIZE
#include "backends/gpu_common/Transforms/Passes.h.inc"

namespace {

/// The parts of a kernel that warp specialization rearranges.
struct Specializable {
  tilegpu::InitCopyBarriersOp init;
  scf::ForOp loop;
  tile::DotOp dot;
  /// The copies before the loop (its first iterations').
  SmallVector<tilegpu::TensorCopyOp> prologue;
  /// The entry block's ops the producer needs computed, in order.
  SmallVector<Operation *> slice;
};

/// Whether the producer warp may compute `op` (an op of the entry block
/// outside the loop): no shared memory, no writes, no tile results.
bool isProducerSafe(Operation *op) {
  if (op->getNumRegions() != 0)
    return false;
  // (A constant tile, the accumulator's start, is registers at most.)
  if (isa<tile::MakeTensorDescOp, arith::ConstantOp>(op))
    return true;
  if (llvm::any_of(op->getResultTypes(), [](Type t) { return isa<ShapedType>(t); }))
    return false;
  if (isMemoryEffectFree(op))
    return true;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return effects && effects.onlyHasEffect<MemoryEffects::Read>();
}

/// The specializable loop of `func`, if it has one.
std::optional<Specializable> findSpecializable(func::FuncOp func) {
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return std::nullopt;
  Block &entry = func.getBody().front();
  SmallVector<tilegpu::InitCopyBarriersOp> inits;
  func.walk([&](tilegpu::InitCopyBarriersOp op) { inits.push_back(op); });
  if (inits.size() != 1 || inits.front()->getBlock() != &entry)
    return std::nullopt;
  Specializable s;
  s.init = inits.front();
  const int64_t id = s.init.getDot();
  // The staged dot of that id, in a loop of the entry block.
  func.walk([&](tile::DotOp dot) {
    auto staged = dot->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
    if (staged && int64_t(staged.getDot()) == id)
      s.dot = dot;
  });
  if (!s.dot)
    return std::nullopt;
  auto staged = s.dot->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
  s.loop = dyn_cast<scf::ForOp>(s.dot->getParentOp());
  if (!s.loop || s.loop->getBlock() != &entry || !s.init->isBeforeInBlock(s.loop) ||
      staged.getOperands() != 3 || staged.getTensorCopies() != 3 ||
      !staged.getInFlight() || staged.getDrained() || staged.getCopiesFirst() ||
      !staged.getStaging().isSwizzled() || !s.dot->hasOneUse() ||
      *s.dot->getUsers().begin() != s.loop.getBody()->getTerminator())
    return std::nullopt;
  // The body: the dot, its copies and ops without memory effects.
  for (Operation &op : s.loop.getBody()->without_terminator()) {
    if (&op == s.dot.getOperation())
      continue;
    if (auto copy = dyn_cast<tilegpu::TensorCopyOp>(op)) {
      auto marker = copy->getAttrOfType<tilegpu::MatrixOperandAttr>(kAsyncCopyAttrName);
      if (!marker || int64_t(marker.getDot()) != id || marker.getPrologue())
        return std::nullopt;
      continue;
    }
    if (!isMemoryEffectFree(&op) || op.getNumRegions() != 0)
      return std::nullopt;
  }
  // Every block copy of the kernel is this loop's, or one of the copies
  // before it.
  bool foreign = false;
  func.walk([&](tilegpu::TensorCopyOp copy) {
    if (copy->getParentOp() == s.loop)
      return;
    auto marker = copy->getAttrOfType<tilegpu::MatrixOperandAttr>(kAsyncCopyAttrName);
    if (copy->getBlock() != &entry || !marker || int64_t(marker.getDot()) != id ||
        !marker.getPrologue() || !s.init->isBeforeInBlock(copy) ||
        !copy->isBeforeInBlock(s.loop))
      foreign = true;
    else
      s.prologue.push_back(copy);
  });
  if (foreign || s.prologue.empty())
    return std::nullopt;
  // What the producer computes before its copies: the entry block's ops
  // the copies and the loop read, transitively.
  llvm::SetVector<Operation *> needed;
  SmallVector<Value> worklist;
  for (tilegpu::TensorCopyOp copy : s.prologue)
    llvm::append_range(worklist, copy->getOperands());
  llvm::append_range(worklist, s.loop->getOperands());
  llvm::SetVector<Value> above;
  getUsedValuesDefinedAbove(s.loop.getRegion(), above);
  llvm::append_range(worklist, above);
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != &entry || needed.contains(def) ||
        isa<tilegpu::TensorCopyOp>(def))
      continue;
    if (!isProducerSafe(def))
      return std::nullopt;
    needed.insert(def);
    llvm::append_range(worklist, def->getOperands());
  }
  s.slice.assign(needed.begin(), needed.end());
  llvm::sort(s.slice, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return s;
}

/// Splits `func` around `s` (the file comment).
void specialize(func::FuncOp func, Specializable &s) {
  MLIRContext *context = func.getContext();
  Block &entry = func.getBody().front();
  Location loc = s.loop.getLoc();
  OpBuilder b(context);
  // Every warp arms the barriers (and meets at the block barrier that
  // follows) before the roles part.
  s.init->moveBefore(&entry, entry.begin());
  b.setInsertionPointAfter(s.init);
  Value producer = tilegpu::InProducerWarpsOp::create(b, loc);
  auto split =
      scf::IfOp::create(b, loc, TypeRange{}, producer, /*withElseRegion=*/true);
  split->setAttr(kWarpRolesAttrName, UnitAttr::get(context));
  // The consumers: the whole kernel after the split, the function's
  // terminator excepted.
  Block *consumers = split.elseBlock();
  Operation *terminator = entry.getTerminator();
  while (split->getNextNode() != terminator)
    split->getNextNode()->moveBefore(consumers->getTerminator());
  // The producer: the scalar slices, the copies before the loop, and the
  // loop, its dot gone (the carried accumulator passes through unchanged,
  // and goes with everything the copies do not need). Slice ops without
  // memory effects move before the split, where both roles use them (and
  // the descriptors stay in the entry block, where their tensor maps are
  // traced: TensorMaps.h); reads are copied into the producer's region.
  b.setInsertionPoint(split.thenBlock()->getTerminator());
  IRMapping mapping;
  llvm::SmallPtrSet<Operation *, 16> cloned;
  for (Operation *op : s.slice) {
    bool hoistable =
        isMemoryEffectFree(op) && llvm::none_of(op->getOperands(), [&](Value v) {
          return v.getDefiningOp() && cloned.contains(v.getDefiningOp());
        });
    if (hoistable) {
      op->moveBefore(producer.getDefiningOp());
      continue;
    }
    b.clone(*op, mapping);
    cloned.insert(op);
  }
  auto markProducer = [&](Operation *copy) {
    copy->setAttr(kProducerAttrName, UnitAttr::get(context));
  };
  for (tilegpu::TensorCopyOp copy : s.prologue)
    markProducer(b.clone(*copy, mapping));
  auto loop = cast<scf::ForOp>(b.clone(*s.loop, mapping));
  for (Operation &op :
       llvm::make_early_inc_range(loop.getBody()->without_terminator())) {
    if (auto dot = dyn_cast<tile::DotOp>(op)) {
      dot.getResult().replaceAllUsesWith(dot.getAcc());
      dot->erase();
    } else if (isa<tilegpu::TensorCopyOp>(op)) {
      markProducer(&op);
    }
  }
  // The consumers' copies do nothing; their dot releases the buffers.
  b.setInsertionPointToStart(consumers);
  Value never = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (tilegpu::TensorCopyOp copy : s.prologue)
    copy.getEnabledMutable().assign(never);
  for (auto copy : s.loop.getBody()->getOps<tilegpu::TensorCopyOp>())
    copy.getEnabledMutable().assign(never);
  s.dot->setAttr(kReleasesStagingAttrName, UnitAttr::get(context));
}

struct WarpSpecializePass : impl::TileGpuWarpSpecializeBase<WarpSpecializePass> {
  using TileGpuWarpSpecializeBase::TileGpuWarpSpecializeBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<func::FuncOp, Specializable>> found;
    for (auto func : module.getOps<func::FuncOp>())
      if (std::optional<Specializable> s = findSpecializable(func))
        found.emplace_back(func, std::move(*s));
    // The block's warps are the module's: one kernel per module.
    if (found.size() != 1)
      return;
    specialize(found.front().first, found.front().second);
    module->setAttr(kProducerWarpsAttrName,
                    IntegerAttr::get(IntegerType::get(&getContext(), 32), 1));
  }
};

} // namespace
} // namespace tessel::gpu
