//===- MergeBarriers.cpp - One block barrier where two follow -------------===//
//
// A barrier whose predecessor in the block is another barrier, with only
// memory-effect-free ops between, is redundant: every thread already waited
// for every other at the first, and none has accessed memory since.
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/Conversion/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tessel::nvidia {

#define GEN_PASS_DEF_NVIDIAMERGEBARRIERS
#include "backends/nvidia/Conversion/Passes.h.inc"

namespace {

struct NvidiaMergeBarriersPass
    : impl::NvidiaMergeBarriersBase<NvidiaMergeBarriersPass> {
  void runOnOperation() override {
    getOperation()->walk([](mlir::Block *block) {
      bool afterBarrier = false;
      for (mlir::Operation &op : llvm::make_early_inc_range(*block)) {
        if (mlir::isa<mlir::NVVM::Barrier0Op>(op)) {
          if (afterBarrier)
            op.erase();
          afterBarrier = true;
          continue;
        }
        if (op.getNumRegions() != 0 || !mlir::isMemoryEffectFree(&op))
          afterBarrier = false;
      }
    });
  }
};

} // namespace
} // namespace tessel::nvidia
