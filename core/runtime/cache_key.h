// The key of a compile-cache entry: a SHA-256 over everything that can change
// the binary a plugin produces.
//
// Two requests get the same key only when all of these are equal: the IR
// bytes, its format and tile dialect version, the canonical target string,
// every typed compile option (extension options in the order given), the
// entry name, the plugin's name and version, and the ABI versions of the
// plugin and of this host. Fields are hashed length-prefixed and tagged, so
// no two different field lists serialize alike ("ab"+"c" vs "a"+"bc").
#ifndef TESSEL_CORE_RUNTIME_CACHE_KEY_H_
#define TESSEL_CORE_RUNTIME_CACHE_KEY_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/runtime/sha256.h"
#include "dialects/tile/IR/TileVersion.h"

namespace tessel::runtime {

// What the key covers. `ir` borrows the caller's bytes for the duration of
// ComputeCacheKey.
struct CacheKeyFields {
  std::string_view ir;
  std::string ir_format;
  tile::TileVersion ir_version;
  std::string target;  // plugin_host::Target::ToString(), "amd:gfx942+wave64"
  plugin_host::CompileOptions options;
  std::string entry_name;
  std::string plugin_name;
  std::string plugin_version;
  uint32_t plugin_abi_major = 0;
  uint32_t plugin_abi_minor = 0;
  uint32_t host_abi_major = 0;
  uint32_t host_abi_minor = 0;
};

// A computed key. `hex` (64 lower-case hex digits) names the entry file.
struct CacheKey {
  Sha256Digest digest{};
  std::string hex;

  friend bool operator==(const CacheKey& a, const CacheKey& b) {
    return a.digest == b.digest;
  }
  friend bool operator!=(const CacheKey& a, const CacheKey& b) {
    return !(a == b);
  }
};

CacheKey ComputeCacheKey(const CacheKeyFields& fields);

// The key of compiling `request` (for `request.target`) on `plugin`: what
// Runtime::Compile and the conformance runner look up and store.
CacheKey ComputeCompileCacheKey(const plugin_host::LoadedPlugin& plugin,
                                const plugin_host::CompileRequest& request);

}  // namespace tessel::runtime

#endif  // TESSEL_CORE_RUNTIME_CACHE_KEY_H_
