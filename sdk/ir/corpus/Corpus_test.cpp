//===- Corpus_test.cpp - Every released dialect version stays readable -----===//
//
// Reads each file of the corpus (README.md) with this build's reader: the
// bytes were written when their version was released, so reading them is
// the compatibility promise checked against history, not against a fresh
// write.
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;
using namespace tessel;

namespace {

std::string readFile(const std::string &name) {
  std::ifstream in("sdk/ir/corpus/" + name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module.print(os);
  return text;
}

struct Entry {
  const char *stem;   // the bytecode file, <stem>.mlirbc
  const char *source; // the textual module it was written from, <source>.mlir
  tile::TileVersion version;
};

class CorpusTest : public ::testing::TestWithParam<Entry> {
protected:
  CorpusTest() {
    context.loadDialect<tile::TileDialect, arith::ArithDialect, func::FuncDialect>();
  }
  MLIRContext context;
};

TEST_P(CorpusTest, IsReadWithItsVersionAndMeaning) {
  const Entry &e = GetParam();
  const std::string bytes = readFile(std::string(e.stem) + ".mlirbc");
  ASSERT_FALSE(bytes.empty()) << e.stem << ".mlirbc is missing";
  std::string messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    messages += d.str() + "\n";
    return success();
  });
  FailureOr<tile::ReadModule> read = tile::readTileBytecode(bytes, &context);
  ASSERT_TRUE(succeeded(read)) << e.stem << ": " << messages;
  ASSERT_TRUE(read->tileVersion.has_value());
  EXPECT_EQ(read->tileVersion->major, e.version.major);
  EXPECT_EQ(read->tileVersion->minor, e.version.minor);
  EXPECT_FALSE(tile::kTileVersion < *read->tileVersion)
      << "the corpus holds a version newer than this build's";
  // The same module as its source says, op for op.
  OwningOpRef<ModuleOp> source =
      parseSourceString<ModuleOp>(readFile(std::string(e.source) + ".mlir"), &context);
  ASSERT_TRUE(source);
  EXPECT_EQ(print(*read->module), print(*source));
}

INSTANTIATE_TEST_SUITE_P(EveryReleasedVersion, CorpusTest,
                         // Format 6, as Tessel wrote them until 2026-12-03;
                         // then format 4, the portable one.
                         ::testing::Values(Entry{"tile_1_0", "tile_1_0", {1, 0}},
                                           Entry{"tile_1_1", "tile_1_1", {1, 1}},
                                           Entry{"tile_1_2", "tile_1_2", {1, 2}},
                                           Entry{"tile_1_0.f4", "tile_1_0", {1, 0}},
                                           Entry{"tile_1_1.f4", "tile_1_1", {1, 1}},
                                           Entry{"tile_1_2.f4", "tile_1_2", {1, 2}}),
                         [](const auto &info) {
                           std::string name = info.param.stem;
                           for (char &c : name)
                             if (c == '.')
                               c = '_';
                           return name;
                         });

} // namespace
