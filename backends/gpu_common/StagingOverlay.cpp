//===- StagingOverlay.cpp - Staging buffers over the shared scratch -------===//

#include "backends/gpu_common/StagingOverlay.h"

#include "backends/gpu_common/WarpRoles.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/OpDefinition.h"

using namespace mlir;

namespace tessel::gpu {

bool isScratchFree(Operation *op, const std::function<bool(Operation *)> &knownFree) {
  // Per-thread work on registers, control flow (its nested ops are checked
  // on their own; a reduction's combiner is scalar code that ends in a
  // tile.yield), addresses, and loads (a staged load writes the staging
  // region, not the scratch; so do block copies, whose barriers have a
  // region of their own).
  // (An unregistered op has no dialect: unknown, so not scratch-free.)
  Dialect *dialect = op->getDialect();
  if (!dialect)
    return false;
  if (isa<arith::ArithDialect, math::MathDialect, scf::SCFDialect, ub::UBDialect>(
          dialect))
    return true;
  if (isa<tile::ProgramIdOp, tile::NumProgramsOp, tile::MakeRangeOp, tile::SplatOp,
          tile::AddPtrOp, tile::PtrToIntOp, tile::LoadOp, tile::DescLoadOp,
          tile::FpToFpOp, tile::BarrierOp, tile::YieldOp, tile::MakeTensorDescOp,
          tilegpu::WaitDotOp, tilegpu::TensorCopyOp, tilegpu::InitCopyBarriersOp,
          tilegpu::InvalCopyBarriersOp>(op))
    return true;
  if (op->hasTrait<OpTrait::Elementwise>() && op->getNumRegions() == 0 &&
      isa<tile::TileDialect>(dialect))
    return true;
  return knownFree(op);
}

bool isScratchFreeRange(Operation *first, scf::ForOp loop, Operation *last,
                        const std::function<bool(Operation *)> &knownFree) {
  // The loop's block: its function's entry block, or the consumer region
  // of a warp-roles split that sits there (the loop still runs once, and
  // the producer's copies wait for the consumers to reach it, WarpRoles.h).
  Operation *parent = loop->getParentOp();
  Block *outer = loop->getBlock();
  if (auto split = dyn_cast<scf::IfOp>(parent);
      split && split->hasAttr(kWarpRolesAttrName) &&
      loop->getParentRegion() == &split.getElseRegion()) {
    parent = split->getParentOp();
    outer = split->getBlock();
  }
  auto func = dyn_cast<func::FuncOp>(parent);
  if (!func || outer != &func.getBody().front() ||
      first->getBlock() != loop->getBlock() || last->getBlock() != loop->getBlock())
    return false;
  for (Operation *op = first;; op = op->getNextNode()) {
    bool free = true;
    op->walk([&](Operation *nested) {
      if (!isScratchFree(nested, knownFree)) {
        free = false;
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (!free)
      return false;
    if (op == last)
      return true;
  }
}

} // namespace tessel::gpu
