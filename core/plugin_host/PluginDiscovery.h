//===- PluginDiscovery.h - Finding plugin files -----------------*- C++ -*-===//
//
// Finds plugin files. Discovery only lists paths; it loads nothing.
//
// Sources, in priority order (a file found twice keeps its first place):
//   1. explicit paths given by the caller (--plugin, API): a file is taken
//      as is (a missing one is still listed, so that loading reports it); a
//      directory is scanned;
//   2. TESSEL_PLUGIN_PATH: ':'-separated absolute files or directories.
//      Empty and relative entries are ignored with a warning, because both
//      would mean the working directory, which is never searched implicitly;
//   3. the default directory beside the installed binaries:
//      <directory of the running executable>/../lib/tessel/plugins
//      (e.g. /usr/local/bin/tessel -> /usr/local/lib/tessel/plugins).
// A directory is scanned for regular files named libtessel_*.so, in name
// order; subdirectories are not searched.
//
// The plugin name a file is taken to hold comes from its file name,
// libtessel_<name>.so (pluginNameFromFileName), so a host can pick the
// plugin a target names without loading, or running any code of, the
// others. Loading still checks the name the plugin itself reports.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_PLUGINDISCOVERY_H
#define TESSEL_CORE_PLUGIN_HOST_PLUGINDISCOVERY_H

#include <optional>
#include <string>
#include <vector>

namespace tessel::plugin_host {

inline constexpr char kPluginPathEnvVar[] = "TESSEL_PLUGIN_PATH";

enum class PluginSource { kExplicit, kEnvironment, kDefaultDirectory };

/// "explicit", "TESSEL_PLUGIN_PATH", "default directory".
const char *pluginSourceName(PluginSource source);

struct PluginCandidate {
  std::string path;
  PluginSource source;
};

struct DiscoveryOptions {
  std::vector<std::string> explicitPaths;
  bool useEnvironment = true;
  bool useDefaultDirectory = true;
  /// Stand-ins for the process environment, for tests: the value of
  /// TESSEL_PLUGIN_PATH and the path of the running executable. Unset: read
  /// the environment and /proc/self/exe.
  std::optional<std::string> pluginPathEnv;
  std::optional<std::string> executablePath;
};

struct DiscoveryResult {
  std::vector<PluginCandidate> plugins; // priority order
  std::vector<std::string> warnings;    // ignored entries, unreadable dirs
};

DiscoveryResult discoverPlugins(const DiscoveryOptions &options);

/// The plugin name in the file name of `path`: "cpu" for
/// ".../libtessel_cpu.so"; "" when the file name is not
/// libtessel_<name>.so with <name> a valid plugin name ([a-z0-9_]+).
std::string pluginNameFromFileName(const std::string &path);

/// <dir of executable_path>/../lib/tessel/plugins, normalised lexically; ""
/// when `executable_path` has no directory part.
std::string defaultPluginDirectory(const std::string &executablePath);

/// The running executable (/proc/self/exe resolved), or "" if unknown.
std::string currentExecutablePath();

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_PLUGINDISCOVERY_H
