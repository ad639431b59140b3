//===- Runtime.cpp - The entry point of the host API ----------------------===//

#include "core/runtime/Runtime.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/HostAbi.h"
#include "core/plugin_host/IsolatedCalls.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/runtime/CacheDirectory.h"

namespace tessel::runtime {
namespace {

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                   start)
      .count();
}

// Lists what selection needs of a loaded plugin: its targets and devices.
// A failing call is recorded as the offer's problem, not an error: one
// broken plugin must not hide the others.
PluginOffer describe(const plugin_host::LoadedPlugin &plugin,
                     std::vector<plugin_host::DeviceInfo> *devices) {
  PluginOffer offer;
  offer.name = plugin.name();
  offer.path = plugin.path();
  offer.hasCompiler = plugin.provides(plugin_host::Half::kCompiler);
  offer.hasRuntime = plugin.provides(plugin_host::Half::kRuntime);
  if (offer.hasCompiler) {
    StatusOr<plugin_host::CompilerInfo> info = plugin_host::getCompilerInfo(plugin);
    if (info.ok()) {
      for (const plugin_host::TargetInfo &t : info->targets) {
        offer.targetArchs.push_back(t.arch);
      }
    } else {
      offer.problem = info.status().toString();
    }
  }
  if (offer.hasRuntime) {
    StatusOr<std::vector<plugin_host::DeviceInfo>> found =
        plugin_host::enumerateDevices(plugin);
    if (found.ok()) {
      *devices = std::move(found).value();
      for (const plugin_host::DeviceInfo &d : *devices) {
        offer.deviceArchs.push_back(d.arch);
      }
      if (!devices->empty()) {
        for (const plugin_host::KeyValue &f : devices->front().features) {
          if (f.key == "device_kind")
            offer.deviceKind = f.stringValue;
        }
      }
    } else if (offer.problem.empty()) {
      offer.problem = found.status().toString();
    }
  }
  return offer;
}

} // namespace

Runtime::Runtime(Runtime &&) noexcept = default;
Runtime &Runtime::operator=(Runtime &&) noexcept = default;
Runtime::~Runtime() = default;

StatusOr<Runtime> Runtime::create(RuntimeOptions options) {
  Runtime rt;
  plugin_host::DiscoveryOptions discovery;
  discovery.explicitPaths = options.pluginPaths;
  discovery.useEnvironment = options.usePluginPathEnv;
  discovery.useDefaultDirectory = options.useDefaultPluginDir;
  discovery.pluginPathEnv = options.pluginPathEnv;
  plugin_host::DiscoveryResult found = plugin_host::discoverPlugins(discovery);
  rt.storedWarnings = std::move(found.warnings);

  for (const plugin_host::PluginCandidate &candidate : found.plugins) {
    StatusOr<std::shared_ptr<plugin_host::LoadedPlugin>> plugin =
        plugin_host::LoadedPlugin::load(candidate.path);
    if (!plugin.ok()) {
      const bool named =
          std::find(options.pluginPaths.begin(), options.pluginPaths.end(),
                    candidate.path) != options.pluginPaths.end();
      if (named)
        return plugin.status();
      rt.storedLoadFailures.push_back(candidate.path + ": " +
                                      plugin.status().toString());
      continue;
    }
    const std::string name = (*plugin)->name();
    const auto same =
        std::find_if(rt.offers.begin(), rt.offers.end(),
                     [&](const PluginOffer &offer) { return offer.name == name; });
    if (same != rt.offers.end()) {
      rt.storedWarnings.push_back("plugin '" + name + "' in " + candidate.path +
                                  " ignored: the same plugin was found first in " +
                                  same->path);
      continue;
    }
    Loaded loaded;
    loaded.plugin = *plugin;
    rt.offers.push_back(describe(**plugin, &loaded.devices));
    rt.loadedPlugins.push_back(std::move(loaded));
  }

  if (options.useCache) {
    StatusOr<std::string> root = options.cacheDir.has_value()
                                     ? StatusOr<std::string>(*options.cacheDir)
                                     : cacheRootDirectory();
    if (root.ok()) {
      rt.compileCache = std::make_unique<CompileCache>(*root);
    } else {
      rt.storedWarnings.push_back("compile cache off: " + root.status().message());
    }
  }
  rt.runtimeOptions = std::move(options);
  return StatusOr<Runtime>(std::move(rt));
}

const std::shared_ptr<const plugin_host::LoadedPlugin> &
Runtime::plugin(size_t index) const {
  return loadedPlugins.at(index).plugin;
}

const std::vector<plugin_host::DeviceInfo> &Runtime::devices(size_t index) const {
  return loadedPlugins.at(index).devices;
}

StatusOr<TargetSelection> Runtime::selectTarget(std::string_view requested) const {
  std::optional<std::string> env = runtimeOptions.targetEnv;
  if (!env.has_value()) {
    if (const char *value = std::getenv(kTargetEnvVar); value != nullptr) {
      env = value;
    }
  }
  return runtime::selectTarget(requested, env, offers, storedLoadFailures);
}

StatusOr<Device> Runtime::openDevice(const TargetSelection &selection) const {
  if (selection.pluginIndex >= loadedPlugins.size()) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  "selection does not come from this runtime");
  }
  const Loaded &loaded = loadedPlugins[selection.pluginIndex];
  if (!selection.deviceIndex.has_value() ||
      *selection.deviceIndex >= loaded.devices.size()) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  "target '" + selection.target.toString() + "': plugin '" +
                      offers[selection.pluginIndex].name + "' (" +
                      loaded.plugin->path() +
                      ") reports no device; the target can be compiled for "
                      "but not run here");
  }
  return Device(loaded.plugin, loaded.devices[*selection.deviceIndex]);
}

StatusOr<Artifact> Runtime::compile(const plugin_host::Target &target,
                                    const CompileRequest &request) const {
  const auto start = std::chrono::steady_clock::now();
  const auto found =
      std::find_if(offers.begin(), offers.end(),
                   [&](const PluginOffer &o) { return o.name == target.plugin; });
  if (found == offers.end()) {
    return Status(TESSEL_ERROR_NOT_FOUND,
                  "no plugin '" + target.plugin + "' for target '" + target.toString() +
                      "'; available: " + describeAvailable(offers, storedLoadFailures));
  }
  const plugin_host::LoadedPlugin &plugin =
      *loadedPlugins[static_cast<size_t>(found - offers.begin())].plugin;

  Artifact artifact;
  artifact.target = target;
  CompileRequest call = request;
  call.target = target;
  CacheKey key;
  if (compileCache != nullptr) {
    key = computeCompileCacheKey(plugin, call);
    artifact.record.cacheKey = key.hex;
    artifact.record.cachePath = compileCache->entryPath(key);
    CacheLookup hit = compileCache->lookup(key);
    artifact.record.note = hit.discarded;
    if (hit.entry.has_value()) {
      artifact.kernel = std::move(hit.entry->kernel);
      artifact.record.cacheHit = true;
      artifact.record.milliseconds = millisecondsSince(start);
      return artifact;
    }
  }

  if (!plugin.provides(plugin_host::Half::kCompiler)) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  "cannot compile for '" + target.toString() + "': plugin '" +
                      plugin.name() + "' (" + plugin.path() +
                      ") has no compiler half, and the kernel is not in the "
                      "compile cache");
  }
  StatusOr<plugin_host::CompiledKernel> compiled =
      runtimeOptions.compileInChildProcess
          ? plugin_host::compileInChildProcess(plugin, call)
          : plugin_host::compile(plugin, call);
  if (!compiled.ok())
    return compiled.status();
  artifact.kernel = std::move(compiled).value();

  if (compileCache != nullptr) {
    Status stored =
        compileCache->store(key, CacheEntry{target.toString(), artifact.kernel});
    if (!stored.ok()) {
      artifact.record.note +=
          (artifact.record.note.empty() ? "" : "; ") + stored.message();
    }
  }
  artifact.record.milliseconds = millisecondsSince(start);
  return artifact;
}

} // namespace tessel::runtime
