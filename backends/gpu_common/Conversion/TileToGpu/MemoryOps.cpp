//===- MemoryOps.cpp - addptr, load, store --------------------------------===//
//
// Tiles of pointers are i64 addresses per thread. A load or store moves
// `tilegpu.vector_width` consecutive elements with one access (the assign
// pass proved them contiguous, aligned and uniformly masked). A masked
// access, or one with cache hints, is the target's predicated access
// (GpuTargetHooks::createPredicatedLoad/Store) where it has one: straight-line
// code, which lets the hardware keep all of a thread's loads in flight.
// Otherwise a masked-off access is skipped by a branch, so it never touches
// memory, and the hints are dropped.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"
#include "backends/gpu_common/WarpRoles.h"

#include "backends/gpu_common/DotStaging.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

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
    // Each element is a getelementptr on its base rather than i64
    // arithmetic: once LLVM has folded the int-to-pointer round trips, the
    // loads and stores address `base[offset]`, and NVPTX splits constant
    // parts off the offsets (`offset + 512`), so a thread's accesses share
    // one 64-bit address and differ in the instruction's immediate
    // (`ld.global.v4.b32 [%rd1+2048]`).
    auto vectorType = cast<VectorType>(adaptor.getPtr().getType());
    auto llvmPtr =
        LLVM::LLVMPointerType::get(rewriter.getContext(), ptrType.getAddressSpace());
    Type element = rewriter.getIntegerType(8 * getPointeeBytes(ptrType));
    SmallVector<Value> bases = unpackVector(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> offsets = unpackVector(rewriter, loc, adaptor.getOffset());
    SmallVector<Value> out;
    for (auto [base, offset] : llvm::zip(bases, offsets)) {
      Value p = LLVM::IntToPtrOp::create(rewriter, loc, llvmPtr, base);
      p = LLVM::GEPOp::create(rewriter, loc, llvmPtr, element, p, ValueRange{offset});
      out.push_back(LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(), p));
    }
    rewriter.replaceOp(op, packVector(rewriter, loc, vectorType, out));
    return success();
  }
};

/// Tensors of pointers already are vectors of i64 addresses; a scalar
/// pointer is an LLVM pointer.
struct PtrToIntLowering : GpuPattern<tile::PtrToIntOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::PtrToIntOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOpWithNewOp<LLVM::PtrToIntOp>(op, rewriter.getI64Type(),
                                                    adaptor.getPtr());
      return success();
    }
    if (!(lowering.getLayout(op.getPtr().getType()) ==
          lowering.getLayout(op.getType())))
      return rewriter.notifyMatchFailure(op, "pointers and addresses differ in layout");
    rewriter.replaceOp(op, adaptor.getPtr());
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
    return LLVM::PtrToIntOp::create(b, loc, memoryType, value);
  return arith::ExtUIOp::create(b, loc, memoryType, value);
}

Value fromMemory(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  if (isa<LLVM::LLVMPointerType>(type))
    return LLVM::IntToPtrOp::create(b, loc, type, value);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(value.getType()));
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, value, zero);
}

Value toPointer(OpBuilder &b, Location loc, Value address, tile::PointerType type) {
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), type.getAddressSpace()),
      address);
}

/// Runs `body` only where `cond` holds (when given); returns its values, or
/// `otherwise` where skipped.
SmallVector<Value> guarded(OpBuilder &b, Location loc, Value cond, TypeRange types,
                           function_ref<SmallVector<Value>(OpBuilder &)> body,
                           function_ref<SmallVector<Value>(OpBuilder &)> otherwise) {
  if (!cond)
    return body(b);
  auto ifOp = scf::IfOp::create(
      b, loc, cond,
      [&](OpBuilder &nb, Location l) { scf::YieldOp::create(nb, l, body(nb)); },
      [&](OpBuilder &nb, Location l) { scf::YieldOp::create(nb, l, otherwise(nb)); });
  (void)types;
  return SmallVector<Value>(ifOp.getResults());
}

void guardedEffect(OpBuilder &b, Location loc, Value cond,
                   function_ref<void(OpBuilder &)> body) {
  if (!cond)
    return body(b);
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  body(b);
}

Value andOf(OpBuilder &b, Location loc, Value a, Value c) {
  if (!a)
    return c;
  if (!c)
    return a;
  return arith::AndIOp::create(b, loc, a, c);
}

/// The `other` of one access of `type` (the memory type, or a vector of
/// it), from the tile's elements `others`, or from `splat` when `other` is a
/// uniform constant (so that the target can use immediates), or zeros.
Value getOtherValue(OpBuilder &b, Location loc, Type type, Type memory, TypedAttr splat,
                    ArrayRef<Value> others) {
  auto vectorType = dyn_cast<VectorType>(type);
  if (!splat && others.empty())
    splat = cast<TypedAttr>(b.getZeroAttr(memory));
  if (splat) {
    if (splat.getType() != memory) {
      // i1 is a byte in memory.
      auto bit = cast<IntegerAttr>(splat);
      splat = b.getIntegerAttr(memory, bit.getValue().getZExtValue());
    }
    if (vectorType)
      return arith::ConstantOp::create(b, loc,
                                       DenseElementsAttr::get(vectorType, splat));
    return arith::ConstantOp::create(b, loc, splat);
  }
  SmallVector<Value> fill;
  for (Value v : others)
    fill.push_back(toMemory(b, loc, v, memory));
  if (!vectorType)
    return fill[0];
  return packVector(b, loc, type, fill);
}

/// The splat value of a tile `other` that is a uniform constant.
TypedAttr getSplatConstant(Value other) {
  DenseElementsAttr dense;
  if (!other || !matchPattern(other, m_Constant(&dense)) || !dense.isSplat())
    return nullptr;
  return dyn_cast<TypedAttr>(dense.getSplatValue<Attribute>());
}

template <typename Op> MemoryAccessHints getHints(Op op) {
  MemoryAccessHints hints;
  hints.cache = op.getCache();
  hints.evict = op.getEvict();
  return hints;
}

} // namespace

StagingDestination getStagingDestination(OpBuilder &b, Operation *op,
                                         tilegpu::MatrixOperandAttr marker,
                                         GpuLowering &lowering, bool ordered) {
  Location loc = op->getLoc();
  unsigned id = marker.getDot(), operand = marker.getOperand(),
           ahead = marker.getAhead();
  tilegpu::SharedStagingAttr staging = marker.getStaging();
  Value region = lowering.getStagingRegion(
      b, op, id, staging.getBuffers() * staging.getStageBytes(),
      staging.isSwizzled() ? 1024 : 16);
  // The copies before the loop (for its first iterations j) go to buffer
  // j, the first after a barrier that orders them behind the reads of an
  // earlier run of the loop; iteration i's copy for i + ahead to buffer
  // (i + ahead) % buffers.
  Value stage = i32Const(b, loc, int64_t(ahead));
  if (!marker.getPrologue()) {
    Value iteration = GpuLowering::getIterationNumber(b, op);
    stage = arith::RemSIOp::create(
        b, loc, arith::AddIOp::create(b, loc, iteration, i32Const(b, loc, ahead)),
        i32Const(b, loc, staging.getBuffers()));
  } else if ((!ordered || lowering.overlaysScratch(id)) && ahead == 0 &&
             !op->hasAttr(kProducerAttrName)) {
    // (Over the scratch, the copies also follow its last reads.) (A
    // producer warp's copies follow the roles barrier instead, which the
    // consumers reach after those: WarpRoles.h.)
    lowering.createBarrier(b, loc);
  }
  Value start = arith::AddIOp::create(
      b, loc, region,
      arith::MulIOp::create(b, loc, stage, i32Const(b, loc, staging.getStageBytes())));
  if (operand == 1)
    start =
        arith::AddIOp::create(b, loc, start, i32Const(b, loc, staging.getBOffset()));
  auto tile = cast<RankedTensorType>(op->getResult(0).getType());
  // A K-major B holds its N columns as rows.
  int64_t rows = operand == 1 && staging.getBKMajor() ? tile.getDimSize(1)
                                                      : tile.getDimSize(0);
  return {lowering.getSharedAddress(b, loc, start),
          operand == 0 ? staging.getAStride() : staging.getBStride(),
          staging,
          operand,
          rows,
          stage};
}

Value StagingDestination::getElementAddress(OpBuilder &b, Location loc, Value row,
                                            Value col, Type element) const {
  auto c = [&](int64_t v) { return i32Const(b, loc, v); };
  int64_t swizzle = operand == 0 ? staging.getASwizzle() : staging.getBSwizzle();
  // A K-major B: element (k, n) sits where A-like rows put row n, column k.
  if (operand == 1 && staging.getBKMajor())
    std::swap(row, col);
  if (swizzle == 0) {
    Value offset = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, row, c(rowStride)), col);
    return LLVM::GEPOp::create(b, loc, base.getType(), element, base,
                               ValueRange{offset});
  }
  // A's 8-row groups in warp-group order (TileGpuAttrs.td).
  if (int64_t warps = operand == 0 ? staging.getARowWarps() : 0) {
    Value group = arith::DivUIOp::create(b, loc, row, c(8));
    Value warp = arith::RemUIOp::create(b, loc, group, c(warps));
    Value rep = arith::DivUIOp::create(b, loc, group, c(warps));
    Value slice = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, arith::DivUIOp::create(b, loc, rep, c(2)),
                              c(warps / 4)),
        arith::DivUIOp::create(b, loc, warp, c(4)));
    Value shared = arith::AddIOp::create(
        b, loc,
        arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, slice, c(8)),
            arith::MulIOp::create(b, loc, arith::RemUIOp::create(b, loc, warp, c(4)),
                                  c(2))),
        arith::RemUIOp::create(b, loc, rep, c(2)));
    row = arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, shared, c(8)),
                                arith::RemUIOp::create(b, loc, row, c(8)));
  }
  // Column blocks of `swizzle` bytes, each `rows` rows of `swizzle` bytes;
  // then 16-byte chunk bits XOR the row-in-atom bits of the offset.
  int64_t bytes = element.getIntOrFloatBitWidth() / 8;
  Value colBytes = arith::MulIOp::create(b, loc, col, c(bytes));
  Value offset = arith::AddIOp::create(
      b, loc,
      arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc,
                                arith::DivUIOp::create(b, loc, colBytes, c(swizzle)),
                                c(rows * swizzle)),
          arith::MulIOp::create(b, loc, row, c(swizzle))),
      arith::RemUIOp::create(b, loc, colBytes, c(swizzle)));
  Value phase = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, offset, c(7)), c(swizzle / 16 - 1));
  offset =
      arith::XOrIOp::create(b, loc, offset, arith::ShLIOp::create(b, loc, phase, c(4)));
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{offset});
}

namespace {

/// A tile.load marked by tilegpu-pipeline-loads (DotStaging.h): its tile
/// goes from global memory straight into a tensor-core dot's staging buffer
/// with asynchronous copies (zeros where masked off), then the copies are
/// committed as one group; the registers it yields are unused zeros. Runs
/// too narrow for a copy instruction are loaded and stored instead.
void lowerAsyncCopy(tile::LoadOp op, tilegpu::MatrixOperandAttr marker, Value ptrTile,
                    Value maskTile, Type resultType, unsigned width,
                    ConversionPatternRewriter &rewriter, GpuLowering &lowering) {
  Location loc = op.getLoc();
  tile::PointerType ptrType = getPointerType(op.getPtr().getType());
  Type element = ptrType.getPointeeType();
  StagingDestination staged =
      getStagingDestination(rewriter, op, marker, lowering, /*ordered=*/false);
  BlockedLayout layout = lowering.getLayout(op.getType());
  ThreadIndex index = getThreadIndex(rewriter, loc, lowering);
  auto coords = getRegisterCoordinates(rewriter, loc, layout, index);
  SmallVector<Value> ptrs = unpackVector(rewriter, loc, ptrTile);
  SmallVector<Value> masks;
  if (maskTile)
    masks = unpackVector(rewriter, loc, maskTile);
  const unsigned elementBytes = element.getIntOrFloatBitWidth() / 8;
  unsigned bytes = width * elementBytes;
  auto destination = [&](size_t reg) {
    return staged.getElementAddress(rewriter, loc, coords[reg][0], coords[reg][1],
                                    element);
  };
  bool stored = false;
  for (size_t reg = 0; reg < ptrs.size(); reg += width) {
    Value cond = masks.empty() ? Value() : masks[reg];
    if (bytes == 4 || bytes == 8 || bytes == 16) {
      lowering.matrix->asyncCopy(rewriter, loc, destination(reg),
                                 toPointer(rewriter, loc, ptrs[reg], ptrType), bytes,
                                 cond);
      continue;
    }
    // Element by element: a guarded load (zero where masked off), stored;
    // the bits move as an integer (LLVM has no fp8 type).
    Type memory = rewriter.getIntegerType(elementBytes * 8);
    Value zero =
        LLVM::ConstantOp::create(rewriter, loc, memory, rewriter.getZeroAttr(memory));
    for (unsigned i = 0; i < width; ++i) {
      Value src = toPointer(rewriter, loc, ptrs[reg + i], ptrType);
      Value elementCond = masks.empty() ? Value() : masks[reg + i];
      Value value = guarded(
          rewriter, loc, elementCond, memory,
          [&](OpBuilder &b) -> SmallVector<Value> {
            return {LLVM::LoadOp::create(b, loc, memory, src, elementBytes)};
          },
          [&](OpBuilder &) -> SmallVector<Value> { return {zero}; })[0];
      LLVM::StoreOp::create(rewriter, loc, value, destination(reg + i), elementBytes);
      stored = true;
    }
  }
  // Plain stores are generic-proxy writes: a warp-group instruction's reads
  // of the staging need them fenced (the dot fences only operands it
  // stores itself), before the barrier that orders them.
  if (stored && staged.staging.isSwizzled())
    lowering.matrix->fenceSharedForWarpGroup(rewriter, loc);
  lowering.matrix->commitAsyncCopies(rewriter, loc);
  Value zeros = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(cast<ShapedType>(resultType),
                             rewriter.getZeroAttr(getElementTypeOrSelf(resultType))));
  rewriter.replaceOp(op, zeros);
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
    MemoryAccessHints hints = getHints(op);
    hints.isVolatile = isVolatile;
    TypedAttr otherSplat = getSplatConstant(op.getOther());

    // One access of `accessType` through `ptr`: predicated by the target
    // when it can, else a plain load, under a branch where masked.
    auto load = [&](Type accessType, Value ptr, Value cond, int64_t alignment,
                    ArrayRef<Value> others, Value base = Value(),
                    Value offset = Value()) -> Value {
      if (cond || !hints.isDefault()) {
        Value other =
            cond ? getOtherValue(rewriter, loc, accessType, memory, otherSplat, others)
                 : Value();
        if (cond && base)
          if (Value v = lowering.hooks.createBaseOffsetLoad(
                  rewriter, loc, accessType, base, offset, unsigned(bytes), cond, other,
                  hints))
            return v;
        if (Value v = lowering.hooks.createPredicatedLoad(rewriter, loc, accessType,
                                                          ptr, cond, other, hints))
          return v;
      }
      return guarded(
          rewriter, loc, cond, accessType,
          [&](OpBuilder &b) -> SmallVector<Value> {
            return {
                LLVM::LoadOp::create(b, loc, accessType, ptr, alignment, isVolatile)};
          },
          [&](OpBuilder &b) -> SmallVector<Value> {
            return {getOtherValue(b, loc, accessType, memory, otherSplat, others)};
          })[0];
    };

    if (!isa<RankedTensorType>(op.getType())) {
      SmallVector<Value> others;
      if (adaptor.getOther())
        others.push_back(adaptor.getOther());
      Value v = load(memory, adaptor.getPtr(), adaptor.getMask(), bytes, others);
      rewriter.replaceOp(op, fromMemory(rewriter, loc, v, element));
      return success();
    }

    unsigned width = element.isInteger(1) ? 1 : getVectorWidth(op);
    auto marker = op->getAttrOfType<tilegpu::MatrixOperandAttr>(kAsyncCopyAttrName);
    if (marker && lowering.matrix && lowering.matrix->canStageOperands() &&
        (marker.getPrologue() || GpuLowering::hasIterationNumber(op))) {
      if (lowering.matrix->hasAsyncCopy())
        lowerAsyncCopy(op, marker, adaptor.getPtr(), adaptor.getMask(), resultType,
                       width, rewriter, lowering);
      else
        lowerBlockLoadCopy(op, marker, adaptor.getPtr(), adaptor.getMask(), resultType,
                           width, rewriter, lowering);
      return success();
    }
    if (marker)
      return op.emitError() << "marked for staged copies the target cannot make";
    SmallVector<Value> ptrs = unpackVector(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> masks, others;
    if (adaptor.getMask())
      masks = unpackVector(rewriter, loc, adaptor.getMask());
    if (adaptor.getOther() && !otherSplat)
      others = unpackVector(rewriter, loc, adaptor.getOther());
    Type accessType = width == 1 ? memory : VectorType::get({width}, memory);
    // `splat(p) + offsets` with i32 offsets in the pointers' layout: the
    // scalar base and each thread's offsets, for createBaseOffsetLoad.
    Value base;
    SmallVector<Value> offsets;
    if (adaptor.getMask())
      if (auto add = op.getPtr().getDefiningOp<tile::AddPtrOp>())
        if (auto splat = add.getPtr().getDefiningOp<tile::SplatOp>())
          if (auto offsetType = dyn_cast<RankedTensorType>(add.getOffset().getType()))
            if (offsetType.getElementType().isInteger(32) &&
                lowering.getLayout(offsetType) == lowering.getLayout(add.getType())) {
              base = rewriter.getRemappedValue(splat.getSrc());
              Value lowered = rewriter.getRemappedValue(add.getOffset());
              if (base && isa<LLVM::LLVMPointerType>(base.getType()) && lowered &&
                  isa<VectorType>(lowered.getType()))
                offsets = unpackVector(rewriter, loc, lowered);
              if (offsets.size() != ptrs.size())
                base = Value();
            }
    SmallVector<Value> out;
    for (size_t reg = 0; reg < ptrs.size(); reg += width) {
      Value ptr = toPointer(rewriter, loc, ptrs[reg], ptrType);
      Value cond = masks.empty() ? Value() : masks[reg];
      ArrayRef<Value> runOthers = others.empty()
                                      ? ArrayRef<Value>()
                                      : ArrayRef<Value>(others).slice(reg, width);
      Value loaded = load(accessType, ptr, cond, width * bytes, runOthers, base,
                          base ? offsets[reg] : Value());
      if (width == 1)
        out.push_back(fromMemory(rewriter, loc, loaded, element));
      else
        for (Value v : unpackVector(rewriter, loc, loaded))
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
    MemoryAccessHints hints = getHints(op);

    // One access: predicated by the target when it can, else a plain store,
    // under a branch where masked.
    auto store = [&](Value value, Value ptr, Value cond, int64_t alignment) {
      if ((cond || !hints.isDefault()) &&
          lowering.hooks.createPredicatedStore(rewriter, loc, value, ptr, cond, hints))
        return;
      guardedEffect(rewriter, loc, cond, [&](OpBuilder &b) {
        LLVM::StoreOp::create(b, loc, value, ptr, alignment);
      });
    };

    if (!isa<RankedTensorType>(op.getPtr().getType())) {
      // Every thread holds the scalar; one of them writes it.
      Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                          lowering.hooks.getThreadId(rewriter, loc),
                                          i32Const(rewriter, loc, 0));
      Value cond = andOf(rewriter, loc, first, adaptor.getMask());
      store(toMemory(rewriter, loc, adaptor.getValue(), memory), adaptor.getPtr(), cond,
            bytes);
      rewriter.eraseOp(op);
      return success();
    }

    // A matrix accumulator written by block stores, from its own registers
    // (its layout cast lowered to nothing).
    // (The cast's lowering asked the same question and left a poison in
    // its place; the conversion's rollback mode keeps the original ops
    // visible to both.)
    if (tensor::CastOp source = getBlockStoreSource(op, lowering)) {
      lowerBlockStore(op, source, adaptor.getPtr(), adaptor.getMask(),
                      rewriter.getRemappedValue(source.getSource()), rewriter, lowering);
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
      SmallVector<Value> chunk;
      for (unsigned i = 0; i < width; ++i)
        chunk.push_back(toMemory(rewriter, loc, values[reg + i], memory));
      Value v = width == 1 ? chunk[0]
                           : packVector(rewriter, loc, VectorType::get({width}, memory),
                                        chunk);
      store(v, ptr, cond, width * bytes);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateMemoryPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                            RewritePatternSet &patterns) {
  patterns.add<AddPtrLowering, PtrToIntLowering, LoadLowering, StoreLowering>(converter,
                                                                              lowering);
}

} // namespace tessel::gpu
