//===- MemoryOps.cpp - Tile pointer arithmetic, loads and stores ----------===//
//
// Pointers are i64 byte addresses here. A tile load becomes a
// tensor.generate whose body loads one element (under an scf.if when masked)
// and a tile store a loop nest storing one element per iteration, so a lane
// whose mask is false never touches memory. tensor.generate is used rather
// than a linalg.generic because its RecursiveMemoryEffects keep the loads
// ordered with respect to stores (a tensor linalg.generic counts as pure).
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Conversion/TileToLinalg/ElementAccess.h"
#include "backends/cpu/Conversion/TileToLinalg/Patterns.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

/// The pointee of `ptrLike` (a pointer or a tensor of pointers).
Type getPointee(Type ptrLike) {
  return cast<tile::PointerType>(getElementTypeOrSelf(ptrLike)).getPointeeType();
}

/// `value[indices]`, or `value` itself when it is a scalar or absent.
Value extractAt(OpBuilder &builder, Location loc, Value value,
                ValueRange indices) {
  if (!value || !isa<RankedTensorType>(value.getType()))
    return value;
  return tensor::ExtractOp::create(builder, loc, value, indices);
}

/// Loop nest over every index of `type` calling `body` with the indices.
void forEachIndex(OpBuilder &builder, Location loc, RankedTensorType type,
                  function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  SmallVector<Value> lbs, ubs, steps;
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  for (int64_t size : type.getShape()) {
    lbs.push_back(zero);
    ubs.push_back(arith::ConstantIndexOp::create(builder, loc, size));
    steps.push_back(one);
  }
  scf::buildLoopNest(builder, loc, lbs, ubs, steps, body);
}

struct AddPtrLowering : OpConversionPattern<tile::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::AddPtrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t size = getElementByteSize(getPointee(op.getPtr().getType()));
    if (size == 0)
      return rewriter.notifyMatchFailure(op, "pointee has no byte size");
    rewriter.replaceOp(op, createAddressOffset(rewriter, op.getLoc(),
                                               adaptor.getPtr(),
                                               adaptor.getOffset(), size));
    return success();
  }
};

/// Pointers already are i64 addresses.
struct PtrToIntLowering : OpConversionPattern<tile::PtrToIntOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::PtrToIntOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getPtr());
    return success();
  }
};

struct LoadLowering : OpConversionPattern<tile::LoadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    Type elementType = getElementTypeOrSelf(resultType);
    bool isVolatile = op.getIsVolatile();
    Value ptr = adaptor.getPtr(), mask = adaptor.getMask(),
          other = adaptor.getOther();
    auto loadOne = [&](OpBuilder &b, Location l, ValueRange indices) {
      Value address = extractAt(b, l, ptr, indices);
      return createGuarded(b, l, extractAt(b, l, mask, indices), elementType,
                           extractAt(b, l, other, indices),
                           [&](OpBuilder &b2, Location l2) {
                             return createElementLoad(b2, l2, address,
                                                      elementType, isVolatile);
                           });
    };
    auto tensorType = dyn_cast<RankedTensorType>(resultType);
    if (!tensorType) {
      rewriter.replaceOp(op, loadOne(rewriter, op.getLoc(), {}));
      return success();
    }
    auto generate = tensor::GenerateOp::create(
        rewriter, op.getLoc(), tensorType, ValueRange{},
        [&](OpBuilder &b, Location l, ValueRange indices) {
          tensor::YieldOp::create(b, l, loadOne(b, l, indices));
        });
    rewriter.replaceOp(op, generate.getResult());
    return success();
  }
};

struct StoreLowering : OpConversionPattern<tile::StoreOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value ptr = adaptor.getPtr(), value = adaptor.getValue(),
          mask = adaptor.getMask();
    auto storeOne = [&](OpBuilder &b, Location l, ValueRange indices) {
      Value address = extractAt(b, l, ptr, indices);
      Value element = extractAt(b, l, value, indices);
      createGuarded(b, l, extractAt(b, l, mask, indices), Type(), Value(),
                    [&](OpBuilder &b2, Location l2) {
                      createElementStore(b2, l2, address, element);
                      return Value();
                    });
    };
    if (auto tensorType = dyn_cast<RankedTensorType>(ptr.getType()))
      forEachIndex(rewriter, op.getLoc(), tensorType, storeOne);
    else
      storeOne(rewriter, op.getLoc(), {});
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateTileMemoryToLinalgPatterns(const TypeConverter &converter,
                                        RewritePatternSet &patterns) {
  patterns.add<AddPtrLowering, PtrToIntLowering, LoadLowering, StoreLowering>(
      converter, patterns.getContext());
}

} // namespace tessel::cpu
