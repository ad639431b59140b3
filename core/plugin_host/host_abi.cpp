#include "core/plugin_host/host_abi.h"

#include <algorithm>

namespace tessel::plugin_host {
namespace {

HostAbi BuildCurrent() {
  // The header's entry list spells halves COMMON/COMPILER/RUNTIME.
  constexpr Half kCOMMON = Half::kCommon;
  constexpr Half kCOMPILER = Half::kCompiler;
  constexpr Half kRUNTIME = Half::kRuntime;
  HostAbi abi;
#define TESSEL_HOST_ENTRY(field, half, minor) \
  abi.entries.push_back(                     \
      EntryInfo{#field, offsetof(Tessel_Plugin_Api, field), k##half, minor});
  TESSEL_PLUGIN_API_ENTRIES(TESSEL_HOST_ENTRY)
#undef TESSEL_HOST_ENTRY
  return abi;
}

}  // namespace

const char* HalfName(Half half) {
  switch (half) {
    case Half::kCommon: return "common";
    case Half::kCompiler: return "compiler";
    case Half::kRuntime: return "runtime";
  }
  return "unknown";
}

const HostAbi& HostAbi::Current() {
  static const HostAbi abi = BuildCurrent();
  return abi;
}

const EntryInfo* HostAbi::FindByOffset(size_t offset) const {
  for (const EntryInfo& entry : entries) {
    if (entry.offset == offset) return &entry;
  }
  return nullptr;
}

const EntryInfo* HostAbi::FindByName(const std::string& name) const {
  for (const EntryInfo& entry : entries) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

size_t HostAbi::RequiredTableSize(uint32_t table_minor) const {
  size_t size = TESSEL_PLUGIN_API_HEADER_SIZE;
  for (const EntryInfo& entry : entries) {
    if (entry.minor <= table_minor) {
      size = std::max(size, entry.offset + sizeof(void (*)(void)));
    }
  }
  return size;
}

}  // namespace tessel::plugin_host
