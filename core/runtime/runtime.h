// The entry point of the host API: finds and loads plugins, selects targets,
// opens devices and compiles through the compile cache.
//
//   auto rt = Runtime::Create();                        // discover plugins
//   auto sel = rt->SelectTarget(flag);                  // flag > env > auto
//   auto device = rt->OpenDevice(*sel);
//   auto artifact = rt->Compile(sel->target, {bytecode, ..., "saxpy"});
//   auto kernel = Kernel::Load(*device, *artifact);
//   Launch(*kernel, {blocks, 1, 1}, {y, x, 2.0f, n});   // launch.h
//   device->Synchronize();
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
#ifndef TESSEL_CORE_RUNTIME_RUNTIME_H_
#define TESSEL_CORE_RUNTIME_RUNTIME_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginDiscovery.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/runtime/artifact.h"
#include "core/runtime/compile_cache.h"
#include "core/runtime/device.h"
#include "core/runtime/status.h"
#include "core/runtime/target_selection.h"

namespace tessel::runtime {

struct RuntimeOptions {
  // Plugin files or directories, searched before TESSEL_PLUGIN_PATH and the
  // installed plugin directory (core/plugin_host/PluginDiscovery.h). A file
  // named here that fails to load makes Create fail; other files that fail
  // are listed in Runtime::load_failures() and in selection errors.
  std::vector<std::string> plugin_paths;
  bool use_plugin_path_env = true;
  bool use_default_plugin_dir = true;

  // The compile cache. `cache_dir` overrides TESSEL_CACHE_DIR and the default
  // location (cache_directory.h); `use_cache = false` compiles every time.
  // When no cache directory can be determined the cache is off and
  // Runtime::warnings() says why.
  bool use_cache = true;
  std::optional<std::string> cache_dir;

  // Compile in a child process, so that a plugin crash is an error rather
  // than the end of this process (core/plugin_host/IsolatedCalls.h).
  bool compile_in_child_process = false;

  // Stand-ins for the process environment, for tests and embedders: the
  // values of TESSEL_TARGET and TESSEL_PLUGIN_PATH. Unset: read the
  // environment (TESSEL_TARGET at each SelectTarget call).
  std::optional<std::string> target_env;
  std::optional<std::string> plugin_path_env;
};

class Runtime {
 public:
  // Discovers and loads plugins, lists each one's targets and devices. When
  // two files carry the same plugin name the first found is used and the
  // other is noted in warnings(). Fails when a file named in
  // `options.plugin_paths` cannot be loaded.
  static StatusOr<Runtime> Create(RuntimeOptions options = {});

  Runtime(Runtime&&) noexcept;
  Runtime& operator=(Runtime&&) noexcept;
  ~Runtime();

  // The loaded plugins, one per name, in discovery order; index i of
  // plugins() and of plugin(i) / devices(i) refer to the same plugin.
  const std::vector<PluginOffer>& plugins() const { return offers_; }
  const std::shared_ptr<const plugin_host::LoadedPlugin>& plugin(size_t index) const;
  const std::vector<plugin_host::DeviceInfo>& devices(size_t index) const;
  // "<path>: <why>" for each discovered file that failed to load.
  const std::vector<std::string>& load_failures() const { return load_failures_; }
  // Ignored discovery entries and shadowed duplicate plugins.
  const std::vector<std::string>& warnings() const { return warnings_; }

  // Resolves `requested` ("" when the caller has none), TESSEL_TARGET and
  // auto by the rules of target_selection.h.
  StatusOr<TargetSelection> SelectTarget(std::string_view requested = {}) const;

  // The selection's device; FAILED_PRECONDITION when it has none (a
  // compile-only target).
  StatusOr<Device> OpenDevice(const TargetSelection& selection) const;

  // Compiles `request` for `target` through the cache: a hit returns the
  // stored artifact without calling the plugin (so it works with a
  // runtime-only plugin too); a miss compiles with the target's plugin and
  // stores the result. Problems of the cache itself never fail a compile;
  // they appear in the record's note.
  StatusOr<Artifact> Compile(const plugin_host::Target& target,
                             const CompileRequest& request) const;

  // The cache in use, or nullptr when disabled.
  CompileCache* cache() const { return cache_.get(); }

 private:
  struct Loaded {
    std::shared_ptr<const plugin_host::LoadedPlugin> plugin;
    std::vector<plugin_host::DeviceInfo> devices;
  };
  Runtime() = default;

  RuntimeOptions options_;
  std::vector<Loaded> loaded_;
  std::vector<PluginOffer> offers_;
  std::vector<std::string> load_failures_;
  std::vector<std::string> warnings_;
  std::unique_ptr<CompileCache> cache_;
};

}  // namespace tessel::runtime

#endif  // TESSEL_CORE_RUNTIME_RUNTIME_H_
