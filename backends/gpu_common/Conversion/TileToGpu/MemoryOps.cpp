//===- MemoryOps.cpp - addptr, load, store --------------------------------===//
//
// Tiles of pointers are i64 addresses per thread. A load or store moves
// `tilegpu.vector_width` consecutive elements with one access (the assign
// pass proved them contiguous, aligned and uniformly masked); a masked-off
// access is skipped by a branch, so it never touches memory.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

int64_t getPointeeBytes(tile::PointerType ptr) {
  Type pointee = ptr.getPointeeType();
  if (isa<tile::PointerType>(pointee))
    return 8;
  return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
}

tile::PointerType getPointerType(Type ptrLike) {
  return cast<tile::PointerType>(getElementTypeOrSelf(ptrLike));
}

unsigned getVectorWidth(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(kVectorWidthAttrName))
    return std::max<unsigned>(1, unsigned(attr.getInt()));
  return 1;
}

struct AddPtrLowering : GpuPattern<tile::AddPtrOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::AddPtrOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tile::PointerType ptrType = getPointerType(op.getType());
    if (!isa<RankedTensorType>(op.getType())) {
      Type element = getTypeConverter()->convertType(ptrType.getPointeeType());
      rewriter.replaceOpWithNewOp<LLVM::GEPOp>(op, adaptor.getPtr().getType(), element,
                                               adaptor.getPtr(),
                                               ValueRange{adaptor.getOffset()});
      return success();
    }
    auto vectorType = cast<VectorType>(adaptor.getPtr().getType());
    Value offset = adaptor.getOffset();
    if (cast<VectorType>(offset.getType()).getElementTypeBitWidth() < 64)
      offset = rewriter.create<arith::ExtSIOp>(loc, vectorType, offset);
    Value scale = rewriter.create<arith::ConstantOp>(
        loc, DenseElementsAttr::get(
                 vectorType, rewriter.getI64IntegerAttr(getPointeeBytes(ptrType))));
    offset = rewriter.create<arith::MulIOp>(loc, offset, scale);
    rewriter.replaceOpWithNewOp<arith::AddIOp>(op, adaptor.getPtr(), offset);
    return success();
  }
};

/// How an element of `pointee` sits in memory: i1 as a byte, pointers as i64.
Type getMemoryType(OpBuilder &b, Type pointee) {
  if (pointee.isInteger(1))
    return b.getI8Type();
  return GpuLowering::getElementStorageType(pointee);
}

Value toMemory(OpBuilder &b, Location loc, Value value, Type memoryType) {
  if (value.getType() == memoryType)
    return value;
  if (isa<LLVM::LLVMPointerType>(value.getType()))
    return b.create<LLVM::PtrToIntOp>(loc, memoryType, value);
  return b.create<arith::ExtUIOp>(loc, memoryType, value);
}

Value fromMemory(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (isa<LLVM::LLVMPointerType>(type))
    return b.create<LLVM::IntToPtrOp>(loc, type, value);
  Value zero = b.create<arith::ConstantOp>(loc, b.getZeroAttr(value.getType()));
  return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ne, value, zero);
}

Value toPointer(OpBuilder &b, Location loc, Value address, tile::PointerType type) {
  return b.create<LLVM::IntToPtrOp>(
      loc, LLVM::LLVMPointerType::get(b.getContext(), type.getAddressSpace()), address);
}

/// Runs `body` only where `cond` holds (when given); returns its values, or
/// `otherwise` where skipped.
SmallVector<Value> guarded(OpBuilder &b, Location loc, Value cond, TypeRange types,
                           function_ref<SmallVector<Value>(OpBuilder &)> body,
                           function_ref<SmallVector<Value>(OpBuilder &)> otherwise) {
  if (!cond)
    return body(b);
  auto ifOp = b.create<scf::IfOp>(
      loc, cond,
      [&](OpBuilder &nb, Location l) { nb.create<scf::YieldOp>(l, body(nb)); },
      [&](OpBuilder &nb, Location l) { nb.create<scf::YieldOp>(l, otherwise(nb)); });
  (void)types;
  return SmallVector<Value>(ifOp.getResults());
}

void guardedEffect(OpBuilder &b, Location loc, Value cond,
                   function_ref<void(OpBuilder &)> body) {
  if (!cond)
    return body(b);
  auto ifOp = b.create<scf::IfOp>(loc, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  body(b);
}

Value andOf(OpBuilder &b, Location loc, Value a, Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return b.create<arith::AndIOp>(loc, a, c);
}

struct LoadLowering : GpuPattern<tile::LoadOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tile::PointerType ptrType = getPointerType(op.getPtr().getType());
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type element = getElementTypeOrSelf(resultType);
    Type memory = getMemoryType(rewriter, ptrType.getPointeeType());
    int64_t bytes = getPointeeBytes(ptrType);
    bool isVolatile = op.getIsVolatile();

    if (!isa<RankedTensorType>(op.getType())) {
      Value ptr = adaptor.getPtr();
      auto values = guarded(
          rewriter, loc, adaptor.getMask(), element,
          [&](OpBuilder &b) -> SmallVector<Value> {
            Value v = b.create<LLVM::LoadOp>(loc, memory, ptr, bytes, isVolatile);
            return {fromMemory(b, loc, v, element)};
          },
          [&](OpBuilder &b) -> SmallVector<Value> {
            if (adaptor.getOther())
              return {adaptor.getOther()};
            return {b.create<arith::ConstantOp>(loc, b.getZeroAttr(element))};
          });
      rewriter.replaceOp(op, values);
      return success();
    }

    unsigned width = element.isInteger(1) ? 1 : getVectorWidth(op);
    SmallVector<Value> ptrs = unpackVector(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackVector(rewriter, loc, adaptor.getMask());
    if (adaptor.getOther())
      others = unpackVector(rewriter, loc, adaptor.getOther());
    Type accessType = width == 1 ? memory : VectorType::get({width}, memory);
    SmallVector<Value> out;
    for (size_t reg = 0; reg < ptrs.size(); reg += width) {
      Value ptr = toPointer(rewriter, loc, ptrs[reg], ptrType);
      Value cond = masks.empty() ? Value() : masks[reg];
      auto loaded = guarded(
          rewriter, loc, cond, accessType,
          [&](OpBuilder &b) -> SmallVector<Value> {
            return {b.create<LLVM::LoadOp>(loc, accessType, ptr, width * bytes,
                                           isVolatile)};
          },
          [&](OpBuilder &b) -> SmallVector<Value> {
            SmallVector<Value> fill;
            for (unsigned i = 0; i < width; ++i)
              fill.push_back(others.empty()
                                 ? b.create<arith::ConstantOp>(loc, b.getZeroAttr(memory))
                                       .getResult()
                                 : toMemory(b, loc, others[reg + i], memory));
            if (width == 1)
              return {fill[0]};
            return {packVector(b, loc, accessType, fill)};
          });
      if (width == 1)
        out.push_back(fromMemory(rewriter, loc, loaded[0], element));
      else
        for (Value v : unpackVector(rewriter, loc, loaded[0]))
          out.push_back(v);
    }
    rewriter.replaceOp(op, packVector(rewriter, loc, resultType, out));
    return success();
  }
};

struct StoreLowering : GpuPattern<tile::StoreOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    tile::PointerType ptrType = getPointerType(op.getPtr().getType());
    Type memory = getMemoryType(rewriter, ptrType.getPointeeType());
    int64_t bytes = getPointeeBytes(ptrType);

    if (!isa<RankedTensorType>(op.getPtr().getType())) {
      // Every thread holds the scalar; one of them writes it.
      Value first = rewriter.create<arith::CmpIOp>(
          loc, arith::CmpIPredicate::eq, lowering.hooks.getThreadId(rewriter, loc),
          i32Const(rewriter, loc, 0));
      Value cond = andOf(rewriter, loc, first, adaptor.getMask());
      guardedEffect(rewriter, loc, cond, [&](OpBuilder &b) {
        b.create<LLVM::StoreOp>(loc, toMemory(b, loc, adaptor.getValue(), memory),
                                adaptor.getPtr(), bytes);
      });
      rewriter.eraseOp(op);
      return success();
    }

    auto ptrTensor = cast<RankedTensorType>(op.getPtr().getType());
    BlockedLayout layout = lowering.getLayout(ptrTensor);
    ThreadIndex index = getThreadIndex(rewriter, loc, lowering);
    Value owner = getOwnership(rewriter, loc, layout, index);
    Type element = cast<VectorType>(adaptor.getValue().getType()).getElementType();
    unsigned width = element.isInteger(1) ? 1 : getVectorWidth(op);
    SmallVector<Value> ptrs = unpackVector(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> values = unpackVector(rewriter, loc, adaptor.getValue());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackVector(rewriter, loc, adaptor.getMask());
    for (size_t reg = 0; reg < ptrs.size(); reg += width) {
      Value ptr = toPointer(rewriter, loc, ptrs[reg], ptrType);
      Value cond = andOf(rewriter, loc, owner, masks.empty() ? Value() : masks[reg]);
      guardedEffect(rewriter, loc, cond, [&](OpBuilder &b) {
        SmallVector<Value> chunk;
        for (unsigned i = 0; i < width; ++i)
          chunk.push_back(toMemory(b, loc, values[reg + i], memory));
        Value v = width == 1 ? chunk[0]
                             : packVector(b, loc, VectorType::get({width}, memory), chunk);
        b.create<LLVM::StoreOp>(loc, v, ptr, width * bytes);
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateMemoryPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                            RewritePatternSet &patterns) {
  patterns.add<AddPtrLowering, LoadLowering, StoreLowering>(converter, lowering);
}

} // namespace tessel::gpu
