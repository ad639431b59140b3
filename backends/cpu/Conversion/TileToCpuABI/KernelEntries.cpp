//===- KernelEntries.cpp - The convert-tile-kernels-to-cpu-entries pass ---===//
//
// Implements the entry ABI of KernelABI.h. The kernel body stays in a
// private function (`@k.impl`, internal linkage once in LLVM) so that the
// entry is a thin unpacking shim; LLVM inlines the body into it.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Conversion/Passes.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace tessel::cpu {
#define GEN_PASS_DEF_CONVERTTILEKERNELSTOCPUENTRIES
#include "backends/cpu/Conversion/Passes.h.inc"
} // namespace tessel::cpu

using namespace mlir;
using namespace tessel;

namespace {

/// The suffix of the private function that keeps a kernel's body.
constexpr llvm::StringLiteral kImplSuffix = ".impl";

/// Rewrites `kernel` into its body function: appends the six grid arguments
/// and replaces the grid queries by them.
void appendGridArguments(func::FuncOp kernel) {
  MLIRContext *context = kernel.getContext();
  Type i32 = IntegerType::get(context, 32);
  Block &entry = kernel.getBody().front();
  unsigned first = kernel.getNumArguments();
  for (int i = 0; i < 6; ++i)
    (void)kernel.insertArgument(first + i, i32, DictionaryAttr::get(context),
                                kernel.getLoc());
  kernel.walk([&](Operation *op) {
    if (auto pid = dyn_cast<tile::ProgramIdOp>(op)) {
      pid.replaceAllUsesWith(
          entry.getArgument(first + static_cast<unsigned>(pid.getAxis())));
      pid.erase();
    } else if (auto num = dyn_cast<tile::NumProgramsOp>(op)) {
      num.replaceAllUsesWith(
          entry.getArgument(first + 3 + static_cast<unsigned>(num.getAxis())));
      num.erase();
    }
  });
}

/// Loads argument `index` of type `type` through `args[index]`.
Value unpackArgument(OpBuilder &builder, Location loc, Value args,
                     unsigned index, Type type) {
  auto ptrType = LLVM::LLVMPointerType::get(builder.getContext());
  Value slot = LLVM::GEPOp::create(builder, loc, ptrType, ptrType, args,
                                   ArrayRef<LLVM::GEPArg>{int32_t(index)});
  Value valuePtr = LLVM::LoadOp::create(builder, loc, ptrType, slot);
  if (isa<tile::PointerType>(type)) {
    // Pointers travel as their address; the later conversion of tile
    // pointers to i64 folds this cast away.
    Value address = LLVM::LoadOp::create(builder, loc, builder.getI64Type(), valuePtr);
    return UnrealizedConversionCastOp::create(builder, loc, type, address).getResult(0);
  }
  if (LLVM::isCompatibleType(type))
    return LLVM::LoadOp::create(builder, loc, type, valuePtr);
  // The 8-bit float types have no LLVM type: load their bits.
  Type bits = builder.getIntegerType(type.getIntOrFloatBitWidth());
  Value raw = LLVM::LoadOp::create(builder, loc, bits, valuePtr);
  return arith::BitcastOp::create(builder, loc, type, raw);
}

/// Creates the public entry `@name(args, pid, num_programs)` calling `impl`.
void createEntry(OpBuilder &builder, func::FuncOp impl, StringRef name,
                 TypeRange userTypes) {
  MLIRContext *context = builder.getContext();
  Location loc = impl.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  auto entry = func::FuncOp::create(
      builder, loc, name, builder.getFunctionType({ptrType, ptrType, ptrType}, {}));
  entry->setAttr(tessel::cpu::kCpuKernelEntryAttrName, UnitAttr::get(context));
  Block *block = entry.addEntryBlock();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(block);
  SmallVector<Value> operands;
  for (auto [index, type] : llvm::enumerate(userTypes))
    operands.push_back(unpackArgument(builder, loc, block->getArgument(0),
                                      index, type));
  Type i32 = builder.getI32Type();
  for (unsigned table = 1; table <= 2; ++table) {
    for (int32_t axis = 0; axis < 3; ++axis) {
      Value slot =
          LLVM::GEPOp::create(builder, loc, ptrType, i32, block->getArgument(table),
                              ArrayRef<LLVM::GEPArg>{axis});
      operands.push_back(LLVM::LoadOp::create(builder, loc, i32, slot));
    }
  }
  func::CallOp::create(builder, loc, impl, operands);
  func::ReturnOp::create(builder, loc);
}

struct ConvertTileKernelsToCpuEntriesPass
    : public tessel::cpu::impl::ConvertTileKernelsToCpuEntriesBase<
          ConvertTileKernelsToCpuEntriesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> kernels;
    for (auto func : module.getOps<func::FuncOp>())
      if (func.isPublic() && !func.isExternal())
        kernels.push_back(func);

    bool ok = true;
    for (func::FuncOp kernel : kernels) {
      if (kernel.getNumResults() != 0) {
        kernel.emitError("a kernel function must not return values");
        ok = false;
        continue;
      }
      for (Type type : kernel.getArgumentTypes()) {
        if (!type.isIntOrFloat() && !isa<tile::PointerType>(type)) {
          kernel.emitError() << "kernel argument of type " << type
                             << " is not supported by the CPU backend "
                                "(arguments are scalars or !tile.ptr)";
          ok = false;
        }
      }
    }
    if (!ok)
      return signalPassFailure();

    OpBuilder builder(module.getContext());
    for (func::FuncOp kernel : kernels) {
      std::string name = kernel.getName().str();
      SmallVector<Type> userTypes(kernel.getArgumentTypes());
      if (failed(SymbolTable::replaceAllSymbolUses(
              kernel, builder.getStringAttr(name + kImplSuffix.str()), module)))
        return signalPassFailure();
      kernel.setName(name + kImplSuffix.str());
      kernel.setPrivate();
      // Internal linkage lets LLVM drop the body once it is inlined.
      kernel->setAttr("llvm.linkage",
                      LLVM::LinkageAttr::get(module.getContext(),
                                             LLVM::Linkage::Internal));
      appendGridArguments(kernel);
      builder.setInsertionPointAfter(kernel);
      createEntry(builder, kernel, name, userTypes);
    }
  }
};

} // namespace
