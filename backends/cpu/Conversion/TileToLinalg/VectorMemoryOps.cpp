//===- VectorMemoryOps.cpp - Contiguous tile loads and stores as vectors --===//
//
// A load or store through a pointer tile that is contiguous along its last
// dimension (Contiguity.h) becomes a loop nest over runs of lanes along each
// row, each run one vector access from the run's first address:
// `llvm.intr.masked.load` / `llvm.intr.masked.store` under a mask, a plain
// vector load or store without one. A masked-off lane is not accessed
// (masked loads and stores do not touch disabled lanes, so the guard-page
// tests hold). A store whose run of mask lanes is all true at run time uses
// a plain vector store, which is faster than a masked one on every x86 core.
// The addresses and masks of the runs are rebuilt from the tile IR that
// computed them (TileEvaluator.h), so their whole tiles are never built.
// Other accesses keep the element-by-element lowering (MemoryOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Conversion/TileToLinalg/ElementAccess.h"
#include "backends/cpu/Conversion/TileToLinalg/Patterns.h"
#include "backends/cpu/Conversion/TileToLinalg/TileEvaluator.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tessel::cpu {
namespace {

/// Lanes per access: 512 bits (two AVX2 registers, so that consecutive
/// accesses overlap), at most the largest power of two dividing the row.
int64_t chooseLanes(int64_t rowLength, Type element) {
  int64_t lanes = std::max<int64_t>(1, 512 / element.getIntOrFloatBitWidth());
  return std::min(lanes, rowLength & -rowLength);
}

/// The converted element type of the access `op` of (converted) type `type`
/// when it can be vector accesses, else null: rows of at least two elements
/// through a contiguous pointer tile, of a type LLVM loads as a vector of
/// whole bytes (not i1, whose vectors are packed bits, nor the 8-bit floats
/// LLVM has no type for).
Type getVectorElementType(Operation *op, Type type,
                          const llvm::DenseSet<Operation *> &contiguous) {
  if (!contiguous.contains(op))
    return Type();
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || tensorType.getRank() == 0 ||
      tensorType.getShape().back() < 2)
    return Type();
  Type element = tensorType.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0 ||
      !LLVM::isCompatibleType(element))
    return Type();
  return element;
}

/// Bounds and steps of the loops over the runs of a tile of `shape`.
void getRunLoopBounds(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                      int64_t lanes, SmallVectorImpl<Value> &lbs,
                      SmallVectorImpl<Value> &ubs, SmallVectorImpl<Value> &steps) {
  Value zero = builder.create<arith::ConstantIndexOp>(loc, 0);
  Value one = builder.create<arith::ConstantIndexOp>(loc, 1);
  for (int64_t size : shape) {
    lbs.push_back(zero);
    ubs.push_back(builder.create<arith::ConstantIndexOp>(loc, size));
    steps.push_back(one);
  }
  steps.back() = builder.create<arith::ConstantIndexOp>(loc, lanes);
}

unsigned getAlignment(Type element) {
  return element.getIntOrFloatBitWidth() / 8;
}

struct ContiguousLoadLowering : OpConversionPattern<tile::LoadOp> {
  ContiguousLoadLowering(const TypeConverter &converter, MLIRContext *context,
                         const llvm::DenseSet<Operation *> &contiguous)
      : OpConversionPattern(converter, context, /*benefit=*/2),
        contiguous(contiguous) {}
  const llvm::DenseSet<Operation *> &contiguous;
  LogicalResult
  matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getIsVolatile())
      return rewriter.notifyMatchFailure(op, "volatile loads stay per element");
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a tile load");
    Type element = getVectorElementType(op, type, contiguous);
    if (!element)
      return rewriter.notifyMatchFailure(op, "not contiguous");
    Location loc = op.getLoc();
    int64_t lanes = chooseLanes(type.getShape().back(), element);
    auto vectorType = VectorType::get({lanes}, element);
    TileEvaluator evaluator(rewriter, *getTypeConverter());
    SmallVector<Value> lbs, ubs, steps;
    getRunLoopBounds(rewriter, loc, type.getShape(), lanes, lbs, ubs, steps);
    Value init = rewriter.create<tensor::EmptyOp>(loc, type.getShape(), element);
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, ValueRange{init},
        [&](OpBuilder &, Location l, ValueRange ivs,
            ValueRange iters) -> scf::ValueVector {
          Value pointer =
              createPointer(rewriter, l, evaluator.scalarAt(op.getPtr(), ivs));
          Value loaded;
          if (op.getMask()) {
            Value mask = evaluator.vectorAt(op.getMask(), ivs, lanes);
            Value other =
                op.getOther()
                    ? evaluator.vectorAt(op.getOther(), ivs, lanes)
                    : rewriter.create<arith::ConstantOp>(
                          l, DenseElementsAttr::get(
                                 vectorType, rewriter.getZeroAttr(element)));
            loaded = rewriter.create<LLVM::MaskedLoadOp>(
                l, vectorType, pointer, mask, ValueRange{other},
                getAlignment(element));
          } else {
            loaded = rewriter.create<LLVM::LoadOp>(l, vectorType, pointer,
                                                   getAlignment(element));
          }
          Value written = rewriter.create<vector::TransferWriteOp>(
              l, loaded, iters[0], ivs, ArrayRef<bool>{true})
                              .getResult();
          return {written};
        });
    rewriter.replaceOp(op, nest.results.front());
    return success();
  }
};

struct ContiguousStoreLowering : OpConversionPattern<tile::StoreOp> {
  ContiguousStoreLowering(const TypeConverter &converter, MLIRContext *context,
                          const llvm::DenseSet<Operation *> &contiguous)
      : OpConversionPattern(converter, context, /*benefit=*/2),
        contiguous(contiguous) {}
  const llvm::DenseSet<Operation *> &contiguous;
  LogicalResult
  matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value value = adaptor.getValue();
    Type element = getVectorElementType(op, value.getType(), contiguous);
    if (!element)
      return rewriter.notifyMatchFailure(op, "not a contiguous tile store");
    auto type = cast<RankedTensorType>(value.getType());
    Location loc = op.getLoc();
    int64_t lanes = chooseLanes(type.getShape().back(), element);
    TileEvaluator evaluator(rewriter, *getTypeConverter());
    SmallVector<Value> lbs, ubs, steps;
    getRunLoopBounds(rewriter, loc, type.getShape(), lanes, lbs, ubs, steps);
    unsigned alignment = getAlignment(element);
    bool streaming = op.getEvict() == tile::EvictionPolicy::EvictFirst ||
                     op.getCache() == tile::CacheModifier::CS;
    unsigned vectorBytes =
        static_cast<unsigned>(lanes * element.getIntOrFloatBitWidth() / 8);
    scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, ValueRange{},
        [&](OpBuilder &, Location l, ValueRange ivs,
            ValueRange) -> scf::ValueVector {
          Value pointer =
              createPointer(rewriter, l, evaluator.scalarAt(op.getPtr(), ivs));
          Value stored = evaluator.vectorAt(op.getValue(), ivs, lanes);
          // A full run of a streaming store (evict_first or .cs) bypasses
          // the caches with a non-temporal store when its address is
          // vector-aligned (checked at run time: such stores fault on
          // misaligned addresses); otherwise a plain store.
          auto storeFull = [&](OpBuilder &b, Location ll) {
            if (!streaming) {
              b.create<LLVM::StoreOp>(ll, stored, pointer, alignment);
              return;
            }
            Value address = b.create<LLVM::PtrToIntOp>(ll, b.getI64Type(), pointer);
            Value low = b.create<arith::AndIOp>(
                ll, address,
                b.create<arith::ConstantIntOp>(ll, vectorBytes - 1, 64));
            Value aligned = b.create<arith::CmpIOp>(
                ll, arith::CmpIPredicate::eq, low,
                b.create<arith::ConstantIntOp>(ll, 0, 64));
            b.create<scf::IfOp>(
                ll, aligned,
                [&](OpBuilder &bb, Location lll) {
                  bb.create<LLVM::StoreOp>(lll, stored, pointer, vectorBytes,
                                           /*isVolatile=*/false,
                                           /*isNonTemporal=*/true);
                  bb.create<scf::YieldOp>(lll);
                },
                [&](OpBuilder &bb, Location lll) {
                  bb.create<LLVM::StoreOp>(lll, stored, pointer, alignment);
                  bb.create<scf::YieldOp>(lll);
                });
          };
          if (!op.getMask()) {
            storeFull(rewriter, l);
            return {};
          }
          Value mask = evaluator.vectorAt(op.getMask(), ivs, lanes);
          Value full = rewriter.create<vector::ReductionOp>(
              l, vector::CombiningKind::AND, mask);
          rewriter.create<scf::IfOp>(
              l, full,
              [&](OpBuilder &b, Location ll) {
                storeFull(b, ll);
                b.create<scf::YieldOp>(ll);
              },
              [&](OpBuilder &b, Location ll) {
                b.create<LLVM::MaskedStoreOp>(ll, stored, pointer, mask,
                                              alignment);
                b.create<scf::YieldOp>(ll);
              });
          return {};
        });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateTileVectorMemoryPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns,
    const llvm::DenseSet<Operation *> &contiguous) {
  // Benefit 2: tried before the element-by-element lowering of the same ops.
  patterns.add<ContiguousLoadLowering, ContiguousStoreLowering>(
      converter, patterns.getContext(), contiguous);
}

} // namespace tessel::cpu
