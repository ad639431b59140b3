// One device of one plugin: where buffers live and kernels run.
//
// A Device is a cheap, copyable handle: the plugin's device handle, its
// capabilities, and a shared reference that keeps the plugin loaded, so it
// stays valid after the Runtime that opened it is gone. Devices come from
// Runtime::OpenDevice.
#ifndef TESSEL_CORE_RUNTIME_DEVICE_H_
#define TESSEL_CORE_RUNTIME_DEVICE_H_

#include <cstdint>
#include <memory>
#include <string>

#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/runtime/buffer.h"
#include "core/runtime/dtype.h"
#include "core/runtime/status.h"

namespace tessel::runtime {

class Device {
 public:
  Device(std::shared_ptr<const plugin_host::LoadedPlugin> plugin,
         plugin_host::DeviceInfo info);

  // Capabilities as the plugin reported them (arch, warp size, memory...).
  const plugin_host::DeviceInfo& info() const { return info_; }
  const std::string& plugin_name() const { return plugin_name_; }
  const std::shared_ptr<const plugin_host::LoadedPlugin>& plugin() const {
    return plugin_;
  }
  Tessel_Device* handle() const { return info_.handle; }
  // "amd device 0 (MI300X, gfx942)".
  std::string Describe() const;

  // An untyped allocation of `bytes`.
  StatusOr<Buffer> Allocate(uint64_t bytes) const;
  // `count` elements of T (see dtype.h for the types), typed.
  template <typename T>
  StatusOr<Buffer> AllocateArray(uint64_t count) const {
    return AllocateTyped(count * sizeof(T), DtypeOf<T>());
  }

  // Waits for all work submitted to this device; errors of earlier
  // asynchronous work surface here at the latest.
  Status Synchronize() const;

 private:
  StatusOr<Buffer> AllocateTyped(uint64_t bytes, int32_t dtype) const;

  std::shared_ptr<const plugin_host::LoadedPlugin> plugin_;
  plugin_host::DeviceInfo info_;
  std::string plugin_name_;
};

}  // namespace tessel::runtime

#endif  // TESSEL_CORE_RUNTIME_DEVICE_H_
