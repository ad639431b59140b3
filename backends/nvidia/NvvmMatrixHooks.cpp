//===- NvvmMatrixHooks.cpp - mma.sync and ldmatrix for the shared lowering ===//

#include "backends/nvidia/NvvmMatrixHooks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace tessel::nvidia {

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
  Value loaded = b.create<NVVM::LdMatrixOp>(
      loc, result, sharedAddress, count,
      transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row);
  if (count == 1)
    return {loaded};
  SmallVector<Value> regs;
  for (unsigned i = 0; i < count; ++i)
    regs.push_back(b.create<LLVM::ExtractValueOp>(loc, loaded, i));
  return regs;
}

SmallVector<Value> NvvmMatrixHooks::multiplyAccumulate(OpBuilder &b, Location loc,
                                                       Type input, ValueRange a,
                                                       ValueRange bFragment,
                                                       ValueRange c) const {
  // f16 operands are pairs of halves; bf16 ones stay packed in i32.
  auto operands = [&](ValueRange regs) {
    SmallVector<Value> out;
    for (Value r : regs)
      out.push_back(input.isF16()
                        ? b.create<LLVM::BitcastOp>(loc, VectorType::get({2}, b.getF16Type()), r)
                              .getResult()
                        : r);
    return out;
  };
  NVVM::MMATypes type = input.isF16() ? NVVM::MMATypes::f16 : NVVM::MMATypes::bf16;
  Type f32 = b.getF32Type();
  Type result = LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  Value d = b.create<NVVM::MmaOp>(
      loc, result, operands(a), operands(bFragment), c, ArrayRef<int64_t>{16, 8, 16},
      std::nullopt, std::nullopt, std::array<NVVM::MMATypes, 2>{type, type},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row, NVVM::MMALayout::col});
  SmallVector<Value> out;
  for (int i = 0; i < 4; ++i)
    out.push_back(b.create<LLVM::ExtractValueOp>(loc, d, i));
  return out;
}

} // namespace tessel::nvidia
