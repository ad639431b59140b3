//===- ElementwiseOps.cpp - Grid queries, construction, arith/math --------===//
//
// Ops that work on each thread's elements independently: nothing crosses
// threads, so each becomes the same computation on the thread's vector.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include "dialects/tile/Analysis/UniformMask.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

struct ProgramIdLowering : GpuPattern<tile::ProgramIdOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::ProgramIdOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, lowering.hooks.getBlockId(rewriter, op.getLoc(), unsigned(op.getAxis())));
    return success();
  }
};

struct NumProgramsLowering : GpuPattern<tile::NumProgramsOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::NumProgramsOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(
        op, lowering.hooks.getGridSize(rewriter, op.getLoc(), unsigned(op.getAxis())));
    return success();
  }
};

/// The threads of a program instance synchronize, so that what one stored
/// is what another loads afterwards.
struct BarrierLowering : GpuPattern<tile::BarrierOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::BarrierOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    lowering.createBarrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }
};

struct MakeRangeLowering : GpuPattern<tile::MakeRangeOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::MakeRangeOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    BlockedLayout layout = lowering.getLayout(op.getType());
    ThreadIndex index = getThreadIndex(rewriter, loc, lowering);
    Value start = i32Const(rewriter, loc, op.getStart());
    SmallVector<Value> values;
    for (auto &coords : getRegisterCoordinates(rewriter, loc, layout, index))
      values.push_back(arith::AddIOp::create(rewriter, loc, coords[0], start));
    rewriter.replaceOp(op, packVector(rewriter, loc,
                                      getTypeConverter()->convertType(op.getType()),
                                      values));
    return success();
  }
};

struct SplatLowering : GpuPattern<tile::SplatOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::SplatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Value src = adaptor.getSrc();
    if (isa<LLVM::LLVMPointerType>(src.getType()))
      src = LLVM::PtrToIntOp::create(rewriter, op.getLoc(), rewriter.getI64Type(), src);
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(
        op, getTypeConverter()->convertType(op.getType()), src);
    return success();
  }
};

/// A uniform tile constant becomes a uniform vector constant.
struct ConstantLowering : GpuPattern<arith::ConstantOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(arith::ConstantOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto dense = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!dense || !isa<RankedTensorType>(op.getType()))
      return failure();
    if (!dense.isSplat())
      return rewriter.notifyMatchFailure(op, "non-uniform tile constant");
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, DenseElementsAttr::get(type, dense.getSplatValue<Attribute>()));
    return success();
  }
};

/// Any other arith or math op on tiles: the same op on the thread's vector.
/// Where the result is constant over runs of elements (kConstancyAttrName),
/// the elements of a run a thread holds are copies of the run's first one,
/// so the code computing the others is left dead.
struct ElementwiseLowering : ConversionPattern {
  ElementwiseLowering(TypeConverter &converter, GpuLowering &lowering)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          lowering.context),
        lowering(lowering) {}
  GpuLowering &lowering;

  /// `value` (the lowered result of `op`) with each register of a constant
  /// run a copy of the run's first one, where `op` says its result is
  /// constant over runs (kConstancyAttrName) and a thread holds several
  /// registers of one run.
  Value shareConstantRuns(OpBuilder &b, Operation *op, Value value) const {
    auto constancy = op->getAttrOfType<DenseI64ArrayAttr>(kConstancyAttrName);
    auto tensor = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    auto vector = dyn_cast<VectorType>(value.getType());
    if (!constancy || !tensor || !vector)
      return value;
    SmallVector<int64_t> representatives =
        lowering.getLayout(tensor).getConstantRunRepresentatives(
            constancy.asArrayRef());
    if (int64_t(representatives.size()) != vector.getNumElements() ||
        llvm::all_of(llvm::enumerate(representatives), [](auto entry) {
          return entry.value() == int64_t(entry.index());
        }))
      return value;
    return vector::ShuffleOp::create(b, op->getLoc(), value, value, representatives);
  }

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp>(op) || op->getNumRegions() != 0)
      return failure();
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), types)))
      return failure();
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute attr : op->getAttrs())
      if (!isa_and_nonnull<tilegpu::TileGpuDialect>(attr.getNameDialect()))
        attrs.push_back(attr);
    OperationState state(op->getLoc(), op->getName(), operands, types, attrs);
    SmallVector<Value> results = rewriter.create(state)->getResults();
    if (results.size() == 1)
      results[0] = shareConstantRuns(rewriter, op, results[0]);
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Float min/max on tiles become LLVM's intrinsics, for which targets have
/// instructions (PTX `max.f32`, `max.NaN.f32`); arith's ops would be expanded
/// into compares and selects (arith-expand) before LLVM sees them. bf16 stays
/// with arith, whose ops on it are emulated in f32.
template <typename ArithOp, typename IntrinsicOp>
struct MinMaxLowering : OpConversionPattern<ArithOp> {
  // Ahead of ElementwiseLowering, which would keep the arith op.
  MinMaxLowering(GpuTypeConverter &converter, GpuLowering &lowering)
      : OpConversionPattern<ArithOp>(converter, lowering.context, /*benefit=*/2) {}
  LogicalResult matchAndRewrite(ArithOp op, typename ArithOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    if (!isa<RankedTensorType>(op.getType()) ||
        !(element.isF16() || element.isF32() || element.isF64()))
      return failure();
    rewriter.replaceOpWithNewOp<IntrinsicOp>(op, adaptor.getLhs(), adaptor.getRhs());
    return success();
  }
};

/// A select whose mask is true everywhere under a scalar condition
/// (tile/Analysis/UniformMask.h: the causal mask of an attention kernel
/// off the diagonal, a bounds mask away from the edge) branches on that
/// condition, the same for every thread: where it holds, the true side as
/// it is; elsewhere the select. The mask's own computation is then used on
/// the second path only, where LLVM sinks it. A select of the true side
/// wherever the mask is true is that side, so the result is the select's.
struct UniformSelectLowering : OpConversionPattern<arith::SelectOp> {
  // Ahead of ElementwiseLowering, which would select element by element.
  UniformSelectLowering(GpuTypeConverter &converter, GpuLowering &lowering)
      : OpConversionPattern<arith::SelectOp>(converter, lowering.context,
                                             /*benefit=*/2) {}
  LogicalResult matchAndRewrite(arith::SelectOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isa<RankedTensorType>(op.getCondition().getType()) ||
        op->hasAttr(kConstancyAttrName) || op->hasAttr(kElementwiseSelectAttrName))
      return failure();
    std::optional<tile::UniformMaskCondition> condition =
        tile::analyzeUniformMask(op.getCondition());
    if (!condition)
      return failure();
    // Every scalar the condition reads, as the conversion has it.
    DenseMap<Value, Value> converted;
    for (Value scalar : condition->getScalars()) {
      Value value = rewriter.getRemappedValue(scalar);
      if (!value || value.getType() != scalar.getType())
        return failure();
      converted[scalar] = value;
    }
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    Value uniform =
        tile::buildUniformMaskCondition(rewriter, loc, *condition, [&](Value scalar) {
          return converted.lookup(scalar);
        });
    auto branch = scf::IfOp::create(rewriter, loc, TypeRange{type}, uniform,
                                    /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(rewriter, loc, adaptor.getTrueValue());
    rewriter.setInsertionPointToStart(branch.elseBlock());
    Value selected =
        arith::SelectOp::create(rewriter, loc, adaptor.getCondition(),
                                adaptor.getTrueValue(), adaptor.getFalseValue());
    scf::YieldOp::create(rewriter, loc, selected);
    rewriter.replaceOp(op, branch.getResults());
    return success();
  }
};

struct FpToFpLowering : GpuPattern<tile::FpToFpOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::FpToFpOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    Type from = getElementTypeOrSelf(op.getSrc().getType());
    Type to = getElementTypeOrSelf(op.getType());
    Value src = adaptor.getSrc();
    if (from == to)
      rewriter.replaceOp(op, src);
    else if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, type, src);
    else if (from.getIntOrFloatBitWidth() > to.getIntOrFloatBitWidth())
      rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, src);
    else // f16 <-> bf16: through f32, where both conversions are exact or rtne.
      rewriter.replaceOpWithNewOp<arith::TruncFOp>(
          op, type,
          arith::ExtFOp::create(
              rewriter, op.getLoc(),
              isa<VectorType>(type)
                  ? Type(VectorType::get(cast<VectorType>(type).getShape(),
                                         rewriter.getF32Type()))
                  : Type(rewriter.getF32Type()),
              src));
    return success();
  }
};

} // namespace

void populateElementwisePatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                                 RewritePatternSet &patterns) {
  patterns.add<ProgramIdLowering, NumProgramsLowering, BarrierLowering,
               MakeRangeLowering, SplatLowering, ConstantLowering, FpToFpLowering,
               MinMaxLowering<arith::MaxNumFOp, LLVM::MaxNumOp>,
               MinMaxLowering<arith::MinNumFOp, LLVM::MinNumOp>,
               MinMaxLowering<arith::MaximumFOp, LLVM::MaximumOp>,
               MinMaxLowering<arith::MinimumFOp, LLVM::MinimumOp>>(converter, lowering);
  patterns.add<UniformSelectLowering>(converter, lowering);
  patterns.add<ElementwiseLowering>(converter, lowering);
}

} // namespace tessel::gpu
