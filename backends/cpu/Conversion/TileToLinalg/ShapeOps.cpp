//===- ShapeOps.cpp - Tile construction and shape ops to linalg -----------===//
//
// make_range becomes a linalg.generic over linalg.index, splat a
// linalg.fill, broadcast a collapse of the broadcast unit dimensions followed
// by linalg.broadcast, expand_dims and reshape tensor.expand_shape and
// tensor.collapse_shape, trans linalg.transpose.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Conversion/TileToLinalg/Patterns.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

Value createEmpty(OpBuilder &builder, Location loc, RankedTensorType type) {
  return tensor::EmptyOp::create(builder, loc, type.getShape(), type.getElementType());
}

/// Groups the dimensions of a rank-`rank` shape so that each dimension in
/// `dropped` (all of size 1) joins a neighbouring kept dimension: the
/// reassociation of a collapse_shape that removes them. Empty when no
/// dimension is kept (the collapse then yields a rank-0 tensor).
SmallVector<ReassociationIndices>
getReassociationDropping(int64_t rank, ArrayRef<int64_t> dropped) {
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t dim = 0; dim < rank; ++dim) {
    pending.push_back(dim);
    if (llvm::is_contained(dropped, dim))
      continue;
    groups.push_back(pending);
    pending.clear();
  }
  if (!pending.empty() && !groups.empty())
    groups.back().append(pending.begin(), pending.end());
  return groups;
}

struct MakeRangeLowering : OpConversionPattern<tile::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::MakeRangeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getType());
    Location loc = op.getLoc();
    int32_t start = op.getStart();
    AffineMap id = rewriter.getMultiDimIdentityMap(1);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{type}, ValueRange{},
        ValueRange{createEmpty(rewriter, loc, type)}, ArrayRef<AffineMap>{id},
        ArrayRef<utils::IteratorType>{utils::IteratorType::parallel},
        [&](OpBuilder &b, Location l, ValueRange) {
          Value index = linalg::IndexOp::create(b, l, 0);
          Value value = arith::IndexCastOp::create(b, l, type.getElementType(), index);
          if (start != 0)
            value = arith::AddIOp::create(
                b, l, value,
                arith::ConstantIntOp::create(b, l, type.getElementType(), start));
          linalg::YieldOp::create(b, l, value);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct SplatLowering : OpConversionPattern<tile::SplatOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::SplatOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Value empty = createEmpty(rewriter, op.getLoc(), type);
    rewriter.replaceOpWithNewOp<linalg::FillOp>(op, adaptor.getSrc(), empty);
    return success();
  }
};

struct BroadcastLowering : OpConversionPattern<tile::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Value src = adaptor.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    SmallVector<int64_t> broadcastDims;
    SmallVector<int64_t> keptShape;
    for (auto [dim, size] : llvm::enumerate(srcType.getShape())) {
      if (size == 1 && type.getDimSize(dim) != 1)
        broadcastDims.push_back(dim);
      else
        keptShape.push_back(size);
    }
    if (broadcastDims.empty()) {
      rewriter.replaceOp(op, src);
      return success();
    }
    Location loc = op.getLoc();
    auto collapsedType = RankedTensorType::get(keptShape, type.getElementType());
    Value collapsed = tensor::CollapseShapeOp::create(
        rewriter, loc, collapsedType, src,
        getReassociationDropping(srcType.getRank(), broadcastDims));
    auto broadcast = linalg::BroadcastOp::create(
        rewriter, loc, collapsed, createEmpty(rewriter, loc, type), broadcastDims);
    rewriter.replaceOp(op, broadcast.getResults());
    return success();
  }
};

struct ExpandDimsLowering : OpConversionPattern<tile::ExpandDimsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::ExpandDimsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    // The reassociation of the expansion is that of collapsing the new unit
    // dimension away again.
    auto reassociation =
        getReassociationDropping(type.getRank(), {int64_t(op.getAxis())});
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, type, adaptor.getSrc(),
                                                       reassociation);
    return success();
  }
};

struct ReshapeLowering : OpConversionPattern<tile::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Value src = adaptor.getSrc();
    auto srcType = cast<RankedTensorType>(src.getType());
    if (srcType == type) {
      rewriter.replaceOp(op, src);
      return success();
    }
    // Row-major order is kept (which also satisfies `allow_reorder`): collapse
    // to one dimension, then expand to the result shape.
    Location loc = op.getLoc();
    auto flatType =
        RankedTensorType::get({type.getNumElements()}, type.getElementType());
    auto allDims = [](int64_t rank) {
      ReassociationIndices group;
      for (int64_t dim = 0; dim < rank; ++dim)
        group.push_back(dim);
      return SmallVector<ReassociationIndices>{group};
    };
    Value flat = src;
    if (srcType.getRank() != 1)
      flat = tensor::CollapseShapeOp::create(rewriter, loc, flatType, src,
                                             srcType.getRank() == 0
                                                 ? SmallVector<ReassociationIndices>{}
                                                 : allDims(srcType.getRank()));
    Value result = flat;
    if (type.getRank() != 1)
      result = tensor::ExpandShapeOp::create(rewriter, loc, type, flat,
                                             type.getRank() == 0
                                                 ? SmallVector<ReassociationIndices>{}
                                                 : allDims(type.getRank()));
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct TransLowering : OpConversionPattern<tile::TransOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::TransOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    // Result dimension i is source dimension order[i]: exactly
    // linalg.transpose's permutation.
    SmallVector<int64_t> permutation(op.getOrder().begin(), op.getOrder().end());
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getSrc(),
        createEmpty(rewriter, op.getLoc(), type), permutation);
    rewriter.replaceOp(op, transpose.getResults());
    return success();
  }
};

} // namespace

void populateTileShapeToLinalgPatterns(const TypeConverter &converter,
                                       RewritePatternSet &patterns) {
  patterns.add<MakeRangeLowering, SplatLowering, BroadcastLowering,
               ExpandDimsLowering, ReshapeLowering, TransLowering>(
      converter, patterns.getContext());
}

} // namespace tessel::cpu
