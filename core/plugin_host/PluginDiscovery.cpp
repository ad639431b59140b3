//===- PluginDiscovery.cpp - Finding plugin files -------------------------===//

#include "core/plugin_host/PluginDiscovery.h"

#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <set>

namespace tessel::plugin_host {
namespace {

bool isDirectory(const std::string &path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool isPluginFileName(const std::string &name) {
  static const std::string kPrefix = "libtessel_";
  static const std::string kSuffix = ".so";
  return name.size() > kPrefix.size() + kSuffix.size() &&
         name.compare(0, kPrefix.size(), kPrefix) == 0 &&
         name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) == 0;
}

// Plugin files in `dir`, sorted by name.
std::vector<std::string> scanDirectory(const std::string &dir,
                                       std::vector<std::string> &warnings) {
  std::vector<std::string> found;
  DIR *d = ::opendir(dir.c_str());
  if (d == nullptr) {
    warnings.push_back("cannot read plugin directory '" + dir + "'");
    return found;
  }
  while (const dirent *entry = ::readdir(d)) {
    const std::string name = entry->d_name;
    if (!isPluginFileName(name))
      continue;
    const std::string path = dir + "/" + name;
    struct stat st;
    // stat follows symlinks: an installed symlink to a plugin counts.
    if (::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      found.push_back(path);
    }
  }
  ::closedir(d);
  std::sort(found.begin(), found.end());
  return found;
}

class CandidateList {
public:
  explicit CandidateList(DiscoveryResult &result) : result(result) {}

  void add(const std::string &path, PluginSource source) {
    char resolved[PATH_MAX];
    const std::string key =
        ::realpath(path.c_str(), resolved) != nullptr ? resolved : path;
    if (!seen.insert(key).second)
      return;
    result.plugins.push_back(PluginCandidate{path, source});
  }

  void addFileOrDirectory(const std::string &path, PluginSource source) {
    if (isDirectory(path)) {
      for (const std::string &file : scanDirectory(path, result.warnings)) {
        add(file, source);
      }
    } else {
      add(path, source);
    }
  }

private:
  DiscoveryResult &result;
  std::set<std::string> seen;
};

} // namespace

const char *pluginSourceName(PluginSource source) {
  switch (source) {
  case PluginSource::kExplicit:
    return "explicit";
  case PluginSource::kEnvironment:
    return kPluginPathEnvVar;
  case PluginSource::kDefaultDirectory:
    return "default directory";
  }
  return "unknown";
}

std::string pluginNameFromFileName(const std::string &path) {
  const size_t slash = path.rfind('/');
  const std::string file = slash == std::string::npos ? path : path.substr(slash + 1);
  if (!isPluginFileName(file))
    return "";
  const std::string name = file.substr(10, file.size() - 10 - 3);
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
      return "";
  return name;
}

std::string currentExecutablePath() {
  char resolved[PATH_MAX];
  return ::realpath("/proc/self/exe", resolved) != nullptr ? resolved : "";
}

std::string defaultPluginDirectory(const std::string &executablePath) {
  const size_t slash = executablePath.rfind('/');
  if (slash == std::string::npos)
    return "";
  std::string binDir = executablePath.substr(0, slash);
  // Lexical "..": the executable's directory has been resolved already.
  const size_t parent = binDir.rfind('/');
  const std::string prefix =
      parent == std::string::npos ? binDir + "/.." : binDir.substr(0, parent);
  return prefix + "/lib/tessel/plugins";
}

DiscoveryResult discoverPlugins(const DiscoveryOptions &options) {
  DiscoveryResult result;
  CandidateList list(result);

  for (const std::string &path : options.explicitPaths) {
    list.addFileOrDirectory(path, PluginSource::kExplicit);
  }

  if (options.useEnvironment) {
    std::string env;
    if (options.pluginPathEnv.has_value()) {
      env = *options.pluginPathEnv;
    } else if (const char *value = std::getenv(kPluginPathEnvVar)) {
      env = value;
    }
    size_t start = 0;
    while (!env.empty() && start <= env.size()) {
      const size_t end = std::min(env.find(':', start), env.size());
      const std::string entry = env.substr(start, end - start);
      start = end + 1;
      if (entry.empty()) {
        result.warnings.push_back(
            std::string(kPluginPathEnvVar) +
            ": empty entry ignored (the working directory is never searched "
            "implicitly)");
      } else if (entry[0] != '/') {
        result.warnings.push_back(std::string(kPluginPathEnvVar) +
                                  ": relative entry '" + entry +
                                  "' ignored (entries must be absolute)");
      } else if (::access(entry.c_str(), F_OK) != 0) {
        result.warnings.push_back(std::string(kPluginPathEnvVar) + ": '" + entry +
                                  "' does not exist");
      } else {
        list.addFileOrDirectory(entry, PluginSource::kEnvironment);
      }
    }
  }

  if (options.useDefaultDirectory) {
    const std::string exe = options.executablePath.has_value()
                                ? *options.executablePath
                                : currentExecutablePath();
    const std::string dir = defaultPluginDirectory(exe);
    if (!dir.empty() && isDirectory(dir)) {
      for (const std::string &file : scanDirectory(dir, result.warnings)) {
        list.add(file, PluginSource::kDefaultDirectory);
      }
    }
  }
  return result;
}

} // namespace tessel::plugin_host
