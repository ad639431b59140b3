//===- Bytecode.h - Tile IR as bytes across the plugin ABI --------*- C++ -*-===//
//
// Modules cross the plugin ABI as MLIR bytecode written at a pinned bytecode
// format version, carrying the tile dialect version. A plugin built against a
// newer SDK reads older bytecode, and a reader refuses a module whose tile
// dialect major version differs from its own.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILE_BYTECODE_BYTECODE_H
#define TESSEL_DIALECTS_TILE_BYTECODE_BYTECODE_H

#include <optional>
#include <string>

#include "dialects/tile/IR/TileVersion.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LogicalResult.h"

namespace tessel::tile {

/// MLIR bytecode format version written for IR that crosses the ABI. Pinned
/// (not "latest") so that upgrading Tessel's MLIR never raises the format on
/// its own; raising it is an SDK minor change. Version 6 is the newest format
/// of both MLIR 19 and MLIR 22. The pin is necessary, not sufficient: the
/// upstream dialects' encodings (builtin attributes, op properties) change
/// between MLIR releases without a format bump, so MLIR 19 and MLIR 22 cannot
/// read each other's version-6 bytecode. A reader of this IR must be built on
/// the writer's MLIR major version (docs/tile-ir.md).
inline constexpr int64_t kPinnedBytecodeVersion = 6;

/// The MLIR major version whose upstream dialect encodings the written
/// bytecode uses, and that every reader must be built on.
inline constexpr int kBytecodeMlirMajor = 22;

/// The producer string written into the bytecode header: "Tessel (MLIR
/// <version>)", so that a reader built on another MLIR names the writer's
/// version in its error.
std::string getBytecodeProducer();

/// Serializes `module` at kPinnedBytecodeVersion. `dialectVersion` overrides
/// the tile dialect version recorded (defaults to this build's). Fails with a
/// diagnostic on the module if the writer cannot honor the pinned version.
mlir::LogicalResult
writeTileBytecode(mlir::ModuleOp module, std::string &out,
                  std::optional<tile::TileVersion> dialectVersion = std::nullopt);

/// A module read from bytecode, with the tile dialect version it carried
/// (absent when the module holds no tile operation or type).
struct ReadModule {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::optional<tile::TileVersion> tileVersion;
};

/// Parses `bytes` as MLIR bytecode into `context`, which must have the tile
/// dialect and the upstream dialects the module uses registered. Returns
/// failure (with diagnostics emitted on the context) for text input, a
/// truncated or corrupt buffer, or an incompatible tile dialect version.
mlir::FailureOr<ReadModule> readTileBytecode(llvm::StringRef bytes,
                                             mlir::MLIRContext *context);

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_BYTECODE_BYTECODE_H
