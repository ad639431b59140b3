//===- AtomicOps.cpp - tile.atomic_rmw and tile.atomic_cas ----------------===//
//
// One atomic per element, issued only by the element's owner (a replicated
// copy must not apply it twice) and only where the mask holds. The old
// values then reach every copy through shared memory. A scalar atomic runs
// on thread 0 and its result is shared the same way.
//
// Memory semantics are the program's, not one thread's: a releasing atomic
// publishes what every thread of the block wrote before it, an acquiring one
// orders what every thread reads after it. So a block barrier precedes a
// release and follows an acquire, and the issuing thread orders its atomic
// with fences at the atomic's scope around a relaxed atomic (the PTX
// memory model's release and acquire patterns). The fences are explicit
// because LLVM's NVPTX backend (22) emits an `atomicrmw` of any ordering as
// a relaxed `atom`: the ordering on the instruction would be lost.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "dialects/tile/Utils/LoweringUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

/// Emits `atomic(ptr, operands...)` for every element, guarded by
/// owner && mask, and returns the old values as every copy sees them.
template <typename Op> struct AtomicLowering : GpuPattern<Op> {
  using GpuPattern<Op>::GpuPattern;
  using GpuPattern<Op>::lowering;

  /// The relaxed atomic on one element at `scope`; returns the old value.
  virtual Value emitAtomic(OpBuilder &b, Location loc, Op op, Value ptr,
                           ArrayRef<Value> operands, StringRef scope) const = 0;
  virtual SmallVector<Value> getOperands(typename Op::Adaptor adaptor) const = 0;
  virtual Value getMask(typename Op::Adaptor adaptor) const = 0;

  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto ptrElement =
        cast<tile::PointerType>(getElementTypeOrSelf(op.getPtr().getType()));
    auto llvmPtr =
        LLVM::LLVMPointerType::get(rewriter.getContext(), ptrElement.getAddressSpace());
    Type element =
        getElementTypeOrSelf(this->getTypeConverter()->convertType(op.getType()));
    Value zero =
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element));
    ThreadIndex index = getThreadIndex(rewriter, loc, lowering);
    bool used = !op->use_empty();
    const tile::MemSemantic sem = op.getSem();
    const bool releases =
        sem == tile::MemSemantic::Release || sem == tile::MemSemantic::AcqRel;
    const bool acquires =
        sem == tile::MemSemantic::Acquire || sem == tile::MemSemantic::AcqRel;
    StringRef scope = lowering.hooks.getSyncScope(op.getScope());
    if (releases)
      lowering.createBarrier(rewriter, loc);

    auto guardedAtomic = [&](Value cond, Value ptr, ArrayRef<Value> operands) -> Value {
      auto ifOp = scf::IfOp::create(
          rewriter, loc, cond,
          [&](OpBuilder &b, Location l) {
            if (releases)
              LLVM::FenceOp::create(b, l, LLVM::AtomicOrdering::release, scope);
            Value old = emitAtomic(b, l, op, ptr, operands, scope);
            if (acquires)
              LLVM::FenceOp::create(b, l, LLVM::AtomicOrdering::acquire, scope);
            scf::YieldOp::create(b, l, old);
          },
          [&](OpBuilder &b, Location l) { scf::YieldOp::create(b, l, zero); });
      return ifOp.getResult(0);
    };

    if (!isa<RankedTensorType>(op.getType())) {
      Value first = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                          index.thread, i32Const(rewriter, loc, 0));
      Value cond = first;
      if (Value mask = getMask(adaptor))
        cond = arith::AndIOp::create(rewriter, loc, cond, mask);
      Value old = guardedAtomic(cond, adaptor.getPtr(), getOperands(adaptor));
      if (used) {
        lowering.requireSharedBytes(SharedScratch::getStorageBytes(element));
        SharedScratch scratch(rewriter, loc, lowering);
        Value slot = i32Const(rewriter, loc, 0);
        scratch.barrier();
        auto ifOp = scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
        {
          OpBuilder::InsertionGuard guard(rewriter);
          rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
          scratch.store(old, slot);
        }
        scratch.barrier();
        old = scratch.load(element, slot);
      } else if (acquires) {
        lowering.createBarrier(rewriter, loc);
      }
      rewriter.replaceOp(op, old);
      return success();
    }

    auto tensorType = cast<RankedTensorType>(op.getType());
    BlockedLayout layout = lowering.getLayout(tensorType);
    Value owner = getOwnership(rewriter, loc, layout, index);
    SmallVector<Value> ptrs = unpackVector(rewriter, loc, adaptor.getPtr());
    SmallVector<SmallVector<Value>> operands;
    for (Value v : getOperands(adaptor))
      operands.push_back(unpackVector(rewriter, loc, v));
    SmallVector<Value> masks;
    if (Value mask = getMask(adaptor))
      masks = unpackVector(rewriter, loc, mask);
    Value trueValue = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    SmallVector<Value> olds;
    for (size_t reg = 0; reg < ptrs.size(); ++reg) {
      Value cond = owner ? owner : trueValue;
      if (!masks.empty())
        cond = arith::AndIOp::create(rewriter, loc, cond, masks[reg]);
      Value ptr = LLVM::IntToPtrOp::create(rewriter, loc, llvmPtr, ptrs[reg]);
      SmallVector<Value> args;
      for (auto &o : operands)
        args.push_back(o[reg]);
      olds.push_back(guardedAtomic(cond, ptr, args));
    }
    if (owner && used) {
      // Copies read the owner's old values.
      lowering.requireSharedBytes(tensorType.getNumElements() *
                                  SharedScratch::getStorageBytes(element));
      SharedScratch scratch(rewriter, loc, lowering);
      auto coords = getRegisterCoordinates(rewriter, loc, layout, index);
      scratch.barrier();
      auto ifOp = scf::IfOp::create(rewriter, loc, owner, /*withElseRegion=*/false);
      {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
        for (size_t reg = 0; reg < olds.size(); ++reg)
          scratch.store(olds[reg], linearize(rewriter, loc, coords[reg], layout.shape));
      }
      scratch.barrier();
      for (size_t reg = 0; reg < olds.size(); ++reg)
        olds[reg] =
            scratch.load(element, linearize(rewriter, loc, coords[reg], layout.shape));
    } else if (acquires) {
      lowering.createBarrier(rewriter, loc);
    }
    rewriter.replaceOp(
        op, packVector(rewriter, loc,
                       this->getTypeConverter()->convertType(op.getType()), olds));
    return success();
  }
};

struct AtomicRMWLowering : AtomicLowering<tile::AtomicRMWOp> {
  using AtomicLowering::AtomicLowering;
  SmallVector<Value> getOperands(tile::AtomicRMWOp::Adaptor adaptor) const override {
    return {adaptor.getVal()};
  }
  Value getMask(tile::AtomicRMWOp::Adaptor adaptor) const override {
    return adaptor.getMask();
  }
  Value emitAtomic(OpBuilder &b, Location loc, tile::AtomicRMWOp op, Value ptr,
                   ArrayRef<Value> operands, StringRef scope) const override {
    LLVM::AtomicBinOp binOp =
        *tile::getAtomicBinOp(op.getKind(), operands[0].getType());
    return LLVM::AtomicRMWOp::create(b, loc, binOp, ptr, operands[0],
                                     LLVM::AtomicOrdering::monotonic, scope);
  }
};

struct AtomicCASLowering : AtomicLowering<tile::AtomicCASOp> {
  using AtomicLowering::AtomicLowering;
  SmallVector<Value> getOperands(tile::AtomicCASOp::Adaptor adaptor) const override {
    return {adaptor.getCmp(), adaptor.getVal()};
  }
  Value getMask(tile::AtomicCASOp::Adaptor) const override { return nullptr; }
  Value emitAtomic(OpBuilder &b, Location loc, tile::AtomicCASOp op, Value ptr,
                   ArrayRef<Value> operands, StringRef scope) const override {
    // cmpxchg takes integers: floats compare by their bits.
    Type type = operands[0].getType();
    Type asInt = b.getIntegerType(type.getIntOrFloatBitWidth());
    auto toInt = [&](Value v) {
      return type == asInt ? v : arith::BitcastOp::create(b, loc, asInt, v).getResult();
    };
    Value pair = LLVM::AtomicCmpXchgOp::create(
        b, loc, ptr, toInt(operands[0]), toInt(operands[1]),
        LLVM::AtomicOrdering::monotonic, LLVM::AtomicOrdering::monotonic, scope);
    Value old = LLVM::ExtractValueOp::create(b, loc, pair, 0);
    return type == asInt ? old
                         : arith::BitcastOp::create(b, loc, type, old).getResult();
  }
};

} // namespace

/// Whether `kind` applies to elements of `type` (checked before lowering).
bool isSupportedAtomic(tile::AtomicRMWKind kind, Type type) {
  return tile::getAtomicBinOp(kind, type).has_value();
}

void populateAtomicPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                            RewritePatternSet &patterns) {
  patterns.add<AtomicRMWLowering, AtomicCASLowering>(converter, lowering);
}

} // namespace tessel::gpu
