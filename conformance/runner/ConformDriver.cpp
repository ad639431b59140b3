//===- ConformDriver.cpp - tessel conform ---------------------------------===//

#include "conformance/runner/ConformDriver.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>

#include "conformance/cases/KernelSources.h"
#include "conformance/cases/Registry.h"
#include "conformance/runner/Bundle.h"
#include "conformance/runner/CompileCase.h"
#include "conformance/runner/Execute.h"
#include "conformance/runner/Progress.h"
#include "conformance/runner/Report.h"
#include "conformance/runner/RunIdentity.h"
#include "conformance/runner/Session.h"
#include "core/plugin_host/IsolatedCalls.h"
#include "core/plugin_host/TargetParser.h"
#include "core/runtime/CacheDirectory.h"

namespace tessel::conformance {
namespace {

constexpr const char *kTool = "tessel conform";
constexpr const char *kUsage =
    "usage: tessel conform --target T [--plugin PATH] [--filter GLOB]...\n"
    "                      [--compile-only | --emit-bundle F.tslb] [--skip-file F]\n"
    "                      [--report-json F] [--junit F] [--timeout SECONDS]\n"
    "                      [--no-cache] [--list]\n"
    "\n"
    "Runs the conformance suite on target T (`<plugin>:<arch>`), reaching the\n"
    "plugin only through its C ABI; each case compiles and runs in a child\n"
    "process, so a crash is one case's error, not the end of the run.\n"
    "  --plugin PATH     the plugin file (default: discovered by T's plugin name)\n"
    "  --filter GLOB     only case ids matching GLOB, e.g. 'memory/*' (repeatable)\n"
    "  --compile-only    compile and validate artifacts; run nothing\n"
    "  --emit-bundle F   compile every case into F for `tessel-conform-run`\n"
    "  --skip-file F     the plugin's skip list (default: conformance_skips.txt\n"
    "                    beside the plugin)\n"
    "  --report-json F   write the JSON report to F\n"
    "  --junit F         write a JUnit XML report to F\n"
    "  --timeout S       deadline of each plugin call, in whole seconds (default\n"
    "                    120): the plugin's set-up, and per case compiling,\n"
    "                    validating and running\n"
    "  --no-cache        do not use the compile cache (TESSEL_CACHE_DIR, ...)\n"
    "  --list            print the selected case ids and exit\n"
    "Results: pass, fail, not-supported, skipped, validated, error.\n"
    "Exit status: 0 no case failed or errored (the last line says whether that is\n"
    "a conformance claim: only a full run executing every case is), 1 a case\n"
    "failed or errored, 2 bad usage or setup.\n";

enum class Mode { kRun, kCompileOnly, kBundle };

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

int runConformCommand(const std::vector<std::string> &args, std::ostream &out,
                      std::ostream &err) {
  std::string targetText, pluginPath, skipPath, bundlePath;
  std::vector<std::string> filters;
  ReportOptions reports;
  Mode mode = Mode::kRun;
  bool useCache = true, list = false;
  int timeoutMs = kDefaultTimeoutMs;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    const std::string *v = nullptr;
    if (a == "--help" || a == "-h") {
      out << kUsage;
      return 0;
    } else if (a == "--compile-only") {
      mode = Mode::kCompileOnly;
    } else if (a == "--no-cache") {
      useCache = false;
    } else if (a == "--list") {
      list = true;
    } else if (a == "--target" || a == "--plugin" || a == "--filter" ||
               a == "--skip-file" || a == "--report-json" || a == "--junit" ||
               a == "--emit-bundle" || a == "--timeout") {
      if (!(v = flagValue(args, &i, kTool, err)))
        return 2;
      if (a == "--target")
        targetText = *v;
      if (a == "--plugin")
        pluginPath = *v;
      if (a == "--filter")
        filters.push_back(*v);
      if (a == "--skip-file")
        skipPath = *v;
      if (a == "--report-json")
        reports.jsonPath = *v;
      if (a == "--junit")
        reports.junitPath = *v;
      if (a == "--emit-bundle")
        bundlePath = *v, mode = Mode::kBundle;
      std::string why;
      if (a == "--timeout" && !parseTimeoutSeconds(*v, &timeoutMs, &why)) {
        err << kTool << ": --timeout: " << why << "\n";
        return 2;
      }
    } else {
      err << kTool << ": unexpected argument '" << a << "'\n" << kUsage;
      return 2;
    }
  }
  if (!bundlePath.empty() &&
      std::find(args.begin(), args.end(), "--compile-only") != args.end()) {
    err << kTool << ": --compile-only and --emit-bundle exclude each other\n";
    return 2;
  }

  std::vector<const Case *> cases;
  for (const Case &c : allCases())
    if (selected(c.id, filters))
      cases.push_back(&c);
  std::vector<const CompileFailCase *> failCases;
  for (const CompileFailCase &c : compileFailCases())
    if (selected(c.id, filters))
      failCases.push_back(&c);
  if (list) {
    for (const CompileFailCase *c : failCases)
      out << c->id << "\n";
    for (const Case *c : cases)
      out << c->id << "\n";
    return 0;
  }
  if (targetText.empty()) {
    err << kTool << ": --target is required\n" << kUsage;
    return 2;
  }
  if (cases.empty() && failCases.empty()) {
    err << kTool << ": no case matches the filters\n";
    return 2;
  }
  auto target = plugin_host::parseTarget(targetText);
  if (!target.ok()) {
    err << kTool << ": --target: " << target.status().message() << "\n";
    return 2;
  }
  RunSummary summary;
  identifyRun(summary, kTool, filters);
  summary.target = target->toString();
  summary.pluginPath = pluginPath;
  summary.pluginName = target->plugin;
  summary.mode = mode == Mode::kRun           ? "run"
                 : mode == Mode::kCompileOnly ? "compile-only"
                                              : "emit-bundle";
  // From here on a failure is the run's result: the reports are written.
  auto plugin =
      loadPlugin(pluginPath, target->plugin, timeoutMs, mode != Mode::kBundle);
  if (!plugin.ok())
    return failSetup(summary, plugin.status().message(), reports, kTool, out, err);
  identifyPlugin(summary, **plugin, nullptr);
  if (!(*plugin)->provides(plugin_host::Half::kCompiler))
    return failSetup(summary,
                     (*plugin)->describe() +
                         " has no compiler half; compile a bundle elsewhere and run "
                         "it with tessel-conform-run",
                     reports, kTool, out, err);
  auto skips = loadSkips(skipPath, **plugin);
  if (!skips.ok())
    return failSetup(summary, skips.status().message(), reports, kTool, out, err);
  const SkipList *skipList = skips->has_value() ? &**skips : nullptr;
  identifyPlugin(summary, **plugin, skipList);
  // A device is needed to run; in the other modes one is used, when the
  // plugin reports it, only to decide not-supported early. The probe in
  // loadPlugin ran device enumeration in a child already.
  std::optional<plugin_host::DeviceInfo> device;
  if ((*plugin)->provides(plugin_host::Half::kRuntime) && mode != Mode::kBundle) {
    auto d = pickDevice(**plugin, target->arch);
    if (d.ok())
      device = *d;
    else if (mode == Mode::kRun)
      return failSetup(summary, d.status().message(), reports, kTool, out, err);
  } else if (mode == Mode::kRun) {
    return failSetup(summary,
                     (*plugin)->describe() +
                         " has no runtime half; use --compile-only or --emit-bundle",
                     reports, kTool, out, err);
  }
  std::unique_ptr<runtime::CompileCache> cache;
  if (useCache) {
    auto root = runtime::cacheRootDirectory();
    if (root.ok())
      cache = std::make_unique<runtime::CompileCache>(*root);
  }

  auto t0 = std::chrono::steady_clock::now();
  if (device)
    identifyDevice(summary, *device);
  Bundle bundle;
  bundle.suiteVersion = kSuiteVersion;
  bundle.target = summary.target;
  bundle.pluginName = summary.pluginName;
  bundle.pluginVersion = summary.pluginVersion;
  bundle.producer = "tessel conform";

  Progress progress(stderr, cases.size() + failCases.size());
  size_t done = 0;
  for (const CompileFailCase *c : failCases) {
    progress.update(done++, summary, c->id);
    auto c0 = std::chrono::steady_clock::now();
    CaseResult r = checkCompileFail(*c);
    r.seconds = since(c0);
    summary.results.push_back(r);
    if (mode == Mode::kBundle) {
      BundleEntry e;
      e.id = c->id;
      e.kind = BundleEntry::kVerdict;
      e.outcome = r.outcome;
      e.message = r.message;
      bundle.entries.push_back(e);
    }
  }
  DeviceContext ctx{*plugin, device.value_or(plugin_host::DeviceInfo{})};
  for (const Case *c : cases) {
    progress.update(done++, summary, c->id);
    auto c0 = std::chrono::steady_clock::now();
    CaseResult r{c->id, Outcome::kError, "", "", 0};
    BundleEntry entry = describeCase(*c);
    // A bundle is gated by skips only: capabilities are the running
    // device's to decide, and tessel-conform-run gates again with its skips.
    std::optional<CaseResult> gated = gate(*c, skipList, device ? &*device : nullptr);
    if (gated) {
      r = *gated;
      entry.kind = BundleEntry::kVerdict;
      entry.outcome = r.outcome;
      entry.message = r.message;
    } else if (auto ir = lowerCase(*c); !ir.ok()) {
      r.message = ir.status().message();
      entry.kind = BundleEntry::kCompileError;
      entry.message = r.message;
    } else if (auto kernel =
                   compileOnPlugin(**plugin, *target, *ir, c->kernel,
                                   compileOptionsOf(*c), cache.get(), timeoutMs);
               !kernel.ok()) {
      r.message = "compile: " + kernel.status().message();
      entry.kind = BundleEntry::kCompileError;
      entry.message = r.message;
    } else if (mode != Mode::kRun) {
      // Compile-only and bundle: the artifact must pass the plugin's own
      // validator; a bundle carries only artifacts that did.
      plugin_host::ChildProcessOptions options;
      options.timeoutMs = timeoutMs;
      plugin_host::Status valid = plugin_host::validateArtifactInChildProcess(
          **plugin, *target, kernel->bytes, &kernel->metadata, options);
      r = valid.ok() ? CaseResult{c->id, Outcome::kValidated, "", "", 0}
                     : CaseResult{c->id, Outcome::kError,
                                  "validate_artifact: " + valid.message(), "", 0};
      if (valid.ok()) {
        entry.kernel = std::move(*kernel);
      } else {
        entry.kind = BundleEntry::kCompileError;
        entry.message = r.message;
      }
    } else {
      r = executeCaseIsolated(*c, *kernel, ctx, timeoutMs);
    }
    r.seconds = since(c0);
    summary.results.push_back(r);
    if (mode == Mode::kBundle)
      bundle.entries.push_back(std::move(entry));
  }
  progress.finish();
  summary.seconds = since(t0);
  if (mode == Mode::kBundle) {
    plugin_host::Status s = writeBundleFile(bundle, bundlePath);
    if (!s.ok()) {
      err << kTool << ": " << s.message() << "\n";
      return 3;
    }
    out << "wrote " << bundle.entries.size() << " case(s) to " << bundlePath << "\n";
  }
  return finishRun(summary, reports, out, err);
}

} // namespace tessel::conformance
