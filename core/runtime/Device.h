//===- Device.h - One device of one plugin ----------------------*- C++ -*-===//
//
// One device of one plugin: where buffers live and kernels run.
//
// A Device is a cheap, copyable handle: the plugin's device handle, its
// capabilities, and a shared reference that keeps the plugin loaded, so it
// stays valid after the Runtime that opened it is gone. Devices come from
// Runtime::openDevice.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_DEVICE_H
#define TESSEL_CORE_RUNTIME_DEVICE_H

#include <cstdint>
#include <memory>
#include <string>

#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/runtime/Buffer.h"
#include "core/runtime/Dtype.h"
#include "core/runtime/Status.h"

namespace tessel::runtime {

class Device {
public:
  Device(std::shared_ptr<const plugin_host::LoadedPlugin> plugin,
         plugin_host::DeviceInfo info);

  /// Capabilities as the plugin reported them (arch, warp size, memory...).
  const plugin_host::DeviceInfo &info() const { return deviceInfo; }
  const std::string &pluginName() const { return storedPluginName; }
  const std::shared_ptr<const plugin_host::LoadedPlugin> &plugin() const {
    return loadedPlugin;
  }
  Tessel_Device *handle() const { return deviceInfo.handle; }
  /// "amd device 0 (MI300X, gfx942)".
  std::string describe() const;

  /// An untyped allocation of `bytes`.
  StatusOr<Buffer> allocate(uint64_t bytes) const;
  /// `count` elements of T (see Dtype.h for the types), typed.
  template <typename T> StatusOr<Buffer> allocateArray(uint64_t count) const {
    return allocateTyped(count * sizeof(T), dtypeOf<T>());
  }

  /// A buffer over `bytes` of memory this device can address that someone
  /// else allocated: a device pointer of another library (a PyTorch
  /// tensor's data_ptr(), a CUDA array) or, on a CPU device, a host pointer
  /// (a NumPy array's data). Typed like allocateArray when `dtype` is given.
  /// Kernels and copies use the memory in place, with no copy. The memory is
  /// borrowed: it must stay allocated while the Buffer and any work using it
  /// live, and destroying the Buffer frees only its handle. Needs a plugin of
  /// ABI 1.2 (buffer_wrap); an older one gives UNIMPLEMENTED naming the
  /// entry and the minor. Address 0 is refused unless `bytes` is 0.
  StatusOr<Buffer> wrap(uint64_t address, uint64_t bytes,
                        int32_t dtype = TESSEL_DTYPE_INVALID) const;
  /// `count` elements of T at `address`, typed (see wrap).
  template <typename T>
  StatusOr<Buffer> wrapArray(uint64_t address, uint64_t count) const {
    if (count > UINT64_MAX / sizeof(T))
      return Status(TESSEL_ERROR_INVALID_ARGUMENT,
                    "wrapping " + std::to_string(count) + " elements of " +
                        std::to_string(sizeof(T)) +
                        " bytes: the size does not fit in 64 bits");
    return wrap(address, count * sizeof(T), dtypeOf<T>());
  }

  /// Waits for all work submitted to this device; errors of earlier
  /// asynchronous work surface here at the latest.
  Status synchronize() const;

private:
  StatusOr<Buffer> allocateTyped(uint64_t bytes, int32_t dtype) const;

  std::shared_ptr<const plugin_host::LoadedPlugin> loadedPlugin;
  plugin_host::DeviceInfo deviceInfo;
  std::string storedPluginName;
};

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_DEVICE_H
