//===- Bytecode_test.cpp - Tile IR bytecode round trips -------------------===//

#include "dialects/tile/Bytecode/Bytecode.h"

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
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(*module, bytes)));

  FailureOr<tile::ReadModule> read = tile::readTileBytecode(bytes, &context);
  ASSERT_TRUE(succeeded(read));
  EXPECT_EQ(print(*module), print(*read->module));
  ASSERT_TRUE(read->tileVersion.has_value());
  EXPECT_EQ(*read->tileVersion, tile::kTileVersion);
}

TEST_F(BytecodeTest, WritesThePinnedBytecodeVersion) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(*module, bytes)));
  // Header: the magic "ML\xefR", then the format version as a varint.
  ASSERT_GT(bytes.size(), 5u);
  EXPECT_EQ(bytes.substr(0, 4), std::string("ML\xef"
                                            "R"));
  EXPECT_EQ(static_cast<unsigned char>(bytes[4]),
            (tile::kPinnedBytecodeVersion << 1) | 1);
}

TEST_F(BytecodeTest, TheProducerNamesTheMlirVersion) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(*module, bytes)));
  // After the magic and the one-byte version varint: the NUL-terminated
  // producer string.
  std::string producer = bytes.substr(5, bytes.find('\0', 5) - 5);
  EXPECT_EQ(producer, tile::getBytecodeProducer());
  EXPECT_EQ(
      producer.rfind("Tessel (MLIR " + std::to_string(tile::kWriterMlirMajor) + ".", 0),
      0u)
      << producer;
}

// `func.func @k(%a: f32) -> f32 { return %a : f32 }` without locations, as
// MLIR 19.1.7's mlir-opt writes it at bytecode version 6 (properties). MLIR
// 22 cannot read it (the builtin dialect's attribute encoding changed); the
// reader must say what that means.
const unsigned char kMlir19Bytecode[] = {
    0x4d, 0x4c, 0xef, 0x52, 0x0d, 0x4d, 0x4c, 0x49, 0x52, 0x31, 0x39, 0x2e, 0x31, 0x2e,
    0x37, 0x00, 0x01, 0x17, 0x05, 0x01, 0x05, 0x07, 0x01, 0x03, 0x0b, 0x03, 0x05, 0x07,
    0x0f, 0x03, 0x17, 0x07, 0x05, 0x01, 0x07, 0x07, 0x0b, 0x0b, 0x01, 0x05, 0x07, 0x17,
    0x02, 0x17, 0x1f, 0x0d, 0x03, 0x05, 0x09, 0x0b, 0x05, 0x03, 0x01, 0x03, 0x01, 0x04,
    0x3b, 0x05, 0x01, 0x50, 0x01, 0x01, 0x07, 0x04, 0x2b, 0x03, 0x01, 0x05, 0x03, 0x50,
    0x01, 0x03, 0x07, 0x04, 0x17, 0x03, 0x03, 0x07, 0x03, 0x01, 0x00, 0x05, 0x04, 0x01,
    0x03, 0x01, 0x06, 0x03, 0x01, 0x05, 0x01, 0x00, 0x47, 0x0b, 0x05, 0x0f, 0x0f, 0x0b,
    0x11, 0x62, 0x75, 0x69, 0x6c, 0x74, 0x69, 0x6e, 0x00, 0x66, 0x75, 0x6e, 0x63, 0x00,
    0x6d, 0x6f, 0x64, 0x75, 0x6c, 0x65, 0x00, 0x72, 0x65, 0x74, 0x75, 0x72, 0x6e, 0x00,
    0x6b, 0x00, 0x08, 0x15, 0x05, 0x05, 0x01, 0x01, 0x0b, 0x01, 0x03, 0x01, 0x05, 0x01};

TEST_F(BytecodeTest, BytecodeOfAnotherMlirMajorFailsWithAClearMessage) {
  std::string bytes(reinterpret_cast<const char *>(kMlir19Bytecode),
                    sizeof(kMlir19Bytecode));
  ASSERT_EQ(static_cast<unsigned char>(bytes[4]), (6 << 1) | 1);
  std::optional<tile::BytecodeHeader> header = tile::readBytecodeHeader(bytes);
  ASSERT_TRUE(header.has_value());
  EXPECT_EQ(header->format, 6);
  EXPECT_EQ(header->mlirMajor, 19);
  EXPECT_FALSE(tile::isReadableHere(*header));
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str() + "\n";
    for (const Diagnostic &note : diag.getNotes())
      messages += note.str() + "\n";
    return success();
  });
  EXPECT_TRUE(failed(tile::readTileBytecode(bytes, &context)));
  EXPECT_NE(messages.find("produced by: MLIR19.1.7"), std::string::npos) << messages;
  EXPECT_NE(messages.find("written by MLIR 19 at bytecode format 6 with this reader"),
            std::string::npos)
      << messages;
  EXPECT_NE(messages.find("only formats up to 4 can be read"), std::string::npos)
      << messages;
}

// `func.func @k(%a: f32) -> f32 { %c = arith.constant 2.0 : f32; %b =
// arith.mulf %a, %c : f32; return %b : f32 }` without locations, as MLIR
// 19.1.7's mlir-opt writes it at bytecode version 4 (`--emit-bytecode-version=4
// -strip-debuginfo`): the portable format, read across MLIR majors.
const unsigned char kMlir19PortableBytecode[] = {
    0x4d, 0x4c, 0xef, 0x52, 0x09, 0x4d, 0x4c, 0x49, 0x52, 0x31, 0x39, 0x2e, 0x31, 0x2e,
    0x37, 0x00, 0x01, 0x21, 0x07, 0x01, 0x05, 0x09, 0x0b, 0x01, 0x03, 0x07, 0x03, 0x05,
    0x03, 0x09, 0x05, 0x05, 0x0b, 0x0d, 0x03, 0x2d, 0x19, 0x05, 0x01, 0x17, 0x07, 0x1b,
    0x0b, 0x0b, 0x0b, 0x0b, 0x13, 0x0b, 0x1f, 0x13, 0x0b, 0x05, 0x03, 0x59, 0x01, 0x05,
    0x07, 0x17, 0x02, 0x7d, 0x1f, 0x03, 0x05, 0x05, 0x07, 0x09, 0x0b, 0x05, 0x0f, 0x0d,
    0x03, 0x05, 0x11, 0x05, 0x13, 0x03, 0x03, 0x0f, 0x11, 0x05, 0x15, 0x13, 0x01, 0x10,
    0x00, 0x00, 0x00, 0x10, 0x03, 0x03, 0x15, 0x17, 0x05, 0x17, 0x23, 0x61, 0x72, 0x69,
    0x74, 0x68, 0x2e, 0x66, 0x61, 0x73, 0x74, 0x6d, 0x61, 0x74, 0x68, 0x3c, 0x6e, 0x6f,
    0x6e, 0x65, 0x3e, 0x00, 0x0b, 0x05, 0x03, 0x01, 0x03, 0x01, 0x04, 0x57, 0x05, 0x01,
    0x10, 0x01, 0x07, 0x04, 0x49, 0x03, 0x01, 0x05, 0x03, 0x11, 0x01, 0x03, 0x07, 0x04,
    0x35, 0x03, 0x07, 0x0f, 0x03, 0x01, 0x00, 0x07, 0x03, 0x01, 0x0d, 0x03, 0x01, 0x09,
    0x07, 0x01, 0x13, 0x03, 0x01, 0x05, 0x01, 0x03, 0x05, 0x04, 0x01, 0x03, 0x05, 0x06,
    0x03, 0x01, 0x05, 0x01, 0x00, 0xc9, 0x19, 0x13, 0x0d, 0x05, 0x13, 0x1d, 0x0b, 0x13,
    0x0f, 0x0f, 0x0d, 0x0b, 0x11, 0x62, 0x75, 0x69, 0x6c, 0x74, 0x69, 0x6e, 0x00, 0x66,
    0x75, 0x6e, 0x63, 0x00, 0x61, 0x72, 0x69, 0x74, 0x68, 0x00, 0x6d, 0x6f, 0x64, 0x75,
    0x6c, 0x65, 0x00, 0x72, 0x65, 0x74, 0x75, 0x72, 0x6e, 0x00, 0x63, 0x6f, 0x6e, 0x73,
    0x74, 0x61, 0x6e, 0x74, 0x00, 0x6d, 0x75, 0x6c, 0x66, 0x00, 0x66, 0x75, 0x6e, 0x63,
    0x74, 0x69, 0x6f, 0x6e, 0x5f, 0x74, 0x79, 0x70, 0x65, 0x00, 0x73, 0x79, 0x6d, 0x5f,
    0x6e, 0x61, 0x6d, 0x65, 0x00, 0x6b, 0x00, 0x76, 0x61, 0x6c, 0x75, 0x65, 0x00, 0x66,
    0x61, 0x73, 0x74, 0x6d, 0x61, 0x74, 0x68, 0x00};

TEST_F(BytecodeTest, PortableFormatOfAnotherMlirMajorIsRead) {
  std::string bytes(reinterpret_cast<const char *>(kMlir19PortableBytecode),
                    sizeof(kMlir19PortableBytecode));
  std::optional<tile::BytecodeHeader> header = tile::readBytecodeHeader(bytes);
  ASSERT_TRUE(header.has_value());
  EXPECT_EQ(header->format, tile::kPortableBytecodeVersion);
  EXPECT_EQ(header->producer, "MLIR19.1.7");
  EXPECT_TRUE(tile::isReadableHere(*header));
  FailureOr<tile::ReadModule> read = tile::readTileBytecode(bytes, &context);
  ASSERT_TRUE(succeeded(read));
  EXPECT_FALSE(read->tileVersion.has_value());
  EXPECT_NE(print(*read->module).find("arith.mulf %arg0, %cst : f32"),
            std::string::npos)
      << print(*read->module);
}

TEST_F(BytecodeTest, HeaderOfWrittenBytecode) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(*module, bytes)));
  std::optional<tile::BytecodeHeader> header = tile::readBytecodeHeader(bytes);
  ASSERT_TRUE(header.has_value());
  EXPECT_EQ(header->format, tile::kPinnedBytecodeVersion);
  EXPECT_EQ(header->producer, tile::getBytecodeProducer());
  EXPECT_EQ(header->mlirMajor, tile::kWriterMlirMajor);
  EXPECT_FALSE(tile::readBytecodeHeader("ML\xefR").has_value());
  EXPECT_FALSE(tile::readBytecodeHeader("not bytecode at all").has_value());
}

TEST_F(BytecodeTest, DamagedBytecodeOfThisMlirDoesNotBlameTheVersion) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(*module, bytes)));
  bytes.resize(bytes.size() / 2);
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages += diag.str() + "\n";
    return success();
  });
  EXPECT_TRUE(failed(tile::readTileBytecode(bytes, &context)));
  EXPECT_FALSE(messages.empty());
  EXPECT_EQ(messages.find("MLIR major version"), std::string::npos) << messages;
}

TEST_F(BytecodeTest, NewerMinorIsReadAndReported) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  tile::TileVersion newer{tile::kTileVersion.major, tile::kTileVersion.minor + 3};
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(*module, bytes, newer)));
  FailureOr<tile::ReadModule> read = tile::readTileBytecode(bytes, &context);
  ASSERT_TRUE(succeeded(read));
  ASSERT_TRUE(read->tileVersion.has_value());
  EXPECT_EQ(*read->tileVersion, newer);
}

TEST_F(BytecodeTest, OtherMajorIsRefusedWithAClearMessage) {
  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(
      *module, bytes, tile::TileVersion{tile::kTileVersion.major + 1, 0})));
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    messages += d.str() + "\n";
    return success();
  });
  EXPECT_TRUE(failed(tile::readTileBytecode(bytes, &context)));
  EXPECT_NE(messages.find("tile dialect version 2.0 cannot be read by this reader "
                          "(version 1.2): the major versions differ"),
            std::string::npos)
      << messages;
}

TEST_F(BytecodeTest, TextAndTruncatedInputsFailWithoutCrashing) {
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    messages += d.str() + "\n";
    return success();
  });
  EXPECT_TRUE(failed(tile::readTileBytecode(kKernel, &context)));
  EXPECT_NE(messages.find("input is not MLIR bytecode"), std::string::npos);

  OwningOpRef<ModuleOp> module = parse(kKernel);
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(*module, bytes)));
  for (size_t cut : {size_t{6}, bytes.size() / 2, bytes.size() - 1})
    EXPECT_TRUE(failed(tile::readTileBytecode(bytes.substr(0, cut), &context)))
        << "truncated at " << cut;
}

TEST_F(BytecodeTest, ModuleWithoutTileOpsReportsNoVersion) {
  OwningOpRef<ModuleOp> withTile = parse(kKernel);
  ASSERT_TRUE(withTile);
  std::string tileBytes;
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(*withTile, tileBytes)));
  ASSERT_TRUE(succeeded(tile::readTileBytecode(tileBytes, &context)));

  OwningOpRef<ModuleOp> plain = parse("func.func @f() { return }");
  ASSERT_TRUE(plain);
  std::string bytes;
  ASSERT_TRUE(succeeded(tile::writeTileBytecode(*plain, bytes)));
  FailureOr<tile::ReadModule> read = tile::readTileBytecode(bytes, &context);
  ASSERT_TRUE(succeeded(read));
  EXPECT_FALSE(read->tileVersion.has_value());
}

} // namespace
