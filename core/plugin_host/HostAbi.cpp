//===- HostAbi.cpp - The host's view of the plugin ABI --------------------===//

#include "core/plugin_host/HostAbi.h"

#include <algorithm>

namespace tessel::plugin_host {
namespace {

HostAbi buildCurrent() {
  // The header's entry list spells halves COMMON/COMPILER/RUNTIME.
  constexpr Half kCOMMON = Half::kCommon;
  constexpr Half kCOMPILER = Half::kCompiler;
  constexpr Half kRUNTIME = Half::kRuntime;
  HostAbi abi;
#define TESSEL_HOST_ENTRY(field, half, minor)                                          \
  abi.entries.push_back(                                                               \
      EntryInfo{#field, offsetof(Tessel_Plugin_Api, field), k##half, minor});
  TESSEL_PLUGIN_API_ENTRIES(TESSEL_HOST_ENTRY)
#undef TESSEL_HOST_ENTRY
  return abi;
}

} // namespace

const char *halfName(Half half) {
  switch (half) {
  case Half::kCommon:
    return "common";
  case Half::kCompiler:
    return "compiler";
  case Half::kRuntime:
    return "runtime";
  }
  return "unknown";
}

const HostAbi &HostAbi::current() {
  static const HostAbi kAbi = buildCurrent();
  return kAbi;
}

const EntryInfo *HostAbi::findByOffset(size_t offset) const {
  for (const EntryInfo &entry : entries) {
    if (entry.offset == offset)
      return &entry;
  }
  return nullptr;
}

const EntryInfo *HostAbi::findByName(const std::string &name) const {
  for (const EntryInfo &entry : entries) {
    if (entry.name == name)
      return &entry;
  }
  return nullptr;
}

size_t HostAbi::requiredTableSize(uint32_t tableMinor) const {
  size_t size = TESSEL_PLUGIN_API_HEADER_SIZE;
  for (const EntryInfo &entry : entries) {
    if (entry.minor <= tableMinor) {
      size = std::max(size, entry.offset + sizeof(void (*)(void)));
    }
  }
  return size;
}

} // namespace tessel::plugin_host
