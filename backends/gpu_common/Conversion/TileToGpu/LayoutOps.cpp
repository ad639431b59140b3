//===- LayoutOps.cpp - Moving a tile between two thread layouts -----------===//
//
// `tilegpu-assign-layouts` gives a tile a non-default layout by putting it
// in its tensor type's encoding, and joins two layouts of one tile with a
// `tensor.cast` (the only thing a cast between two encodings of one shape
// can mean here). The cast exchanges the elements through shared memory.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

struct LayoutCastLowering : GpuPattern<tensor::CastOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tensor::CastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = dyn_cast<RankedTensorType>(op.getSource().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!sourceType || !resultType || sourceType.getShape() != resultType.getShape())
      return rewriter.notifyMatchFailure(op, "not a layout conversion");
    BlockedLayout source = lowering.getLayout(sourceType);
    BlockedLayout result = lowering.getLayout(resultType);
    if (source == result) {
      rewriter.replaceOp(op, adaptor.getSource());
      return success();
    }
    Location loc = op.getLoc();
    // Its only user, a block store, reads the source's registers and moves
    // them itself where it cannot use block stores (BlockStore.cpp).
    if (op->hasOneUse())
      if (auto store = dyn_cast<tile::StoreOp>(*op->getUsers().begin());
          store && getBlockStoreSource(store, lowering) == op) {
        rewriter.replaceOpWithNewOp<LLVM::PoisonOp>(
            op, getTypeConverter()->convertType(resultType));
        return success();
      }
    ArrayRef<int64_t> shape = resultType.getShape();
    SmallVector<Value> values = redistribute(
        rewriter, loc, lowering, unpackVector(rewriter, loc, adaptor.getSource()),
        source, result, GpuLowering::getElementStorageType(resultType.getElementType()),
        [&](ValueRange coords) { return linearize(rewriter, loc, coords, shape); },
        /*sameShape=*/true);
    rewriter.replaceOp(
        op,
        packVector(rewriter, loc, getTypeConverter()->convertType(resultType), values));
    return success();
  }
};

} // namespace

void populateLayoutConversionPatterns(GpuTypeConverter &converter,
                                      GpuLowering &lowering,
                                      RewritePatternSet &patterns) {
  patterns.add<LayoutCastLowering>(converter, lowering);
}

} // namespace tessel::gpu
