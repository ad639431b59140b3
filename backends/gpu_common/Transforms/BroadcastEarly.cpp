//===- BroadcastEarly.cpp - Broadcast operands, not results ---------------===//
//
// `broadcast(x < splat(s))` makes a small tile and then spreads it, which on
// a GPU moves it between thread layouts through shared memory (the small
// tile's default layout puts its elements on other threads than the large
// one's). Broadcasting the operands instead computes the large tile in its
// own layout: a splat broadcasts for free, and the broadcast of a
// loop-invariant operand (the usual `offs_k[None, :]` of a masked loop load)
// is then hoisted out of the loop by loop-invariant code motion.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Transforms/Passes.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace tessel::gpu {

#define GEN_PASS_DEF_TILEGPUBROADCASTEARLY
#include "backends/gpu_common/Transforms/Passes.h.inc"

namespace {

RankedTensorType reshaped(Type type, ArrayRef<int64_t> shape) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(shape, tensor.getElementType());
}

/// broadcast(op(a, b...)) -> op(broadcast(a), broadcast(b)...) for an
/// elementwise op with one use.
struct BroadcastOperands : OpRewritePattern<tile::BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tile::BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    Operation *source = op.getSrc().getDefiningOp();
    // Only ops cheap enough to repeat for every copy the broadcast makes
    // (an exp would run M times instead of once).
    if (!isa_and_nonnull<arith::CmpIOp, arith::CmpFOp, arith::AndIOp, arith::OrIOp,
                         arith::XOrIOp, arith::AddIOp, arith::SubIOp, arith::MulIOp,
                         arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
                         arith::SelectOp>(source))
      return rewriter.notifyMatchFailure(op, "not a cheap elementwise op");
    if (!source->hasTrait<OpTrait::Elementwise>() || source->getNumResults() != 1 ||
        source->getNumRegions() != 0 || !source->getResult(0).hasOneUse())
      return rewriter.notifyMatchFailure(op, "not a single-use elementwise op");
    for (Value operand : source->getOperands())
      if (!isa<RankedTensorType>(operand.getType()))
        return rewriter.notifyMatchFailure(op, "scalar operand");
    ArrayRef<int64_t> shape = op.getType().getShape();
    SmallVector<Value> operands;
    for (Value operand : source->getOperands()) {
      Type type = reshaped(operand.getType(), shape);
      if (auto splat = operand.getDefiningOp<tile::SplatOp>())
        operands.push_back(
            tile::SplatOp::create(rewriter, op.getLoc(), type, splat.getSrc()));
      else
        operands.push_back(
            tile::BroadcastOp::create(rewriter, op.getLoc(), type, operand));
    }
    OperationState state(source->getLoc(), source->getName(), operands,
                         TypeRange{reshaped(source->getResult(0).getType(), shape)},
                         source->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

struct BroadcastEarlyPass : impl::TileGpuBroadcastEarlyBase<BroadcastEarlyPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<BroadcastOperands>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace tessel::gpu
