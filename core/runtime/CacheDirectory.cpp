//===- CacheDirectory.cpp - Where the compile cache lives -----------------===//

#include "core/runtime/CacheDirectory.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace tessel::runtime {
namespace {

std::optional<std::string> getEnv(const char *name) {
  const char *value = std::getenv(name);
  if (value == nullptr)
    return std::nullopt;
  return std::string(value);
}

bool nonEmpty(const std::optional<std::string> &value) {
  return value.has_value() && !value->empty();
}

} // namespace

CacheDirectoryEnvironment CacheDirectoryEnvironment::fromProcess() {
  CacheDirectoryEnvironment env;
  env.tesselCacheDir = getEnv(kCacheDirEnvVar);
  env.xdgCacheHome = getEnv("XDG_CACHE_HOME");
  env.home = getEnv("HOME");
  if (!nonEmpty(env.home)) {
    if (const passwd *entry = getpwuid(getuid());
        entry != nullptr && entry->pw_dir != nullptr) {
      env.passwordHome = entry->pw_dir;
    }
  }
  return env;
}

plugin_host::StatusOr<std::string>
cacheRootDirectory(const CacheDirectoryEnvironment &env) {
  if (nonEmpty(env.tesselCacheDir))
    return *env.tesselCacheDir;
  if (nonEmpty(env.xdgCacheHome) && (*env.xdgCacheHome)[0] == '/') {
    return *env.xdgCacheHome + "/tessel";
  }
  const std::optional<std::string> &home =
      nonEmpty(env.home) ? env.home : env.passwordHome;
  if (nonEmpty(home))
    return *home + "/.cache/tessel";
  return plugin_host::Status(
      TESSEL_ERROR_FAILED_PRECONDITION,
      "no directory for the compile cache: HOME is not set and the user has "
      "no home directory; set TESSEL_CACHE_DIR");
}

} // namespace tessel::runtime
