//===- VectorMemoryOps.cpp - Contiguous tile loads and stores as vectors --===//
//
// A load or store through a pointer tile that is contiguous along its last
// dimension (Contiguity.h) becomes a loop nest over runs of lanes along each
// row, each run one vector access from the run's first address:
// `llvm.intr.masked.load` / `llvm.intr.masked.store` under a mask, a plain
// vector load or store without one. A masked-off lane is not accessed
// (masked loads and stores do not touch disabled lanes, so the guard-page
// tests hold). A load or store whose run of mask lanes is all true at run
// time uses a plain vector access, which is faster than a masked one on
// every x86 core. The addresses and masks of the runs are rebuilt from the
// tile IR that computed them (TileEvaluator.h), so their whole tiles are
// never built; so are the loads that only feed a store (fusible loads,
// TileToLinalg.cpp), read run by run inside the store's loop. Other
// accesses keep the element-by-element lowering (MemoryOps.cpp).
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
                          const VectorAccessFacts &facts) {
  if (!facts.contiguous.contains(op))
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
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  for (int64_t size : shape) {
    lbs.push_back(zero);
    ubs.push_back(arith::ConstantIndexOp::create(builder, loc, size));
    steps.push_back(one);
  }
  steps.back() = arith::ConstantIndexOp::create(builder, loc, lanes);
}

unsigned getAlignment(Type element) {
  return element.getIntOrFloatBitWidth() / 8;
}

using RunBuilderFn =
    function_ref<scf::ValueVector(ValueRange ivs, ValueRange iters)>;

/// Builds the loops over the runs of `lanes` elements of a tile of `shape`,
/// carrying `inits`; `buildRun` builds one run at indices `ivs` and returns
/// the new values of the carried ones. With `rowMasks` (masks accepted by
/// isRowMonotoneMask), each row first evaluates them at its two ends: a row
/// where all are true runs with them known true (`evaluator`'s and the
/// caller's `isKnownTrue`), as plain vector accesses with no test per run;
/// the other rows, the last ones of a ragged tile, keep the tests. Returns
/// the final values of the carried ones.
SmallVector<Value> buildRunLoops(ConversionPatternRewriter &rewriter,
                                 Location loc, ArrayRef<int64_t> shape,
                                 int64_t lanes, ValueRange inits,
                                 TileEvaluator &evaluator,
                                 ArrayRef<Value> rowMasks,
                                 RunBuilderFn buildRun) {
  SmallVector<Value> lbs, ubs, steps;
  getRunLoopBounds(rewriter, loc, shape, lanes, lbs, ubs, steps);
  if (rowMasks.empty())
    return scf::buildLoopNest(rewriter, loc, lbs, ubs, steps, inits,
                              [&](OpBuilder &, Location, ValueRange ivs,
                                  ValueRange iters) {
                                return buildRun(ivs, iters);
                              })
        .results;
  Value last = arith::ConstantIndexOp::create(rewriter, loc, shape.back() - 1);
  auto buildRow = [&](OpBuilder &, Location l, ValueRange rowIvs,
                      ValueRange iters) -> scf::ValueVector {
    SmallVector<Value> firstIvs(rowIvs), lastIvs(rowIvs);
    firstIvs.push_back(lbs.back());
    lastIvs.push_back(last);
    Value full;
    for (Value mask : rowMasks) {
      Value ends =
          arith::AndIOp::create(rewriter, l, evaluator.scalarAt(mask, firstIvs),
                                evaluator.scalarAt(mask, lastIvs));
      full = full ? arith::AndIOp::create(rewriter, l, full, ends) : ends;
    }
    auto buildRuns = [&](OpBuilder &, Location ll, bool known) {
      evaluator.setMasksKnownTrue(known ? rowMasks : ArrayRef<Value>());
      scf::LoopNest runs = scf::buildLoopNest(
          rewriter, ll, lbs.back(), ubs.back(), steps.back(), iters,
          [&](OpBuilder &, Location, ValueRange runIvs, ValueRange runIters) {
            SmallVector<Value> ivs(rowIvs);
            ivs.push_back(runIvs.front());
            return buildRun(ivs, runIters);
          });
      evaluator.setMasksKnownTrue({});
      scf::YieldOp::create(rewriter, ll, runs.results);
    };
    auto ifOp = scf::IfOp::create(
        rewriter, l, full,
        [&](OpBuilder &b, Location ll) { buildRuns(b, ll, /*known=*/true); },
        [&](OpBuilder &b, Location ll) { buildRuns(b, ll, /*known=*/false); });
    return scf::ValueVector(ifOp.getResults().begin(), ifOp.getResults().end());
  };
  return scf::buildLoopNest(rewriter, loc, ArrayRef(lbs).drop_back(),
                            ArrayRef(ubs).drop_back(),
                            ArrayRef(steps).drop_back(), inits, buildRow)
      .results;
}

struct ContiguousLoadLowering : OpConversionPattern<tile::LoadOp> {
  ContiguousLoadLowering(const TypeConverter &converter, MLIRContext *context,
                         const VectorAccessFacts &facts)
      : OpConversionPattern(converter, context, /*benefit=*/2), facts(facts) {}
  const VectorAccessFacts &facts;
  LogicalResult
  matchAndRewrite(tile::LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getIsVolatile())
      return rewriter.notifyMatchFailure(op, "volatile loads stay per element");
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a tile load");
    Type element = getVectorElementType(op, type, facts);
    if (!element)
      return rewriter.notifyMatchFailure(op, "not contiguous");
    Location loc = op.getLoc();
    int64_t lanes = chooseLanes(type.getShape().back(), element);
    auto vectorType = VectorType::get({lanes}, element);
    TileEvaluator evaluator(rewriter, *getTypeConverter());
    Value init = tensor::EmptyOp::create(rewriter, loc, type.getShape(), element);
    SmallVector<Value> results = buildRunLoops(
        rewriter, loc, type.getShape(), lanes, ValueRange{init}, evaluator,
        facts.rowMasks.lookup(op),
        [&](ValueRange ivs, ValueRange iters) -> scf::ValueVector {
          Value pointer = createPointer(rewriter, loc,
                                        evaluator.scalarAt(op.getPtr(), ivs));
          Value mask, other;
          if (op.getMask() && !evaluator.isKnownTrue(op.getMask())) {
            mask = evaluator.vectorAt(op.getMask(), ivs, lanes);
            if (op.getOther())
              other = evaluator.vectorAt(op.getOther(), ivs, lanes);
          }
          Value loaded =
              createRunLoad(rewriter, loc, pointer, vectorType, mask, other);
          Value written =
              vector::TransferWriteOp::create(rewriter, loc, loaded, iters[0], ivs,
                                              ArrayRef<bool>{true})
                  .getResult();
          return {written};
        });
    rewriter.replaceOp(op, results.front());
    return success();
  }
};

struct ContiguousStoreLowering : OpConversionPattern<tile::StoreOp> {
  ContiguousStoreLowering(const TypeConverter &converter, MLIRContext *context,
                          const VectorAccessFacts &facts)
      : OpConversionPattern(converter, context, /*benefit=*/2), facts(facts) {}
  const VectorAccessFacts &facts;
  LogicalResult
  matchAndRewrite(tile::StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value value = adaptor.getValue();
    Type element = getVectorElementType(op, value.getType(), facts);
    if (!element)
      return rewriter.notifyMatchFailure(op, "not a contiguous tile store");
    auto type = cast<RankedTensorType>(value.getType());
    Location loc = op.getLoc();
    int64_t lanes = chooseLanes(type.getShape().back(), element);
    TileEvaluator evaluator(rewriter, *getTypeConverter());
    // The loads that only feed this store are read run by run here; their
    // tile versions then have no use left and are erased as dead code.
    evaluator.setFusibleLoads(&facts.fusibleLoads);
    unsigned alignment = getAlignment(element);
    bool streaming = op.getEvict() == tile::EvictionPolicy::EvictFirst ||
                     op.getCache() == tile::CacheModifier::CS;
    unsigned vectorBytes =
        static_cast<unsigned>(lanes * element.getIntOrFloatBitWidth() / 8);
    buildRunLoops(
        rewriter, loc, type.getShape(), lanes, ValueRange{}, evaluator,
        facts.rowMasks.lookup(op),
        [&](ValueRange ivs, ValueRange) -> scf::ValueVector {
          Value pointer = createPointer(
              rewriter, loc, evaluator.scalarAt(op.getPtr(), ivs));
          Value stored = evaluator.vectorAt(op.getValue(), ivs, lanes);
          // A full run of a streaming store (evict_first or .cs) bypasses
          // the caches with a non-temporal store when its address is
          // vector-aligned (checked at run time: such stores fault on
          // misaligned addresses); otherwise a plain store.
          auto storeFull = [&](OpBuilder &b, Location ll) {
            if (!streaming) {
              LLVM::StoreOp::create(b, ll, stored, pointer, alignment);
              return;
            }
            Value address = LLVM::PtrToIntOp::create(b, ll, b.getI64Type(), pointer);
            Value low = arith::AndIOp::create(
                b, ll, address,
                arith::ConstantIntOp::create(b, ll, vectorBytes - 1, 64));
            Value aligned =
                arith::CmpIOp::create(b, ll, arith::CmpIPredicate::eq, low,
                                      arith::ConstantIntOp::create(b, ll, 0, 64));
            scf::IfOp::create(
                b, ll, aligned,
                [&](OpBuilder &bb, Location lll) {
                  LLVM::StoreOp::create(bb, lll, stored, pointer, vectorBytes,
                                        /*isVolatile=*/false,
                                        /*isNonTemporal=*/true);
                  scf::YieldOp::create(bb, lll);
                },
                [&](OpBuilder &bb, Location lll) {
                  LLVM::StoreOp::create(bb, lll, stored, pointer, alignment);
                  scf::YieldOp::create(bb, lll);
                });
          };
          if (!op.getMask() || evaluator.isKnownTrue(op.getMask())) {
            storeFull(rewriter, loc);
            return {};
          }
          Value mask = evaluator.vectorAt(op.getMask(), ivs, lanes);
          Value full = vector::ReductionOp::create(rewriter, loc,
                                                   vector::CombiningKind::AND, mask);
          scf::IfOp::create(
              rewriter, loc, full,
              [&](OpBuilder &b, Location ll) {
                storeFull(b, ll);
                scf::YieldOp::create(b, ll);
              },
              [&](OpBuilder &b, Location ll) {
                LLVM::MaskedStoreOp::create(b, ll, stored, pointer, mask, alignment);
                scf::YieldOp::create(b, ll);
              });
          return {};
        });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateTileVectorMemoryPatterns(const TypeConverter &converter,
                                      RewritePatternSet &patterns,
                                      const VectorAccessFacts &facts) {
  // Benefit 2: tried before the element-by-element lowering of the same ops.
  patterns.add<ContiguousLoadLowering, ContiguousStoreLowering>(
      converter, patterns.getContext(), facts);
}

} // namespace tessel::cpu
