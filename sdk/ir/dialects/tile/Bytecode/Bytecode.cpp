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

static_assert(LLVM_VERSION_MAJOR >= kOldestReaderMlirMajor,
              "the tile IR kit supports MLIR 19 and newer (docs/tile-ir.md)");

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

std::optional<BytecodeHeader> readBytecodeHeader(llvm::StringRef bytes) {
  // The magic "ML\xefR", the format version as a varint (a single byte
  // below 128: the low bit set, the value above it), then the producer,
  // NUL-terminated.
  if (!bytes.starts_with("ML\xefR") || bytes.size() < 6)
    return std::nullopt;
  BytecodeHeader header;
  size_t pos = 4;
  auto first = static_cast<unsigned char>(bytes[pos]);
  if ((first & 1) == 0)
    return std::nullopt; // a multi-byte varint: no format this large exists
  header.format = first >> 1;
  ++pos;
  size_t end = bytes.find('\0', pos);
  if (end == llvm::StringRef::npos)
    return std::nullopt;
  header.producer = bytes.slice(pos, end).str();
  llvm::StringRef producer = header.producer;
  size_t mlir = producer.find("MLIR");
  if (mlir != llvm::StringRef::npos) {
    llvm::StringRef version = producer.drop_front(mlir + 4).ltrim();
    unsigned major = 0;
    if (!version.consumeInteger(10, major))
      header.mlirMajor = static_cast<int>(major);
  }
  return header;
}

bool isReadableHere(const BytecodeHeader &header) {
  if (header.mlirMajor && *header.mlirMajor == LLVM_VERSION_MAJOR)
    return true;
  return header.format <= kPortableBytecodeVersion;
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
    std::optional<BytecodeHeader> header = readBytecodeHeader(bytes);
    if (header && header->mlirMajor && *header->mlirMajor != LLVM_VERSION_MAJOR &&
        !isReadableHere(*header))
      emitError(UnknownLoc::get(context))
          << "cannot read tile IR bytecode written by MLIR " << *header->mlirMajor
          << " at bytecode format " << header->format
          << " with this reader, built on MLIR " << LLVM_VERSION_STRING
          << ": across MLIR major versions only formats up to "
          << kPortableBytecodeVersion << " can be read (Tessel writes "
          << kPinnedBytecodeVersion
          << "); otherwise the writer and the reader must share the MLIR major "
          << "version (see docs/tile-ir.md)";
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
