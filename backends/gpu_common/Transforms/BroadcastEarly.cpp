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
// `expand_dims(x < splat(s))` moves elements the same way (the column
// mask `cols[None, :]` of an attention loop): the unit dimension goes to
// the operands instead, so that the later broadcast finds the op and
// spreads its operands too. Both rewrites copy an op used elsewhere as
// well; the copies are cheap integer ops (the list below) and the original
// goes when nothing else uses it.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Transforms/Passes.h"

#include <functional>

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

/// Ops cheap enough to repeat for every copy a broadcast makes (an exp
/// would run M times instead of once), with tile operands only.
bool isCheapElementwise(Operation *op) {
  if (!isa_and_nonnull<arith::CmpIOp, arith::CmpFOp, arith::AndIOp, arith::OrIOp,
                       arith::XOrIOp, arith::AddIOp, arith::SubIOp, arith::MulIOp,
                       arith::ExtSIOp, arith::ExtUIOp, arith::TruncIOp,
                       arith::SelectOp>(op))
    return false;
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
      op->getNumRegions() != 0)
    return false;
  return llvm::all_of(op->getOperandTypes(),
                      [](Type t) { return isa<RankedTensorType>(t); });
}

/// Replaces `op`, a shape op of the result of `source` (isCheapElementwise)
/// giving a tile of `op`'s shape, with `source` made again at that shape
/// over its operands so reshaped: a splat operand as a larger splat, any
/// other through `reshape` (the same kind of shape op).
void rebuildAtShape(PatternRewriter &rewriter, Operation *op, Operation *source,
                    const std::function<Value(Value, Type)> &reshape) {
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(op->getResult(0).getType()).getShape();
  SmallVector<Value> operands;
  for (Value operand : source->getOperands()) {
    Type type = reshaped(operand.getType(), shape);
    if (auto splat = operand.getDefiningOp<tile::SplatOp>())
      operands.push_back(
          tile::SplatOp::create(rewriter, op->getLoc(), type, splat.getSrc()));
    else
      operands.push_back(reshape(operand, type));
  }
  OperationState state(source->getLoc(), source->getName(), operands,
                       TypeRange{reshaped(source->getResult(0).getType(), shape)},
                       source->getAttrs());
  rewriter.replaceOp(op, rewriter.create(state)->getResults());
}

/// broadcast(op(a, b...)) -> op(broadcast(a), broadcast(b)...).
struct BroadcastOperands : OpRewritePattern<tile::BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tile::BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    Operation *source = op.getSrc().getDefiningOp();
    if (!isCheapElementwise(source))
      return rewriter.notifyMatchFailure(op, "not a cheap elementwise op");
    rebuildAtShape(rewriter, op, source, [&](Value operand, Type type) -> Value {
      return tile::BroadcastOp::create(rewriter, op.getLoc(), type, operand);
    });
    return success();
  }
};

/// expand_dims(op(a, b...)) -> op(expand_dims(a), expand_dims(b)...).
struct ExpandDimsOperands : OpRewritePattern<tile::ExpandDimsOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tile::ExpandDimsOp op,
                                PatternRewriter &rewriter) const override {
    Operation *source = op.getSrc().getDefiningOp();
    if (!isCheapElementwise(source))
      return rewriter.notifyMatchFailure(op, "not a cheap elementwise op");
    rebuildAtShape(rewriter, op, source, [&](Value operand, Type type) -> Value {
      return tile::ExpandDimsOp::create(rewriter, op.getLoc(), type, operand,
                                        op.getAxis());
    });
    return success();
  }
};

struct BroadcastEarlyPass : impl::TileGpuBroadcastEarlyBase<BroadcastEarlyPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<BroadcastOperands, ExpandDimsOperands>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace tessel::gpu
