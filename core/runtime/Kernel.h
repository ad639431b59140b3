//===- Kernel.h - A kernel loaded on a device -------------------*- C++ -*-===//
//
// A compiled kernel loaded on a device, ready to launch (Launch.h).
//
// Kernel::load hands the artifact's bytes and metadata to the device's
// plugin (module_load). The Kernel keeps a copy of the metadata, whose
// argument layout every launch is checked against, and its Device, so it
// keeps the plugin loaded; the Artifact may be dropped after Load.
// Move-only; the module is unloaded when the Kernel is destroyed.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_KERNEL_H
#define TESSEL_CORE_RUNTIME_KERNEL_H

#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/runtime/Artifact.h"
#include "core/runtime/Device.h"
#include "core/runtime/Status.h"

namespace tessel::runtime {

class Kernel {
public:
  /// FAILED_PRECONDITION when the artifact was compiled for another plugin
  /// than the device's; otherwise whatever the plugin says of the bytes.
  static StatusOr<Kernel> load(const Device &device, const Artifact &artifact);

  Kernel(Kernel &&) noexcept = default;
  Kernel &operator=(Kernel &&) noexcept = default;

  const Device &device() const { return storedDevice; }
  const plugin_host::Target &target() const { return storedTarget; }
  const plugin_host::KernelMetadata &metadata() const { return kernelMetadata; }
  const plugin_host::LoadedModule &module() const { return loadedModule; }

private:
  Kernel(Device device, plugin_host::Target target,
         plugin_host::KernelMetadata metadata, plugin_host::LoadedModule module)
      : storedDevice(std::move(device)), storedTarget(std::move(target)),
        kernelMetadata(std::move(metadata)), loadedModule(std::move(module)) {}

  Device storedDevice;
  plugin_host::Target storedTarget;
  plugin_host::KernelMetadata kernelMetadata;
  plugin_host::LoadedModule loadedModule;
};

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_KERNEL_H
