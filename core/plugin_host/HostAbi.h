//===- HostAbi.h - The host's view of the plugin ABI ------------*- C++ -*-===//
//
// What the host knows of the plugin ABI: its version and, for every entry of
// the function table, where it lives, which half it belongs to and which
// minor introduced it.
//
// The loader decides from this catalogue, not from the compiled-in struct
// alone, which entries a plugin's table must have and which it may lack.
// Tests use a catalogue with extra entries to play a host of a later minor.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_HOSTABI_H
#define TESSEL_CORE_PLUGIN_HOST_HOSTABI_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tessel/plugin_api.h"

namespace tessel::plugin_host {

enum class Half {
  kCommon,   // every plugin provides it
  kCompiler, // TESSEL_PLUGIN_HALF_COMPILER
  kRuntime,  // TESSEL_PLUGIN_HALF_RUNTIME
};

/// "compiler", "runtime" or "common".
const char *halfName(Half half);

struct EntryInfo {
  std::string name;  // the table field, e.g. "compile"
  size_t offset = 0; // byte offset of the field in Tessel_Plugin_Api
  Half half = Half::kCommon;
  uint32_t minor = 0; // ABI minor that introduced it
};

struct HostAbi {
  uint32_t major = TESSEL_PLUGIN_ABI_MAJOR;
  uint32_t minor = TESSEL_PLUGIN_ABI_MINOR;
  std::vector<EntryInfo> entries; // in table order

  /// The ABI this host was built with (TESSEL_PLUGIN_API_ENTRIES).
  static const HostAbi &current();

  /// The entry at `offset`, or nullptr.
  const EntryInfo *findByOffset(size_t offset) const;
  /// The entry named `name`, or nullptr.
  const EntryInfo *findByName(const std::string &name) const;
  /// Bytes a table of ABI <major>.`minor` covers at least: the header plus
  /// every entry introduced at or before `minor`.
  size_t requiredTableSize(uint32_t minor) const;
};

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_HOSTABI_H
