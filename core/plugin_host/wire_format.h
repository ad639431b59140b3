// A minimal binary encoding for results that cross a process boundary (the
// child-process mode): little-endian fixed-width integers and
// length-prefixed byte strings. Both ends are the same host binary, so there
// is no versioning; readers still check every length, since a crashed or
// confused child may send anything.
#ifndef TESSEL_CORE_PLUGIN_HOST_WIRE_FORMAT_H_
#define TESSEL_CORE_PLUGIN_HOST_WIRE_FORMAT_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/plugin_host/plugin_types.h"

namespace tessel::plugin_host {

class ByteWriter {
 public:
  void PutU32(uint32_t value);
  void PutU64(uint64_t value);
  void PutString(std::string_view bytes);
  std::string Take() { return std::move(out_); }

 private:
  std::string out_;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : in_(in) {}
  // Each returns false, consuming nothing useful, when the input is short.
  bool GetU32(uint32_t* value);
  bool GetU64(uint64_t* value);
  bool GetString(std::string* bytes);
  bool AtEnd() const { return in_.empty(); }

 private:
  std::string_view in_;
};

std::string EncodeCompiledKernel(const CompiledKernel& kernel);
// False when `bytes` is not a complete encoding.
bool DecodeCompiledKernel(std::string_view bytes, CompiledKernel* kernel);

}  // namespace tessel::plugin_host

#endif  // TESSEL_CORE_PLUGIN_HOST_WIRE_FORMAT_H_
