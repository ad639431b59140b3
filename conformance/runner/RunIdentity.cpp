//===- RunIdentity.cpp - What identifies a conformance run ----------------===//

#include "conformance/runner/RunIdentity.h"

#include <unistd.h>

#include <ctime>

#include "conformance/cases/KernelSources.h"
#include "conformance/cases/Registry.h"
#include "conformance/runner/Bundle.h"
#include "conformance/runner/Execute.h"
#include "core/runtime/SafeFile.h"
#include "core/runtime/Sha256.h"
#include "core/runtime/Version.h"
#include "tessel/plugin_api.h"

namespace tessel::conformance {
namespace {

// Fields are framed by their length so that no two suites hash alike by
// moving text between fields.
void field(runtime::Sha256 &h, const std::string &text) {
  const std::string size = std::to_string(text.size()) + ":";
  h.update(size);
  h.update(text);
}

std::string fileSha256(const std::string &path) {
  // Plugins and skip files are far below this; a larger one is not hashed
  // rather than read whole.
  constexpr uint64_t kMaxBytes = uint64_t(1) << 30;
  auto bytes = runtime::readRegularFile(path, kMaxBytes);
  return bytes.ok() ? runtime::toHex(runtime::sha256Of(*bytes)) : "";
}

std::string utcNow() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

} // namespace

const std::string &suiteHash() {
  static const std::string hash = [] {
    runtime::Sha256 h;
    field(h, kSuiteVersion);
    for (const Case &c : allCases()) {
      BundleEntry d = describeCase(c);
      field(h, c.id);
      field(h, c.source);
      field(h, c.kernel);
      field(h, d.signature);
      field(h, d.grid);
      field(h, d.capabilities);
      field(h, std::to_string(d.seed));
      for (const auto &[name, value] : c.constexprs)
        field(h, name + "=" + value);
      // Only cases that fix options add them, so the hash of a suite
      // without any stays what it was.
      if (c.numWarps != 0 || c.numStages != 0)
        field(h, "options " + std::to_string(c.numWarps) + " " +
                     std::to_string(c.numStages));
    }
    for (const CompileFailCase &c : compileFailCases()) {
      field(h, c.id);
      field(h, c.expectedMessage);
    }
    for (const std::string &path : kernelSourcePaths()) {
      field(h, path);
      if (const std::string *text = kernelSource(path))
        field(h, *text);
    }
    return runtime::toHex(h.finish());
  }();
  return hash;
}

void identifyRun(RunSummary &summary, const char *runner,
                 const std::vector<std::string> &filters) {
  summary.suiteVersion = kSuiteVersion;
  summary.suiteHash = suiteHash();
  summary.suiteCases = int(allCases().size() + compileFailCases().size());
  summary.runner = runner;
  summary.tesselVersion = kTesselVersion;
  summary.hostAbi = std::to_string(TESSEL_PLUGIN_ABI_MAJOR) + "." +
                    std::to_string(TESSEL_PLUGIN_ABI_MINOR);
  summary.date = utcNow();
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0)
    summary.host = host;
  summary.filters = filters;
}

void identifyPlugin(RunSummary &summary, const plugin_host::LoadedPlugin &plugin,
                    const SkipList *skips) {
  const bool samePlugin = summary.pluginPath == plugin.path();
  summary.pluginPath = plugin.path();
  summary.pluginVersion = plugin.version();
  summary.pluginAbi =
      std::to_string(plugin.abiMajor()) + "." + std::to_string(plugin.abiMinor());
  // Read once per run: identifyPlugin is called again when the skip file
  // is known.
  if (summary.pluginBuildId.empty() || !samePlugin)
    summary.pluginBuildId = fileSha256(plugin.path());
  summary.skipFile = skips ? skips->path() : "";
  summary.skipFileSha256 = skips ? fileSha256(skips->path()) : "";
}

std::string driverVersion(const plugin_host::DeviceInfo &device) {
  for (const plugin_host::KeyValue &f : device.features)
    if (f.key == "driver_version" && f.type == TESSEL_VALUE_STRING)
      return f.stringValue;
  return "";
}

void identifyDevice(RunSummary &summary, const plugin_host::DeviceInfo &device) {
  summary.device = describeDevice(device);
  summary.resolvedArch = device.arch;
  summary.driver = driverVersion(device);
}

} // namespace tessel::conformance
