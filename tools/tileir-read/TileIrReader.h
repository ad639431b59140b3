//===- TileIrReader.h - An independent CUDA Tile IR bytecode reader -*- C++ -*-===//
//
// Reads CUDA Tile IR bytecode (version 13.1) from NVIDIA's published format
// alone, sharing no code with the exporter (backends/nvidia/tileir), so that
// an export read back here is checked by a second implementation: the
// header, every section and its alignment, the string, type and constant
// tables (every reference in range, no type defined through itself), the
// functions (entry flag, signature of rank-0 tiles, no results) and every
// op record (known opcode, result types, flags, attributes, operands that
// name visible values, regions whose blocks end in a terminator, a body
// ending in return). It prints a textual form. Plain C++: no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TILEIR_READ_TILEIRREADER_H
#define TESSEL_TOOLS_TILEIR_READ_TILEIRREADER_H

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tessel::tileir_read {

/// What a successful read found.
struct Module {
  unsigned major = 0, minor = 0;
  std::vector<std::string> strings;
  /// Each type in its textual form ("tile<128xf32>").
  std::vector<std::string> types;
  size_t numConstants = 0, numGlobals = 0;
  struct Function {
    std::string name;
    bool entry = false;
    size_t numOps = 0;
  };
  std::vector<Function> functions;
  /// How many records of each op name the functions hold (nested ones
  /// included).
  std::map<std::string, size_t> opCounts;
  /// The textual form.
  std::string text;
};

/// Reads `bytes`; on failure returns false with `error` saying what is
/// wrong and at which byte offset.
bool read(const uint8_t *bytes, size_t size, Module &module, std::string &error);

} // namespace tessel::tileir_read

#endif // TESSEL_TOOLS_TILEIR_READ_TILEIRREADER_H
