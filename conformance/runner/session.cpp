#include "conformance/runner/session.h"

#include <sys/stat.h>

#include "conformance/runner/report.h"
#include "core/plugin_host/PluginDiscovery.h"

namespace tessel::conformance {

bool Selected(const std::string& id, const std::vector<std::string>& filters) {
  if (filters.empty()) return true;
  for (const std::string& f : filters)
    if (GlobMatch(f, id)) return true;
  return false;
}

plugin_host::StatusOr<std::shared_ptr<plugin_host::LoadedPlugin>> LoadPlugin(
    const std::string& path, const std::string& plugin_name) {
  if (!path.empty()) {
    auto p = plugin_host::LoadedPlugin::load(path);
    if (!p.ok()) return p.status();
    if ((*p)->name() != plugin_name)
      return plugin_host::Status(TESSEL_ERROR_INVALID_ARGUMENT,
                                 (*p)->describe() + " is plugin '" + (*p)->name() +
                                     "', but the target names plugin '" + plugin_name +
                                     "'");
    return *p;
  }
  plugin_host::DiscoveryResult found = plugin_host::discoverPlugins({});
  std::string tried;
  for (const plugin_host::PluginCandidate& c : found.plugins) {
    auto p = plugin_host::LoadedPlugin::load(c.path);
    if (!p.ok()) {
      tried += "\n  " + p.status().message();
      continue;
    }
    if ((*p)->name() == plugin_name) return *p;
    tried += "\n  " + c.path + " (plugin '" + (*p)->name() + "')";
  }
  return plugin_host::Status(TESSEL_ERROR_NOT_FOUND,
                         "no plugin named '" + plugin_name +
                             "' found; pass --plugin PATH or set TESSEL_PLUGIN_PATH" +
                             (tried.empty() ? std::string() : "; candidates:" + tried));
}

plugin_host::StatusOr<std::optional<SkipList>> LoadSkips(const std::string& explicit_path,
                                                     const plugin_host::LoadedPlugin& plugin) {
  std::string path = explicit_path;
  if (path.empty()) {
    const std::string& so = plugin.path();
    const size_t slash = so.rfind('/');
    std::string candidate =
        (slash == std::string::npos ? std::string() : so.substr(0, slash + 1)) +
        "conformance_skips.txt";
    struct stat st;
    if (stat(candidate.c_str(), &st) != 0) return std::optional<SkipList>();
    path = candidate;
  }
  auto list = SkipList::Load(path);
  if (!list.ok()) return list.status();
  return std::optional<SkipList>(std::move(*list));
}

int FinishRun(const RunSummary& summary, const ReportOptions& reports, std::ostream& out,
              std::ostream& err) {
  int status = summary.Conformant() ? 0 : 1;
  if (!reports.json_path.empty()) {
    plugin_host::Status s = WriteTextFile(reports.json_path, ToJson(summary));
    if (!s.ok()) err << "error: " << s.message() << "\n", status = 3;
  }
  if (!reports.junit_path.empty()) {
    plugin_host::Status s = WriteTextFile(reports.junit_path, ToJUnit(summary));
    if (!s.ok()) err << "error: " << s.message() << "\n", status = 3;
  }
  PrintSummary(summary, out);
  return status;
}

const std::string* FlagValue(const std::vector<std::string>& args, size_t* i, const char* tool,
                             std::ostream& err) {
  if (*i + 1 >= args.size()) {
    err << tool << ": " << args[*i] << " needs a value\n";
    return nullptr;
  }
  return &args[++*i];
}

}  // namespace tessel::conformance
