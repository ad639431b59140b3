//===- SpirvTargetHooks.cpp - OpenCL built-ins for the shared lowering ----===//

#include "backends/intel/SpirvTargetHooks.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace tessel::intel {
namespace {

/// A call of the OpenCL built-in `mangledName` (declared on first use), in
/// the `spir_func` convention SPIR-V's built-ins are called with.
Value callBuiltin(OpBuilder &b, Location loc, StringRef mangledName, Type result,
                  ValueRange args) {
  auto module = b.getInsertionBlock()->getParentOp()->getParentOfType<ModuleOp>();
  SmallVector<Type> params;
  for (Value a : args)
    params.push_back(a.getType());
  Type returned = result ? result : LLVM::LLVMVoidType::get(b.getContext());
  auto func = module.lookupSymbol<LLVM::LLVMFuncOp>(mangledName);
  if (!func) {
    OpBuilder top = OpBuilder::atBlockBegin(module.getBody());
    func = LLVM::LLVMFuncOp::create(top, loc, mangledName,
                                    LLVM::LLVMFunctionType::get(returned, params));
    func.setCConv(LLVM::cconv::CConv::SPIR_FUNC);
  }
  auto call = LLVM::CallOp::create(b, loc, func, args);
  call.setCConv(LLVM::cconv::CConv::SPIR_FUNC);
  return result ? call.getResult() : Value();
}

Value i32Constant(OpBuilder &b, Location loc, int32_t value) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(value));
}

/// A size_t-valued work-item function of `axis`, as i32 (the ids and
/// counts the lowering uses fit: grids are limited to 2^31 blocks).
Value workItemQuery(OpBuilder &b, Location loc, StringRef mangledName, unsigned axis) {
  Value v = callBuiltin(b, loc, mangledName, b.getI64Type(),
                        {i32Constant(b, loc, int32_t(axis))});
  return LLVM::TruncOp::create(b, loc, b.getI32Type(), v);
}

} // namespace

Value SpirvTargetHooks::getThreadId(OpBuilder &b, Location loc) const {
  return workItemQuery(b, loc, "_Z12get_local_idj", 0);
}

Value SpirvTargetHooks::getBlockId(OpBuilder &b, Location loc, unsigned axis) const {
  return workItemQuery(b, loc, "_Z12get_group_idj", axis);
}

Value SpirvTargetHooks::getGridSize(OpBuilder &b, Location loc, unsigned axis) const {
  return workItemQuery(b, loc, "_Z14get_num_groupsj", axis);
}

void SpirvTargetHooks::createBarrier(OpBuilder &b, Location loc) const {
  // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE: like bar.sync on NVIDIA,
  // the barrier orders the work-group's global accesses too (debug_barrier
  // and atomics patterns rely on it), not only shared local memory.
  callBuiltin(b, loc, "_Z7barrierj", Type(), {i32Constant(b, loc, 3)});
}

Value SpirvTargetHooks::createShuffleXor(OpBuilder &b, Location loc, Value value,
                                         unsigned laneMask) const {
  return callBuiltin(b, loc, "_Z27intel_sub_group_shuffle_xorjj", b.getI32Type(),
                     {value, i32Constant(b, loc, int32_t(laneMask))});
}

void SpirvTargetHooks::markKernel(Operation *op, unsigned threadsPerBlock) const {
  auto func = cast<LLVM::LLVMFuncOp>(op);
  func.setCConv(LLVM::cconv::CConv::SPIR_KERNEL);
  func.setReqdWorkGroupSize(ArrayRef<int32_t>{int32_t(threadsPerBlock), 1, 1});
  func.setIntelReqdSubGroupSize(target.getSubGroupSize());
}

bool DpasMatrixHooks::supports(Type input, Type acc) const {
  // f32 inputs only as tf32: the shared lowering asks the dot's precision.
  return ((input.isF16() || input.isBF16() || input.isF32()) && acc.isF32()) ||
         (input.isInteger(8) && acc.isInteger(32));
}

const gpu::MatrixInstruction &DpasMatrixHooks::getInstructionFor(Type input) const {
  if (input.isF32())
    return dpasTf32;
  if (input.isInteger(8))
    return dpasI8;
  return dpas;
}

SmallVector<Value> DpasMatrixHooks::multiplyAccumulate(OpBuilder &b, Location loc,
                                                       Type input, ValueRange a,
                                                       ValueRange bFragment,
                                                       ValueRange c) const {
  auto vectorOf = [&](ValueRange elements, Type element) {
    Type type = VectorType::get({int64_t(elements.size())}, element);
    Value v = LLVM::PoisonOp::create(b, loc, type);
    for (auto [i, e] : llvm::enumerate(elements)) {
      Value x =
          e.getType() == element ? e : LLVM::BitcastOp::create(b, loc, element, e);
      v = LLVM::InsertElementOp::create(b, loc, v, x, i32Constant(b, loc, int32_t(i)));
    }
    return v;
  };
  Type i16 = b.getI16Type(), i32 = b.getI32Type(), f32 = b.getF32Type();
  // `count` consecutive values of `values` from `from` in one word of
  // `word` type, the first in the lowest bits (the packing DPAS reads:
  // pairs of 16-bit k in an i32, pairs or quadruples of i8 k).
  auto packWords = [&](ValueRange values, unsigned count, Type word) {
    SmallVector<Value> words;
    Type element = b.getIntegerType(word.getIntOrFloatBitWidth() / count);
    for (size_t i = 0; i + count <= values.size(); i += count)
      words.push_back(
          LLVM::BitcastOp::create(b, loc, word, vectorOf(values.slice(i, count), element)));
    return words;
  };
  Value aPacked, bPacked, cVector;
  unsigned operands;
  StringRef callee;
  const gpu::MatrixInstruction &inst = getInstructionFor(input);
  if (input.isF32()) {
    // tf32: the lane's 4 values of A and 8 of B as f32 (the hardware reads
    // their tf32 bits).
    aPacked = vectorOf(a, f32);
    bPacked = vectorOf(bFragment, f32);
    cVector = vectorOf(c, f32);
    operands = kDpasTf32;
    callee = kNativeDpasTf32;
  } else if (input.isInteger(8)) {
    // i8: A's 8 rows as pairs of k in i16, B's 32 k as quadruples in i32.
    aPacked = vectorOf(packWords(a, 2, i16), i16);
    bPacked = vectorOf(packWords(bFragment, 4, i32), i32);
    cVector = vectorOf(c, i32);
    operands = kDpasSignedI8;
    callee = kNativeDpasI8;
  } else {
    // A: the lane's 8 rows as 16-bit words. B: k pairs (2i, 2i+1) in one
    // 32-bit word, the even k in the low half (the "VNNI" packing).
    aPacked = vectorOf(a, i16);
    bPacked = vectorOf(packWords(bFragment, 2, i32), i32);
    cVector = vectorOf(c, f32);
    operands = input.isF16() ? kDpasPackedF16 : kDpasPackedBF16;
    callee = kNativeDpasF16;
  }
  // int K, A, B, C, int operands
  Value d = callBuiltin(b, loc, callee, cVector.getType(),
                        {i32Constant(b, loc, int32_t(inst.k)), aPacked, bPacked, cVector,
                         i32Constant(b, loc, int32_t(operands))});
  SmallVector<Value> out;
  for (size_t i = 0; i < c.size(); ++i)
    out.push_back(
        LLVM::ExtractElementOp::create(b, loc, d, i32Constant(b, loc, int32_t(i))));
  return out;
}

namespace {

/// A private array of `count` elements of `element`, made once at the
/// entry of the function `b` builds in (an alloca in a loop would take new
/// stack every iteration).
Value allocatePrivate(OpBuilder &b, Location loc, Type element, unsigned count,
                      unsigned alignment) {
  OpBuilder::InsertionGuard guard(b);
  Operation *func = b.getInsertionBlock()->getParentOp();
  while (!isa<FunctionOpInterface>(func))
    func = func->getParentOp();
  b.setInsertionPointToStart(&func->getRegion(0).front());
  return LLVM::AllocaOp::create(b, loc, LLVM::LLVMPointerType::get(b.getContext()),
                                element, i32Constant(b, loc, int32_t(count)), alignment);
}

/// int2 (x, y) by inserts: llvm-spirv 15, which reads the built-in form
/// back for the emulator, crashes on an OpCompositeConstruct of values.
Value makeInt2(OpBuilder &b, Location loc, Value x, Value y) {
  Type int2 = VectorType::get({2}, b.getI32Type());
  Value coord = LLVM::PoisonOp::create(b, loc, int2);
  coord = LLVM::InsertElementOp::create(b, loc, coord, x, i32Constant(b, loc, 0));
  return LLVM::InsertElementOp::create(b, loc, coord, y, i32Constant(b, loc, 1));
}

} // namespace

void DpasMatrixHooks::blockStore(OpBuilder &b, Location loc, Value base, Value width,
                                 Value height, Value pitch, Value x, Value y,
                                 ValueRange rows) const {
  Type element = rows.front().getType();
  unsigned bytes = element.getIntOrFloatBitWidth() / 8;
  Type word = b.getIntegerType(8 * bytes);
  Value source = allocatePrivate(b, loc, word, rows.size(), bytes);
  for (auto [r, value] : llvm::enumerate(rows)) {
    Value at = LLVM::GEPOp::create(b, loc, source.getType(), word, source,
                                   ArrayRef<LLVM::GEPArg>{int32_t(r)});
    Value bits = value.getType() == word
                     ? value
                     : LLVM::BitcastOp::create(b, loc, word, value).getResult();
    LLVM::StoreOp::create(b, loc, bits, at, bytes);
  }
  // Element size (bytes), block width (the sub-group's 16 lanes), height
  // (rows), block count (1: the only count stores take).
  callBuiltin(b, loc, kNativeBlockStore, Type(),
              {i32Constant(b, loc, int32_t(bytes)), i32Constant(b, loc, 16),
               i32Constant(b, loc, int32_t(rows.size())), i32Constant(b, loc, 1), source,
               base, width, height, pitch, makeInt2(b, loc, x, y)});
}

void DpasMatrixHooks::blockPrefetch(OpBuilder &b, Location loc, Value base, Value width,
                                    Value height, Value pitch, Value x, Value y,
                                    unsigned rows) const {
  callBuiltin(b, loc, kNativeBlockPrefetch, Type(),
              {i32Constant(b, loc, 2), i32Constant(b, loc, 16),
               i32Constant(b, loc, int32_t(rows)), i32Constant(b, loc, 1), base, width,
               height, pitch, makeInt2(b, loc, x, y)});
}

SmallVector<Value> DpasMatrixHooks::blockLoad(OpBuilder &b, Location loc, Value base,
                                              Value width, Value height, Value pitch,
                                              Value x, Value y, unsigned rows) const {
  Type i16 = b.getI16Type();
  Value destination = allocatePrivate(b, loc, i16, rows, 2);
  Value coord = makeInt2(b, loc, x, y);
  // Element size (bytes), block width (the sub-group's 16 lanes) and
  // height (elements), block count.
  callBuiltin(b, loc, kNativeBlockLoad, Type(),
              {i32Constant(b, loc, 2), i32Constant(b, loc, 16),
               i32Constant(b, loc, int32_t(rows)), i32Constant(b, loc, 1), base, width,
               height, pitch, coord, destination});
  SmallVector<Value> out;
  for (unsigned r = 0; r < rows; ++r) {
    Value at = LLVM::GEPOp::create(b, loc, destination.getType(), i16, destination,
                                   ArrayRef<LLVM::GEPArg>{int32_t(r)});
    out.push_back(LLVM::LoadOp::create(b, loc, i16, at, 2));
  }
  return out;
}

} // namespace tessel::intel
