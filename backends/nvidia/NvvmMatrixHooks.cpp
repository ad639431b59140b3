//===- NvvmMatrixHooks.cpp - mma.sync and ldmatrix for the shared lowering ===//

#include "backends/nvidia/NvvmMatrixHooks.h"

#include "backends/nvidia/NvidiaTarget.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace tessel::nvidia {

NvvmMatrixHooks::NvvmMatrixHooks(bool matrixLoads, bool warpGroupMma)
    : mma(NvidiaTarget::getMmaSyncInstruction()), matrixLoads(matrixLoads),
      hasWarpGroupMma(warpGroupMma) {}

bool NvvmMatrixHooks::supports(Type input, Type acc) const {
  return (input.isF16() || input.isBF16()) && acc.isF32();
}

SmallVector<Value> NvvmMatrixHooks::loadMatrices(OpBuilder &b, Location loc,
                                                 Value sharedAddress, unsigned count,
                                                 bool transpose) const {
  Type i32 = b.getI32Type();
  Type result = count == 1 ? i32
                           : LLVM::LLVMStructType::getLiteral(
                                 b.getContext(), SmallVector<Type>(count, i32));
  // ldmatrix.sync.aligned.m8n8.x{count}.b16: 8x8 matrices of 16-bit elements.
  Value loaded =
      NVVM::LdMatrixOp::create(b, loc, result, sharedAddress, count,
                               transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
                               NVVM::LdStMatrixShapeAttr::get(b.getContext(), 8, 8),
                               NVVM::LdStMatrixEltType::B16);
  if (count == 1)
    return {loaded};
  SmallVector<Value> regs;
  for (unsigned i = 0; i < count; ++i)
    regs.push_back(LLVM::ExtractValueOp::create(b, loc, loaded, i));
  return regs;
}

SmallVector<Value> NvvmMatrixHooks::multiplyAccumulate(OpBuilder &b, Location loc,
                                                       Type input, ValueRange a,
                                                       ValueRange bFragment,
                                                       ValueRange c) const {
  // Consecutive registers of both fragments pair up in one 32-bit register
  // (A: two k of a row, B: two k of a column), the lower element first.
  auto pack = [&](ValueRange elements) {
    SmallVector<Value> regs;
    Type pair = VectorType::get({2}, input);
    for (size_t i = 0; i + 1 < elements.size(); i += 2) {
      Value v = LLVM::PoisonOp::create(b, loc, pair);
      v = LLVM::InsertElementOp::create(
          b, loc, v, elements[i],
          LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(0)));
      v = LLVM::InsertElementOp::create(
          b, loc, v, elements[i + 1],
          LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(1)));
      regs.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), v));
    }
    return regs;
  };
  return multiplyAccumulatePacked(b, loc, input, pack(a), pack(bFragment), c);
}

SmallVector<Value> NvvmMatrixHooks::multiplyAccumulatePacked(OpBuilder &b, Location loc,
                                                             Type input, ValueRange a,
                                                             ValueRange bFragment,
                                                             ValueRange c) const {
  Type f32 = b.getF32Type();
  Type result = LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  // The NVVM op takes f16 operands as pairs of halves and bf16 operands
  // packed in i32, as the registers hold them.
  SmallVector<Value> aOperands(a.begin(), a.end());
  SmallVector<Value> bOperands(bFragment.begin(), bFragment.end());
  NVVM::MMATypes type = NVVM::MMATypes::bf16;
  if (input.isF16()) {
    type = NVVM::MMATypes::f16;
    Type pair = VectorType::get({2}, b.getF16Type());
    for (Value &r : aOperands)
      r = LLVM::BitcastOp::create(b, loc, pair, r);
    for (Value &r : bOperands)
      r = LLVM::BitcastOp::create(b, loc, pair, r);
  }
  Value d = NVVM::MmaOp::create(
      b, loc, result, aOperands, bOperands, c, ArrayRef<int64_t>{16, 8, 16},
      std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{type, type},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row, NVVM::MMALayout::col});
  SmallVector<Value> out;
  for (int i = 0; i < 4; ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, d, i));
  return out;
}

void NvvmMatrixHooks::asyncCopy(OpBuilder &b, Location loc, Value shared, Value global,
                                unsigned bytes, Value enabled) const {
  Value size;
  if (enabled) {
    Value full =
        LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(bytes));
    Value none =
        LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(0));
    size = LLVM::SelectOp::create(b, loc, enabled, full, none);
  }
  // .cg (L2 only) exists for 16-byte copies; smaller ones go through L1.
  NVVM::CpAsyncOp::create(b, loc, shared, global, bytes,
                          bytes == 16 ? NVVM::LoadCacheModifierKind::CG
                                      : NVVM::LoadCacheModifierKind::CA,
                          size);
}

void NvvmMatrixHooks::commitAsyncCopies(OpBuilder &b, Location loc) const {
  NVVM::CpAsyncCommitGroupOp::create(b, loc);
}

void NvvmMatrixHooks::waitAsyncCopies(OpBuilder &b, Location loc,
                                      unsigned pending) const {
  NVVM::CpAsyncWaitGroupOp::create(b, loc, pending);
}

void NvvmMatrixHooks::fenceSharedForWarpGroup(OpBuilder &b, Location loc) const {
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta));
}

void NvvmMatrixHooks::beginWarpGroupMma(OpBuilder &b, Location loc) const {
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
}

namespace {

/// The 64-bit shared-memory matrix descriptor (PTX ISA, "Matrix
/// Descriptor Format"): bits 0-13 the start address, 16-29 the leading and
/// 32-45 the stride byte offsets, all in 16-byte units; base offset (bits
/// 49-51) 0, as every swizzle atom starts 1024-byte aligned; bits 62-63
/// the swizzle: 1 for 128 bytes, 2 for 64, 3 for 32.
Value makeDescriptor(OpBuilder &b, Location loc,
                     const gpu::GpuMatrixHooks::SharedMatrix &m) {
  const uint64_t swizzle = m.swizzle == 128 ? 1 : m.swizzle == 64 ? 2 : 3;
  const uint64_t fixed = (uint64_t((m.leadingBytes >> 4) & 0x3fff) << 16) |
                         (uint64_t((m.strideBytes >> 4) & 0x3fff) << 32) |
                         (swizzle << 62);
  return makeMatrixDescriptor(b, loc, m.address, fixed);
}

} // namespace

/// wgmma.mma_async written out (the NVVM op takes A as a descriptor only and
/// D's scale as a constant): outputs $0.. are D, tied to the accumulator's
/// inputs `acc`; then A (`aOperands`: four registers, or a descriptor), B's
/// descriptor and scale-d as an i32 (non-zero: D = A * B + C; zero: D = A *
/// B). The transpose bits (16-bit inputs only; fp8 reads K-major operands)
/// are 0 for A and 1 for an N-major B.
static SmallVector<Value> writeWarpGroupMma(OpBuilder &b, Location loc, Type input,
                                            ValueRange aOperands, Value bDescriptor,
                                            bool bKMajor, unsigned n, ValueRange acc,
                                            Value scaleD) {
  const bool fp8 = input.getIntOrFloatBitWidth() == 8;
  const std::string type = input.isF16()                  ? "f16"
                           : input.isBF16()               ? "bf16"
                           : isa<Float8E4M3FNType>(input) ? "e4m3"
                                                          : "e5m2";
  const size_t outs = acc.size(), aCount = aOperands.size();
  auto operand = [](size_t i) { return "$" + std::to_string(i); };
  // Operands: outs outputs, outs tied inputs, A, B's descriptor, scale-d.
  const size_t first = 2 * outs;
  std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, " + operand(first + aCount + 1) +
                     ", 0;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(n) +
                     "k" + (fp8 ? "32" : "16") + ".f32." + type + "." + type + " {";
  for (size_t i = 0; i < outs; ++i)
    text += operand(i) + (i + 1 < outs ? ", " : "");
  text += "}, ";
  if (aCount == 1) {
    text += operand(first);
  } else {
    text += "{";
    for (size_t i = 0; i < aCount; ++i)
      text += operand(first + i) + (i + 1 < aCount ? ", " : "");
    text += "}";
  }
  text += ", " + operand(first + aCount) + ", p, 1, 1";
  if (!fp8)
    text += aCount == 1 ? std::string(", 0, ") + (bKMajor ? "0" : "1")
                        : std::string(", ") + (bKMajor ? "0" : "1");
  text += ";\n}";
  std::string constraints;
  for (size_t i = 0; i < outs; ++i)
    constraints += "=f,";
  for (size_t i = 0; i < outs; ++i)
    constraints += std::to_string(i) + ",";
  constraints += aCount == 1 ? "l," : "r,r,r,r,";
  constraints += "l,r";
  SmallVector<Value> operands(acc.begin(), acc.end());
  operands.append(aOperands.begin(), aOperands.end());
  operands.push_back(bDescriptor);
  operands.push_back(scaleD);
  auto type32 = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(outs, b.getF32Type()));
  auto mma = LLVM::InlineAsmOp::create(
      b, loc, type32, operands, text, constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false, LLVM::TailCallKind::None,
      /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> out;
  for (size_t i = 0; i < outs; ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, mma.getResult(0), i));
  return out;
}

/// scale-d as wgmma's inline form reads it: 1, or `accumulate` (i1) as an
/// i32.
static Value getScaleD(OpBuilder &b, Location loc, Value accumulate) {
  if (!accumulate)
    return LLVM::ConstantOp::create(b, loc, b.getI32Type(), 1);
  return LLVM::ZExtOp::create(b, loc, b.getI32Type(), accumulate);
}

SmallVector<Value> NvvmMatrixHooks::warpGroupMma(OpBuilder &b, Location loc, Type input,
                                                 const SharedMatrix &a,
                                                 const SharedMatrix &bMatrix,
                                                 unsigned n, ValueRange acc,
                                                 Value accumulate) const {
  // D's scale decided at run time: the instruction written out.
  if (accumulate)
    return writeWarpGroupMma(b, loc, input, {makeDescriptor(b, loc, a)},
                             makeDescriptor(b, loc, bMatrix), bMatrix.kMajor, n, acc,
                             getScaleD(b, loc, accumulate));
  MLIRContext *context = b.getContext();
  Type f32 = b.getF32Type();
  auto accType =
      LLVM::LLVMStructType::getLiteral(context, SmallVector<Type>(n / 2, f32));
  Value inouts = LLVM::PoisonOp::create(b, loc, accType);
  for (auto [i, v] : llvm::enumerate(acc))
    inouts = LLVM::InsertValueOp::create(b, loc, inouts, v, i);
  NVVM::WGMMATypes type = input.isF16()                  ? NVVM::WGMMATypes::f16
                          : input.isBF16()               ? NVVM::WGMMATypes::bf16
                          : isa<Float8E4M3FNType>(input) ? NVVM::WGMMATypes::e4m3
                                                         : NVVM::WGMMATypes::e5m2;
  // K is 32 bytes of input: 16 halves, 32 fp8 values.
  const int k = int(256 / input.getIntOrFloatBitWidth());
  // layoutA row: K-major A; layoutB row: N-major B, col: K-major B (the
  // op's transpose bit for B is 1 - layout; fp8 reads K-major B only).
  Value d = NVVM::WgmmaMmaAsyncOp::create(
      b, loc, accType, inouts, makeDescriptor(b, loc, a),
      makeDescriptor(b, loc, bMatrix), NVVM::MMAShapeAttr::get(context, 64, int(n), k),
      type, type, NVVM::WGMMATypes::f32, NVVM::WGMMAScaleOut::one,
      NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one, NVVM::MMALayout::row,
      bMatrix.kMajor ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::MMAIntOverflowAttr());
  SmallVector<Value> out;
  for (unsigned i = 0; i < n / 2; ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, d, i));
  return out;
}

SmallVector<Value> NvvmMatrixHooks::warpGroupMmaRegisterA(OpBuilder &b, Location loc,
                                                          Type input, ValueRange a,
                                                          const SharedMatrix &bMatrix,
                                                          unsigned n, ValueRange acc,
                                                          Value accumulate) const {
  // The NVVM op takes A as a descriptor only: the register form is written
  // out.
  return writeWarpGroupMma(b, loc, input, a, makeDescriptor(b, loc, bMatrix),
                           bMatrix.kMajor, n, acc, getScaleD(b, loc, accumulate));
}

void NvvmMatrixHooks::commitWarpGroupMma(OpBuilder &b, Location loc) const {
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
}

SmallVector<Value> NvvmMatrixHooks::waitWarpGroupMma(OpBuilder &b, Location loc,
                                                     ValueRange acc,
                                                     unsigned pending) const {
  // "=f" outputs tied to the inputs: the values leave through the wait, in
  // the registers the instructions write (an in-flight one's included:
  // nothing may copy them before its own wait).
  std::string constraints;
  for (size_t i = 0; i < acc.size(); ++i)
    constraints += "=f,";
  for (size_t i = 0; i < acc.size(); ++i)
    constraints += std::to_string(i) + (i + 1 < acc.size() ? "," : "");
  auto type = LLVM::LLVMStructType::getLiteral(
      b.getContext(), SmallVector<Type>(acc.size(), b.getF32Type()));
  auto wait = LLVM::InlineAsmOp::create(
      b, loc, type, acc,
      "wgmma.wait_group.sync.aligned " + std::to_string(pending) + ";", constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false, LLVM::TailCallKind::None,
      /*asm_dialect=*/LLVM::AsmDialectAttr(), /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> out;
  for (size_t i = 0; i < acc.size(); ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, wait.getResult(0), i));
  return out;
}

Value makeMatrixDescriptor(OpBuilder &b, Location loc, Value address,
                           uint64_t constantBits) {
  Type i64 = b.getI64Type();
  Value start = LLVM::ZExtOp::create(b, loc, i64, address);
  start = LLVM::LShrOp::create(
      b, loc,
      LLVM::AndOp::create(b, loc, start,
                          LLVM::ConstantOp::create(b, loc, i64, 0x3ffff)),
      LLVM::ConstantOp::create(b, loc, i64, 4));
  return LLVM::OrOp::create(
      b, loc, start,
      LLVM::ConstantOp::create(b, loc, i64,
                               b.getI64IntegerAttr(int64_t(constantBits))));
}

void emitPtx(OpBuilder &b, Location loc, StringRef text, StringRef constraints,
             ValueRange operands) {
  LLVM::InlineAsmOp::create(b, loc, LLVM::LLVMVoidType::get(b.getContext()), operands,
                            text, constraints, /*has_side_effects=*/true,
                            /*is_align_stack=*/false, LLVM::TailCallKind::None,
                            /*asm_dialect=*/LLVM::AsmDialectAttr(),
                            /*operand_attrs=*/ArrayAttr());
}

void NvvmMatrixHooks::initCopyBarrier(OpBuilder &b, Location loc, Value barrier,
                                      unsigned arrivals) const {
  emitPtx(b, loc,
          "mbarrier.init.shared::cta.b64 [$0], " + std::to_string(arrivals) + ";", "r",
          barrier);
}

void NvvmMatrixHooks::fenceCopyBarrierInit(OpBuilder &b, Location loc) const {
  // The initialisation (a generic-proxy write) ordered before the async
  // proxy's (TMA's) first complete_tx on the barrier.
  emitPtx(b, loc, "fence.mbarrier_init.release.cluster;", "", {});
  emitPtx(b, loc, "fence.proxy.async.shared::cta;", "", {});
}

void NvvmMatrixHooks::invalCopyBarrier(OpBuilder &b, Location loc,
                                       Value barrier) const {
  emitPtx(b, loc, "mbarrier.inval.shared::cta.b64 [$0];", "r", barrier);
}

void NvvmMatrixHooks::arriveExpectingBytes(OpBuilder &b, Location loc, Value barrier,
                                           Value bytes) const {
  emitPtx(b, loc, "mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], $1;", "r,r",
          ValueRange{barrier, bytes});
}

void NvvmMatrixHooks::arriveOnBarrier(OpBuilder &b, Location loc, Value barrier) const {
  // (Release semantics at CTA scope, the default.)
  emitPtx(b, loc, "mbarrier.arrive.shared::cta.b64 _, [$0];", "r", barrier);
}

void NvvmMatrixHooks::tensorCopy(OpBuilder &b, Location loc, Value shared,
                                 Value tensorMap, ValueRange coords,
                                 Value barrier) const {
  std::string text = "cp.async.bulk.tensor." + std::to_string(coords.size()) +
                     "d.shared::cluster.global.tile.mbarrier::complete_tx::bytes "
                     "[$0], [$1, {";
  std::string constraints = "r,l";
  for (size_t i = 0; i < coords.size(); ++i) {
    text += (i ? ", $" : "$") + std::to_string(i + 2);
    constraints += ",r";
  }
  text += "}], [$" + std::to_string(coords.size() + 2) + "];";
  constraints += ",r";
  // The map's generic address (a grid-constant parameter's), as 64 bits.
  if (isa<LLVM::LLVMPointerType>(tensorMap.getType()))
    tensorMap = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), tensorMap);
  SmallVector<Value> operands = {shared, tensorMap};
  operands.append(coords.begin(), coords.end());
  operands.push_back(barrier);
  emitPtx(b, loc, text, constraints, operands);
}

void NvvmMatrixHooks::waitCopyBarrier(OpBuilder &b, Location loc, Value barrier,
                                      Value parity) const {
  // try_wait suspends for a while before it fails; the loop retries. The
  // braces scope the label, so that every copy of the statement has its own.
  emitPtx(b, loc,
          "{\n\t.reg .pred done;\n\tcopy_wait:\n\t"
          "mbarrier.try_wait.parity.shared::cta.b64 done, [$0], $1;\n\t"
          "@!done bra.uni copy_wait;\n\t}",
          "r,r", ValueRange{barrier, parity});
}

} // namespace tessel::nvidia
