//===- InterchangeMatmulLoops.cpp - tile-cpu-interchange-matmul-loops -----===//

#include "backends/cpu/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace tessel::cpu {
#define GEN_PASS_DEF_TILECPUINTERCHANGEMATMULLOOPS
#include "backends/cpu/Transforms/Passes.h.inc"
} // namespace tessel::cpu

using namespace mlir;

namespace {

struct TileCpuInterchangeMatmulLoopsPass
    : public tessel::cpu::impl::TileCpuInterchangeMatmulLoopsBase<
          TileCpuInterchangeMatmulLoopsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> matmuls;
    getOperation().walk([&](Operation *op) {
      if (isa<linalg::MatmulOp, linalg::BatchMatmulOp>(op))
        matmuls.push_back(cast<linalg::LinalgOp>(op));
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp matmul : matmuls) {
      // Loops are (m, n, k) or (b, m, n, k); move the reduction k in front
      // of n.
      SmallVector<unsigned> order = {0, 2, 1};
      if (isa<linalg::BatchMatmulOp>(matmul))
        order = {0, 1, 3, 2};
      rewriter.setInsertionPoint(matmul);
      FailureOr<linalg::GenericOp> generic =
          linalg::generalizeNamedOp(rewriter, matmul);
      if (failed(generic) ||
          failed(linalg::interchangeGenericOp(rewriter, *generic, order))) {
        matmul->emitError("could not reorder the loops of this matmul");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
