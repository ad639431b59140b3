//===- WireFormat.h - Binary encoding across processes ----------*- C++ -*-===//
//
// A minimal binary encoding for results that cross a process boundary (the
// child-process mode): little-endian fixed-width integers and
// length-prefixed byte strings. Both ends are the same host binary, so there
// is no versioning; readers still check every length, since a crashed or
// confused child may send anything.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_WIREFORMAT_H
#define TESSEL_CORE_PLUGIN_HOST_WIREFORMAT_H

#include <cstdint>
#include <string>
#include <string_view>

#include "core/plugin_host/PluginTypes.h"

namespace tessel::plugin_host {

class ByteWriter {
public:
  void putU32(uint32_t value);
  void putU64(uint64_t value);
  void putString(std::string_view bytes);
  std::string take() { return std::move(output); }

private:
  std::string output;
};

class ByteReader {
public:
  explicit ByteReader(std::string_view in) : input(in) {}
  /// Each returns false, consuming nothing useful, when the input is short.
  bool getU32(uint32_t *value);
  bool getU64(uint64_t *value);
  bool getString(std::string *bytes);
  bool atEnd() const { return input.empty(); }
  /// The bytes not read yet.
  size_t remaining() const { return input.size(); }

private:
  std::string_view input;
};

/// The artifact, its metadata and the kept stages (name, suffix, data), so a
/// compile in a child process returns what one in process does.
std::string encodeCompiledKernel(const CompiledKernel &kernel);
/// False when `bytes` is not a complete encoding or holds more stages, or a
/// larger stage, than the host accepts from a plugin in process.
bool decodeCompiledKernel(std::string_view bytes, CompiledKernel *kernel);

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_WIREFORMAT_H
