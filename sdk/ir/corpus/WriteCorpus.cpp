//===- WriteCorpus.cpp - Writes one file of the bytecode corpus ------------===//
//
// write_corpus IN.mlir MAJOR.MINOR OUT.mlirbc: parses the textual module and
// writes it as the plugin ABI carries it, recording tile dialect version
// MAJOR.MINOR. Run once when a dialect version is released (README.md); the
// files it wrote are kept, never regenerated.
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

int main(int argc, char **argv) {
  unsigned major = 0, minor = 0;
  if (argc != 4 || std::sscanf(argv[2], "%u.%u", &major, &minor) != 2) {
    std::fprintf(stderr, "usage: write_corpus IN.mlir MAJOR.MINOR OUT.mlirbc\n");
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream text;
  text << in.rdbuf();
  mlir::MLIRContext context;
  context.loadDialect<tessel::tile::TileDialect, mlir::arith::ArithDialect,
                      mlir::func::FuncDialect>();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text.str(), &context);
  if (!module)
    return 1;
  std::string bytes;
  if (mlir::failed(tessel::tile::writeTileBytecode(
          *module, bytes, tessel::tile::TileVersion{major, minor})))
    return 1;
  std::ofstream out(argv[3], std::ios::binary);
  out << bytes;
  return out.good() ? 0 : 1;
}
