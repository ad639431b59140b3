//===- Bytecode.h - Tile IR as bytes across the plugin ABI --------*- C++ -*-===//
//
// Modules cross the plugin ABI as MLIR bytecode written at a pinned bytecode
// format version, carrying the tile dialect version. A plugin built against a
// newer SDK reads older bytecode, a reader built on another MLIR major (19 on)
// reads it too, and a reader refuses a module whose tile dialect major
// version differs from its own.
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
#include "llvm/ADT/StringRef.h"

namespace tessel::tile {

/// MLIR bytecode format version written for IR that crosses the ABI. Pinned
/// (not "latest") so that upgrading Tessel's MLIR never raises the format on
/// its own; changing it is an SDK minor change (sdk/CHANGELOG.md).
///
/// Version 4 is the newest format that readers on another MLIR major can
/// read: from version 5 on, ops' inherent attributes are written as
/// properties, whose encodings the upstream dialects change between MLIR
/// releases without a format bump (MLIR 19 cannot read MLIR 22's version 6,
/// nor the reverse). At version 4 they travel as a plain attribute
/// dictionary, so the tile IR kit built on MLIR 19 reads what a host built on
/// MLIR 22 writes (docs/tile-ir.md; tested over the whole suite).
inline constexpr int64_t kPinnedBytecodeVersion = 4;

/// The newest bytecode format a reader built on one MLIR major reads when
/// another MLIR major wrote it.
inline constexpr int64_t kPortableBytecodeVersion = 4;

/// The MLIR major version Tessel's host is built on and writes with.
inline constexpr int kWriterMlirMajor = 22;

/// The oldest MLIR major the tile IR kit (sdk/ir) builds and reads on.
inline constexpr int kOldestReaderMlirMajor = 19;

/// What the header of an MLIR bytecode buffer says.
struct BytecodeHeader {
  int64_t format = 0;           // the bytecode format version
  std::string producer;         // e.g. "Tessel (MLIR 22.1.8)"
  std::optional<int> mlirMajor; // the MLIR major the producer names
};

/// Parses the header (magic, format version, producer) of `bytes`; nullopt
/// when it is not MLIR bytecode or is cut short.
std::optional<BytecodeHeader> readBytecodeHeader(llvm::StringRef bytes);

/// Whether a reader built on this MLIR can read a buffer with `header` by the
/// rules above: the same MLIR major at any format, another one at a format up
/// to kPortableBytecodeVersion.
bool isReadableHere(const BytecodeHeader &header);

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
