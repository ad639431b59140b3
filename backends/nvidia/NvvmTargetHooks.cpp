//===- NvvmTargetHooks.cpp - The shared GPU lowering's NVIDIA hooks -------===//

#include "backends/nvidia/NvvmTargetHooks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;

namespace tessel::nvidia {

Value NvvmTargetHooks::getThreadId(OpBuilder &b, Location loc) const {
  return b.create<NVVM::ThreadIdXOp>(loc, b.getI32Type());
}

Value NvvmTargetHooks::getBlockId(OpBuilder &b, Location loc, unsigned axis) const {
  Type i32 = b.getI32Type();
  if (axis == 0)
    return b.create<NVVM::BlockIdXOp>(loc, i32);
  if (axis == 1)
    return b.create<NVVM::BlockIdYOp>(loc, i32);
  return b.create<NVVM::BlockIdZOp>(loc, i32);
}

Value NvvmTargetHooks::getGridSize(OpBuilder &b, Location loc, unsigned axis) const {
  Type i32 = b.getI32Type();
  if (axis == 0)
    return b.create<NVVM::GridDimXOp>(loc, i32);
  if (axis == 1)
    return b.create<NVVM::GridDimYOp>(loc, i32);
  return b.create<NVVM::GridDimZOp>(loc, i32);
}

void NvvmTargetHooks::createBarrier(OpBuilder &b, Location loc) const {
  b.create<NVVM::Barrier0Op>(loc);
}

Value NvvmTargetHooks::createShuffleXor(OpBuilder &b, Location loc, Value value,
                                        unsigned laneMask) const {
  Value all = b.create<arith::ConstantIntOp>(loc, -1, 32);
  Value offset = b.create<arith::ConstantIntOp>(loc, laneMask, 32);
  // Clamp 0x1f: the whole warp is one segment.
  Value clamp = b.create<arith::ConstantIntOp>(loc, 0x1f, 32);
  return b.create<NVVM::ShflOp>(loc, value.getType(), all, value, offset, clamp,
                                NVVM::ShflKind::bfly, UnitAttr());
}

void NvvmTargetHooks::markKernel(Operation *func, unsigned threadsPerBlock) const {
  Builder b(func->getContext());
  func->setAttr("nvvm.kernel", b.getUnitAttr());
  func->setAttr("nvvm.maxntid",
                b.getDenseI32ArrayAttr({int32_t(threadsPerBlock), 1, 1}));
}

} // namespace tessel::nvidia
