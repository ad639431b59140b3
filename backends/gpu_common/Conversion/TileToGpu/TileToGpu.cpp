//===- TileToGpu.cpp - Driver of the tile-to-GPU lowering -----------------===//

#include "backends/gpu_common/Conversion/TileToGpu.h"

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"
#include "backends/gpu_common/WarpRoles.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/// Why `type` (a tile or scalar) cannot be lowered, or empty.
std::string checkType(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    for (int64_t extent : tensor.getShape())
      if (!isPowerOfTwo(extent))
        return "tile extents must be powers of two";
  if (auto ptr = dyn_cast<tile::PointerType>(element))
    element = ptr.getPointeeType();
  // f8E4M3FN and f8E5M2 (Triton's fp8e4nv and fp8e5) are held as bytes
  // (storeFp8AsBytes) and computed in f32; the FNUZ and B11 formats are not.
  if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType, Float8E4M3B11FNUZType>(element))
    return "fp8 formats other than e4m3fn and e5m2 are";
  if (isa<tile::TensorDescType>(element))
    return "tensor descriptors that are not expanded to pointers are";
  return "";
}

/// Emits the diagnostics for everything the patterns do not handle, so that
/// the user sees which op and why rather than a failed legalization.
LogicalResult checkSupported(ModuleOp module, const GpuTargetHooks &hooks) {
  StringRef backend = hooks.getBackendName();
  bool ok = true;
  auto unsupported = [&](Operation *op, const Twine &what) {
    op->emitError() << what << " not supported by the " << backend << " backend yet";
    ok = false;
  };
  module.walk([&](Operation *op) {
    // A descriptor reaches the lowering only for block copies
    // (tilegpu.tensor_copy); its other accesses were expanded.
    if (auto desc = dyn_cast<tile::MakeTensorDescOp>(op)) {
      if (!llvm::all_of(desc->getUsers(), [](Operation *user) {
            return isa<tilegpu::TensorCopyOp>(user);
          }))
        return unsupported(op,
                           "tile.make_tensor_desc read other than by block copies is");
      return;
    }
    if (isa<tilegpu::TensorCopyOp>(op))
      return;
    if (isa<tile::DescLoadOp, tile::DescStoreOp, tile::AssertOp, tile::PrintOp>(op))
      return unsupported(op, op->getName().getStringRef() + " is");
    if (isa<tile::InlineAsmOp>(op) && !hooks.supportsInlineAsm())
      return unsupported(op,
                         "tile.inline_asm (the target has no assembly language) is");
    SmallVector<Type> types(op->getOperandTypes());
    llvm::append_range(types, op->getResultTypes());
    for (Type type : types) {
      std::string problem = checkType(type);
      if (!problem.empty())
        return unsupported(op, op->getName().getStringRef() + ": " + problem);
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (dense && isa<RankedTensorType>(constant.getType()) && !dense.isSplat())
        return unsupported(op, "arith.constant: non-uniform tile constants are");
    }
    if (auto convert = dyn_cast<tile::FpToFpOp>(op))
      if (convert.getRounding() == tile::RoundingMode::RTZ)
        return unsupported(op, "tile.fp_to_fp: rounding = rtz is");
    if (auto rmw = dyn_cast<tile::AtomicRMWOp>(op)) {
      Type element = getElementTypeOrSelf(rmw.getVal().getType());
      if (isa<tile::PointerType>(element) || !isSupportedAtomic(rmw.getKind(), element))
        return unsupported(op, "tile.atomic_rmw " +
                                   stringifyAtomicRMWKind(rmw.getKind()) +
                                   " on this element type is");
    }
    if (auto cas = dyn_cast<tile::AtomicCASOp>(op))
      if (isa<tile::PointerType>(getElementTypeOrSelf(cas.getVal().getType())))
        return unsupported(op, "tile.atomic_cas on pointers is");
    if (isa<tile::ReduceOp, tile::ScanOp>(op))
      for (Type type : op->getOperandTypes())
        if (isa<tile::PointerType>(getElementTypeOrSelf(type)))
          return unsupported(op,
                             op->getName().getStringRef() + " over pointer tiles is");
    if (auto func = dyn_cast<func::FuncOp>(op))
      if (func.isPublic() && !func.isExternal() && func.getNumResults() != 0)
        return unsupported(op, "kernels (public functions) returning values are");
  });
  return success(ok);
}

bool isFp8(Type type) {
  return isa<Float8E4M3FNType, Float8E5M2Type>(getElementTypeOrSelf(type));
}

/// `type` (a scalar or vector of fp8) with bytes for its elements.
Type asBytes(Type type) {
  Type i8 = IntegerType::get(type.getContext(), 8);
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.clone(i8);
  return i8;
}

/// LLVM has no 8-bit float type, so the ops of LLVM's dialects (LLVM's and
/// the vendors': NVVM, ROCDL...) that the patterns and the target's hooks
/// made with fp8 values (loads, stores and address arithmetic of global and
/// shared memory, buffer loads, predicated accesses' bitcasts, wherever
/// they were made) move bytes instead: an arith.bitcast on each side keeps
/// the fp8 type for the arithmetic, which the pipeline computes in f32
/// (tile-expand-fp8-conversions), and the LLVM lowering holds it as i8.
/// Only the dialects that LLVM's conversions turn into LLVM later
/// (arith, vector, math, control flow, functions) keep fp8 values.
void storeFp8AsBytes(ModuleOp module) {
  module.walk([](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (!dialect || isa<ModuleOp, UnrealizedConversionCastOp>(op) ||
        isa<arith::ArithDialect, vector::VectorDialect, math::MathDialect,
            scf::SCFDialect, func::FuncDialect>(dialect))
      return;
    if (auto gep = dyn_cast<LLVM::GEPOp>(op))
      if (isFp8(gep.getElemType()))
        gep.setElemType(asBytes(gep.getElemType()));
    OpBuilder b(op);
    for (OpOperand &operand : op->getOpOperands())
      if (isFp8(operand.get().getType()))
        operand.set(arith::BitcastOp::create(b, op->getLoc(),
                                             asBytes(operand.get().getType()),
                                             operand.get()));
    b.setInsertionPointAfter(op);
    for (Value result : op->getResults()) {
      Type type = result.getType();
      if (!isFp8(type))
        continue;
      result.setType(asBytes(type));
      auto cast = arith::BitcastOp::create(b, op->getLoc(), type, result);
      result.replaceAllUsesExcept(cast, cast);
    }
  });
}

/// The extern shared array every scratch access indexes into; its size is
/// given at launch (dynamic shared memory).
void declareSharedMemory(ModuleOp module, const GpuTargetHooks &hooks) {
  if (module.lookupSymbol(kSharedMemorySymbol))
    return;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), 0);
  LLVM::GlobalOp::create(b, module.getLoc(), type, /*isConstant=*/false,
                         LLVM::Linkage::External, kSharedMemorySymbol, Attribute(),
                         /*alignment=*/16, hooks.getSharedAddressSpace());
}

/// The one barrier both roles of a warp-specialized kernel meet at
/// (WarpRoles.h): first thing in the producer region, and in the consumer
/// region just before the loop of the dot whose staging the producer
/// fills, so that the consumers' earlier uses of shared memory (the
/// scratch the staging may lie over) come before the producer's first
/// copy. Each role's region must hold one such loop and no other barrier
/// of the producer's.
LogicalResult placeRolesBarriers(ModuleOp module, GpuLowering &lowering,
                                 int64_t producerWarps) {
  const unsigned threads =
      unsigned((int64_t(lowering.numWarps) + producerWarps) * lowering.warpSize);
  unsigned splits = 0;
  WalkResult result = module.walk([&](scf::IfOp split) {
    if (!split->hasAttr(kWarpRolesAttrName))
      return WalkResult::advance();
    ++splits;
    scf::ForOp consumerLoop;
    split.getElseRegion().walk([&](tile::DotOp dot) {
      if (dot->hasAttr(kReleasesStagingAttrName))
        consumerLoop = dot->getParentOfType<scf::ForOp>();
    });
    if (!consumerLoop || split.getThenRegion().empty()) {
      split.emitError() << "a warp-roles split without the consumers' loop";
      return WalkResult::interrupt();
    }
    OpBuilder b(split.getContext());
    b.setInsertionPointToStart(&split.getThenRegion().front());
    lowering.hooks.createPartialBarrier(b, split.getLoc(), kRolesBarrierId, threads);
    b.setInsertionPoint(consumerLoop);
    lowering.hooks.createPartialBarrier(b, split.getLoc(), kRolesBarrierId, threads);
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  if (splits != 1)
    return module.emitError() << "a warp-specialized module needs one warp-roles "
                                 "split, found "
                              << splits;
  return success();
}

} // namespace

LogicalResult lowerTileToGpu(ModuleOp module, const GpuTargetHooks &hooks,
                             const GpuMatrixHooks *matrix) {
  auto numWarps = module->getAttrOfType<IntegerAttr>(kNumWarpsAttrName);
  auto warpSize = module->getAttrOfType<IntegerAttr>(kWarpSizeAttrName);
  if (!numWarps || !warpSize)
    return module.emitError() << "the module has no thread layouts: run "
                                 "tilegpu-assign-layouts first";
  if (unsigned(warpSize.getInt()) != hooks.getWarpSize())
    return module.emitError() << "layouts were assigned for warps of "
                              << warpSize.getInt() << " threads, but the "
                              << hooks.getBackendName() << " backend runs "
                              << hooks.getWarpSize();
  if (failed(checkSupported(module, hooks)))
    return failure();

  MLIRContext *context = module.getContext();
  GpuLowering lowering(context, hooks, matrix, unsigned(numWarps.getInt()),
                       unsigned(warpSize.getInt()));
  if (auto maxRun = module->getAttrOfType<IntegerAttr>(kMaxRunAttrName))
    lowering.maxRun = unsigned(maxRun.getInt());
  declareSharedMemory(module, hooks);
  lowering.findScratchOverlays(module);
  lowering.findReleasedStagings(module);
  lowering.findCopySlices(module);
  const int64_t producerWarps = getProducerWarps(module);
  if (producerWarps != 0 && !matrix)
    return module.emitError() << "a warp-specialized module on a target without "
                                 "block copies";
  if (producerWarps != 0 && failed(placeRolesBarriers(module, lowering, producerWarps)))
    return failure();
  // Selects in a loop whose copies complete on barriers (TMA copies) keep
  // the element-wise select: with the uniform-mask branch there, the
  // benchmark's descriptor attention stopped with an illegal instruction
  // on an H100. It did without the branch too (at its first 3-D copy: such
  // copies are not issued any more, PipelineLoads.cpp), so the branch may
  // well be innocent; the select stays element-wise until a TMA loop with
  // one runs.
  module.walk([&](scf::ForOp loop) {
    if (loop.walk([](tilegpu::TensorCopyOp) { return WalkResult::interrupt(); })
            .wasInterrupted())
      loop.walk([&](arith::SelectOp select) {
        select->setAttr(kElementwiseSelectAttrName, UnitAttr::get(context));
      });
  });

  GpuTypeConverter converter(lowering);
  ConversionTarget target(*context);
  // Ops of the vendor's dialect (NVVM, ROCDL...) that the hooks create are
  // unknown here and legal.
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  target.addLegalDialect<LLVM::LLVMDialect, vector::VectorDialect>();
  target.addIllegalDialect<tile::TileDialect, tilegpu::TileGpuDialect>();
  target.addLegalOp<UnrealizedConversionCastOp>();
  // Casts between layouts of one tile (tilegpu-assign-layouts) move data.
  target.addIllegalOp<tensor::CastOp>();
  target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
      [&](Operation *op) { return converter.isLegal(op); });
  target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp func) {
    return converter.isSignatureLegal(func.getFunctionType());
  });
  target.addDynamicallyLegalOp<func::ReturnOp, func::CallOp>(
      [&](Operation *op) { return converter.isLegal(op); });

  RewritePatternSet patterns(context);
  populateElementwisePatterns(converter, lowering, patterns);
  populateShapePatterns(converter, lowering, patterns);
  populateMemoryPatterns(converter, lowering, patterns);
  populateReducePatterns(converter, lowering, patterns);
  populateDotPatterns(converter, lowering, patterns);
  populateAtomicPatterns(converter, lowering, patterns);
  populateInlineAsmPatterns(converter, lowering, patterns);
  populateTensorCopyPatterns(converter, lowering, patterns);
  populateLayoutConversionPatterns(converter, lowering, patterns);
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);
  populateCallOpTypeConversionPattern(patterns, converter);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns, target);
  if (failed(applyPartialConversion(module, target, std::move(patterns))))
    return failure();

  storeFp8AsBytes(module);
  // Annotations of the assign pass have served their purpose.
  module.walk([](Operation *op) {
    op->removeAttr(kLayoutAttrName);
    op->removeAttr(kVectorWidthAttrName);
  });
  Builder b(context);
  int64_t sharedBytes = lowering.placeDedicatedShared(module);
  module->setAttr(kSharedMemoryAttrName, b.getI32IntegerAttr(int32_t(sharedBytes)));
  if (Operation *global = module.lookupSymbol(kSharedMemorySymbol)) {
    if (sharedBytes == 0)
      global->erase();
    else if (lowering.getSharedAlignment() > 16)
      // Swizzled regions are aligned inside the array; the array too.
      cast<LLVM::GlobalOp>(global).setAlignment(lowering.getSharedAlignment());
  }
  for (auto func : module.getOps<func::FuncOp>()) {
    // Facts were used by the layout pass; LLVM does not know these names.
    for (unsigned i = 0; i < func.getNumArguments(); ++i)
      func.removeArgAttr(i, tile::kDivisibilityAttrName);
    // Vendor dialects verify their kernel attributes on llvm.func only, so
    // neutral ones mark kernels until the vendor's pass after func-to-llvm
    // calls GpuTargetHooks::markKernel (func-to-llvm keeps them).
    if (func.isPublic() && !func.isExternal()) {
      func->setAttr(kKernelAttrName, b.getUnitAttr());
      func->setAttr(kThreadsPerBlockAttrName,
                    b.getI32IntegerAttr(int32_t(lowering.getThreadsPerBlock() +
                                                producerWarps * lowering.warpSize)));
    }
  }
  return success();
}

} // namespace tessel::gpu
