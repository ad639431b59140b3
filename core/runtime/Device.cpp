//===- Device.cpp - One device of one plugin ------------------------------===//

#include "core/runtime/Device.h"

#include "core/plugin_host/RuntimeClient.h"

namespace tessel::runtime {

Device::Device(std::shared_ptr<const plugin_host::LoadedPlugin> plugin,
               plugin_host::DeviceInfo info)
    : loadedPlugin(std::move(plugin)), deviceInfo(std::move(info)),
      storedPluginName(loadedPlugin->name()) {}

std::string Device::describe() const {
  return storedPluginName + " device " + std::to_string(deviceInfo.ordinal) + " (" +
         deviceInfo.name + ", " + deviceInfo.arch + ")";
}

StatusOr<Buffer> Device::allocate(uint64_t bytes) const {
  return allocateTyped(bytes, TESSEL_DTYPE_INVALID);
}

StatusOr<Buffer> Device::allocateTyped(uint64_t bytes, int32_t dtype) const {
  StatusOr<plugin_host::DeviceBuffer> buffer =
      plugin_host::DeviceBuffer::allocate(loadedPlugin, deviceInfo.handle, bytes);
  if (!buffer.ok())
    return buffer.status();
  return Buffer(std::move(buffer).value(), deviceInfo.handle, dtype);
}

StatusOr<Buffer> Device::wrap(uint64_t address, uint64_t bytes, int32_t dtype) const {
  StatusOr<plugin_host::DeviceBuffer> buffer =
      plugin_host::DeviceBuffer::wrap(loadedPlugin, deviceInfo.handle, address, bytes);
  if (!buffer.ok())
    return buffer.status();
  return Buffer(std::move(buffer).value(), deviceInfo.handle, dtype);
}

Status Device::synchronize() const {
  return plugin_host::synchronize(*loadedPlugin, deviceInfo.handle);
}

} // namespace tessel::runtime
