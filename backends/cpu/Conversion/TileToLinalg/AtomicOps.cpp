//===- AtomicOps.cpp - Tile atomics to llvm.atomicrmw / llvm.cmpxchg ------===//
//
// Each element of a tile atomic is one LLVM atomic instruction (under an
// scf.if where masked), inside a tensor.generate that collects the old
// values. The memory scope has no meaning on a CPU: every atomic is
// system-wide.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Conversion/TileToLinalg/ElementAccess.h"
#include "backends/cpu/Conversion/TileToLinalg/Patterns.h"

#include "dialects/tile/IR/TileOps.h"
#include "dialects/tile/Utils/LoweringUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

Value extractAt(OpBuilder &builder, Location loc, Value value,
                ValueRange indices) {
  if (!value || !isa<RankedTensorType>(value.getType()))
    return value;
  return tensor::ExtractOp::create(builder, loc, value, indices);
}




/// Replaces `op` by `perElement` applied to every index of `resultType`
/// (or once, for a scalar result).
void replaceElementwise(
    ConversionPatternRewriter &rewriter, Operation *op, Type resultType,
    function_ref<Value(OpBuilder &, Location, ValueRange)> perElement) {
  auto tensorType = dyn_cast<RankedTensorType>(resultType);
  if (!tensorType) {
    rewriter.replaceOp(op, perElement(rewriter, op->getLoc(), {}));
    return;
  }
  auto generate = tensor::GenerateOp::create(
      rewriter, op->getLoc(), tensorType, ValueRange{},
      [&](OpBuilder &b, Location l, ValueRange indices) {
        tensor::YieldOp::create(b, l, perElement(b, l, indices));
      });
  rewriter.replaceOp(op, generate.getResult());
}

struct AtomicRMWLowering : OpConversionPattern<tile::AtomicRMWOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::AtomicRMWOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elementType = getElementTypeOrSelf(resultType);
    std::optional<LLVM::AtomicBinOp> binOp = tile::getAtomicBinOp(op.getKind(), elementType);
    if (!binOp || getStorageType(elementType) != elementType)
      return rewriter.notifyMatchFailure(op, "no LLVM atomic for this kind and type");
    LLVM::AtomicOrdering ordering = tile::getAtomicOrdering(op.getSem());
    Value ptr = adaptor.getPtr(), val = adaptor.getVal(), mask = adaptor.getMask();
    replaceElementwise(
        rewriter, op, resultType, [&](OpBuilder &b, Location l, ValueRange idx) {
          Value address = extractAt(b, l, ptr, idx);
          Value operand = extractAt(b, l, val, idx);
          return createGuarded(b, l, extractAt(b, l, mask, idx), elementType, Value(),
                               [&](OpBuilder &b2, Location l2) -> Value {
                                 return LLVM::AtomicRMWOp::create(
                                     b2, l2, *binOp, createPointer(b2, l2, address),
                                     operand, ordering);
                               });
        });
    return success();
  }
};

struct AtomicCASLowering : OpConversionPattern<tile::AtomicCASOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tile::AtomicCASOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    Type elementType = getElementTypeOrSelf(resultType);
    if (getStorageType(elementType) != elementType)
      return rewriter.notifyMatchFailure(op, "no LLVM storage type");
    // cmpxchg compares integers: floats are compared by their bits.
    Type intType = rewriter.getIntegerType(elementType.getIntOrFloatBitWidth());
    LLVM::AtomicOrdering ordering = tile::getAtomicOrdering(op.getSem());
    Value ptr = adaptor.getPtr(), cmp = adaptor.getCmp(), val = adaptor.getVal();
    replaceElementwise(
        rewriter, op, resultType, [&](OpBuilder &b, Location l, ValueRange idx) {
          Value address = extractAt(b, l, ptr, idx);
          Value expected = extractAt(b, l, cmp, idx);
          Value desired = extractAt(b, l, val, idx);
          if (intType != elementType) {
            expected = arith::BitcastOp::create(b, l, intType, expected);
            desired = arith::BitcastOp::create(b, l, intType, desired);
          }
          auto cas = LLVM::AtomicCmpXchgOp::create(b, l, createPointer(b, l, address),
                                                   expected, desired, ordering,
                                                   tile::getCmpXchgFailureOrdering(ordering));
          Value old =
              LLVM::ExtractValueOp::create(b, l, cas.getResult(), ArrayRef<int64_t>{0});
          if (intType != elementType)
            old = arith::BitcastOp::create(b, l, elementType, old);
          return old;
        });
    return success();
  }
};

} // namespace

void populateTileAtomicToLLVMPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<AtomicRMWLowering, AtomicCASLowering>(converter,
                                                     patterns.getContext());
}

} // namespace tessel::cpu
