//===- Session.cpp - Pieces both front ends share -------------------------===//

#include "conformance/runner/Session.h"

#include <sys/stat.h>

#include "conformance/runner/Report.h"
#include "core/plugin_host/PluginDiscovery.h"

namespace tessel::conformance {

bool selected(const std::string &id, const std::vector<std::string> &filters) {
  if (filters.empty())
    return true;
  for (const std::string &f : filters)
    if (globMatch(f, id))
      return true;
  return false;
}

plugin_host::StatusOr<std::shared_ptr<plugin_host::LoadedPlugin>>
loadPlugin(const std::string &path, const std::string &pluginName) {
  if (!path.empty()) {
    auto p = plugin_host::LoadedPlugin::load(path);
    if (!p.ok())
      return p.status();
    if ((*p)->name() != pluginName)
      return plugin_host::Status(TESSEL_ERROR_INVALID_ARGUMENT,
                                 (*p)->describe() + " is plugin '" + (*p)->name() +
                                     "', but the target names plugin '" + pluginName +
                                     "'");
    return *p;
  }
  plugin_host::DiscoveryResult found = plugin_host::discoverPlugins({});
  std::string tried;
  for (const plugin_host::PluginCandidate &c : found.plugins) {
    auto p = plugin_host::LoadedPlugin::load(c.path);
    if (!p.ok()) {
      tried += "\n  " + p.status().message();
      continue;
    }
    if ((*p)->name() == pluginName)
      return *p;
    tried += "\n  " + c.path + " (plugin '" + (*p)->name() + "')";
  }
  return plugin_host::Status(
      TESSEL_ERROR_NOT_FOUND,
      "no plugin named '" + pluginName +
          "' found; pass --plugin PATH or set TESSEL_PLUGIN_PATH" +
          (tried.empty() ? std::string() : "; candidates:" + tried));
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
  int status = summary.conformant() ? 0 : 1;
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

const std::string *flagValue(const std::vector<std::string> &args, size_t *i,
                             const char *tool, std::ostream &err) {
  if (*i + 1 >= args.size()) {
    err << tool << ": " << args[*i] << " needs a value\n";
    return nullptr;
  }
  return &args[++*i];
}

} // namespace tessel::conformance
