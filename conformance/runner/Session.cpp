//===- Session.cpp - Pieces both front ends share -------------------------===//

#include "conformance/runner/Session.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdlib>

#include "conformance/runner/Report.h"
#include "core/plugin_host/PluginDiscovery.h"
#include "core/plugin_host/PluginProbe.h"

namespace tessel::conformance {

bool selected(const std::string &id, const std::vector<std::string> &filters) {
  if (filters.empty())
    return true;
  for (const std::string &f : filters)
    if (globMatch(f, id))
      return true;
  return false;
}

bool parseTimeoutSeconds(const std::string &text, int *timeoutMs, std::string *why) {
  const bool digits = !text.empty() && text.size() <= 9 &&
                      text.find_first_not_of("0123456789") == std::string::npos;
  const long seconds = digits ? std::strtol(text.c_str(), nullptr, 10) : 0;
  if (!digits || seconds < 1 || seconds > kMaxTimeoutSeconds) {
    *why = "'" + text + "' is not a whole number of seconds from 1 to " +
           std::to_string(kMaxTimeoutSeconds);
    return false;
  }
  *timeoutMs = static_cast<int>(seconds) * 1000;
  return true;
}

namespace {

// Probes `path` in a child, then loads it here.
plugin_host::StatusOr<std::shared_ptr<plugin_host::LoadedPlugin>>
probeThenLoad(const std::string &path, const std::string &pluginName, int timeoutMs,
              bool enumerateDevices) {
  plugin_host::ProbeOptions options;
  options.timeoutMs = timeoutMs;
  options.compilerInfo = false;
  options.enumerateDevices = enumerateDevices;
  auto probe = plugin_host::probePlugin(path, options);
  if (!probe.ok())
    return probe.status();
  if (probe->name != pluginName)
    return plugin_host::Status(TESSEL_ERROR_INVALID_ARGUMENT,
                               "plugin '" + path + "' is plugin '" + probe->name +
                                   "', but the target names plugin '" + pluginName +
                                   "'");
  return plugin_host::LoadedPlugin::load(path);
}

} // namespace

plugin_host::StatusOr<std::shared_ptr<plugin_host::LoadedPlugin>>
loadPlugin(const std::string &path, const std::string &pluginName, int timeoutMs,
           bool enumerateDevices) {
  if (!path.empty())
    return probeThenLoad(path, pluginName, timeoutMs, enumerateDevices);
  plugin_host::DiscoveryResult found = plugin_host::discoverPlugins({});
  std::string others;
  for (const plugin_host::PluginCandidate &c : found.plugins) {
    std::string name = plugin_host::pluginNameFromFileName(c.path);
    if (name.empty()) {
      // A file named otherwise (a TESSEL_PLUGIN_PATH file entry): its name
      // is learnt in a child, so it cannot take this process down.
      plugin_host::ProbeOptions options;
      options.timeoutMs = timeoutMs;
      options.compilerInfo = options.enumerateDevices = false;
      auto probe = plugin_host::probePlugin(c.path, options);
      if (!probe.ok()) {
        others += "\n  " + probe.status().message();
        continue;
      }
      name = probe->name;
    }
    if (name != pluginName) {
      others += "\n  " + c.path;
      continue;
    }
    return probeThenLoad(c.path, pluginName, timeoutMs, enumerateDevices);
  }
  return plugin_host::Status(
      TESSEL_ERROR_NOT_FOUND,
      "no plugin named '" + pluginName + "' found (looked for libtessel_" + pluginName +
          ".so); pass --plugin PATH or set TESSEL_PLUGIN_PATH" +
          (others.empty() ? std::string() : "; other plugins:" + others));
}

plugin_host::StatusOr<std::optional<SkipList>>
loadSkips(const std::string &explicitPath, const plugin_host::LoadedPlugin &plugin) {
  std::string path = explicitPath;
  if (path.empty()) {
    const std::string &so = plugin.path();
    const size_t slash = so.rfind('/');
    std::string candidate =
        (slash == std::string::npos ? std::string() : so.substr(0, slash + 1)) +
        "conformance_skips.txt";
    struct stat st;
    if (stat(candidate.c_str(), &st) != 0)
      return std::optional<SkipList>();
    path = candidate;
  }
  auto list = SkipList::load(path);
  if (!list.ok())
    return list.status();
  return std::optional<SkipList>(std::move(*list));
}

int finishRun(const RunSummary &summary, const ReportOptions &reports,
              std::ostream &out, std::ostream &err) {
  int status = summary.clean() ? 0 : 1;
  if (!reports.jsonPath.empty()) {
    plugin_host::Status s = writeTextFile(reports.jsonPath, toJson(summary));
    if (!s.ok())
      err << "error: " << s.message() << "\n", status = 3;
  }
  if (!reports.junitPath.empty()) {
    plugin_host::Status s = writeTextFile(reports.junitPath, toJUnit(summary));
    if (!s.ok())
      err << "error: " << s.message() << "\n", status = 3;
  }
  printSummary(summary, out);
  return status;
}

int failSetup(RunSummary &summary, const std::string &message,
              const ReportOptions &reports, const char *tool, std::ostream &out,
              std::ostream &err) {
  err << tool << ": " << message << "\n";
  summary.results.push_back(CaseResult{"setup", Outcome::kError, message, "", 0});
  (void)finishRun(summary, reports, out, err);
  return 2;
}

const std::string *flagValue(const std::vector<std::string> &args, size_t *i,
                             const char *tool, std::ostream &err) {
  if (*i + 1 >= args.size()) {
    err << tool << ": " << args[*i] << " needs a value\n";
    return nullptr;
  }
  return &args[++*i];
}

} // namespace tessel::conformance
