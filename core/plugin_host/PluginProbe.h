//===- PluginProbe.h - Plugin set-up in a child process ---------*- C++ -*-===//
//
// Runs a plugin's set-up (dlopen and its static constructors,
// tessel_plugin_get_api, the table checks, plugin_initialize, and on request
// compiler_get_info and device_enumerate) in a forked child process with a
// deadline, and brings back what a host needs to decide whether to load the
// plugin: its name, halves, targets and devices. A plugin that crashes or
// hangs in set-up is then an error naming the plugin, the stage and the
// signal or the deadline ("plugin '/p/libtessel_x.so' crashed (SIGSEGV) in
// initialize"), and the host, which never loaded it, carries on.
//
// A probe proves set-up works once; a host that then loads the plugin runs
// the same calls again in its own process, so a plugin whose set-up fails
// only sometimes can still take that process down.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_PLUGINPROBE_H
#define TESSEL_CORE_PLUGIN_HOST_PLUGINPROBE_H

#include <cstdint>
#include <string>
#include <vector>

#include "core/plugin_host/HostAbi.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/Status.h"

namespace tessel::plugin_host {

/// The default deadline of a probe: set-up that takes longer is a hang.
inline constexpr int kDefaultSetupTimeoutMs = 30000;

struct ProbedDevice {
  std::string vendor;
  std::string name;
  std::string arch;
  std::string deviceKind; ///< the "device_kind" feature, "" if not reported
};

struct PluginProbe {
  std::string path;
  std::string name;
  std::string version;
  std::string description;
  uint32_t abiMajor = 0;
  uint32_t abiMinor = 0;
  uint32_t halves = 0;
  /// Compiler half, when asked for: the target archs, or why they are
  /// unknown (compiler_get_info failed).
  std::vector<std::string> targetArchs;
  std::string compilerProblem;
  /// Runtime half, when asked for: the devices, or why they are unknown
  /// (device_enumerate failed).
  std::vector<ProbedDevice> devices;
  std::string deviceProblem;

  bool provides(Half half) const;
};

struct ProbeOptions {
  /// Deadline of the whole set-up; 0 waits forever.
  int timeoutMs = kDefaultSetupTimeoutMs;
  bool compilerInfo = true;     ///< call compiler_get_info (compiler half)
  bool enumerateDevices = true; ///< call device_enumerate (runtime half)
  /// Run the set-up in this process instead of a child: no protection from
  /// a crash or hang, but the only way for a process that has already
  /// initialized a GPU driver, whose forked children cannot use it (CUDA
  /// after fork), to see its devices. `timeoutMs` is then not enforced.
  bool inProcess = false;
};

/// Probes the plugin at `path` in a child process. Errors: those of
/// LoadedPlugin::load, as the child saw them, or ABORTED ("... crashed
/// (SIGSEGV) in initialize") or DEADLINE_EXCEEDED ("... timed out after 30 s
/// in device enumeration") naming the stage. Failing compiler_get_info or
/// device_enumerate calls are not errors: they are the probe's problems.
StatusOr<PluginProbe> probePlugin(const std::string &path,
                                  const ProbeOptions &options = {});

/// "30 s", "1.5 s", "250 ms".
std::string describeTimeout(int timeoutMs);

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_PLUGINPROBE_H
