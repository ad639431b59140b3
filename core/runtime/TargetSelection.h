//===- TargetSelection.h - Choosing target, plugin and device ----*- C++ -*-===/
//
// Which target a kernel is compiled for, and which plugin and device run it.
//
// The request comes from, in priority order:
//   1. the caller: a `--target` flag or an API argument;
//   2. the TESSEL_TARGET environment variable;
//   3. `auto`, also when 1 or 2 says "auto" explicitly.
// An empty argument or an empty/unset variable counts as not given.
//
// An explicit target `<plugin>:<arch>[+features]` (parsed by
// core/plugin_host/TargetParser.h) needs a loaded plugin of that name; when the
// plugin has a compiler half, the arch must be one it lists. Its device is
// the plugin's first device whose arch equals the target's arch, else its
// first device, else none (compile-only use).
//
// `auto` takes plugins by the kind of device they report (the device feature
// "device_kind": "gpu" first, then other accelerators, then "cpu", then
// plugins whose devices name no kind), by plugin name (byte order) within a
// kind, and picks the first that reports at least one device. No vendor is
// named here: a new plugin takes its place by what it reports. Its first device is
// used, and the target is the first target the plugin's compiler half lists whose arch
// equals the device's arch, else the first target it lists (the plugin's default). A
// plugin without a compiler half (a runtime-only build, for AOT bundles) gives
// `<plugin>:<device arch>`.
//
// Every error lists what is available, for example:
//   no plugin 'nope' for target 'nope:x' (from TESSEL_TARGET); available:
//   cpu (cpu:x86-64, cpu:x86-64-v3, cpu:native) from /opt/lib/libtessel_cpu.so
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_TARGETSELECTION_H
#define TESSEL_CORE_RUNTIME_TARGETSELECTION_H

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/Status.h"

namespace tessel::runtime {

inline constexpr char kTargetEnvVar[] = "TESSEL_TARGET";
inline constexpr char kAutoTarget[] = "auto";

/// Where the selected target came from.
enum class TargetSource { kArgument, kEnvironment, kAuto };

/// "argument", "TESSEL_TARGET", "auto".
const char *targetSourceName(TargetSource source);

/// What selection needs to know of one loaded plugin (Runtime fills these in
/// from the plugin host; tests may write them by hand).
struct PluginOffer {
  std::string name;
  std::string path;
  bool hasCompiler = false;
  bool hasRuntime = false;
  std::vector<std::string> targetArchs; // compiler half's list, in order
  std::vector<std::string> deviceArchs; // one per device, in order
  std::string deviceKind;               // the first device's "device_kind"
  /// Why the targets or devices could not be listed (the call failed); such
  /// a plugin lists nothing and reports no device.
  std::string problem;
};

struct TargetSelection {
  plugin_host::Target target;
  TargetSource source = TargetSource::kAuto;
  size_t pluginIndex = 0;            // into the offers
  std::optional<size_t> deviceIndex; // into that plugin's devices
};

/// Rank of a device kind in the auto order: 0 "gpu", 1 any other named kind
/// (an accelerator), 2 "cpu", 3 "emulator" (another device's code run on the
/// host CPU), 4 none (ties are broken by plugin name).
int autoOrderRank(std::string_view deviceKind);

/// Resolves the request. `argument`: the caller's target ("" if none);
/// `environment`: TESSEL_TARGET's value (nullopt if unset). `offers` are the
/// loaded plugins, one per name; `unloadable` describes plugin files that
/// failed to load ("<path>: <why>"), quoted in errors.
plugin_host::StatusOr<TargetSelection>
selectTarget(std::string_view argument, const std::optional<std::string> &environment,
             const std::vector<PluginOffer> &offers,
             const std::vector<std::string> &unloadable = {});

/// "cpu (cpu:x86-64, cpu:native) from /path/libtessel_cpu.so; amd (...)", or
/// "none" — the list every selection error ends with.
std::string describeAvailable(const std::vector<PluginOffer> &offers,
                              const std::vector<std::string> &unloadable);

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_TARGETSELECTION_H
