//===- NullGpuHooks.cpp - The null GPU's special registers as calls -------===//

#include "backends/nullgpu/NullGpuHooks.h"

#include "backends/nullgpu/NullGpuTarget.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace tessel::nullgpu {
namespace {

/// A call of the external function `name` (declared on first use).
Value callRuntime(OpBuilder &b, Location loc, StringRef name, Type result,
                  ValueRange args) {
  auto module = b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  SmallVector<Type> params;
  for (Value a : args)
    params.push_back(a.getType());
  Type returned = result ? result : LLVM::LLVMVoidType::get(b.getContext());
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!func) {
    OpBuilder top = OpBuilder::atBlockBegin(module.getBody());
    func = LLVM::LLVMFuncOp::create(top, loc, name,
                                    LLVM::LLVMFunctionType::get(returned, params));
  }
  auto call = LLVM::CallOp::create(b, loc, func, args);
  return result ? call.getResult() : Value();
}

} // namespace

Value NullGpuHooks::getThreadId(OpBuilder &b, Location loc) const {
  return callRuntime(b, loc, "nullgpu_thread_id", b.getI32Type(), {});
}

Value NullGpuHooks::getBlockId(OpBuilder &b, Location loc, unsigned axis) const {
  Value a = LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(axis));
  return callRuntime(b, loc, "nullgpu_block_id", b.getI32Type(), {a});
}

Value NullGpuHooks::getGridSize(OpBuilder &b, Location loc, unsigned axis) const {
  Value a = LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(axis));
  return callRuntime(b, loc, "nullgpu_grid_size", b.getI32Type(), {a});
}

void NullGpuHooks::createBarrier(OpBuilder &b, Location loc) const {
  callRuntime(b, loc, "nullgpu_barrier", Type(), {});
}

Value NullGpuHooks::createShuffleXor(OpBuilder &b, Location loc, Value value,
                                     unsigned laneMask) const {
  Value mask =
      LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(laneMask));
  return callRuntime(b, loc, "nullgpu_shuffle_xor", b.getI32Type(), {value, mask});
}

void NullGpuHooks::markKernel(Operation *func, unsigned threadsPerBlock) const {
  func->setAttr(
      kThreadsAttrName,
      Builder(func->getContext()).getI32IntegerAttr(int32_t(threadsPerBlock)));
}

NullGpuMatrixHooks::NullGpuMatrixHooks()
    : mma(getNullGpuDescription().matrixInstructions.front()) {}

bool NullGpuMatrixHooks::supports(Type input, Type acc) const {
  return (input.isF16() || input.isBF16()) && acc.isF32();
}

SmallVector<Value> NullGpuMatrixHooks::multiplyAccumulate(OpBuilder &b, Location loc,
                                                          Type input, ValueRange a,
                                                          ValueRange bFragment,
                                                          ValueRange c) const {
  auto pack = [&](ValueRange elements) {
    Type type = VectorType::get({int64_t(elements.size())}, elements[0].getType());
    Value v = LLVM::PoisonOp::create(b, loc, type);
    for (auto [i, e] : llvm::enumerate(elements))
      v = LLVM::InsertElementOp::create(
          b, loc, v, e,
          LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(i)));
    return v;
  };
  Value cVector = pack(c);
  StringRef name = input.isF16() ? "nullgpu_mma_m8n8k8_f16" : "nullgpu_mma_m8n8k8_bf16";
  Value d =
      callRuntime(b, loc, name, cVector.getType(), {pack(a), pack(bFragment), cVector});
  SmallVector<Value> out;
  for (size_t i = 0; i < c.size(); ++i)
    out.push_back(LLVM::ExtractElementOp::create(
        b, loc, d,
        LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(i))));
  return out;
}

} // namespace tessel::nullgpu
