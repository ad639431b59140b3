//===- DebugOps.cpp - The convert-tile-debug-to-cpu-runtime pass ----------===//
//
// tile.print and tile.assert become calls to the helpers declared in
// runtime/CpuRuntime.h, one call per element (the same one-line-per-element
// output as a GPU's device print). The program id passed along comes from
// tile.program_id ops, which the entry pass turns into arguments next.
//
//===----------------------------------------------------------------------===//

#include "backends/cpu/Conversion/Passes.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/StringMap.h"

namespace tessel::cpu {
#define GEN_PASS_DEF_CONVERTTILEDEBUGTOCPURUNTIME
#include "backends/cpu/Conversion/Passes.h.inc"
} // namespace tessel::cpu

using namespace mlir;
using namespace tessel;

namespace {

// Must match runtime/CpuRuntime.h.
constexpr llvm::StringLiteral kPrintI64 = "tessel_cpu_print_i64";
constexpr llvm::StringLiteral kPrintF64 = "tessel_cpu_print_f64";
constexpr llvm::StringLiteral kAssertFail = "tessel_cpu_assert_fail";
constexpr int32_t kPrintHex = 1;
constexpr int32_t kPrintUnsigned = 2;

/// Declarations and string constants shared by every lowered op.
class RuntimeSymbols {
public:
  explicit RuntimeSymbols(ModuleOp module) : module(module) {}

  /// Declares the helper `name` of type `type` once.
  func::FuncOp getHelper(StringRef name, FunctionType type) {
    if (auto existing = module.lookupSymbol<func::FuncOp>(name))
      return existing;
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    auto decl = func::FuncOp::create(builder, module.getLoc(), name, type);
    decl.setPrivate();
    return decl;
  }

  /// The address of a NUL-terminated global holding `text`.
  Value getString(OpBuilder &builder, Location loc, StringRef text) {
    LLVM::GlobalOp &global = strings[text];
    if (!global) {
      OpBuilder moduleBuilder = OpBuilder::atBlockBegin(module.getBody());
      std::string value = (text + Twine('\0')).str();
      auto type = LLVM::LLVMArrayType::get(moduleBuilder.getI8Type(), value.size());
      global = LLVM::GlobalOp::create(
          moduleBuilder, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
          "tessel_cpu_str_" + std::to_string(strings.size() - 1),
          moduleBuilder.getStringAttr(value));
    }
    return LLVM::AddressOfOp::create(builder, loc, global);
  }

private:
  ModuleOp module;
  llvm::StringMap<LLVM::GlobalOp> strings;
};

/// Program ids along x, y and z at the builder's insertion point.
SmallVector<Value> getProgramIds(OpBuilder &builder, Location loc) {
  SmallVector<Value> ids;
  for (auto axis : {tile::ProgramDim::X, tile::ProgramDim::Y, tile::ProgramDim::Z})
    ids.push_back(tile::ProgramIdOp::create(builder, loc, axis));
  return ids;
}

/// Calls `body` with the element value and the i64 row-major linear index
/// of every element of `value`, or once with index -1 for a scalar.
void forEachElement(OpBuilder &builder, Location loc, Value value,
                    function_ref<void(OpBuilder &, Location, Value, Value)> body) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type) {
    body(builder, loc, value, arith::ConstantIntOp::create(builder, loc, -1, 64));
    return;
  }
  SmallVector<Value> lbs, ubs, steps;
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  for (int64_t size : type.getShape()) {
    lbs.push_back(zero);
    ubs.push_back(arith::ConstantIndexOp::create(builder, loc, size));
    steps.push_back(one);
  }
  scf::buildLoopNest(
      builder, loc, lbs, ubs, steps, [&](OpBuilder &b, Location l, ValueRange indices) {
        Value linear = arith::ConstantIndexOp::create(b, l, 0);
        for (auto [dim, index] : llvm::enumerate(indices)) {
          Value extent = arith::ConstantIndexOp::create(b, l, type.getDimSize(dim));
          linear = arith::AddIOp::create(
              b, l, arith::MulIOp::create(b, l, linear, extent), index);
        }
        Value element = tensor::ExtractOp::create(b, l, value, indices);
        body(b, l, element, arith::IndexCastOp::create(b, l, b.getI64Type(), linear));
      });
}

/// "file:line:column" of `loc`, or the op name when the location has none.
std::string describeLocation(Location loc, StringRef fallback) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (fileLoc.getFilename().strref() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()))
        .str();
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return describeLocation(nameLoc.getChildLoc(), fallback);
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (isa<FileLineColLoc>(inner))
        return describeLocation(inner, fallback);
  return fallback.str();
}

LogicalResult lowerPrint(tile::PrintOp op, RuntimeSymbols &symbols) {
  for (Value arg : op.getArgs()) {
    Type element = getElementTypeOrSelf(arg.getType());
    if (auto floatType = dyn_cast<FloatType>(element); floatType && floatType.getWidth() == 8)
      return op.emitError() << "tile.print of " << element
                            << " is not supported by the CPU backend yet";
  }
  OpBuilder builder(op);
  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  auto ptrType = LLVM::LLVMPointerType::get(context);
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type(),
       f64 = builder.getF64Type();
  func::FuncOp printI64 = symbols.getHelper(
      kPrintI64, builder.getFunctionType({ptrType, i32, i32, i32, i64, i64, i32}, {}));
  func::FuncOp printF64 = symbols.getHelper(
      kPrintF64, builder.getFunctionType({ptrType, i32, i32, i32, i64, f64}, {}));
  Value prefix = symbols.getString(builder, loc, op.getPrefix());
  SmallVector<Value> pids = getProgramIds(builder, loc);
  if (op.getArgs().empty()) {
    // A bare message: printed once, with the program id.
    Value none = arith::ConstantIntOp::create(builder, loc, -1, 64);
    Value zero = arith::ConstantIntOp::create(builder, loc, 0, 64);
    Value format = arith::ConstantIntOp::create(builder, loc, 0, 32);
    func::CallOp::create(
        builder, loc, printI64,
        ValueRange{prefix, pids[0], pids[1], pids[2], none, zero, format});
  }
  for (Value arg : op.getArgs()) {
    Type element = getElementTypeOrSelf(arg.getType());
    forEachElement(builder, loc, arg, [&](OpBuilder &b, Location l, Value v, Value index) {
      if (isa<FloatType>(element)) {
        if (element != f64)
          v = arith::ExtFOp::create(b, l, f64, v);
        func::CallOp::create(b, l, printF64,
                             ValueRange{prefix, pids[0], pids[1], pids[2], index, v});
        return;
      }
      int32_t format = 0;
      unsigned width = 64;
      if (isa<tile::PointerType>(element)) {
        v = UnrealizedConversionCastOp::create(b, l, i64, v).getResult(0);
        format = kPrintHex;
      } else {
        width = element.getIntOrFloatBitWidth();
        bool asUnsigned = op.getHex() || width == 1;
        if (op.getHex())
          format |= kPrintHex;
        if (width == 1)
          format |= kPrintUnsigned;
        if (width < 64)
          v = asUnsigned ? arith::ExtUIOp::create(b, l, i64, v).getResult()
                         : arith::ExtSIOp::create(b, l, i64, v).getResult();
      }
      format |= int32_t(width) << 8;
      Value formatValue = arith::ConstantIntOp::create(b, l, format, 32);
      func::CallOp::create(
          b, l, printI64,
          ValueRange{prefix, pids[0], pids[1], pids[2], index, v, formatValue});
    });
  }
  op.erase();
  return success();
}

void lowerAssert(tile::AssertOp op, RuntimeSymbols &symbols) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  auto ptrType = LLVM::LLVMPointerType::get(op.getContext());
  Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
  func::FuncOp fail = symbols.getHelper(
      kAssertFail, builder.getFunctionType({ptrType, ptrType, i32, i32, i32, i64}, {}));
  Value message = symbols.getString(builder, loc, op.getMessage());
  Value where = symbols.getString(builder, loc, describeLocation(loc, "tile.assert"));
  SmallVector<Value> pids = getProgramIds(builder, loc);
  forEachElement(builder, loc, op.getCondition(),
                 [&](OpBuilder &b, Location l, Value ok, Value index) {
                   Value isTrue = arith::ConstantIntOp::create(b, l, 1, 1);
                   Value failed = arith::XOrIOp::create(b, l, ok, isTrue);
                   scf::IfOp::create(b, l, failed, [&](OpBuilder &bb, Location ll) {
                     func::CallOp::create(
                         bb, ll, fail,
                         ValueRange{message, where, pids[0], pids[1], pids[2], index});
                     scf::YieldOp::create(bb, ll);
                   });
                 });
  op.erase();
}

struct ConvertTileDebugToCpuRuntimePass
    : public tessel::cpu::impl::ConvertTileDebugToCpuRuntimeBase<
          ConvertTileDebugToCpuRuntimePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    RuntimeSymbols symbols(module);
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<tile::PrintOp, tile::AssertOp, tile::BarrierOp>(op))
        ops.push_back(op);
    });
    bool ok = true;
    for (Operation *op : ops) {
      // One thread runs a whole program instance, in order: its accesses
      // are ordered without a barrier.
      if (isa<tile::BarrierOp>(op)) {
        op->erase();
        continue;
      }
      if (auto print = dyn_cast<tile::PrintOp>(op))
        ok &= succeeded(lowerPrint(print, symbols));
      else
        lowerAssert(cast<tile::AssertOp>(op), symbols);
    }
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
