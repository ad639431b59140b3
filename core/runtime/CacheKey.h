//===- CacheKey.h - The key of a compile-cache entry ------------*- C++ -*-===//
//
// The key of a compile-cache entry: a SHA-256 over everything that can change
// the binary a plugin produces.
//
// Two requests get the same key only when all of these are equal: the IR
// bytes, its format and tile dialect version, the canonical target string,
// every typed compile option (extension options in the order given), the
// entry name, the plugin's name and version, and the ABI versions of the
// plugin and of this host. Fields are hashed length-prefixed and tagged, so
// no two different field lists serialize alike ("ab"+"c" vs "a"+"bc").
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_CACHEKEY_H
#define TESSEL_CORE_RUNTIME_CACHEKEY_H

#include <cstdint>
#include <string>
#include <string_view>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/runtime/Sha256.h"
#include "dialects/tile/IR/TileVersion.h"

namespace tessel::runtime {

/// What the key covers. `ir` borrows the caller's bytes for the duration of
/// ComputeCacheKey.
struct CacheKeyFields {
  std::string_view ir;
  std::string irFormat;
  tile::TileVersion irVersion;
  std::string target; // plugin_host::Target::toString(), "amd:gfx942+wave64"
  plugin_host::CompileOptions options;
  std::string entryName;
  std::string pluginName;
  std::string pluginVersion;
  uint32_t pluginAbiMajor = 0;
  uint32_t pluginAbiMinor = 0;
  uint32_t hostAbiMajor = 0;
  uint32_t hostAbiMinor = 0;
};

/// A computed key. `hex` (64 lower-case hex digits) names the entry file.
struct CacheKey {
  Sha256Digest digest{};
  std::string hex;

  friend bool operator==(const CacheKey &a, const CacheKey &b) {
    return a.digest == b.digest;
  }
  friend bool operator!=(const CacheKey &a, const CacheKey &b) { return !(a == b); }
};

CacheKey computeCacheKey(const CacheKeyFields &fields);

/// The key of compiling `request` (for `request.target`) on `plugin`: what
/// Runtime::compile and the conformance runner look up and store.
CacheKey computeCompileCacheKey(const plugin_host::LoadedPlugin &plugin,
                                const plugin_host::CompileRequest &request);

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_CACHEKEY_H
