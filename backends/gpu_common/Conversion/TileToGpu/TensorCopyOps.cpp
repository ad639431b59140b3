//===- TensorCopyOps.cpp - Block copies into a dot's staging --------------===//
//
// tilegpu.tensor_copy on a target with a block-copy engine
// (GpuMatrixHooks::hasTensorCopy): thread 0 arrives on the buffer's barrier
// expecting the tile's bytes and issues one copy per box (TensorMaps.h:
// A's in its grouped form, a box per 64 rows, where the host encoded the
// map so, which the kernel's flags word says, and the tile ends within the
// tensor's rows);
// the dot waits on the barrier's phase for its iteration (DotOps.cpp). The
// tensor map is the kernel parameter the backend added for the copy (its
// `tilegpu.tensor_map`), so the descriptor itself lowers to nothing.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"
#include "backends/gpu_common/DotStaging.h"
#include "backends/gpu_common/Transforms/TensorMaps.h"
#include "backends/gpu_common/WarpRoles.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

constexpr llvm::StringLiteral kTensorMapAttrName =
    tilegpu::TileGpuDialect::TensorMapAttrHelper::getNameStr();
constexpr llvm::StringLiteral kTensorMapFlagsAttrName =
    tilegpu::TileGpuDialect::TensorMapFlagsAttrHelper::getNameStr();
constexpr llvm::StringLiteral kPlainTensorMapAttrName =
    tilegpu::TileGpuDialect::PlainTensorMapAttrHelper::getNameStr();

Value isThread0(OpBuilder &b, Location loc, const GpuLowering &lowering) {
  ThreadIndex index = getThreadIndex(b, loc, lowering);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, index.thread,
                               i32Const(b, loc, 0));
}

/// The shared-memory address (i32) of barrier `buffer` (i32) of dot `dot`.
Value getBarrier(OpBuilder &b, Location loc, GpuLowering &lowering, Operation *user,
                 int64_t dot, int64_t buffers, Value buffer) {
  Value region = lowering.getCopyBarriers(b, user, dot, buffers);
  Value offset = arith::AddIOp::create(
      b, loc, region, arith::MulIOp::create(b, loc, buffer, i32Const(b, loc, 8)));
  return sharedAddressAsI32(b, loc, lowering, offset);
}

/// The shared-memory address (i32) of the release barrier of buffer
/// `buffer` (after the `buffers` copy barriers).
Value getReleaseBarrier(OpBuilder &b, Location loc, GpuLowering &lowering,
                        Operation *user, int64_t dot, int64_t buffers, Value buffer) {
  Value region = lowering.getCopyBarriers(b, user, dot, buffers);
  Value slot = arith::AddIOp::create(b, loc, buffer, i32Const(b, loc, buffers));
  Value offset = arith::AddIOp::create(
      b, loc, region, arith::MulIOp::create(b, loc, slot, i32Const(b, loc, 8)));
  return sharedAddressAsI32(b, loc, lowering, offset);
}

struct MakeTensorDescLowering : GpuPattern<tile::MakeTensorDescOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::MakeTensorDescOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    // Only block copies read descriptors here (the rest were expanded);
    // they name their tensor maps themselves.
    for (Operation *user : op->getUsers())
      if (!isa<tilegpu::TensorCopyOp>(user))
        return op.emitError() << "a tensor descriptor read other than by block copies "
                                 "reached the GPU lowering";
    rewriter.replaceOpWithNewOp<LLVM::ZeroOp>(op,
                                              LLVM::LLVMPointerType::get(getContext()));
    return success();
  }
};

struct TensorCopyLowering : GpuPattern<tilegpu::TensorCopyOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tilegpu::TensorCopyOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto marker = op->getAttrOfType<tilegpu::MatrixOperandAttr>(kAsyncCopyAttrName);
    auto map = op->getAttrOfType<IntegerAttr>(kTensorMapAttrName);
    auto func = op->getParentOfType<func::FuncOp>();
    if (!lowering.matrix || !lowering.matrix->hasTensorCopy())
      return op.emitError() << "a block copy on a target without a block-copy engine";
    if (!marker || !map || !func || map.getInt() < 0 ||
        map.getInt() >= int64_t(func.getNumArguments()))
      return op.emitError()
             << "a block copy needs its staging (tilegpu.async_copy) and "
                "its tensor map parameter (tilegpu.tensor_map)";
    if (!marker.getPrologue() && !GpuLowering::hasIterationNumber(op))
      return op.emitError() << "a block copy in a loop without an i32 iteration number";
    // The block as it lies in memory (the result is its transpose with
    // `transposed`).
    auto descType = dyn_cast<tile::TensorDescType>(op.getDesc().getType());
    if (!descType)
      return op.emitError()
             << "a block copy of something other than a tensor descriptor";
    RankedTensorType tile = descType.getBlockType();
    tilegpu::SharedStagingAttr staging = marker.getStaging();
    std::optional<TensorCopyBoxes> boxes =
        getTensorCopyBoxes(staging, marker.getOperand(), tile, op.getTransposed());
    if (!boxes)
      return op.emitError() << "the staging of this block copy is not one boxes fill";

    // A producer warp's copies: the block met once before the first
    // (WarpRoles.h); no barrier of the block's may be placed here.
    const bool producer = op->hasAttr(kProducerAttrName);
    if (producer && !lowering.releasesStaging(marker.getDot()))
      return op.emitError() << "a producer warp's block copy into a staging whose "
                               "buffers are not released";
    StagingDestination staged =
        getStagingDestination(rewriter, op, marker, lowering, /*ordered=*/producer);
    auto getMapArgument = [&](int64_t index) {
      Value arg = func.getArgument(unsigned(index));
      Value mapped = rewriter.getRemappedValue(arg);
      return mapped ? mapped : arg;
    };
    Value tensorMap = getMapArgument(map.getInt());
    // A copy that may take the grouped form has the plain map beside its
    // own (which the host encodes grouped where it can) for the tiles the
    // grouped view does not cover.
    Value plainMap = tensorMap;
    if (auto plain = op->getAttrOfType<IntegerAttr>(kPlainTensorMapAttrName)) {
      if (plain.getInt() < 0 || plain.getInt() >= int64_t(func.getNumArguments()))
        return op.emitError() << "a block copy's plain tensor map is not a parameter";
      plainMap = getMapArgument(plain.getInt());
    }
    const int64_t elementBytes = tile.getElementTypeBitWidth() / 8;
    const int64_t tileBytes = tile.getNumElements() * elementBytes;
    Value barrier = getBarrier(rewriter, loc, lowering, op, marker.getDot(),
                               staging.getBuffers(), staged.stage);
    Value start =
        LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), staged.base);
    Value row0 = adaptor.getIndices()[0], column0 = adaptor.getIndices()[1];
    // A descriptor of one slice of its argument's tensor: the slice is the
    // map's third coordinate (TensorMaps.h).
    // (Traced before the conversion: by now the function's arguments may
    // be the converted entry block's, which the trace would not know.)
    Value slice;
    if (Value outer = lowering.getCopySliceIndex(op)) {
      slice = rewriter.getRemappedValue(outer);
      if (!slice)
        return op.emitError()
               << "the slice index of this block copy's descriptor is lost";
    }
    // Thread 0 issues the copies, or the first thread of the producer warps
    // (which follow the block's num_warps warps).
    Value issuer = isThread0(rewriter, loc, lowering);
    if (producer)
      issuer =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                getThreadIndex(rewriter, loc, lowering).thread,
                                i32Const(rewriter, loc, lowering.getThreadsPerBlock()));
    Value issue = arith::AndIOp::create(rewriter, loc, issuer, adaptor.getEnabled());
    const int64_t warps = marker.getOperand() == 0 ? staging.getARowWarps() : 0;
    // The grouped form (TensorMaps.h), where this copy may take it and the
    // host says it encoded the map so.
    Value grouped;
    const int64_t groupWarps = getGroupedCopyWarps(
        *boxes, tile.getDimSize(0), op.getRowMultiple(), slice != nullptr);
    auto mapIndex =
        func.getArgAttrOfType<IntegerAttr>(unsigned(map.getInt()), kTensorMapAttrName);
    if (groupWarps != 0 && mapIndex && plainMap == tensorMap)
      return op.emitError() << "a block copy that may take the grouped form "
                               "needs the plain tensor map beside its own";
    if (groupWarps != 0 && mapIndex)
      for (BlockArgument arg : func.getArguments())
        if (func.getArgAttr(arg.getArgNumber(), kTensorMapFlagsAttrName)) {
          Value flags = rewriter.getRemappedValue(arg);
          if (!flags)
            flags = arg;
          Value bit = arith::AndIOp::create(
              rewriter, loc,
              arith::ShRUIOp::create(rewriter, loc, flags,
                                     i32Const(rewriter, loc, mapIndex.getInt())),
              i32Const(rewriter, loc, 1));
          grouped = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne, bit,
                                          i32Const(rewriter, loc, 0));
        }
    // The host encodes a grouped map over the tensor's rows rounded down to
    // a multiple of 16 W: a tile ending past them (the last tile of a
    // ragged M) takes the plain boxes, from the plain map. Its row index
    // and rows being multiples of 16 W, a tile ending within the rows ends
    // within those.
    if (grouped) {
      auto desc = op.getDesc().getDefiningOp<tile::MakeTensorDescOp>();
      if (!desc)
        return op.emitError() << "a grouped block copy of a descriptor not made in "
                                 "its kernel";
      Value rows = rewriter.getRemappedValue(desc.getShape()[0]);
      if (!rows)
        rows = desc.getShape()[0];
      Value end = arith::AddIOp::create(rewriter, loc, row0,
                                        i32Const(rewriter, loc, tile.getDimSize(0)));
      Value within =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sle, end, rows);
      grouped = arith::AndIOp::create(rewriter, loc, grouped, within);
    }
    // Box k of the grouped form: 64 staging rows from row 64 k.
    auto copyGrouped = [&](OpBuilder &b) {
      Value outer0 = arith::ShRSIOp::create(b, loc, row0, i32Const(b, loc, 5));
      Value zero = i32Const(b, loc, 0);
      const int64_t perChunk = groupWarps / 4;
      for (int64_t block = 0; block < boxes->columnBlocks; ++block) {
        for (int64_t k = 0; k < tile.getDimSize(0) / 64; ++k) {
          int64_t offset = block * tile.getDimSize(0) * boxes->swizzleBytes +
                           64 * k * boxes->swizzleBytes;
          Value dst = arith::AddIOp::create(b, loc, start, i32Const(b, loc, offset));
          Value x = arith::AddIOp::create(b, loc, column0,
                                          i32Const(b, loc, block * boxes->boxColumns));
          Value outer = arith::AddIOp::create(
              b, loc, outer0,
              i32Const(b, loc, (k / perChunk) * groupWarps / 2 + k % perChunk));
          lowering.matrix->tensorCopy(b, loc, dst, tensorMap,
                                      ValueRange{x, zero, zero, zero, outer}, barrier);
        }
      }
    };
    auto copyPlain = [&](OpBuilder &b) {
      for (int64_t block = 0; block < boxes->columnBlocks; ++block) {
        for (int64_t group = 0; group < boxes->rowGroups; ++group) {
          // Where the staging keeps this box's rows (TileGpuAttrs.td).
          int64_t at = group;
          if (warps != 0) {
            int64_t w = group % warps, rep = group / warps;
            at = ((rep / 2) * (warps / 4) + w / 4) * 8 + (w % 4) * 2 + rep % 2;
          }
          int64_t offset = block * tile.getDimSize(0) * boxes->swizzleBytes +
                           at * boxes->boxRows * boxes->swizzleBytes;
          Value dst = arith::AddIOp::create(b, loc, start, i32Const(b, loc, offset));
          Value x = arith::AddIOp::create(b, loc, column0,
                                          i32Const(b, loc, block * boxes->boxColumns));
          Value y = arith::AddIOp::create(b, loc, row0,
                                          i32Const(b, loc, group * boxes->boxRows));
          SmallVector<Value, 3> coords = {x, y};
          if (slice)
            coords.push_back(slice);
          lowering.matrix->tensorCopy(b, loc, dst, plainMap, coords, barrier);
        }
      }
    };
    // A released staging (the producer's copies): the copy for iteration
    // j into buffer j % B waits until every consumer warp released the
    // buffer after iteration j - B, phase j / B - 1 of its release barrier.
    // (For j < B, the parity of the phase before the first, which counts as
    // complete.) The copies before the loop write buffers nothing read yet.
    Value release, releaseParity;
    if (producer && !marker.getPrologue()) {
      const int64_t buffers = staging.getBuffers();
      Value j = arith::AddIOp::create(rewriter, loc,
                                      GpuLowering::getIterationNumber(rewriter, op),
                                      i32Const(rewriter, loc, marker.getAhead()));
      release = getReleaseBarrier(rewriter, loc, lowering, op, marker.getDot(), buffers,
                                  staged.stage);
      Value phase = arith::AndIOp::create(
          rewriter, loc,
          arith::DivSIOp::create(rewriter, loc, j, i32Const(rewriter, loc, buffers)),
          i32Const(rewriter, loc, 1));
      releaseParity =
          arith::XOrIOp::create(rewriter, loc, phase, i32Const(rewriter, loc, 1));
    }
    when(rewriter, loc, issue, [&](OpBuilder &b) {
      if (release)
        lowering.matrix->waitCopyBarrier(b, loc, release, releaseParity);
      lowering.matrix->arriveExpectingBytes(b, loc, barrier,
                                            i32Const(b, loc, tileBytes));
      if (!grouped) {
        copyPlain(b);
        return;
      }
      auto choice = scf::IfOp::create(b, loc, grouped, /*withElseRegion=*/true);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(choice.thenBlock()->getTerminator());
      copyGrouped(b);
      b.setInsertionPoint(choice.elseBlock()->getTerminator());
      copyPlain(b);
    });
    // The dot reads the staging; the value is never read.
    Type resultType = getTypeConverter()->convertType(op.getType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op,
        DenseElementsAttr::get(cast<ShapedType>(resultType),
                               rewriter.getZeroAttr(getElementTypeOrSelf(resultType))));
    return success();
  }
};

struct InitCopyBarriersLowering : GpuPattern<tilegpu::InitCopyBarriersOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tilegpu::InitCopyBarriersOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!lowering.matrix || !lowering.matrix->hasTensorCopy())
      return op.emitError() << "copy barriers on a target without a block-copy engine";
    when(rewriter, loc, isThread0(rewriter, loc, lowering), [&](OpBuilder &b) {
      for (unsigned i = 0; i < op.getBuffers(); ++i)
        lowering.matrix->initCopyBarrier(b, loc,
                                         getBarrier(b, loc, lowering, op, op.getDot(),
                                                    op.getBuffers(),
                                                    i32Const(b, loc, i)),
                                         op.getArrivals());
      // A released staging's buffers take one arrival from every consumer
      // warp.
      if (lowering.releasesStaging(op.getDot()))
        for (unsigned i = 0; i < op.getBuffers(); ++i)
          lowering.matrix->initCopyBarrier(
              b, loc,
              getReleaseBarrier(b, loc, lowering, op, op.getDot(), op.getBuffers(),
                                i32Const(b, loc, i)),
              lowering.numWarps);
      lowering.matrix->fenceCopyBarrierInit(b, loc);
    });
    lowering.createBarrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalCopyBarriersLowering : GpuPattern<tilegpu::InvalCopyBarriersOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tilegpu::InvalCopyBarriersOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (!lowering.matrix || !lowering.matrix->hasTensorCopy())
      return op.emitError() << "copy barriers on a target without a block-copy engine";
    // Every thread is past its last wait on them first.
    lowering.createBarrier(rewriter, loc);
    when(rewriter, loc, isThread0(rewriter, loc, lowering), [&](OpBuilder &b) {
      for (unsigned i = 0; i < op.getBuffers(); ++i)
        lowering.matrix->invalCopyBarrier(b, loc,
                                          getBarrier(b, loc, lowering, op, op.getDot(),
                                                     op.getBuffers(),
                                                     i32Const(b, loc, i)));
      if (lowering.releasesStaging(op.getDot()))
        for (unsigned i = 0; i < op.getBuffers(); ++i)
          lowering.matrix->invalCopyBarrier(
              b, loc,
              getReleaseBarrier(b, loc, lowering, op, op.getDot(), op.getBuffers(),
                                i32Const(b, loc, i)));
    });
    rewriter.eraseOp(op);
    return success();
  }
};

struct InProducerWarpsLowering : GpuPattern<tilegpu::InProducerWarpsOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tilegpu::InProducerWarpsOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    // The producer warps follow the num_warps others.
    Location loc = op.getLoc();
    rewriter.replaceOpWithNewOp<arith::CmpIOp>(
        op, arith::CmpIPredicate::uge, getThreadIndex(rewriter, loc, lowering).thread,
        i32Const(rewriter, loc, lowering.getThreadsPerBlock()));
    return success();
  }
};

} // namespace

Value sharedAddressAsI32(OpBuilder &b, Location loc, const GpuLowering &lowering,
                         Value offset) {
  Value pointer = lowering.getSharedAddress(b, loc, offset);
  return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), pointer);
}

Value getCopyBarrierAddress(OpBuilder &b, Location loc, GpuLowering &lowering,
                            Operation *user, int64_t dot, int64_t buffers,
                            Value buffer) {
  return getBarrier(b, loc, lowering, user, dot, buffers, buffer);
}

Value getReleaseBarrierAddress(OpBuilder &b, Location loc, GpuLowering &lowering,
                               Operation *user, int64_t dot, int64_t buffers,
                               Value buffer) {
  return getReleaseBarrier(b, loc, lowering, user, dot, buffers, buffer);
}

void populateTensorCopyPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                                RewritePatternSet &patterns) {
  patterns.add<MakeTensorDescLowering, TensorCopyLowering, InitCopyBarriersLowering,
               InvalCopyBarriersLowering, InProducerWarpsLowering>(converter, lowering);
}

} // namespace tessel::gpu
