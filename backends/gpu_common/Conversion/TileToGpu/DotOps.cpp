//===- DotOps.cpp - tile.dot as per-thread multiply-adds ------------------===//
//
// The correctness-first dot: both operands go to shared memory, and every
// thread runs one loop over K updating all its accumulator elements with
// fused multiply-adds. Tensor-core paths (mma.sync on sm_80, wgmma on
// sm_90a) replace this per target later.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

Value extendTo(OpBuilder &b, Location loc, Value v, Type type) {
  if (v.getType() == type)
    return v;
  if (isa<FloatType>(type))
    return b.create<arith::ExtFOp>(loc, type, v);
  return b.create<arith::ExtSIOp>(loc, type, v);
}

struct DotLowering : GpuPattern<tile::DotOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getType());
    unsigned rank = cType.getRank();
    int64_t k = aType.getShape()[rank - 1];
    Type aElement = aType.getElementType(), bElement = bType.getElementType();
    Type accElement = cType.getElementType();
    int64_t bOffset =
        (aType.getNumElements() * SharedScratch::getStorageBytes(aElement) + 15) / 16 * 16;
    lowering.requireSharedBytes(bOffset +
                                bType.getNumElements() * SharedScratch::getStorageBytes(bElement));

    ThreadIndex index = getThreadIndex(rewriter, loc, lowering);
    SharedScratch scratch(rewriter, loc, lowering);
    scratch.barrier();
    auto store = [&](const BlockedLayout &layout, Value vec, ArrayRef<int64_t> shape,
                     int64_t offset) {
      auto coords = getRegisterCoordinates(rewriter, loc, layout, index);
      for (auto [reg, value] : llvm::enumerate(unpackVector(rewriter, loc, vec)))
        scratch.store(value, linearize(rewriter, loc, coords[reg], shape), offset);
    };
    store(lowering.getLayout(aType), adaptor.getA(), aType.getShape(), 0);
    store(lowering.getLayout(bType), adaptor.getB(), bType.getShape(), bOffset);
    scratch.barrier();

    auto accCoords = getRegisterCoordinates(rewriter, loc, lowering.getLayout(cType), index);
    Value zero = i32Const(rewriter, loc, 0);
    auto loop = rewriter.create<scf::ForOp>(
        loc, zero, i32Const(rewriter, loc, k), i32Const(rewriter, loc, 1),
        ValueRange{adaptor.getAcc()},
        [&](OpBuilder &b, Location l, Value kk, ValueRange iter) {
          SmallVector<Value> acc = unpackVector(b, l, iter[0]);
          for (auto [reg, c] : llvm::enumerate(accCoords)) {
            // a[batch, m, kk] and b[batch, kk, n].
            SmallVector<Value> ac(c.begin(), c.end()), bc(c.begin(), c.end());
            ac[rank - 1] = kk;
            bc[rank - 2] = kk;
            Value av = scratch.load(aElement, linearize(b, l, ac, aType.getShape()));
            Value bv = scratch.load(bElement, linearize(b, l, bc, bType.getShape()), bOffset);
            av = extendTo(b, l, av, accElement);
            bv = extendTo(b, l, bv, accElement);
            if (isa<FloatType>(accElement))
              acc[reg] = b.create<math::FmaOp>(l, av, bv, acc[reg]);
            else
              acc[reg] = b.create<arith::AddIOp>(l, acc[reg],
                                                 b.create<arith::MulIOp>(l, av, bv));
          }
          b.create<scf::YieldOp>(l, packVector(b, l, iter[0].getType(), acc));
        });
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
};

} // namespace

void populateDotPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                         RewritePatternSet &patterns) {
  patterns.add<DotLowering>(converter, lowering);
}

} // namespace tessel::gpu
