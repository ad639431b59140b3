#include "core/runtime/runtime.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/HostAbi.h"
#include "core/plugin_host/IsolatedCalls.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/runtime/cache_directory.h"

namespace tessel::runtime {
namespace {

double MillisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - start)
      .count();
}

// Lists what selection needs of a loaded plugin: its targets and devices.
// A failing call is recorded as the offer's problem, not an error: one
// broken plugin must not hide the others.
PluginOffer Describe(const plugin_host::LoadedPlugin& plugin,
                     std::vector<plugin_host::DeviceInfo>* devices) {
  PluginOffer offer;
  offer.name = plugin.name();
  offer.path = plugin.path();
  offer.has_compiler = plugin.provides(plugin_host::Half::kCompiler);
  offer.has_runtime = plugin.provides(plugin_host::Half::kRuntime);
  if (offer.has_compiler) {
    StatusOr<plugin_host::CompilerInfo> info = plugin_host::getCompilerInfo(plugin);
    if (info.ok()) {
      for (const plugin_host::TargetInfo& t : info->targets) {
        offer.target_archs.push_back(t.arch);
      }
    } else {
      offer.problem = info.status().toString();
    }
  }
  if (offer.has_runtime) {
    StatusOr<std::vector<plugin_host::DeviceInfo>> found =
        plugin_host::enumerateDevices(plugin);
    if (found.ok()) {
      *devices = std::move(found).value();
      for (const plugin_host::DeviceInfo& d : *devices) {
        offer.device_archs.push_back(d.arch);
      }
      if (!devices->empty()) {
        for (const plugin_host::KeyValue& f : devices->front().features) {
          if (f.key == "device_kind")
            offer.device_kind = f.stringValue;
        }
      }
    } else if (offer.problem.empty()) {
      offer.problem = found.status().toString();
    }
  }
  return offer;
}

}  // namespace

Runtime::Runtime(Runtime&&) noexcept = default;
Runtime& Runtime::operator=(Runtime&&) noexcept = default;
Runtime::~Runtime() = default;

StatusOr<Runtime> Runtime::Create(RuntimeOptions options) {
  Runtime rt;
  plugin_host::DiscoveryOptions discovery;
  discovery.explicitPaths = options.plugin_paths;
  discovery.useEnvironment = options.use_plugin_path_env;
  discovery.useDefaultDirectory = options.use_default_plugin_dir;
  discovery.pluginPathEnv = options.plugin_path_env;
  plugin_host::DiscoveryResult found = plugin_host::discoverPlugins(discovery);
  rt.warnings_ = std::move(found.warnings);

  for (const plugin_host::PluginCandidate& candidate : found.plugins) {
    StatusOr<std::shared_ptr<plugin_host::LoadedPlugin>> plugin =
        plugin_host::LoadedPlugin::load(candidate.path);
    if (!plugin.ok()) {
      const bool named = std::find(options.plugin_paths.begin(),
                                   options.plugin_paths.end(),
                                   candidate.path) != options.plugin_paths.end();
      if (named) return plugin.status();
      rt.load_failures_.push_back(candidate.path + ": " + plugin.status().toString());
      continue;
    }
    const std::string name = (*plugin)->name();
    const auto same = std::find_if(
        rt.offers_.begin(), rt.offers_.end(),
        [&](const PluginOffer& offer) { return offer.name == name; });
    if (same != rt.offers_.end()) {
      rt.warnings_.push_back("plugin '" + name + "' in " + candidate.path +
                             " ignored: the same plugin was found first in " +
                             same->path);
      continue;
    }
    Loaded loaded;
    loaded.plugin = *plugin;
    rt.offers_.push_back(Describe(**plugin, &loaded.devices));
    rt.loaded_.push_back(std::move(loaded));
  }

  if (options.use_cache) {
    StatusOr<std::string> root = options.cache_dir.has_value()
                                     ? StatusOr<std::string>(*options.cache_dir)
                                     : CacheRootDirectory();
    if (root.ok()) {
      rt.cache_ = std::make_unique<CompileCache>(*root);
    } else {
      rt.warnings_.push_back("compile cache off: " + root.status().message());
    }
  }
  rt.options_ = std::move(options);
  return StatusOr<Runtime>(std::move(rt));
}

const std::shared_ptr<const plugin_host::LoadedPlugin>& Runtime::plugin(
    size_t index) const {
  return loaded_.at(index).plugin;
}

const std::vector<plugin_host::DeviceInfo>& Runtime::devices(size_t index) const {
  return loaded_.at(index).devices;
}

StatusOr<TargetSelection> Runtime::SelectTarget(std::string_view requested) const {
  std::optional<std::string> env = options_.target_env;
  if (!env.has_value()) {
    if (const char* value = std::getenv(kTargetEnvVar); value != nullptr) {
      env = value;
    }
  }
  return runtime::SelectTarget(requested, env, offers_, load_failures_);
}

StatusOr<Device> Runtime::OpenDevice(const TargetSelection& selection) const {
  if (selection.plugin_index >= loaded_.size()) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  "selection does not come from this runtime");
  }
  const Loaded& loaded = loaded_[selection.plugin_index];
  if (!selection.device_index.has_value() ||
      *selection.device_index >= loaded.devices.size()) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  "target '" + selection.target.toString() + "': plugin '" +
                      offers_[selection.plugin_index].name + "' (" +
                      loaded.plugin->path() +
                      ") reports no device; the target can be compiled for "
                      "but not run here");
  }
  return Device(loaded.plugin, loaded.devices[*selection.device_index]);
}

StatusOr<Artifact> Runtime::Compile(const plugin_host::Target& target,
                                    const CompileRequest& request) const {
  const auto start = std::chrono::steady_clock::now();
  const auto found =
      std::find_if(offers_.begin(), offers_.end(), [&](const PluginOffer& o) {
        return o.name == target.plugin;
      });
  if (found == offers_.end()) {
    return Status(TESSEL_ERROR_NOT_FOUND,
                  "no plugin '" + target.plugin + "' for target '" + target.toString() +
                      "'; available: " + DescribeAvailable(offers_, load_failures_));
  }
  const plugin_host::LoadedPlugin& plugin =
      *loaded_[static_cast<size_t>(found - offers_.begin())].plugin;

  Artifact artifact;
  artifact.target = target;
  CompileRequest call = request;
  call.target = target;
  CacheKey key;
  if (cache_ != nullptr) {
    key = ComputeCompileCacheKey(plugin, call);
    artifact.record.cache_key = key.hex;
    artifact.record.cache_path = cache_->EntryPath(key);
    CacheLookup hit = cache_->Lookup(key);
    artifact.record.note = hit.discarded;
    if (hit.entry.has_value()) {
      artifact.kernel = std::move(hit.entry->kernel);
      artifact.record.cache_hit = true;
      artifact.record.milliseconds = MillisecondsSince(start);
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
      options_.compile_in_child_process
          ? plugin_host::compileInChildProcess(plugin, call)
          : plugin_host::compile(plugin, call);
  if (!compiled.ok()) return compiled.status();
  artifact.kernel = std::move(compiled).value();

  if (cache_ != nullptr) {
    Status stored = cache_->Store(key, CacheEntry{target.toString(), artifact.kernel});
    if (!stored.ok()) {
      artifact.record.note += (artifact.record.note.empty() ? "" : "; ") +
                              stored.message();
    }
  }
  artifact.record.milliseconds = MillisecondsSince(start);
  return artifact;
}

}  // namespace tessel::runtime
