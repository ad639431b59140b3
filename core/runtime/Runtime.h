//===- Runtime.h - The entry point of the host API --------------*- C++ -*-===//
//
// The entry point of the host API: finds and loads plugins, selects targets,
// opens devices and compiles through the compile cache.
//
//   auto rt = Runtime::create();                        // discover plugins
//   auto sel = rt->selectTarget(flag);                  // flag > env > auto
//   auto device = rt->openDevice(*sel);
//   auto artifact = rt->compile(sel->target, {bytecode, ..., "saxpy"});
//   auto kernel = Kernel::load(*device, *artifact);
//   launch(*kernel, {blocks, 1, 1}, {y, x, 2.0f, n});   // Launch.h
//   device->synchronize();
//
// Isolation: no plugin code runs in this process before the plugin is used.
// Discovery takes plugin names from file names (libtessel_<name>.so); a
// plugin is probed in a child process (core/plugin_host/PluginProbe.h:
// loading, initialize, its targets and devices, with a deadline) when it is
// first needed: by an explicit target naming it, by `auto` or plugins() or
// loadFailures() (all plugins), or, for a file named in pluginPaths or
// named otherwise, by Create. A plugin that crashes or hangs there is a load
// failure, not the end of the host, and other plugins' targets are
// unaffected. A plugin is loaded into this process only when it is used: by
// openDevice, compile, plugin() or devices() of its index.
//
// Ownership and lifetimes: the Runtime owns the plugins it loaded. Devices,
// Buffers and Kernels each hold a shared reference to their plugin, so they
// may outlive the Runtime; the plugin is unloaded when the last of them and
// the Runtime are gone. Artifacts are plain data and depend on nothing.
//
// Threads: after Create, SelectTarget, OpenDevice and Compile may be called
// from several threads at once (the cache is thread- and process-safe).
// Whether one device takes launches from several threads is the plugin's
// rule.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_RUNTIME_H
#define TESSEL_CORE_RUNTIME_RUNTIME_H

#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginDiscovery.h"
#include "core/plugin_host/PluginProbe.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/runtime/Artifact.h"
#include "core/runtime/CompileCache.h"
#include "core/runtime/Device.h"
#include "core/runtime/Status.h"
#include "core/runtime/TargetSelection.h"

namespace tessel::runtime {

struct RuntimeOptions {
  /// Plugin files or directories, searched before TESSEL_PLUGIN_PATH and the
  /// installed plugin directory (core/plugin_host/PluginDiscovery.h). A file
  /// named here that fails to load makes Create fail; other files that fail
  /// are listed in Runtime::load_failures() and in selection errors.
  std::vector<std::string> pluginPaths;
  bool usePluginPathEnv = true;
  bool useDefaultPluginDir = true;

  /// The compile cache. `cache_dir` overrides TESSEL_CACHE_DIR and the default
  /// location (CacheDirectory.h); `use_cache = false` compiles every time.
  /// When no cache directory can be determined the cache is off and
  /// Runtime::warnings() says why.
  bool useCache = true;
  std::optional<std::string> cacheDir;

  /// Compile in a child process, so that a plugin crash is an error rather
  /// than the end of this process (core/plugin_host/IsolatedCalls.h).
  bool compileInChildProcess = false;

  /// Stand-ins for the process environment, for tests and embedders: the
  /// values of TESSEL_TARGET and TESSEL_PLUGIN_PATH. Unset: read the
  /// environment (TESSEL_TARGET at each SelectTarget call).
  std::optional<std::string> targetEnv;
  std::optional<std::string> pluginPathEnv;
  /// Deadline of each plugin's probe in Create (0: none).
  int setupTimeoutMs = plugin_host::kDefaultSetupTimeoutMs;
  /// Probe plugins in this process rather than in a child
  /// (plugin_host::ProbeOptions::inProcess says when that is needed).
  bool setUpInProcess = false;
};

class Runtime {
public:
  /// Discovers plugins; probes only the files named in pluginPaths (and
  /// files not named libtessel_<name>.so) in a child process, and loads none
  /// into this process. When
  /// two files carry the same plugin name the first found is used and the
  /// other is noted in warnings(). Fails when a file named in
  /// `options.plugin_paths` cannot be loaded.
  static StatusOr<Runtime> create(RuntimeOptions options = {});

  Runtime(Runtime &&) noexcept;
  Runtime &operator=(Runtime &&) noexcept;
  ~Runtime();

  /// The usable plugins, one per name, in discovery order; index i of
  /// plugins() and of plugin(i) / devices(i) refer to the same plugin.
  /// plugin(i) and devices(i) load the plugin into this process first;
  /// plugin(i) is null when that fails (openDevice and compile say why).
  /// Probes every plugin not probed yet.
  const std::vector<PluginOffer> &plugins() const;
  const std::shared_ptr<const plugin_host::LoadedPlugin> &plugin(size_t index) const;
  const std::vector<plugin_host::DeviceInfo> &devices(size_t index) const;
  /// "<path>: <why>" for each discovered file that failed to load (or to be
  /// probed: crashed, timed out).
  /// Probes every plugin not probed yet.
  const std::vector<std::string> &loadFailures() const;
  /// Ignored discovery entries and shadowed duplicate plugins.
  const std::vector<std::string> &warnings() const { return storedWarnings; }

  /// Resolves `requested` ("" when the caller has none), TESSEL_TARGET and
  /// auto by the rules of TargetSelection.h. A bare plugin name ("cpu",
  /// "nvidia") stands for that plugin's first device's target, or its first
  /// target where it has no device.
  StatusOr<TargetSelection> selectTarget(std::string_view requested = {}) const;

  /// The selection's device; FAILED_PRECONDITION when it has none (a
  /// compile-only target).
  StatusOr<Device> openDevice(const TargetSelection &selection) const;

  /// Compiles `request` for `target` through the cache: a hit returns the
  /// stored artifact without calling the plugin (so it works with a
  /// runtime-only plugin too); a miss compiles with the target's plugin and
  /// stores the result. Problems of the cache itself never fail a compile;
  /// they appear in the record's note. A cache entry keeps no stages, so a
  /// request with stageFlags != 0 is always compiled by the plugin (the
  /// result is still stored; the key does not depend on stageFlags).
  StatusOr<Artifact> compile(const plugin_host::Target &target,
                             const CompileRequest &request) const;

  /// The cache in use, or nullptr when disabled.
  CompileCache *cache() const { return compileCache.get(); }

private:
  struct Loaded {
    bool attempted = false;
    Status status;
    std::shared_ptr<const plugin_host::LoadedPlugin> plugin;
    std::vector<plugin_host::DeviceInfo> devices;
  };
  Runtime() = default;
  /// A discovered plugin file not probed yet, with the name its file name
  /// gives.
  struct Pending {
    std::string path;
    std::string name;
  };
  /// Loads plugin `index` into this process on first use.
  const Loaded &ensureLoaded(size_t index) const;
  /// Probes `path` in a child: an offer, or a load failure (returned).
  /// Caller holds loadMutex, or is Create.
  std::optional<Status> probeCandidate(const std::string &path,
                                       const RuntimeOptions &options) const;
  /// Probes the pending plugins named `name` (all when null), in discovery
  /// order. Caller holds loadMutex.
  void probePending(const std::string *name) const;
  void probeAll() const;

  RuntimeOptions runtimeOptions;
  // Grown as plugins are probed and filled as they are used, under
  // loadMutex; offers and loadedPlugins share indices, which never change.
  // A deque: references to loaded plugins stay valid as it grows.
  mutable std::deque<Loaded> loadedPlugins;
  std::unique_ptr<std::mutex> loadMutex = std::make_unique<std::mutex>();
  mutable std::vector<Pending> pending;
  mutable std::vector<PluginOffer> offers;
  mutable std::vector<std::string> storedLoadFailures;
  mutable std::vector<std::string> storedWarnings;
  std::unique_ptr<CompileCache> compileCache;
};

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_RUNTIME_H
