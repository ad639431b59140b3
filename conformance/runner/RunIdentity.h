//===- RunIdentity.h - What identifies a conformance run ---------*- C++ -*-===//
//
// The facts a published report must carry to be checked by someone else:
// which suite (version and a hash of its definition), which runner and
// Tessel, which ABI, when and where, which plugin build, with which filters
// and skip file. docs/conformance.md ("The report") lists them.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_RUNIDENTITY_H
#define TESSEL_CONFORMANCE_RUNNER_RUNIDENTITY_H

#include <string>
#include <vector>

#include "conformance/runner/Result.h"
#include "conformance/runner/SkipFile.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginTypes.h"

namespace tessel::conformance {

/// SHA-256 over every case's definition (id, kernel file and function,
/// signature, constexprs, capabilities), every compile-fail case and every
/// kernel source file: two runners with the same hash run the same suite.
const std::string &suiteHash();

/// Sets the suite, runner, Tessel and ABI versions, the date (now, UTC),
/// the host name and the filters of `summary`.
void identifyRun(RunSummary &summary, const char *runner,
                 const std::vector<std::string> &filters);

/// Sets the plugin's ABI, its build id (the SHA-256 of its file) and the
/// skip file with its SHA-256 (none when `skips` is null).
void identifyPlugin(RunSummary &summary, const plugin_host::LoadedPlugin &plugin,
                    const SkipList *skips);

/// The device's string feature `driver_version` (docs/plugin-sdk.md); ""
/// when the plugin does not report it, or reports it as another type.
std::string driverVersion(const plugin_host::DeviceInfo &device);

/// Sets the device, its driver and the arch the target resolved to on it.
void identifyDevice(RunSummary &summary, const plugin_host::DeviceInfo &device);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_RUNIDENTITY_H
