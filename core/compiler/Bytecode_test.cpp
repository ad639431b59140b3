//===- Bytecode_test.cpp - Tile IR bytecode round trips -------------------===//

#include "core/compiler/Bytecode.h"

#include <gtest/gtest.h>

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;
using namespace tessel;

namespace {

constexpr const char *kKernel = R"mlir(
module {
  func.func @add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
    %pid = tile.program_id x
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    %p = tile.splat %x : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %q = tile.addptr %p, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %ns = tile.splat %n : i32 -> tensor<64xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
    %v = tile.load %q, %m : tensor<64x!tile.ptr<f32>>
    %w = arith.addf %v, %v : tensor<64xf32>
    tile.store %q, %w, %m : tensor<64x!tile.ptr<f32>>
    return
  }
}
)mlir";

class BytecodeTest : public ::testing::Test {
protected:
  BytecodeTest() {
    context.loadDialect<tile::TileDialect, arith::ArithDialect, func::FuncDialect>();
  }

  OwningOpRef<ModuleOp> parse(const char *text) {
    return parseSourceString<ModuleOp>(text, &context);
  }

  static std::string print(ModuleOp module) {
    std::string s;
    llvm::raw_string_ostream os(s);
    module.print(os);
    return s;
  }

  MLIRContext context;
};

TEST_F(BytecodeTest, RoundTripIsIdenticalAndCarriesVersion) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(compiler::writeTileBytecode(*module, bytes)));

  FailureOr<compiler::ReadModule> read = compiler::readTileBytecode(bytes, &context);
  ASSERT_TRUE(succeeded(read));
  EXPECT_EQ(print(*module), print(*read->module));
  ASSERT_TRUE(read->tileVersion.has_value());
  EXPECT_EQ(*read->tileVersion, tile::kTileVersion);
}

TEST_F(BytecodeTest, WritesThePinnedBytecodeVersion) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(compiler::writeTileBytecode(*module, bytes)));
  // Header: the magic "ML\xefR", then the format version as a varint.
  ASSERT_GT(bytes.size(), 5u);
  EXPECT_EQ(bytes.substr(0, 4), std::string("ML\xef"
                                            "R"));
  EXPECT_EQ(static_cast<unsigned char>(bytes[4]),
            (compiler::kPinnedBytecodeVersion << 1) | 1);
}

TEST_F(BytecodeTest, NewerMinorIsReadAndReported) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  tile::TileVersion newer{tile::kTileVersion.major, tile::kTileVersion.minor + 3};
  ASSERT_TRUE(succeeded(compiler::writeTileBytecode(*module, bytes, newer)));
  FailureOr<compiler::ReadModule> read = compiler::readTileBytecode(bytes, &context);
  ASSERT_TRUE(succeeded(read));
  ASSERT_TRUE(read->tileVersion.has_value());
  EXPECT_EQ(*read->tileVersion, newer);
}

TEST_F(BytecodeTest, OtherMajorIsRefusedWithAClearMessage) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(compiler::writeTileBytecode(
      *module, bytes, tile::TileVersion{tile::kTileVersion.major + 1, 0})));
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    messages += d.str() + "\n";
    return success();
  });
  EXPECT_TRUE(failed(compiler::readTileBytecode(bytes, &context)));
  EXPECT_NE(messages.find("tile dialect version 2.0 cannot be read by this reader "
                          "(version 1.0): the major versions differ"),
            std::string::npos)
      << messages;
}

TEST_F(BytecodeTest, TextAndTruncatedInputsFailWithoutCrashing) {
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    messages += d.str() + "\n";
    return success();
  });
  EXPECT_TRUE(failed(compiler::readTileBytecode(kKernel, &context)));
  EXPECT_NE(messages.find("input is not MLIR bytecode"), std::string::npos);

  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(compiler::writeTileBytecode(*module, bytes)));
  for (size_t cut : {size_t{6}, bytes.size() / 2, bytes.size() - 1})
    EXPECT_TRUE(failed(compiler::readTileBytecode(bytes.substr(0, cut), &context)))
        << "truncated at " << cut;
}

TEST_F(BytecodeTest, ModuleWithoutTileOpsReportsNoVersion) {
  OwningOpRef<ModuleOp> withTile = parse(kKernel);
  ASSERT_TRUE(withTile);
  std::string tileBytes;
  ASSERT_TRUE(succeeded(compiler::writeTileBytecode(*withTile, tileBytes)));
  ASSERT_TRUE(succeeded(compiler::readTileBytecode(tileBytes, &context)));

  OwningOpRef<ModuleOp> plain = parse("func.func @f() { return }");
  ASSERT_TRUE(plain);
  std::string bytes;
  ASSERT_TRUE(succeeded(compiler::writeTileBytecode(*plain, bytes)));
  FailureOr<compiler::ReadModule> read = compiler::readTileBytecode(bytes, &context);
  ASSERT_TRUE(succeeded(read));
  EXPECT_FALSE(read->tileVersion.has_value());
}

} // namespace
