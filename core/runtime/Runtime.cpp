//===- Runtime.cpp - The entry point of the host API ----------------------===//

#include "core/runtime/Runtime.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/HostAbi.h"
#include "core/plugin_host/IsolatedCalls.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/plugin_host/TargetParser.h"
#include "core/runtime/CacheDirectory.h"

namespace tessel::runtime {
namespace {

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                   start)
      .count();
}

// What selection needs of a plugin, from its probe. A failing listing call
// is recorded as the offer's problem, not an error: one broken plugin must
// not hide the others.
PluginOffer describe(const plugin_host::PluginProbe &probe) {
  PluginOffer offer;
  offer.name = probe.name;
  offer.path = probe.path;
  offer.hasCompiler = probe.provides(plugin_host::Half::kCompiler);
  offer.hasRuntime = probe.provides(plugin_host::Half::kRuntime);
  offer.targetArchs = probe.targetArchs;
  offer.problem = probe.compilerProblem;
  for (const plugin_host::ProbedDevice &d : probe.devices)
    offer.deviceArchs.push_back(d.arch);
  if (!probe.devices.empty())
    offer.deviceKind = probe.devices.front().deviceKind;
  if (offer.problem.empty())
    offer.problem = probe.deviceProblem;
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
    const bool named = std::find(options.pluginPaths.begin(), options.pluginPaths.end(),
                                 candidate.path) != options.pluginPaths.end();
    std::string name = plugin_host::pluginNameFromFileName(candidate.path);
    if (named || name.empty()) {
      // A file named explicitly must work (or Create fails); a file named
      // otherwise tells its plugin name only when probed.
      std::optional<Status> failed = rt.probeCandidate(candidate.path, options);
      if (failed.has_value() && named)
        return *failed;
      continue;
    }
    const auto same = std::find_if(rt.pending.begin(), rt.pending.end(),
                                   [&](const Pending &p) { return p.name == name; });
    const auto probed =
        std::find_if(rt.offers.begin(), rt.offers.end(),
                     [&](const PluginOffer &offer) { return offer.name == name; });
    if (same != rt.pending.end() || probed != rt.offers.end()) {
      rt.storedWarnings.push_back(
          "plugin '" + name + "' in " + candidate.path +
          " ignored: the same plugin was found first in " +
          (same != rt.pending.end() ? same->path : probed->path));
      continue;
    }
    rt.pending.push_back(Pending{candidate.path, name});
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

std::optional<Status> Runtime::probeCandidate(const std::string &path,
                                              const RuntimeOptions &options) const {
  // In a child: a plugin that crashes or hangs while it is set up must not
  // take this process down, whichever target is wanted.
  plugin_host::ProbeOptions probeOptions;
  probeOptions.timeoutMs = options.setupTimeoutMs;
  probeOptions.inProcess = options.setUpInProcess;
  StatusOr<plugin_host::PluginProbe> plugin =
      plugin_host::probePlugin(path, probeOptions);
  if (!plugin.ok()) {
    storedLoadFailures.push_back(path + ": " + plugin.status().toString());
    return plugin.status();
  }
  const std::string fileName = plugin_host::pluginNameFromFileName(path);
  if (!fileName.empty() && fileName != plugin->name) {
    Status wrong(TESSEL_ERROR_FAILED_PRECONDITION,
                 "plugin '" + path + "' holds plugin '" + plugin->name +
                     "', but its file name says '" + fileName + "'");
    storedLoadFailures.push_back(path + ": " + wrong.toString());
    return wrong;
  }
  const auto same =
      std::find_if(offers.begin(), offers.end(), [&](const PluginOffer &offer) {
        return offer.name == plugin->name;
      });
  if (same != offers.end()) {
    storedWarnings.push_back("plugin '" + plugin->name + "' in " + path +
                             " ignored: the same plugin was found first in " +
                             same->path);
    return std::nullopt;
  }
  offers.push_back(describe(*plugin));
  loadedPlugins.emplace_back();
  return std::nullopt;
}

void Runtime::probePending(const std::string *name) const {
  for (auto it = pending.begin(); it != pending.end();) {
    if (name != nullptr && it->name != *name) {
      ++it;
      continue;
    }
    (void)probeCandidate(it->path, runtimeOptions);
    it = pending.erase(it);
  }
}

void Runtime::probeAll() const {
  std::lock_guard<std::mutex> lock(*loadMutex);
  probePending(nullptr);
}

const std::vector<PluginOffer> &Runtime::plugins() const {
  probeAll();
  return offers;
}

const std::vector<std::string> &Runtime::loadFailures() const {
  probeAll();
  return storedLoadFailures;
}

const Runtime::Loaded &Runtime::ensureLoaded(size_t index) const {
  std::lock_guard<std::mutex> lock(*loadMutex);
  Loaded &loaded = loadedPlugins.at(index);
  if (loaded.attempted)
    return loaded;
  loaded.attempted = true;
  const PluginOffer offer = offers[index];
  StatusOr<std::shared_ptr<plugin_host::LoadedPlugin>> plugin =
      plugin_host::LoadedPlugin::load(offer.path);
  if (!plugin.ok()) {
    loaded.status = plugin.status();
    return loaded;
  }
  if ((*plugin)->name() != offer.name) {
    loaded.status = Status(TESSEL_ERROR_FAILED_PRECONDITION,
                           (*plugin)->describe() + " is now plugin '" +
                               (*plugin)->name() + "', not '" + offer.name + "'");
    return loaded;
  }
  loaded.plugin = *plugin;
  if (offer.hasRuntime) {
    StatusOr<std::vector<plugin_host::DeviceInfo>> found =
        plugin_host::enumerateDevices(**plugin);
    if (found.ok())
      loaded.devices = std::move(found).value();
  }
  return loaded;
}

const std::shared_ptr<const plugin_host::LoadedPlugin> &
Runtime::plugin(size_t index) const {
  return ensureLoaded(index).plugin;
}

const std::vector<plugin_host::DeviceInfo> &Runtime::devices(size_t index) const {
  return ensureLoaded(index).devices;
}

StatusOr<TargetSelection> Runtime::selectTarget(std::string_view requested) const {
  std::optional<std::string> env = runtimeOptions.targetEnv;
  if (!env.has_value()) {
    if (const char *value = std::getenv(kTargetEnvVar); value != nullptr) {
      env = value;
    }
  }
  std::lock_guard<std::mutex> lock(*loadMutex);
  // An explicit target needs only the plugins whose file names name its
  // plugin; auto, and an error listing what is available, need them all.
  std::string_view effective = !requested.empty() ? requested
                               : env.has_value() && !env->empty()
                                   ? std::string_view(*env)
                                   : std::string_view(kAutoTarget);
  // A bare plugin name ("cpu", "nvidia") stands for that plugin's device
  // target, or its first target where it has no device here.
  std::string expanded;
  if (!effective.empty() && effective != kAutoTarget &&
      effective.find(':') == std::string_view::npos) {
    const std::string name(effective);
    auto offerNamed = [&]() -> const PluginOffer * {
      for (const PluginOffer &offer : offers)
        if (offer.name == name)
          return &offer;
      return nullptr;
    };
    probePending(&name);
    const PluginOffer *offer = offerNamed();
    if (offer == nullptr) {
      probePending(nullptr); // a plugin file named otherwise may carry it
      offer = offerNamed();
    }
    // A device's arch where the plugin compiles for it; a plugin may name
    // its devices by more precise archs than its targets ("znver4").
    if (offer != nullptr) {
      for (const std::string &arch : offer->deviceArchs)
        if (expanded.empty() &&
            (offer->targetArchs.empty() ||
             std::find(offer->targetArchs.begin(), offer->targetArchs.end(), arch) !=
                 offer->targetArchs.end()))
          expanded = name + ":" + arch;
      if (expanded.empty() && !offer->targetArchs.empty())
        expanded = name + ":" + offer->targetArchs.front();
    }
    if (offer == nullptr) {
      std::string names;
      for (const PluginOffer &o : offers)
        names += (names.empty() ? "" : ", ") + o.name;
      return Status(
          TESSEL_ERROR_NOT_FOUND,
          "target '" + name + "' (" +
              (!requested.empty() ? "from the argument" : "from TESSEL_TARGET") +
              "): no plugin named '" + name +
              "' is installed (plugins: " + (names.empty() ? "none" : names) +
              "); a target is <plugin>:<arch>, a plugin name, or 'auto'");
    }
    if (!expanded.empty()) {
      if (!requested.empty())
        requested = expanded;
      else
        env = expanded;
      effective = expanded;
    }
  }
  StatusOr<plugin_host::Target> parsed = plugin_host::parseTarget(effective);
  if (effective != kAutoTarget && parsed.ok()) {
    probePending(&parsed->plugin);
    if (std::any_of(offers.begin(), offers.end(), [&](const PluginOffer &offer) {
          return offer.name == parsed->plugin;
        }))
      return runtime::selectTarget(requested, env, offers, storedLoadFailures);
  }
  probePending(nullptr);
  return runtime::selectTarget(requested, env, offers, storedLoadFailures);
}

StatusOr<Device> Runtime::openDevice(const TargetSelection &selection) const {
  std::unique_lock<std::mutex> lock(*loadMutex);
  if (selection.pluginIndex >= loadedPlugins.size()) {
    return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                  "selection does not come from this runtime");
  }
  const PluginOffer offer = offers[selection.pluginIndex];
  lock.unlock();
  const Loaded &loaded = ensureLoaded(selection.pluginIndex);
  if (loaded.plugin == nullptr)
    return loaded.status;
  if (!selection.deviceIndex.has_value() ||
      *selection.deviceIndex >= loaded.devices.size()) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  "target '" + selection.target.toString() + "': plugin '" +
                      offer.name + "' (" + offer.path +
                      ") reports no device; the target can be compiled for "
                      "but not run here");
  }
  return Device(loaded.plugin, loaded.devices[*selection.deviceIndex]);
}

StatusOr<Artifact> Runtime::compile(const plugin_host::Target &target,
                                    const CompileRequest &request) const {
  const auto start = std::chrono::steady_clock::now();
  size_t index = 0;
  {
    std::lock_guard<std::mutex> lock(*loadMutex);
    auto find = [&] {
      return std::find_if(offers.begin(), offers.end(), [&](const PluginOffer &o) {
        return o.name == target.plugin;
      });
    };
    probePending(&target.plugin);
    auto found = find();
    if (found == offers.end()) {
      probePending(nullptr);
      found = find();
    }
    if (found == offers.end()) {
      return Status(
          TESSEL_ERROR_NOT_FOUND,
          "no plugin '" + target.plugin + "' for target '" + target.toString() +
              "'; available: " + describeAvailable(offers, storedLoadFailures));
    }
    index = static_cast<size_t>(found - offers.begin());
  }
  const Loaded &loaded = ensureLoaded(index);
  if (loaded.plugin == nullptr)
    return loaded.status;
  const plugin_host::LoadedPlugin &plugin = *loaded.plugin;

  Artifact artifact;
  artifact.target = target;
  CompileRequest call = request;
  call.target = target;
  CacheKey key;
  if (compileCache != nullptr) {
    key = computeCompileCacheKey(plugin, call);
    artifact.record.cacheKey = key.hex;
    artifact.record.cachePath = compileCache->entryPath(key);
    // A cache entry keeps no stages: a request for them is compiled anew
    // (and stored again, the bytes being the same).
    CacheLookup hit = call.stageFlags == 0 ? compileCache->lookup(key) : CacheLookup{};
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
