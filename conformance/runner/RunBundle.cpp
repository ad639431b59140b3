//===- RunBundle.cpp - Running a bundle -----------------------------------===//

#include "conformance/runner/RunBundle.h"

#include <chrono>
#include <cstdio>
#include <optional>
#include <string>

#include "conformance/cases/Registry.h"
#include "conformance/runner/Bundle.h"
#include "conformance/runner/Execute.h"
#include "conformance/runner/Progress.h"
#include "conformance/runner/Report.h"
#include "conformance/runner/RunIdentity.h"
#include "conformance/runner/Session.h"
#include "core/plugin_host/TargetParser.h"

namespace tessel::conformance {
namespace {

constexpr const char *kTool = "tessel-conform-run";
constexpr const char *kUsage =
    "usage: tessel-conform-run BUNDLE.tslb [--plugin PATH] [--filter GLOB]...\n"
    "                          [--skip-file F] [--report-json F] [--junit F]\n"
    "                          [--timeout SECONDS] [--batch N]\n"
    "\n"
    "Runs the conformance cases of a bundle made by `tessel conform --emit-bundle`\n"
    "on the bundle's target, through the plugin's runtime half only.\n"
    "  --plugin PATH     the plugin (default: discovered by the target's plugin name)\n"
    "  --filter GLOB     run only case ids matching GLOB (repeatable)\n"
    "  --skip-file F     the plugin's skip list (default: conformance_skips.txt\n"
    "                    beside the plugin)\n"
    "  --report-json F   write the JSON report to F\n"
    "  --junit F         write a JUnit XML report to F\n"
    "  --timeout S       deadline of each plugin call, in whole seconds (default\n"
    "                    120): the plugin's set-up and each case's run\n"
    "  --batch N         run up to N cases in one child process (default 32;\n"
    "                    1: each alone); a case that does not pass, and every\n"
    "                    case after it in its batch, runs again alone\n"
    "Exit status: 0 no case failed or errored (the last line says whether that is\n"
    "a conformance claim: only a full run executing every case is), 1 a case\n"
    "failed or errored, 2 bad usage or setup.\n";

constexpr int kDefaultBatch = 32;

bool parseBatch(const std::string &text, int *batch) {
  if (text.empty() || text.size() > 4 ||
      text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  *batch = std::stoi(text);
  return *batch >= 1 && *batch <= 1024;
}

double since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

} // namespace

int runBundleCommand(const std::vector<std::string> &args, std::ostream &out,
                     std::ostream &err) {
  std::string bundlePath, pluginPath, skipPath;
  std::vector<std::string> filters;
  ReportOptions reports;
  int timeoutMs = kDefaultTimeoutMs;
  int batchSize = kDefaultBatch;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &a = args[i];
    const std::string *v = nullptr;
    if (a == "--help" || a == "-h") {
      out << kUsage;
      return 0;
    } else if (a == "--plugin" || a == "--filter" || a == "--skip-file" ||
               a == "--report-json" || a == "--junit" || a == "--timeout" ||
               a == "--batch") {
      if (!(v = flagValue(args, &i, kTool, err)))
        return 2;
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
      std::string why;
      if (a == "--timeout" && !parseTimeoutSeconds(*v, &timeoutMs, &why)) {
        err << kTool << ": --timeout: " << why << "\n";
        return 2;
      }
      if (a == "--batch" && !parseBatch(*v, &batchSize)) {
        err << kTool << ": --batch: expected a whole number from 1 to 1024, got '" << *v
            << "'\n";
        return 2;
      }
    } else if (!a.empty() && a[0] == '-') {
      err << kTool << ": unknown option '" << a << "'\n" << kUsage;
      return 2;
    } else if (bundlePath.empty()) {
      bundlePath = a;
    } else {
      err << kTool << ": unexpected argument '" << a << "'\n";
      return 2;
    }
  }
  if (bundlePath.empty()) {
    err << kTool << ": no bundle given\n" << kUsage;
    return 2;
  }
  auto t0 = std::chrono::steady_clock::now();
  auto bundle = readBundleFile(bundlePath);
  if (!bundle.ok()) {
    err << kTool << ": " << bundle.status().message() << "\n";
    return 2;
  }
  if (bundle->suiteVersion != kSuiteVersion)
    err << kTool << ": warning: the bundle was made by suite " << bundle->suiteVersion
        << ", this runner is suite " << kSuiteVersion
        << "; cases whose description changed are reported as errors\n";
  auto target = plugin_host::parseTarget(bundle->target);
  if (!target.ok()) {
    err << kTool << ": bundle target: " << target.status().message() << "\n";
    return 2;
  }
  RunSummary summary;
  identifyRun(summary, kTool, filters);
  summary.target = bundle->target;
  summary.pluginPath = pluginPath;
  summary.pluginName = target->plugin;
  summary.mode = "bundle";
  // From here on a failure is the run's result: the reports are written.
  auto plugin = loadPlugin(pluginPath, target->plugin, timeoutMs, true);
  if (!plugin.ok())
    return failSetup(summary, plugin.status().message(), reports, kTool, out, err);
  identifyPlugin(summary, **plugin, nullptr);
  auto skips = loadSkips(skipPath, **plugin);
  if (!skips.ok())
    return failSetup(summary, skips.status().message(), reports, kTool, out, err);
  identifyPlugin(summary, **plugin, skips->has_value() ? &**skips : nullptr);
  auto device = pickDevice(**plugin, target->arch);
  if (!device.ok())
    return failSetup(summary, device.status().message(), reports, kTool, out, err);
  DeviceContext ctx{*plugin, *device};
  identifyDevice(summary, *device);

  std::vector<const BundleEntry *> chosen;
  for (const BundleEntry &e : bundle->entries)
    if (selected(e.id, filters))
      chosen.push_back(&e);
  Progress progress(stderr, chosen.size());
  const SkipList *skipList = skips->has_value() ? &**skips : nullptr;
  // Cases to run wait in a batch (executeCasesBatched: one child process
  // for many, which spares a device context a case); the others' results
  // are decided here. Results are reported in the bundle's order.
  std::vector<std::optional<CaseResult>> slots(chosen.size());
  std::vector<CompiledCase> batch;
  std::vector<size_t> batchSlots;
  size_t reported = 0;
  auto report = [&]() {
    for (; reported < slots.size() && slots[reported]; ++reported)
      summary.results.push_back(std::move(*slots[reported]));
  };
  auto flush = [&]() {
    if (batch.empty())
      return;
    progress.update(batchSlots.front(), summary, batch.front().c->id);
    std::vector<CaseResult> results = executeCasesBatched(batch, ctx, timeoutMs);
    for (size_t j = 0; j < results.size(); ++j)
      slots[batchSlots[j]] = std::move(results[j]);
    batch.clear();
    batchSlots.clear();
    report();
  };
  for (size_t n = 0; n < chosen.size(); ++n) {
    const BundleEntry &e = *chosen[n];
    if (batch.empty())
      progress.update(n, summary, e.id);
    auto c0 = std::chrono::steady_clock::now();
    CaseResult r{e.id, Outcome::kError, "", "", 0};
    const Case *c = findCase(e.id);
    if (c == nullptr && e.kind != BundleEntry::kVerdict) {
      r.message =
          "case '" + e.id + "' is not part of suite " + std::string(kSuiteVersion);
    } else if (std::string diff = c && e.kind != BundleEntry::kVerdict
                                      ? checkEntryMatches(e, *c)
                                      : std::string();
               !diff.empty()) {
      r.message = "the bundle's description of the case disagrees with suite " +
                  std::string(kSuiteVersion) + ": " + diff;
    } else if (auto gated = c ? gate(*c, skipList, &*device) : std::nullopt) {
      r = *gated; // this machine's skip list and device decide first
    } else if (e.kind == BundleEntry::kVerdict) {
      r.outcome = e.outcome;
      r.message = e.message.empty() ? "decided when the bundle was made" : e.message;
    } else if (e.kind == BundleEntry::kCompileError) {
      r.message = "compile error (when the bundle was made): " + e.message;
    } else {
      batch.push_back({c, &e.kernel});
      batchSlots.push_back(n);
      if (batch.size() >= size_t(batchSize))
        flush();
      continue;
    }
    r.seconds = since(c0);
    slots[n] = std::move(r);
    if (batch.empty())
      report();
  }
  flush();
  report();
  progress.finish();
  summary.seconds = since(t0);
  return finishRun(summary, reports, out, err);
}

} // namespace tessel::conformance
