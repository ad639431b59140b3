//===- TileBytecode.h - Dialect version in MLIR bytecode ----------*- C++ -*-===//

#ifndef TESSEL_DIALECTS_TILE_IR_TILEBYTECODE_H
#define TESSEL_DIALECTS_TILE_IR_TILEBYTECODE_H

#include "dialects/tile/IR/TileVersion.h"
#include "mlir/Bytecode/BytecodeImplementation.h"

namespace tessel::tile {

/// The dialect version record stored in, and read from, MLIR bytecode.
/// Pass one to `BytecodeWriterConfig::setDialectVersion<TileDialect>` to write
/// an older revision than the current one.
struct TileDialectVersion : public mlir::DialectVersion {
  explicit TileDialectVersion(TileVersion version) : version(version) {}
  TileVersion version;
};

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_IR_TILEBYTECODE_H
