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

/// The default of --timeout: the deadline of every plugin call, each in a
/// child process: the plugin's set-up (loading, initialize, device
/// enumeration), and per case compiling, validating and running. Generous:
/// a slow emulator must not turn into errors, but a hung plugin must not
/// stall the run.
inline constexpr int kDefaultTimeoutMs = 120000;
/// The largest --timeout, in seconds (a day).
inline constexpr int kMaxTimeoutSeconds = 86400;

/// Parses the value of --timeout: a whole number of seconds in
/// [1, kMaxTimeoutSeconds]. Writes milliseconds to *timeoutMs; false (with
/// *why) when `text` is not such a number.
bool parseTimeoutSeconds(const std::string &text, int *timeoutMs, std::string *why);

/// True when `id` matches one of `filters` (fnmatch globs), or no filter is
/// given.
bool selected(const std::string &id, const std::vector<std::string> &filters);

/// Loads the plugin at `path`, or, with an empty path, the first discovered
/// plugin (TESSEL_PLUGIN_PATH, the installed directory) named `pluginName`.
/// Discovery goes by file name (libtessel_<name>.so), so other plugins are
/// never loaded. The plugin's set-up (and, with `enumerateDevices`, its
/// device enumeration) is first probed in a child process with the deadline
/// `timeoutMs`, so a plugin that crashes or hangs there is an error naming
/// the stage; only a plugin whose probe succeeded is loaded here.
plugin_host::StatusOr<std::shared_ptr<plugin_host::LoadedPlugin>>
loadPlugin(const std::string &path, const std::string &pluginName, int timeoutMs,
           bool enumerateDevices);

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

/// Ends a run that failed before any case ran: records `message` as the
/// result of the pseudo-case "setup" (an error), writes the requested
/// reports, prints the error and the summary, and returns 2.
int failSetup(RunSummary &summary, const std::string &message,
              const ReportOptions &reports, const char *tool, std::ostream &out,
              std::ostream &err);

/// Reads `--flag value` pairs: the value after args[*i], advancing *i;
/// nullptr (with a message on err) when missing.
const std::string *flagValue(const std::vector<std::string> &args, size_t *i,
                             const char *tool, std::ostream &err);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_SESSION_H
