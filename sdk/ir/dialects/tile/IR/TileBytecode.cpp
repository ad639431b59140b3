//===- TileBytecode.cpp - Dialect version in MLIR bytecode ----------------===//
//
// MLIR bytecode has a per-dialect version record. The tile dialect writes its
// (major, minor) there, and on reading refuses a different major before any
// op is interpreted, so a module never silently changes meaning.
//
//===----------------------------------------------------------------------===//

#include "dialects/tile/IR/TileBytecode.h"

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Bytecode/BytecodeImplementation.h"

using namespace mlir;
using namespace tessel::tile;

namespace {

struct TileBytecodeInterface : public BytecodeDialectInterface {
  explicit TileBytecodeInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect),
        tileDialect(static_cast<TileDialect *>(dialect)) {}

  void writeVersion(DialectBytecodeWriter &writer) const override {
    // A writer may ask for an older revision (setTileBytecodeVersion) when
    // the consumer is known to be older.
    TileVersion version = kTileVersion;
    FailureOr<const DialectVersion *> requested =
        writer.getDialectVersion<TileDialect>();
    if (succeeded(requested))
      version = static_cast<const TileDialectVersion *>(*requested)->version;
    writer.writeVarInt(version.major);
    writer.writeVarInt(version.minor);
  }

  std::unique_ptr<DialectVersion>
  readVersion(DialectBytecodeReader &reader) const override {
    uint64_t major = 0, minor = 0;
    if (failed(reader.readVarInt(major)) || failed(reader.readVarInt(minor)))
      return nullptr;
    if (major != kTileVersion.major) {
      reader.emitError() << "tile dialect version " << major << "." << minor
                         << " cannot be read by this reader (version "
                         << kTileVersion.major << "." << kTileVersion.minor
                         << "): the major versions differ";
      return nullptr;
    }
    TileVersion version{static_cast<uint32_t>(major), static_cast<uint32_t>(minor)};
    tileDialect->setLastReadBytecodeVersion(version);
    return std::make_unique<TileDialectVersion>(version);
  }

  LogicalResult upgradeFromVersion(Operation *, const DialectVersion &) const override {
    // 1.1 only added an op (ptr_to_int): nothing to upgrade.
    return success();
  }

  TileDialect *tileDialect;
};

} // namespace

void TileDialect::registerBytecodeInterface() {
  addInterfaces<TileBytecodeInterface>();
}
