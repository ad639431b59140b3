//===- PluginProbe.cpp - Plugin set-up in a child process -----------------===//

#include "core/plugin_host/PluginProbe.h"

#include <memory>
#include <mutex>
#include <vector>

#include <sys/mman.h>

#include <atomic>
#include <cstdio>

#include "core/plugin_host/ChildProcess.h"
#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/plugin_host/WireFormat.h"

namespace tessel::plugin_host {
namespace {

// The stage the child is in lives in memory shared with the parent, so the
// parent still knows it when the child dies without a word.
struct SharedStage {
  std::atomic<int> stage;
};

void recordStage(void *context, SetupStage stage) {
  static_cast<SharedStage *>(context)->stage.store(static_cast<int>(stage));
}

std::string encodeProbe(const PluginProbe &p) {
  ByteWriter w;
  w.putString(p.name);
  w.putString(p.version);
  w.putString(p.description);
  w.putU32(p.abiMajor);
  w.putU32(p.abiMinor);
  w.putU32(p.halves);
  w.putU32(static_cast<uint32_t>(p.targetArchs.size()));
  for (const std::string &arch : p.targetArchs)
    w.putString(arch);
  w.putString(p.compilerProblem);
  w.putU32(static_cast<uint32_t>(p.devices.size()));
  for (const ProbedDevice &d : p.devices) {
    w.putString(d.vendor);
    w.putString(d.name);
    w.putString(d.arch);
    w.putString(d.deviceKind);
  }
  w.putString(p.deviceProblem);
  return w.take();
}

bool decodeProbe(const std::string &bytes, PluginProbe *p) {
  ByteReader r(bytes);
  uint32_t count = 0;
  if (!r.getString(&p->name) || !r.getString(&p->version) ||
      !r.getString(&p->description) || !r.getU32(&p->abiMajor) ||
      !r.getU32(&p->abiMinor) || !r.getU32(&p->halves) || !r.getU32(&count))
    return false;
  for (uint32_t i = 0; i < count; ++i) {
    std::string arch;
    if (!r.getString(&arch))
      return false;
    p->targetArchs.push_back(std::move(arch));
  }
  if (!r.getString(&p->compilerProblem) || !r.getU32(&count))
    return false;
  for (uint32_t i = 0; i < count; ++i) {
    ProbedDevice d;
    if (!r.getString(&d.vendor) || !r.getString(&d.name) || !r.getString(&d.arch) ||
        !r.getString(&d.deviceKind))
      return false;
    p->devices.push_back(std::move(d));
  }
  return r.getString(&p->deviceProblem) && r.atEnd();
}

// The child's side: set-up as a host does it, recording each stage.
StatusOr<std::string> probeHere(const std::string &path, const ProbeOptions &options,
                                SharedStage *shared,
                                std::shared_ptr<LoadedPlugin> *keep = nullptr) {
  auto loaded = LoadedPlugin::load(path, HostAbi::current(), recordStage, shared);
  if (!loaded.ok())
    return loaded.status();
  if (keep != nullptr)
    *keep = *loaded;
  const LoadedPlugin &plugin = **loaded;
  PluginProbe probe;
  probe.name = plugin.name();
  probe.version = plugin.version();
  probe.description = plugin.description();
  probe.abiMajor = plugin.abiMajor();
  probe.abiMinor = plugin.abiMinor();
  probe.halves = plugin.halves();
  if (options.compilerInfo && plugin.provides(Half::kCompiler)) {
    recordStage(shared, SetupStage::kCompilerInfo);
    StatusOr<CompilerInfo> info = getCompilerInfo(plugin);
    if (info.ok()) {
      for (const TargetInfo &t : info->targets)
        probe.targetArchs.push_back(t.arch);
    } else {
      probe.compilerProblem = info.status().toString();
    }
  }
  if (options.enumerateDevices && plugin.provides(Half::kRuntime)) {
    recordStage(shared, SetupStage::kDeviceEnumeration);
    StatusOr<std::vector<DeviceInfo>> devices = enumerateDevices(plugin);
    if (devices.ok()) {
      for (const DeviceInfo &d : *devices) {
        ProbedDevice out{d.vendor, d.name, d.arch, ""};
        for (const KeyValue &f : d.features)
          if (f.key == "device_kind")
            out.deviceKind = f.stringValue;
        probe.devices.push_back(std::move(out));
      }
    } else {
      probe.deviceProblem = devices.status().toString();
    }
  }
  return encodeProbe(probe);
}

} // namespace

bool PluginProbe::provides(Half half) const {
  switch (half) {
  case Half::kCommon:
    return true;
  case Half::kCompiler:
    return (halves & TESSEL_PLUGIN_HALF_COMPILER) != 0;
  case Half::kRuntime:
    return (halves & TESSEL_PLUGIN_HALF_RUNTIME) != 0;
  }
  return false;
}

std::string describeTimeout(int timeoutMs) {
  if (timeoutMs % 1000 == 0)
    return std::to_string(timeoutMs / 1000) + " s";
  if (timeoutMs < 1000)
    return std::to_string(timeoutMs) + " ms";
  char text[32];
  std::snprintf(text, sizeof text, "%g s", timeoutMs / 1000.0);
  return text;
}

StatusOr<PluginProbe> probePlugin(const std::string &path,
                                  const ProbeOptions &options) {
  const std::string who = "plugin '" + path + "'";
  if (options.inProcess) {
    // The library stays mapped for the process: the host that probed it is
    // about to load it, and a second dlopen of a mapped library is cheap,
    // where unmapping and mapping again would rerun its static constructors
    // (LLVM's, for a plugin with a compiler half: tens of milliseconds).
    static std::mutex keptMutex;
    static std::vector<std::shared_ptr<LoadedPlugin>> kept;
    SharedStage stage{};
    std::shared_ptr<LoadedPlugin> plugin;
    StatusOr<std::string> bytes = probeHere(path, options, &stage, &plugin);
    if (plugin) {
      std::lock_guard<std::mutex> lock(keptMutex);
      kept.push_back(std::move(plugin));
    }
    if (!bytes.ok())
      return bytes.status();
    PluginProbe probe;
    if (!decodeProbe(*bytes, &probe))
      return Status(TESSEL_ERROR_INTERNAL, who + ": malformed probe result");
    probe.path = path;
    return probe;
  }
  void *memory = ::mmap(nullptr, sizeof(SharedStage), PROT_READ | PROT_WRITE,
                        MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED)
    return Status(TESSEL_ERROR_INTERNAL, who + ": cannot map memory for the probe");
  auto *shared = new (memory) SharedStage{};
  shared->stage.store(static_cast<int>(SetupStage::kDlopen));

  ChildProcessEnd end;
  ChildProcessOptions childOptions;
  childOptions.timeoutMs = options.timeoutMs;
  childOptions.end = &end;
  StatusOr<std::string> bytes =
      runInChildProcess([&]() { return probeHere(path, options, shared); },
                        who + ": set-up", childOptions);
  const auto stage = static_cast<SetupStage>(shared->stage.load());
  shared->~SharedStage();
  ::munmap(memory, sizeof(SharedStage));

  if (end.timedOut) {
    return Status(TESSEL_ERROR_DEADLINE_EXCEEDED,
                  who + " timed out after " + describeTimeout(options.timeoutMs) +
                      " in " + setupStageName(stage) +
                      " (probed in a child process, which was killed)");
  }
  if (end.signal != 0) {
    return Status(TESSEL_ERROR_ABORTED, who + " crashed (" + signalName(end.signal) +
                                            ") in " + setupStageName(stage) +
                                            " (probed in a child process)");
  }
  if (!bytes.ok()) {
    if (bytes.status().code() == TESSEL_ERROR_ABORTED)
      return Status(TESSEL_ERROR_ABORTED, who + " ended the probe's child process in " +
                                              setupStageName(stage) + ": " +
                                              bytes.status().message());
    return bytes.status();
  }
  PluginProbe probe;
  if (!decodeProbe(*bytes, &probe))
    return Status(TESSEL_ERROR_INTERNAL,
                  who + ": the probe's child process sent a malformed result");
  probe.path = path;
  return probe;
}

} // namespace tessel::plugin_host
