//===- Bytecode.cpp - Tile IR as bytes across the plugin ABI --------------===//

#include "dialects/tile/Bytecode/Bytecode.h"

#include "dialects/tile/IR/TileBytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tessel::tile {

static_assert(LLVM_VERSION_MAJOR == kBytecodeMlirMajor,
              "the tile IR bytecode contract names the MLIR major it is built on "
              "(docs/tile-ir.md); update kBytecodeMlirMajor and the docs together");

std::string getBytecodeProducer() {
  return std::string("Tessel (MLIR ") + LLVM_VERSION_STRING + ")";
}

LogicalResult writeTileBytecode(ModuleOp module, std::string &out,
                                std::optional<tile::TileVersion> dialectVersion) {
  // The config keeps a reference to the producer string.
  std::string producer = getBytecodeProducer();
  BytecodeWriterConfig config(producer);
  config.setDesiredBytecodeVersion(kPinnedBytecodeVersion);
  if (dialectVersion)
    config.setDialectVersion<tile::TileDialect>(
        std::make_unique<tile::TileDialectVersion>(*dialectVersion));
  out.clear();
  llvm::raw_string_ostream os(out);
  return writeBytecodeToFile(module, os, config);
}

/// The MLIR major version named by the producer string of a bytecode header
/// ("MLIR19.1.7" from mlir-opt, "Tessel (MLIR 22.1.8)" from Tessel), or
/// nullopt when the header names none.
static std::optional<int> getProducerMlirMajor(llvm::StringRef bytes) {
  // The magic "ML\xefR", the format version as a varint, then the producer,
  // NUL-terminated.
  size_t pos = 4;
  while (pos < bytes.size() && (static_cast<unsigned char>(bytes[pos]) & 1) == 0)
    ++pos;
  llvm::StringRef producer = bytes.drop_front(pos + 1);
  producer = producer.take_until([](char c) { return c == '\0'; });
  size_t mlir = producer.find("MLIR");
  if (mlir == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef version = producer.drop_front(mlir + 4).ltrim();
  unsigned major = 0;
  if (version.consumeInteger(10, major))
    return std::nullopt;
  return static_cast<int>(major);
}

FailureOr<ReadModule> readTileBytecode(llvm::StringRef bytes, MLIRContext *context) {
  auto buffer = llvm::MemoryBuffer::getMemBuffer(bytes, "tile-ir", false);
  if (!isBytecode(*buffer)) {
    emitError(UnknownLoc::get(context)) << "input is not MLIR bytecode";
    return failure();
  }
  // The dialect records the version of the bytecode it last read; clear it so
  // a module without tile content does not report a stale version.
  auto *dialect = context->getOrLoadDialect<tile::TileDialect>();
  dialect->clearLastReadBytecodeVersion();

  Block block;
  ParserConfig parserConfig(context);
  if (failed(readBytecodeFile(buffer->getMemBufferRef(), &block, parserConfig))) {
    // MLIR's own note names the producer; where it is another MLIR major,
    // say what that means (a truncated or damaged input gets MLIR's error
    // alone).
    std::optional<int> producerMajor = getProducerMlirMajor(bytes);
    if (producerMajor && *producerMajor != LLVM_VERSION_MAJOR)
      emitError(UnknownLoc::get(context))
          << "cannot read tile IR bytecode written by MLIR " << *producerMajor
          << " with this reader, built on MLIR " << LLVM_VERSION_STRING
          << ": the writer and every reader must be built on the same MLIR major "
          << "version (" << kBytecodeMlirMajor << " for this SDK; see docs/tile-ir.md)";
    return failure();
  }
  if (block.getOperations().size() != 1 || !isa<ModuleOp>(block.front())) {
    emitError(UnknownLoc::get(context))
        << "expected a single top-level builtin.module in tile IR bytecode";
    return failure();
  }
  ReadModule result;
  auto module = cast<ModuleOp>(block.front());
  module->remove();
  result.module = OwningOpRef<ModuleOp>(module);
  result.tileVersion = dialect->getLastReadBytecodeVersion();
  return result;
}

} // namespace tessel::tile
