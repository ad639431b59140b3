//===- Session.h - Pieces both front ends share -----------------*- C++ -*-===//
//
// Pieces both front ends share (`tessel conform` compiles and runs;
// `tessel-conform-run` runs a bundle): case selection, plugin and skip
// file loading, and the end of a run (reports and exit status).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_SESSION_H
#define TESSEL_CONFORMANCE_RUNNER_SESSION_H

#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "conformance/runner/Result.h"
#include "conformance/runner/SkipFile.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/Status.h"

namespace tessel::conformance {

/// Per-case deadlines. Generous: a slow emulator must not turn into errors,
/// but a hung kernel must not stall the run.
inline constexpr int kRunTimeoutMs = 120000;
inline constexpr int kCompileTimeoutMs = 300000;

/// True when `id` matches one of `filters` (fnmatch globs), or no filter is
/// given.
bool selected(const std::string &id, const std::vector<std::string> &filters);

/// Loads the plugin at `path`, or, with an empty path, the first discovered
/// plugin (--plugin paths, TESSEL_PLUGIN_PATH, the installed directory)
/// named `plugin_name`.
plugin_host::StatusOr<std::shared_ptr<plugin_host::LoadedPlugin>>
loadPlugin(const std::string &path, const std::string &pluginName);

/// The skip list: `explicit_path` when given, else conformance_skips.txt
/// beside the plugin file when it exists, else none.
plugin_host::StatusOr<std::optional<SkipList>>
loadSkips(const std::string &explicitPath, const plugin_host::LoadedPlugin &plugin);

struct ReportOptions {
  std::string jsonPath;
  std::string junitPath;
};

/// Writes the requested reports and the summary table; returns the exit
/// status: 0 when conformant, 1 on any fail or error, 3 when a report
/// cannot be written.
int finishRun(const RunSummary &summary, const ReportOptions &reports,
              std::ostream &out, std::ostream &err);

/// Reads `--flag value` pairs: the value after args[*i], advancing *i;
/// nullptr (with a message on err) when missing.
const std::string *flagValue(const std::vector<std::string> &args, size_t *i,
                             const char *tool, std::ostream &err);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_SESSION_H
