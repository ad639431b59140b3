//===- RocdlTargetHooks.cpp - The shared GPU lowering's AMD hooks ---------===//

#include "backends/amd/RocdlTargetHooks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tessel::amd {
namespace {

Value i32Const(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(value));
}

/// DPP control of a quad permutation: lane i of each group of four reads
/// lane `select[i]`.
int32_t quadPerm(unsigned l0, unsigned l1, unsigned l2, unsigned l3) {
  return int32_t(l0 | (l1 << 2) | (l2 << 4) | (l3 << 6));
}

} // namespace

Value RocdlTargetHooks::getThreadId(OpBuilder &b, Location loc) const {
  return ROCDL::ThreadIdXOp::create(b, loc, b.getI32Type());
}

Value RocdlTargetHooks::getBlockId(OpBuilder &b, Location loc, unsigned axis) const {
  Type i32 = b.getI32Type();
  if (axis == 0)
    return ROCDL::BlockIdXOp::create(b, loc, i32);
  if (axis == 1)
    return ROCDL::BlockIdYOp::create(b, loc, i32);
  return ROCDL::BlockIdZOp::create(b, loc, i32);
}

// Code object v5 passes the number of work-groups along x, y and z as the
// first three u32 of the implicit kernel arguments (hidden_block_count_*,
// the AMDGPU ABI's "Code Object V5 Metadata"). Reading them here needs no
// device library, where ROCDL's grid.dim ops call ockl.
Value RocdlTargetHooks::getGridSize(OpBuilder &b, Location loc, unsigned axis) const {
  auto constantPtr = LLVM::LLVMPointerType::get(b.getContext(), 4);
  Value base = LLVM::CallIntrinsicOp::create(
                   b, loc, constantPtr, b.getStringAttr("llvm.amdgcn.implicitarg.ptr"),
                   ValueRange{})
                   .getResult(0);
  Value field = LLVM::GEPOp::create(b, loc, constantPtr, b.getI32Type(), base,
                                    ArrayRef<LLVM::GEPArg>{int32_t(axis)},
                                    LLVM::GEPNoWrapFlags::inbounds);
  auto load = LLVM::LoadOp::create(b, loc, b.getI32Type(), field, /*alignment=*/4);
  load.setInvariant(true);
  return load;
}

void RocdlTargetHooks::createBarrier(OpBuilder &b, Location loc) const {
  // s_barrier between a work-group release and acquire fence, so that LDS
  // writes before it are visible after it (HIP's __syncthreads).
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::release, "workgroup");
  ROCDL::SBarrierOp::create(b, loc);
  LLVM::FenceOp::create(b, loc, LLVM::AtomicOrdering::acquire, "workgroup");
}

Value RocdlTargetHooks::createShuffleXor(OpBuilder &b, Location loc, Value value,
                                         unsigned laneMask) const {
  if (laneMask == 1 || laneMask == 2) {
    int32_t control = laneMask == 1 ? quadPerm(1, 0, 3, 2) : quadPerm(2, 3, 0, 1);
    return ROCDL::DPPUpdateOp::create(b, loc, value.getType(), value, value, control,
                                      /*rowMask=*/0xf, /*bankMask=*/0xf,
                                      /*boundCtrl=*/false);
  }
  if (laneMask < 32) {
    // ds_swizzle in bit mode, within each group of 32 lanes: the source lane
    // is ((lane & and_mask) | or_mask) ^ xor_mask, the masks in bits 0-4,
    // 5-9 and 10-14 of the offset (bit 15 clear).
    int32_t offset = int32_t(0x1f | (laneMask << 10));
    return ROCDL::DsSwizzleOp::create(b, loc, b.getI32Type(), value,
                                      i32Const(b, loc, offset));
  }
  // Across 32-lane halves: ds_bpermute reads the lane whose byte address
  // (lane * 4) it is given, through the LDS crossbar but not LDS memory.
  Value lane = ROCDL::MbcntHiOp::create(
      b, loc, b.getI32Type(), i32Const(b, loc, -1),
      ROCDL::MbcntLoOp::create(b, loc, b.getI32Type(), i32Const(b, loc, -1),
                               i32Const(b, loc, 0), ArrayAttr(), ArrayAttr()),
      ArrayAttr(), ArrayAttr());
  Value source = LLVM::XOrOp::create(b, loc, lane, i32Const(b, loc, laneMask));
  Value address = LLVM::ShlOp::create(b, loc, source, i32Const(b, loc, 2));
  return ROCDL::DsBpermuteOp::create(b, loc, b.getI32Type(), address, value);
}

Value RocdlTargetHooks::createBaseOffsetLoad(
    OpBuilder &b, Location loc, Type type, Value base, Value offset,
    unsigned elementBytes, Value mask, Value other,
    const gpu::MemoryAccessHints &hints) const {
  auto ptrType = dyn_cast<LLVM::LLVMPointerType>(base.getType());
  Type element = getElementTypeOrSelf(type);
  if (!ptrType || ptrType.getAddressSpace() != getGlobalAddressSpace() || !mask ||
      !other || hints.isVolatile || !offset.getType().isInteger(32) ||
      !element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return nullptr;
  int64_t accessBytes = element.getIntOrFloatBitWidth() / 8;
  if (auto vector = dyn_cast<VectorType>(type))
    accessBytes *= vector.getNumElements();
  if (accessBytes > 16 || (accessBytes & (accessBytes - 1)) != 0)
    return nullptr;

  // The window: 2^31 bytes from `base`; an offset of 2^31 is out of it.
  constexpr int64_t kWindow = int64_t(1) << 31;
  Type i64 = b.getI64Type();
  Value byteOffset = LLVM::MulOp::create(
      b, loc, LLVM::SExtOp::create(b, loc, i64, offset),
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(elementBytes)));
  Value zero = LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(0));
  Value last =
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(kWindow - accessBytes));
  Value inWindow = LLVM::AndOp::create(
      b, loc, LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::sge, byteOffset, zero),
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::sle, byteOffset, last));
  Value viaBuffer = LLVM::AndOp::create(b, loc, mask, inWindow);
  Value voffset = LLVM::SelectOp::create(
      b, loc, viaBuffer, LLVM::TruncOp::create(b, loc, b.getI32Type(), byteOffset),
      i32Const(b, loc, int32_t(0x80000000u)));
  // Word 3 of the resource (what MLIR's AMDGPU-to-ROCDL conversion uses):
  // 32-bit data format and dword selects on gfx9, plus the RDNA
  // out-of-bounds mode that checks the offset against num_records.
  int32_t flags = target.isCdna() ? 0x00027000 : 0x31027000;
  auto resourceType = LLVM::LLVMPointerType::get(b.getContext(), 8);
  Value resource = ROCDL::MakeBufferRsrcOp::create(
      b, loc, resourceType, base,
      LLVM::ConstantOp::create(b, loc, b.getI16Type(), b.getI16IntegerAttr(0)),
      LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(kWindow)),
      i32Const(b, loc, flags));
  // glc/slc/nt stay default; the hints' cache operators are NVIDIA's.
  Value loaded = ROCDL::RawPtrBufferLoadOp::create(
      b, loc, type, resource, voffset, i32Const(b, loc, 0), i32Const(b, loc, 0),
      ArrayAttr(), ArrayAttr(), ArrayAttr());
  Value value = LLVM::SelectOp::create(b, loc, viaBuffer, loaded, other);
  // Lanes the window misses (a negative offset, or beyond 2 GiB): a plain
  // load. The branch is skipped whole when no lane of the wave needs it.
  Value outside = LLVM::AndOp::create(
      b, loc, mask,
      LLVM::XOrOp::create(
          b, loc, inWindow,
          LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(true))));
  auto branch = scf::IfOp::create(b, loc, TypeRange{type}, outside, /*withElse=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(branch.thenBlock());
    Value ptr = LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                                    ValueRange{byteOffset});
    Value direct = LLVM::LoadOp::create(b, loc, type, ptr, unsigned(elementBytes));
    scf::YieldOp::create(b, loc, direct);
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, loc, value);
  }
  return branch.getResult(0);
}

void RocdlTargetHooks::markKernel(Operation *func, unsigned threadsPerBlock) const {
  Builder b(func->getContext());
  func->setAttr(ROCDL::ROCDLDialect::getKernelFuncAttrName(), b.getUnitAttr());
  // The exact size lets LLVM drop the range checks on work-item ids and
  // size the register budget for the waves it implies.
  std::string size = std::to_string(threadsPerBlock);
  func->setAttr(ROCDL::ROCDLDialect::getFlatWorkGroupSizeAttrName(),
                b.getStringAttr(size + "," + size));
  func->setAttr(ROCDL::ROCDLDialect::getReqdWorkGroupSizeAttrName(),
                b.getDenseI32ArrayAttr({int32_t(threadsPerBlock), 1, 1}));
  if (wavesPerEu > 0) {
    // MLIR's ROCDL translation drops rocdl.waves_per_eu; the LLVM function
    // attribute is what the AMDGPU backend reads.
    SmallVector<Attribute> passthrough;
    if (auto existing = func->getAttrOfType<ArrayAttr>("passthrough"))
      passthrough.append(existing.begin(), existing.end());
    passthrough.push_back(
        b.getArrayAttr({b.getStringAttr("amdgpu-waves-per-eu"),
                        b.getStringAttr(std::to_string(wavesPerEu))}));
    func->setAttr("passthrough", b.getArrayAttr(passthrough));
  }
}

} // namespace tessel::amd
