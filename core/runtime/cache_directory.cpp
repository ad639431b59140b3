#include "core/runtime/cache_directory.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace tessel::runtime {
namespace {

std::optional<std::string> GetEnv(const char* name) {
  const char* value = std::getenv(name);
  if (value == nullptr) return std::nullopt;
  return std::string(value);
}

bool NonEmpty(const std::optional<std::string>& value) {
  return value.has_value() && !value->empty();
}

}  // namespace

CacheDirectoryEnvironment CacheDirectoryEnvironment::FromProcess() {
  CacheDirectoryEnvironment env;
  env.tessel_cache_dir = GetEnv(kCacheDirEnvVar);
  env.xdg_cache_home = GetEnv("XDG_CACHE_HOME");
  env.home = GetEnv("HOME");
  if (!NonEmpty(env.home)) {
    if (const passwd* entry = getpwuid(getuid()); entry != nullptr &&
                                                  entry->pw_dir != nullptr) {
      env.password_home = entry->pw_dir;
    }
  }
  return env;
}

plugin_host::StatusOr<std::string> CacheRootDirectory(
    const CacheDirectoryEnvironment& env) {
  if (NonEmpty(env.tessel_cache_dir)) return *env.tessel_cache_dir;
  if (NonEmpty(env.xdg_cache_home) && (*env.xdg_cache_home)[0] == '/') {
    return *env.xdg_cache_home + "/tessel";
  }
  const std::optional<std::string>& home =
      NonEmpty(env.home) ? env.home : env.password_home;
  if (NonEmpty(home)) return *home + "/.cache/tessel";
  return plugin_host::Status(
      TESSEL_ERROR_FAILED_PRECONDITION,
      "no directory for the compile cache: HOME is not set and the user has "
      "no home directory; set TESSEL_CACHE_DIR");
}

}  // namespace tessel::runtime
