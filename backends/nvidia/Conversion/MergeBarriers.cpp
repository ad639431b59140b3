//===- MergeBarriers.cpp - One block barrier where two follow -------------===//
//
// A barrier whose predecessor in the block is another barrier, with only
// memory-effect-free ops between, is redundant: every thread already waited
// for every other at the first, and none has accessed memory since.
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/Conversion/Passes.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tessel::nvidia {

#define GEN_PASS_DEF_NVIDIAMERGEBARRIERS
#include "backends/nvidia/Conversion/Passes.h.inc"

namespace {

/// Which barrier `op` is: (0, 0) for the whole block's, (id, threads) for
/// a named one with constant operands; nullopt for anything else.
std::optional<std::pair<int64_t, int64_t>> getBarrierKey(mlir::Operation &op) {
  if (mlir::isa<mlir::NVVM::Barrier0Op>(op))
    return std::make_pair(int64_t(0), int64_t(0));
  auto named = mlir::dyn_cast<mlir::NVVM::BarrierOp>(op);
  if (!named || named.getReductionOp() || !named.getBarrierId() ||
      !named.getNumberOfThreads())
    return std::nullopt;
  llvm::APInt id, threads;
  if (!mlir::matchPattern(named.getBarrierId(), mlir::m_ConstantInt(&id)) ||
      !mlir::matchPattern(named.getNumberOfThreads(), mlir::m_ConstantInt(&threads)))
    return std::nullopt;
  return std::make_pair(id.getSExtValue(), threads.getSExtValue());
}

struct NvidiaMergeBarriersPass
    : impl::NvidiaMergeBarriersBase<NvidiaMergeBarriersPass> {
  void runOnOperation() override {
    // (A named barrier of the consumer warps of a warp-specialized kernel
    // merges with the same one only.)
    getOperation()->walk([](mlir::Block *block) {
      std::optional<std::pair<int64_t, int64_t>> previous;
      for (mlir::Operation &op : llvm::make_early_inc_range(*block)) {
        if (std::optional<std::pair<int64_t, int64_t>> key = getBarrierKey(op)) {
          if (previous == key)
            op.erase();
          previous = key;
          continue;
        }
        if (op.getNumRegions() != 0 || !mlir::isMemoryEffectFree(&op))
          previous.reset();
      }
    });
  }
};

} // namespace
} // namespace tessel::nvidia
