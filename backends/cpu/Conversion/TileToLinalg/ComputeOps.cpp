//===- ComputeOps.cpp - Tile dot, reductions, scans and fp_to_fp ----------===//
//
// dot becomes linalg.matmul / linalg.batch_matmul accumulating into the
// `acc` operand. reduce becomes linalg.reduce seeded with the first slice
// along the axis (the combiner has no known identity value), and scan a loop
// over the axis that combines each slice with the running one through a
// linalg.generic holding the combiner.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Conversion/TileToLinalg/Patterns.h"

#include "dialects/tile/IR/TileOps.h"
#include "dialects/tile/Utils/LoweringUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

struct DotLowering : OpConversionPattern<tile::DotOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // linalg's matmul casts both inputs to the accumulator type (signed for
    // integers) before multiplying: the dot semantics for every element
    // class. tf32 input precision is computed in full f32 on the CPU.
    SmallVector<Value> inputs = {adaptor.getA(), adaptor.getB()};
    Value acc = adaptor.getAcc();
    int64_t rank = cast<RankedTensorType>(acc.getType()).getRank();
    Operation *matmul;
    if (rank == 2)
      matmul = linalg::MatmulOp::create(rewriter, op.getLoc(), ValueRange(inputs),
                                        ValueRange(acc));
    else if (rank == 3)
      matmul = linalg::BatchMatmulOp::create(rewriter, op.getLoc(), ValueRange(inputs),
                                             ValueRange(acc));
    else
      return rewriter.notifyMatchFailure(op, "dot of rank other than 2 or 3");
    rewriter.replaceOp(op, matmul->getResults());
    return success();
  }
};


/// The slice of `src` at `offset` along `axis`, `size` long; with `dropAxis`
/// (size 1 only) the axis is removed from the result type.
Value sliceAlong(OpBuilder &builder, Location loc, Value src, int64_t axis,
                 OpFoldResult offset, int64_t size, bool dropAxis) {
  auto type = cast<RankedTensorType>(src.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), builder.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(type.getRank(), builder.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes;
  SmallVector<int64_t> shape;
  for (auto [dim, extent] : llvm::enumerate(type.getShape())) {
    int64_t s = int64_t(dim) == axis ? size : extent;
    sizes.push_back(builder.getIndexAttr(s));
    if (!(dropAxis && int64_t(dim) == axis))
      shape.push_back(s);
  }
  offsets[axis] = offset;
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  return tensor::ExtractSliceOp::create(builder, loc, resultType, src, offsets, sizes,
                                        strides);
}

/// Inserts `slice` (with `axis` dropped) into `dest` at `offset` along `axis`.
Value insertAlong(OpBuilder &builder, Location loc, Value slice, Value dest,
                  int64_t axis, OpFoldResult offset) {
  auto type = cast<RankedTensorType>(dest.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), builder.getIndexAttr(0));
  SmallVector<OpFoldResult> strides(type.getRank(), builder.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, extent] : llvm::enumerate(type.getShape()))
    sizes.push_back(builder.getIndexAttr(int64_t(dim) == axis ? 1 : extent));
  offsets[axis] = offset;
  return tensor::InsertSliceOp::create(builder, loc, slice, dest, offsets, sizes,
                                       strides);
}

struct ReduceLowering : OpConversionPattern<tile::ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t axis = op.getAxis();
    ValueRange srcs = adaptor.getSrcs();
    int64_t extent = cast<RankedTensorType>(srcs[0].getType()).getDimSize(axis);
    SmallVector<Value> seeds, rests;
    for (Value src : srcs) {
      seeds.push_back(sliceAlong(rewriter, loc, src, axis,
                                 rewriter.getIndexAttr(0), 1, /*dropAxis=*/true));
      if (extent > 1)
        rests.push_back(sliceAlong(rewriter, loc, src, axis,
                                   rewriter.getIndexAttr(1), extent - 1,
                                   /*dropAxis=*/false));
    }
    SmallVector<Value> reduced = seeds;
    if (extent > 1) {
      auto reduce = linalg::ReduceOp::create(
          rewriter, loc, rests, seeds, ArrayRef<int64_t>{axis},
          [&](OpBuilder &b, Location l, ValueRange args) {
            // linalg.reduce passes (inputs..., inits...); the combiner
            // takes (accumulated..., incoming...).
            size_t n = args.size() / 2;
            SmallVector<Value> combined = tile::inlineCombiner(
                b, op.getCombineOp(), args.drop_front(n), args.take_front(n));
            linalg::YieldOp::create(b, l, combined);
          });
      reduced.assign(reduce.getResults().begin(), reduce.getResults().end());
    }
    // A reduction of 1-D tiles yields scalars.
    SmallVector<Value> results;
    for (auto [value, result] : llvm::zip(reduced, op.getResults())) {
      if (isa<RankedTensorType>(result.getType()))
        results.push_back(value);
      else
        results.push_back(tensor::ExtractOp::create(rewriter, loc, value));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ScanLowering : OpConversionPattern<tile::ScanOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    int64_t axis = op.getAxis();
    bool reverse = op.getReverse();
    ValueRange srcs = adaptor.getSrcs();
    auto srcType = cast<RankedTensorType>(srcs[0].getType());
    int64_t extent = srcType.getDimSize(axis);
    auto position = [&](int64_t step) { return reverse ? extent - 1 - step : step; };

    // The first slice is its own running value.
    SmallVector<Value> running, results;
    for (Value src : srcs) {
      auto type = cast<RankedTensorType>(src.getType());
      Value first = sliceAlong(rewriter, loc, src, axis,
                               rewriter.getIndexAttr(position(0)), 1, true);
      Value empty = tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                            type.getElementType());
      running.push_back(first);
      results.push_back(insertAlong(rewriter, loc, first, empty, axis,
                                    rewriter.getIndexAttr(position(0))));
    }
    if (extent > 1) {
      SmallVector<Value> iterArgs(running);
      iterArgs.append(results);
      size_t n = srcs.size();
      Value lb = arith::ConstantIndexOp::create(rewriter, loc, 1);
      Value ub = arith::ConstantIndexOp::create(rewriter, loc, extent);
      Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
      auto loop = scf::ForOp::create(
          rewriter, loc, lb, ub, step, iterArgs,
          [&](OpBuilder &b, Location l, Value iv, ValueRange args) {
            Value pos = iv;
            if (reverse)
              pos = arith::SubIOp::create(
                  b, l, arith::ConstantIndexOp::create(b, l, extent - 1), iv);
            SmallVector<Value> incoming, inits;
            for (Value src : srcs) {
              incoming.push_back(sliceAlong(b, l, src, axis, pos, 1, true));
              auto sliceType = cast<RankedTensorType>(incoming.back().getType());
              inits.push_back(tensor::EmptyOp::create(b, l, sliceType.getShape(),
                                                      sliceType.getElementType()));
            }
            auto sliceType = cast<RankedTensorType>(incoming.front().getType());
            SmallVector<AffineMap> maps(
                3 * n, b.getMultiDimIdentityMap(sliceType.getRank()));
            SmallVector<utils::IteratorType> iterators(
                sliceType.getRank(), utils::IteratorType::parallel);
            SmallVector<Value> inputs(args.take_front(n));
            inputs.append(incoming);
            auto combine = linalg::GenericOp::create(
                b, l, TypeRange(ValueRange(inits)), inputs, inits, maps, iterators,
                [&](OpBuilder &bb, Location ll, ValueRange blockArgs) {
                  SmallVector<Value> combined =
                      tile::inlineCombiner(bb, op.getCombineOp(), blockArgs.take_front(n),
                                    blockArgs.slice(n, n));
                  linalg::YieldOp::create(bb, ll, combined);
                });
            SmallVector<Value> yielded(combine.getResults());
            for (size_t i = 0; i < n; ++i)
              yielded.push_back(insertAlong(b, l, combine.getResult(i),
                                            args[n + i], axis, pos));
            scf::YieldOp::create(b, l, yielded);
          });
      results.assign(loop.getResults().begin() + n, loop.getResults().end());
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct FpToFpLowering : OpConversionPattern<tile::FpToFpOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::FpToFpOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getSrc();
    Type type = op.getType();
    unsigned from = getElementTypeOrSelf(src.getType()).getIntOrFloatBitWidth();
    unsigned to = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    if (src.getType() == type) {
      rewriter.replaceOp(op, src);
    } else if (to > from) {
      rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, type, src);
    } else {
      // Between two formats of one width (f16 and bf16) go through f32,
      // which holds both exactly.
      if (to == from) {
        Type f32 = rewriter.getF32Type();
        Type wide = f32;
        if (auto tensorType = dyn_cast<RankedTensorType>(src.getType()))
          wide = tensorType.clone(f32);
        src = arith::ExtFOp::create(rewriter, op.getLoc(), wide, src);
      }
      auto truncate = arith::TruncFOp::create(rewriter, op.getLoc(), type, src);
      if (op.getRounding() == tile::RoundingMode::RTZ)
        truncate.setRoundingmodeAttr(arith::RoundingModeAttr::get(
            getContext(), arith::RoundingMode::toward_zero));
      rewriter.replaceOp(op, truncate.getResult());
    }
    return success();
  }
};

} // namespace

void populateTileComputeToLinalgPatterns(const TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<DotLowering, ReduceLowering, ScanLowering, FpToFpLowering>(
      converter, patterns.getContext());
}

} // namespace tessel::cpu
