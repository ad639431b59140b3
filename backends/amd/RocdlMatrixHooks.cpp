//===- RocdlMatrixHooks.cpp - MFMA and WMMA for the shared lowering -------===//

#include "backends/amd/RocdlMatrixHooks.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"

using namespace mlir;

namespace tessel::amd {
namespace {

Value i32Const(OpBuilder &b, Location loc, int64_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(value));
}

/// `elements` as one LLVM vector of `type`'s element type.
Value pack(OpBuilder &b, Location loc, ValueRange elements, Type element) {
  auto type = VectorType::get({int64_t(elements.size())}, element);
  Value v = LLVM::PoisonOp::create(b, loc, type);
  for (auto [i, e] : llvm::enumerate(elements))
    v = LLVM::InsertElementOp::create(b, loc, v, e, i32Const(b, loc, int64_t(i)));
  return v;
}

SmallVector<Value> unpack(OpBuilder &b, Location loc, Value vector, unsigned count) {
  SmallVector<Value> out;
  for (unsigned i = 0; i < count; ++i)
    out.push_back(LLVM::ExtractElementOp::create(b, loc, vector, i32Const(b, loc, i)));
  return out;
}

/// A 16-bit operand vector as the intrinsics take it: f16 as halves, bf16
/// as i16 (the MFMA *_1k and WMMA bf16 intrinsics are declared on i16).
Value asOperand(OpBuilder &b, Location loc, ValueRange elements, Type input) {
  Value v = pack(b, loc, elements, input);
  if (input.isBF16())
    v = LLVM::BitcastOp::create(
        b, loc, VectorType::get({int64_t(elements.size())}, b.getI16Type()), v);
  return v;
}

/// RDNA3's WMMA wants all 16 k of a row (A) or column (B) in every lane, in
/// both half-waves; the shared lowering gave each lane the 8 k of its half.
/// Each lane gets the other half's 8 from its partner l ^ 16 with
/// v_permlanex16 (identity selectors: lane i of one row reads lane i of the
/// other), then orders the two halves by k.
Value widenAcrossHalves(OpBuilder &b, Location loc, Value operand) {
  Type i32 = b.getI32Type();
  auto words = LLVM::BitcastOp::create(b, loc, VectorType::get({4}, i32), operand);
  Value lane = ROCDL::MbcntLoOp::create(b, loc, i32, i32Const(b, loc, -1),
                                        i32Const(b, loc, 0), ArrayAttr(), ArrayAttr());
  Value upper = LLVM::ICmpOp::create(
      b, loc, LLVM::ICmpPredicate::ne,
      LLVM::AndOp::create(b, loc, lane, i32Const(b, loc, 16)), i32Const(b, loc, 0));
  SmallVector<Value> own = unpack(b, loc, words, 4), other;
  for (Value w : own)
    other.push_back(ROCDL::PermlaneX16Op::create(
        b, loc, i32, w, w, i32Const(b, loc, 0x76543210),
        i32Const(b, loc, int64_t(0xfedcba98u)), /*fi=*/false, /*boundControl=*/false));
  SmallVector<Value> all;
  for (int half = 0; half < 2; ++half)
    for (int i = 0; i < 4; ++i)
      // Lower half-wave: its own k 0-7 first; upper: the partner's first.
      all.push_back(LLVM::SelectOp::create(b, loc, upper, half == 0 ? other[i] : own[i],
                                           half == 0 ? own[i] : other[i]));
  Value wide = pack(b, loc, all, i32);
  auto element = cast<VectorType>(operand.getType()).getElementType();
  return LLVM::BitcastOp::create(b, loc, VectorType::get({16}, element), wide);
}

} // namespace

bool RocdlMatrixHooks::supports(Type input, Type acc) const {
  return (input.isF16() || input.isBF16()) && acc.isF32();
}

SmallVector<Value> RocdlMatrixHooks::multiplyAccumulate(OpBuilder &b, Location loc,
                                                        Type input, ValueRange a,
                                                        ValueRange bFragment,
                                                        ValueRange c) const {
  Value aOp = asOperand(b, loc, a, input), bOp = asOperand(b, loc, bFragment, input);
  Value cOp = pack(b, loc, c, b.getF32Type());
  Type result = cOp.getType();
  Value d;
  bool bf16 = input.isBF16();
  switch (target.getMatrixFamily()) {
  case MatrixFamily::MFMA: {
    // cbsz, abid, blgp = 0: no broadcast between blocks of lanes.
    SmallVector<Value> args = {
        aOp, bOp, cOp, i32Const(b, loc, 0), i32Const(b, loc, 0), i32Const(b, loc, 0)};
    if (instruction.m == 32)
      d = bf16
              ? ROCDL::mfma_f32_32x32x8bf16_1k::create(b, loc, result, args).getResult()
              : ROCDL::mfma_f32_32x32x8f16::create(b, loc, result, args).getResult();
    else
      d = bf16 ? ROCDL::mfma_f32_16x16x16bf16_1k::create(b, loc, result, args)
                     .getResult()
               : ROCDL::mfma_f32_16x16x16f16::create(b, loc, result, args).getResult();
    break;
  }
  case MatrixFamily::WMMAGfx11:
    aOp = widenAcrossHalves(b, loc, aOp);
    bOp = widenAcrossHalves(b, loc, bOp);
    [[fallthrough]];
  case MatrixFamily::WMMAGfx12:
    d = bf16 ? ROCDL::wmma_f32_16x16x16_bf16::create(b, loc, result, aOp, bOp, cOp)
                   .getResult()
             : ROCDL::wmma_f32_16x16x16_f16::create(b, loc, result, aOp, bOp, cOp)
                   .getResult();
    break;
  }
  return unpack(b, loc, d, unsigned(c.size()));
}

} // namespace tessel::amd
