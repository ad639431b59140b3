//===- TileFolders.cpp - Folders and canonicalizations of tile ops --------===//
//
// Shape operations on uniform tiles are free to re-express as a single splat,
// which later lets backends keep such tiles as one scalar register. Folders
// handle constants and identities; patterns rewrite chains whose source is a
// non-constant `tile.splat`.
//
//===----------------------------------------------------------------------===//

#include "dialects/tile/IR/TileOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace tessel::tile;

namespace {

/// A constant splat reshaped to `type`, or null if `value` is not one.
Attribute reshapeSplat(Attribute value, Type type) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(value);
  if (!splat)
    return {};
  return SplatElementsAttr::get(cast<ShapedType>(type),
                                splat.getSplatValue<Attribute>());
}

/// Replaces `op` (a shape op whose source is a tile.splat) by a splat of the
/// original scalar in the op's result type.
template <typename ShapeOp>
struct SplatThroughShapeOp : public OpRewritePattern<ShapeOp> {
  using OpRewritePattern<ShapeOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(ShapeOp op, PatternRewriter &rewriter) const override {
    auto splat = op.getSrc().template getDefiningOp<SplatOp>();
    if (!splat)
      return rewriter.notifyMatchFailure(op, "source is not a tile.splat");
    rewriter.replaceOpWithNewOp<SplatOp>(op, op.getType(), splat.getSrc());
    return success();
  }
};

/// broadcast(broadcast(x)) -> broadcast(x): the inner broadcast only added
/// size-1 expansions the outer one repeats anyway.
struct FoldBroadcastOfBroadcast : public OpRewritePattern<BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BroadcastOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getSrc().getDefiningOp<BroadcastOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "source is not a tile.broadcast");
    rewriter.replaceOpWithNewOp<BroadcastOp>(op, op.getType(), inner.getSrc());
    return success();
  }
};

} // namespace

OpFoldResult SplatOp::fold(FoldAdaptor adaptor) {
  Attribute value = adaptor.getSrc();
  if (!isa_and_present<IntegerAttr, FloatAttr>(value))
    return {};
  return SplatElementsAttr::get(getType(), value);
}

OpFoldResult BroadcastOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

void BroadcastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<SplatThroughShapeOp<BroadcastOp>, FoldBroadcastOfBroadcast>(context);
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return reshapeSplat(adaptor.getSrc(), getType());
}

void ExpandDimsOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<SplatThroughShapeOp<ExpandDimsOp>>(context);
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

OpFoldResult TransOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int32_t> order = getOrder();
  bool identity = llvm::all_of(llvm::enumerate(order), [](auto it) {
    return static_cast<int64_t>(it.index()) == it.value();
  });
  if (identity)
    return getSrc();
  return reshapeSplat(adaptor.getSrc(), getType());
}

OpFoldResult AddPtrOp::fold(FoldAdaptor) {
  // matchPattern sees through both scalar and splat-tensor constants.
  if (matchPattern(getOffset(), m_Zero()))
    return getPtr();
  return {};
}
