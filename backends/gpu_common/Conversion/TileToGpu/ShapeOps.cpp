//===- ShapeOps.cpp - broadcast, expand_dims, reshape, trans --------------===//
//
// Shape ops change which thread holds which element, so the tile moves
// through shared memory (see `redistribute`). Correct for every layout; a
// broadcast between two alike distributions copies registers instead.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

#include <map>

using namespace mlir;

namespace tessel::gpu {

/// Whether a broadcast from `source` to `result` stays inside each thread:
/// both distribute the same way (the same blocked parameters, the source's
/// broadcast dimensions of extent 1), so the thread that holds a result
/// element holds its source element too, at the same place off those
/// dimensions (coordinates along an extent-1 dimension wrap to 0, whatever
/// the elements a thread holds along it: a reduction's kept [M, 1] result
/// holds one where the reduced tile held two).
bool isThreadLocalBroadcast(const BlockedLayout &source, const BlockedLayout &result) {
  if (source.getRank() != result.getRank() ||
      source.threadsPerWarp != result.threadsPerWarp ||
      source.warpsPerCTA != result.warpsPerCTA || source.order != result.order)
    return false;
  for (unsigned d = 0; d < source.getRank(); ++d) {
    if (source.shape[d] == 1)
      continue;
    if (source.shape[d] != result.shape[d] ||
        source.sizePerThread[d] != result.sizePerThread[d])
      return false;
  }
  return true;
}

namespace {

/// Rewrites a one-source shape op whose result element at coordinates c is
/// the source element at `sourceCoords(c)`.
template <typename Op> struct ShapeLowering : GpuPattern<Op> {
  using GpuPattern<Op>::GpuPattern;
  using GpuPattern<Op>::lowering;

  virtual SmallVector<Value> getSourceCoords(OpBuilder &b, Location loc, Op op,
                                             ValueRange coords) const = 0;

  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    BlockedLayout source = lowering.getLayout(srcType);
    BlockedLayout result = lowering.getLayout(op.getType());
    Type element = GpuLowering::getElementStorageType(srcType.getElementType());
    SmallVector<Value> regs = unpackVector(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> out = redistribute(
        rewriter, loc, lowering, regs, source, result, element, [&](ValueRange c) {
          return linearize(rewriter, loc, getSourceCoords(rewriter, loc, op, c),
                           srcType.getShape());
        });
    rewriter.replaceOp(
        op, packVector(rewriter, loc,
                       this->getTypeConverter()->convertType(op.getType()), out));
    return success();
  }
};

struct BroadcastLowering : ShapeLowering<tile::BroadcastOp> {
  using ShapeLowering::ShapeLowering;

  LogicalResult matchAndRewrite(tile::BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    BlockedLayout source = lowering.getLayout(op.getSrc().getType());
    BlockedLayout result = lowering.getLayout(op.getType());
    if (!isThreadLocalBroadcast(source, result))
      return ShapeLowering::matchAndRewrite(op, adaptor, rewriter);
    // A register's place in the thread off the broadcast dimensions names
    // its element there; the source's first register at that place holds it.
    auto key = [&](int64_t reg, const BlockedLayout &layout) {
      SmallVector<int64_t> offsets = layout.getRegisterOffsets(reg);
      for (unsigned d = 0; d < source.getRank(); ++d)
        if (source.shape[d] == 1)
          offsets[d] = 0;
      return offsets;
    };
    std::map<SmallVector<int64_t>, int64_t> sourceRegister;
    for (int64_t reg = 0, n = source.getElementsPerThread(); reg < n; ++reg)
      sourceRegister.try_emplace(key(reg, source), reg);
    Location loc = op.getLoc();
    SmallVector<Value> regs = unpackVector(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> out;
    for (int64_t reg = 0, n = result.getElementsPerThread(); reg < n; ++reg) {
      auto it = sourceRegister.find(key(reg, result));
      if (it == sourceRegister.end())
        return rewriter.notifyMatchFailure(op, "no source register for a result element");
      out.push_back(regs[it->second]);
    }
    rewriter.replaceOp(op, packVector(rewriter, loc,
                                      getTypeConverter()->convertType(op.getType()), out));
    return success();
  }

  SmallVector<Value> getSourceCoords(OpBuilder &b, Location loc, tile::BroadcastOp op,
                                     ValueRange coords) const override {
    auto shape = cast<RankedTensorType>(op.getSrc().getType()).getShape();
    SmallVector<Value> src;
    for (unsigned d = 0; d < shape.size(); ++d)
      src.push_back(shape[d] == 1 ? i32Const(b, loc, 0) : coords[d]);
    return src;
  }
};

struct ExpandDimsLowering : ShapeLowering<tile::ExpandDimsOp> {
  using ShapeLowering::ShapeLowering;

  LogicalResult matchAndRewrite(tile::ExpandDimsOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    // A range's elements are their coordinates (plus its start): each
    // thread computes those of its registers in the result's layout
    // instead of moving the range's (a GEMM's `offs_k[None, :]`).
    if (auto range = op.getSrc().getDefiningOp<tile::MakeRangeOp>()) {
      Location loc = op.getLoc();
      BlockedLayout result = lowering.getLayout(op.getType());
      ThreadIndex index = getThreadIndex(rewriter, loc, lowering);
      const unsigned along = op.getAxis() == 0 ? 1 : 0;
      Value start = i32Const(rewriter, loc, range.getStart());
      SmallVector<Value> values;
      for (auto &coords : getRegisterCoordinates(rewriter, loc, result, index))
        values.push_back(arith::AddIOp::create(rewriter, loc, coords[along], start));
      rewriter.replaceOp(op, packVector(rewriter, loc,
                                        getTypeConverter()->convertType(op.getType()),
                                        values));
      return success();
    }
    // The reduction that made the source may have made this result too
    // (ReduceScanOps.cpp); it is lowered first, as it comes first.
    if (Operation *reduce = op.getSrc().getDefiningOp<tile::ReduceOp>();
        reduce && !lowering.loweredReductions.contains(reduce))
      return rewriter.notifyMatchFailure(op, "its reduction is not lowered yet");
    auto it = lowering.reducedExpansions.find(op);
    if (it == lowering.reducedExpansions.end())
      return ShapeLowering::matchAndRewrite(op, adaptor, rewriter);
    rewriter.replaceOp(op, packVector(rewriter, op.getLoc(),
                                      getTypeConverter()->convertType(op.getType()),
                                      it->second));
    return success();
  }

  SmallVector<Value> getSourceCoords(OpBuilder &, Location, tile::ExpandDimsOp op,
                                     ValueRange coords) const override {
    SmallVector<Value> src;
    for (unsigned d = 0; d < coords.size(); ++d)
      if (d != op.getAxis())
        src.push_back(coords[d]);
    return src;
  }
};

struct ReshapeLowering : ShapeLowering<tile::ReshapeOp> {
  using ShapeLowering::ShapeLowering;
  // Row-major order is kept (also a valid choice under allow_reorder):
  // delinearize the result's linear index in the source shape.
  SmallVector<Value> getSourceCoords(OpBuilder &b, Location loc, tile::ReshapeOp op,
                                     ValueRange coords) const override {
    auto shape = cast<RankedTensorType>(op.getSrc().getType()).getShape();
    Value linear = linearize(b, loc, coords, op.getType().getShape());
    SmallVector<Value> src(shape.size());
    for (int d = int(shape.size()) - 1; d >= 0; --d) {
      Value extent = i32Const(b, loc, shape[d]);
      src[d] = arith::RemUIOp::create(b, loc, linear, extent);
      linear = arith::DivUIOp::create(b, loc, linear, extent);
    }
    return src;
  }
};

struct TransLowering : ShapeLowering<tile::TransOp> {
  using ShapeLowering::ShapeLowering;
  SmallVector<Value> getSourceCoords(OpBuilder &, Location, tile::TransOp op,
                                     ValueRange coords) const override {
    SmallVector<Value> src(coords.size());
    for (auto [i, d] : llvm::enumerate(op.getOrder()))
      src[d] = coords[i];
    return src;
  }
};

} // namespace

void populateShapePatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                           RewritePatternSet &patterns) {
  patterns.add<BroadcastLowering, ExpandDimsLowering, ReshapeLowering, TransLowering>(
      converter, lowering);
}

} // namespace tessel::gpu
