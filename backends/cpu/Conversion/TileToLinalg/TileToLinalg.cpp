//===- TileToLinalg.cpp - The convert-tile-to-linalg pass -----------------===//
//
// Checks first that the module only holds what this conversion handles (so
// that anything else is a diagnostic at the op, not a generic legalization
// failure), then converts every remaining tile op and every type mentioning
// a tile pointer in one partial conversion.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Conversion/Passes.h"
#include "backends/cpu/Conversion/TileToLinalg/Contiguity.h"
#include "backends/cpu/Conversion/TileToLinalg/ElementAccess.h"
#include "backends/cpu/Conversion/TileToLinalg/Patterns.h"
#include "backends/cpu/Conversion/TileToLinalg/TypeConversion.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tessel::cpu {
#define GEN_PASS_DEF_CONVERTTILETOLINALG
#include "backends/cpu/Conversion/Passes.h.inc"
} // namespace tessel::cpu

using namespace mlir;
using namespace tessel;
using namespace tessel::cpu;

namespace {

bool isSmallFloat(Type type) {
  auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  return floatType && floatType.getWidth() == 8;
}

/// The 8-bit formats whose conversions tile-expand-fp8-conversions
/// expands; arithmetic on them is computed in f32.
bool isComputableSmallFloat(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(type));
}

bool mentionsUncomputableSmallFloat(Operation *op) {
  auto uncomputable = [](Type t) {
    return isSmallFloat(t) && !isComputableSmallFloat(t);
  };
  return llvm::any_of(op->getOperandTypes(), uncomputable) ||
         llvm::any_of(op->getResultTypes(), uncomputable);
}

bool mentionsSmallFloat(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isSmallFloat) ||
         llvm::any_of(op->getResultTypes(), isSmallFloat);
}

bool isPointerTile(Type type) {
  return isa<tile::PointerType>(getElementTypeOrSelf(type));
}

/// Emits an error at every op this conversion cannot lower, naming what is
/// missing; returns failure if there was one.
LogicalResult checkSupported(ModuleOp module) {
  bool ok = true;
  auto unsupported = [&](Operation *op, const Twine &what) {
    op->emitError() << what << " is not supported by the CPU backend yet";
    ok = false;
  };
  module.walk([&](Operation *op) {
    if (isa<tile::ProgramIdOp, tile::NumProgramsOp>(op)) {
      auto func = op->getParentOfType<func::FuncOp>();
      if (func && func.isPublic())
        op->emitError() << op->getName()
                        << " must be lowered by "
                           "convert-tile-kernels-to-cpu-entries first";
      else
        op->emitError() << op->getName()
                        << " outside a kernel function (a public func.func) "
                           "is not supported by the CPU backend";
      ok = false;
    } else if (isa<tile::PrintOp, tile::AssertOp>(op)) {
      op->emitError() << op->getName()
                      << " must be lowered by convert-tile-debug-to-cpu-runtime "
                         "first";
      ok = false;
    } else if (isa<tile::InlineAsmOp>(op)) {
      op->emitError() << "tile.inline_asm (tl.inline_asm_elementwise) is not supported "
                         "by the CPU backend: its assembly text is for a GPU target";
      ok = false;
    } else if (isa<tile::MakeTensorDescOp, tile::DescLoadOp, tile::DescStoreOp>(op)) {
      op->emitError() << op->getName()
                      << " must be lowered by "
                         "tile-expand-tensor-descs first";
      ok = false;
    } else if (isa<tile::FpToFpOp>(op) && mentionsUncomputableSmallFloat(op)) {
      unsupported(op, "tile.fp_to_fp to or from an 8-bit float type other than "
                      "f8E4M3FN and f8E5M2");
    } else if (isa<tile::DotOp>(op) && mentionsUncomputableSmallFloat(op)) {
      unsupported(op, "tile.dot on 8-bit float types other than f8E4M3FN and "
                      "f8E5M2");
    } else if (isa<tile::AtomicRMWOp, tile::AtomicCASOp>(op) &&
               (mentionsSmallFloat(op) ||
                isPointerTile(op->getResult(0).getType()))) {
      unsupported(op, Twine(op->getName().getStringRef()) +
                          " on 8-bit floats or pointers");
    } else if (auto rmw = dyn_cast<tile::AtomicRMWOp>(op)) {
      bool isFloat = isa<FloatType>(getElementTypeOrSelf(rmw.getType()));
      tile::AtomicRMWKind kind = rmw.getKind();
      bool integerOnly = kind == tile::AtomicRMWKind::And ||
                         kind == tile::AtomicRMWKind::Or ||
                         kind == tile::AtomicRMWKind::Xor ||
                         kind == tile::AtomicRMWKind::UMax ||
                         kind == tile::AtomicRMWKind::UMin;
      if ((isFloat && integerOnly) ||
          (!isFloat && kind == tile::AtomicRMWKind::FAdd))
        unsupported(op, "tile.atomic_rmw " +
                            tile::stringifyAtomicRMWKind(kind) + " on " +
                            (isFloat ? "floats" : "integers"));
    } else if (isa<tile::ReduceOp, tile::ScanOp>(op) &&
               llvm::any_of(op->getOperandTypes(), isPointerTile)) {
      unsupported(op, Twine(op->getName().getStringRef()) + " over pointers");
    } else if (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
               !isa<arith::BitcastOp, arith::ConstantOp, arith::SelectOp>(op) &&
               mentionsUncomputableSmallFloat(op)) {
      unsupported(op, "arithmetic on 8-bit float types other than f8E4M3FN "
                      "and f8E5M2 (" +
                          Twine(op->getName().getStringRef()) + ")");
    }
  });
  return success(ok);
}

/// Whether `op` may write memory, or has effects that are not known.
bool mayWriteMemory(Operation *op) {
  std::optional<SmallVector<MemoryEffects::EffectInstance>> effects =
      getEffectsRecursively(op);
  return !effects ||
         llvm::any_of(*effects, [](const MemoryEffects::EffectInstance &it) {
           return !isa<MemoryEffects::Read>(it.getEffect());
         });
}

bool isRebuiltElementwise(Operation *op) {
  return isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) &&
         op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         op->getNumRegions() == 0;
}

/// Adds to `facts.fusibleLoads` the loads that the vector lowering of
/// `store` may read run by run inside the store's own loop
/// (TileEvaluator.h), instead of loading whole tiles into buffers first:
/// contiguous, non-volatile loads of whole-byte elements, of the store's
/// shape, in the store's block, whose single use reaches the store's value
/// or mask through elementwise ops of one use each (so the tile versions
/// die, and lane i of the store depends on lane i of the load only), with
/// no op between the load and the store that may write memory. Moving such
/// a load to the store changes no value it reads but those the store's own
/// earlier runs wrote: lanes that the store updates in place (x[i] =
/// f(x[i])) are read before they are written, run by run; a store whose
/// lanes overlap other lanes of the load races with it in the tile model,
/// as threads of one program do on a GPU, so either order is an allowed
/// outcome. Returns the masks of the loads added.
SmallVector<Value> findFusibleLoads(tile::StoreOp store,
                                    VectorAccessFacts &facts) {
  SmallVector<Value> masks;
  auto type = dyn_cast<RankedTensorType>(store.getValue().getType());
  if (!type || !facts.contiguous.contains(store))
    return masks;
  Operation *lastWriter = nullptr;
  for (Operation *op = store->getPrevNode(); op && !lastWriter;
       op = op->getPrevNode())
    if (mayWriteMemory(op))
      lastWriter = op;
  SmallVector<Value> worklist = {store.getValue()};
  if (store.getMask())
    worklist.push_back(store.getMask());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    Operation *def = value.getDefiningOp();
    if (!def || !value.hasOneUse())
      continue;
    if (auto load = dyn_cast<tile::LoadOp>(def)) {
      auto loadType = dyn_cast<RankedTensorType>(load.getType());
      if (!loadType || loadType.getShape() != type.getShape())
        continue;
      Type element = loadType.getElementType();
      bool vectorElements = element.isIntOrFloat() &&
                            element.getIntOrFloatBitWidth() % 8 == 0 &&
                            LLVM::isCompatibleType(element);
      if (vectorElements && facts.contiguous.contains(load) &&
          !load.getIsVolatile() && load->getBlock() == store->getBlock() &&
          (!lastWriter || lastWriter->isBeforeInBlock(load))) {
        facts.fusibleLoads.insert(load);
        if (load.getMask())
          masks.push_back(load.getMask());
      }
      continue;
    }
    if (!isRebuiltElementwise(def))
      continue;
    for (Value operand : def->getOperands())
      if (isa<RankedTensorType>(operand.getType()))
        worklist.push_back(operand);
  }
  return masks;
}

/// The masks among `masks` that can be checked once per row
/// (isRowMonotoneMask), each once.
SmallVector<Value> getRowMasks(const tile::AxisInfoAnalysis &axis, ArrayRef<Value> masks) {
  SmallVector<Value> rowMasks;
  for (Value mask : masks)
    if (mask && !llvm::is_contained(rowMasks, mask) && isRowMonotoneMask(axis, mask))
      rowMasks.push_back(mask);
  return rowMasks;
}

/// Contiguity, fusible loads and row masks are properties of the
/// unconverted IR (loops included), so they are decided before the
/// conversion rewrites any of it.
VectorAccessFacts analyzeVectorAccesses(ModuleOp module) {
  VectorAccessFacts facts;
  module.walk([&](func::FuncOp func) {
    tile::AxisInfoAnalysis axis(func);
    func.walk([&](Operation *op) {
      Value ptr;
      if (auto load = dyn_cast<tile::LoadOp>(op))
        ptr = load.getPtr();
      else if (auto store = dyn_cast<tile::StoreOp>(op))
        ptr = store.getPtr();
      if (ptr && isRowContiguous(axis, ptr))
        facts.contiguous.insert(op);
    });
    func.walk([&](tile::StoreOp store) {
      SmallVector<Value> masks = findFusibleLoads(store, facts);
      masks.push_back(store.getMask());
      if (facts.contiguous.contains(store))
        facts.rowMasks[store] = getRowMasks(axis, masks);
    });
    func.walk([&](tile::LoadOp load) {
      if (facts.contiguous.contains(load) && !facts.fusibleLoads.contains(load))
        facts.rowMasks[load] = getRowMasks(axis, {load.getMask()});
    });
  });
  return facts;
}

/// arith.select on pointers (Triton's `where` on pointer tiles) keeps its
/// form with converted types.
struct SelectTypeConversion : OpConversionPattern<arith::SelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(arith::SelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, adaptor.getCondition(),
                                                 adaptor.getTrueValue(),
                                                 adaptor.getFalseValue());
    return success();
  }
};

struct ConvertTileToLinalgPass
    : public tessel::cpu::impl::ConvertTileToLinalgBase<ConvertTileToLinalgPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkSupported(module)))
      return signalPassFailure();

    VectorAccessFacts facts = analyzeVectorAccesses(module);

    MLIRContext *context = &getContext();
    TilePointerTypeConverter converter;
    ConversionTarget target(*context);
    target.addIllegalDialect<tile::TileDialect>();
    target.addLegalDialect<arith::ArithDialect, math::MathDialect,
                           linalg::LinalgDialect, tensor::TensorDialect,
                           vector::VectorDialect, LLVM::LLVMDialect>();
    target.addLegalOp<UnrealizedConversionCastOp>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::CallOp, func::ReturnOp, arith::SelectOp>(
        [&](Operation *op) { return converter.isLegal(op); });

    RewritePatternSet patterns(context);
    populateTileShapeToLinalgPatterns(converter, patterns);
    populateTileMemoryToLinalgPatterns(converter, patterns);
    populateTileVectorMemoryPatterns(converter, patterns, facts);
    populateTileComputeToLinalgPatterns(converter, patterns);
    populateTileAtomicToLLVMPatterns(converter, patterns);
    patterns.add<SelectTypeConversion>(converter, context);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                         target);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
