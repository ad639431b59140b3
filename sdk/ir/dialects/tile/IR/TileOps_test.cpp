//===- TileOps_test.cpp - Building tile IR from C++ -----------------------===//

#include <gtest/gtest.h>

#include "dialects/tile/IR/TileOps.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace tessel::tile;

namespace {

class TileOpsTest : public ::testing::Test {
protected:
  TileOpsTest() : builder(&context) {
    context.loadDialect<TileDialect, arith::ArithDialect, func::FuncDialect>();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
  }

  /// Collects diagnostics instead of printing them.
  std::string verifyAndCollect() {
    std::string messages;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
      messages += d.str() + "\n";
      return success();
    });
    if (succeeded(verify(*module)))
      return "";
    return messages.empty() ? "<failed without message>" : messages;
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
};

TEST_F(TileOpsTest, BuildsAVerifiedVectorAddKernel) {
  Location loc = builder.getUnknownLoc();
  Type f32 = builder.getF32Type(), i32 = builder.getI32Type();
  auto ptr = PointerType::get(f32);
  auto func = func::FuncOp::create(builder, loc, "add",
                                   builder.getFunctionType({ptr, ptr, ptr, i32}, {}));
  func.setArgAttr(3, kDivisibilityAttrName, builder.getI32IntegerAttr(16));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(func.addEntryBlock());

  constexpr int64_t kBlock = 128;
  auto offsetsType = RankedTensorType::get({kBlock}, i32);
  auto ptrsType = RankedTensorType::get({kBlock}, ptr);
  Value pid = ProgramIdOp::create(builder, loc, ProgramDim::X);
  Value blockSize = arith::ConstantIntOp::create(builder, loc, kBlock, 32);
  Value start = arith::MulIOp::create(builder, loc, pid, blockSize);
  Value range = MakeRangeOp::create(builder, loc, offsetsType, 0, kBlock);
  Value offsets = arith::AddIOp::create(
      builder, loc, SplatOp::create(builder, loc, offsetsType, start), range);
  Value mask = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::slt, offsets,
      SplatOp::create(builder, loc, offsetsType, func.getArgument(3)));
  auto pointersAt = [&](unsigned arg) -> Value {
    Value base = SplatOp::create(builder, loc, ptrsType, func.getArgument(arg));
    return AddPtrOp::create(builder, loc, ptrsType, base, offsets);
  };
  Value x = LoadOp::create(builder, loc, pointersAt(0), mask, Value());
  Value y = LoadOp::create(builder, loc, pointersAt(1), mask, Value());
  Value sum = arith::AddFOp::create(builder, loc, x, y);
  StoreOp::create(builder, loc, pointersAt(2), sum, mask);
  func::ReturnOp::create(builder, loc);

  EXPECT_EQ(verifyAndCollect(), "");
  EXPECT_EQ(cast<RankedTensorType>(x.getType()).getElementType(), f32);
}

TEST_F(TileOpsTest, VerifierRejectsABadBroadcast) {
  Location loc = builder.getUnknownLoc();
  Type f32 = builder.getF32Type();
  auto func = func::FuncOp::create(
      builder, loc, "bad",
      builder.getFunctionType({RankedTensorType::get({2, 4}, f32)}, {}));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(func.addEntryBlock());
  BroadcastOp::create(builder, loc, RankedTensorType::get({8, 4}, f32),
                      func.getArgument(0));
  func::ReturnOp::create(builder, loc);
  EXPECT_NE(verifyAndCollect().find("source dimension 0 has size 2, which is "
                                    "neither 1 nor the result size 8"),
            std::string::npos);
}

TEST_F(TileOpsTest, SplatOfConstantFoldsToDenseAttribute) {
  Location loc = builder.getUnknownLoc();
  auto func = func::FuncOp::create(builder, loc, "f", builder.getFunctionType({}, {}));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(func.addEntryBlock());
  Value c =
      arith::ConstantFloatOp::create(builder, loc, builder.getF32Type(), APFloat(2.5f));
  auto splat = SplatOp::create(builder, loc,
                               RankedTensorType::get({16}, builder.getF32Type()), c);
  SmallVector<OpFoldResult> folded;
  ASSERT_TRUE(succeeded(splat->fold(folded)));
  ASSERT_EQ(folded.size(), 1u);
  auto attr =
      dyn_cast_if_present<SplatElementsAttr>(dyn_cast_if_present<Attribute>(folded[0]));
  ASSERT_TRUE(attr);
  EXPECT_EQ(attr.getSplatValue<float>(), 2.5f);
  func::ReturnOp::create(builder, loc);
}

TEST_F(TileOpsTest, PointerTypeRejectsTensorPointee) {
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    messages += d.str();
    return success();
  });
  EXPECT_FALSE(parseType("!tile.ptr<tensor<4xf32>>", &context));
  EXPECT_TRUE(parseType("!tile.ptr<f32, 3>", &context));
  EXPECT_NE(messages.find("pointee type must be an integer, float or pointer"),
            std::string::npos);
}

} // namespace
