// A compiled kernel loaded on a device, ready to launch (launch.h).
//
// Kernel::Load hands the artifact's bytes and metadata to the device's
// plugin (module_load). The Kernel keeps a copy of the metadata, whose
// argument layout every launch is checked against, and its Device, so it
// keeps the plugin loaded; the Artifact may be dropped after Load.
// Move-only; the module is unloaded when the Kernel is destroyed.
#ifndef TESSEL_CORE_RUNTIME_KERNEL_H_
#define TESSEL_CORE_RUNTIME_KERNEL_H_

#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/runtime/artifact.h"
#include "core/runtime/device.h"
#include "core/runtime/status.h"

namespace tessel::runtime {

class Kernel {
 public:
  // FAILED_PRECONDITION when the artifact was compiled for another plugin
  // than the device's; otherwise whatever the plugin says of the bytes.
  static StatusOr<Kernel> Load(const Device& device, const Artifact& artifact);

  Kernel(Kernel&&) noexcept = default;
  Kernel& operator=(Kernel&&) noexcept = default;

  const Device& device() const { return device_; }
  const plugin_host::Target& target() const { return target_; }
  const plugin_host::KernelMetadata& metadata() const { return metadata_; }
  const plugin_host::LoadedModule& module() const { return module_; }

 private:
  Kernel(Device device, plugin_host::Target target, plugin_host::KernelMetadata metadata,
         plugin_host::LoadedModule module)
      : device_(std::move(device)), target_(std::move(target)),
        metadata_(std::move(metadata)), module_(std::move(module)) {}

  Device device_;
  plugin_host::Target target_;
  plugin_host::KernelMetadata metadata_;
  plugin_host::LoadedModule module_;
};

}  // namespace tessel::runtime

#endif  // TESSEL_CORE_RUNTIME_KERNEL_H_
