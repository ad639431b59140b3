//===- CacheDirectory.h - Where the compile cache lives ---------*- C++ -*-===//
//
// Where the compile cache lives.
//
// The root is, in order:
//   1. $TESSEL_CACHE_DIR, when set and not empty;
//   2. $XDG_CACHE_HOME/tessel, when XDG_CACHE_HOME is an absolute path (the
//      XDG base directory rules ignore relative values);
//   3. $HOME/.cache/tessel, or the password database's home directory when
//      HOME is unset or empty.
// The compile cache keeps its entries in <root>/kernels/ (CompileCache.h);
// other persistent state (autotuning results) gets its own subdirectory.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_CACHEDIRECTORY_H
#define TESSEL_CORE_RUNTIME_CACHEDIRECTORY_H

#include <optional>
#include <string>

#include "core/plugin_host/Status.h"

namespace tessel::runtime {

inline constexpr char kCacheDirEnvVar[] = "TESSEL_CACHE_DIR";

/// The environment the rules read. fromProcess() takes the real one; tests
/// fill the fields themselves.
struct CacheDirectoryEnvironment {
  std::optional<std::string> tesselCacheDir;
  std::optional<std::string> xdgCacheHome;
  std::optional<std::string> home;
  /// Used when `home` is unset or empty; fromProcess() reads getpwuid.
  std::optional<std::string> passwordHome;

  static CacheDirectoryEnvironment fromProcess();
};

/// The cache root by the rules above; FAILED_PRECONDITION when none applies.
plugin_host::StatusOr<std::string> cacheRootDirectory(
    const CacheDirectoryEnvironment &env = CacheDirectoryEnvironment::fromProcess());

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_CACHEDIRECTORY_H
