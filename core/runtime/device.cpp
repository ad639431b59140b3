#include "core/runtime/device.h"

#include "core/plugin_host/RuntimeClient.h"

namespace tessel::runtime {

Device::Device(std::shared_ptr<const plugin_host::LoadedPlugin> plugin,
               plugin_host::DeviceInfo info)
    : plugin_(std::move(plugin)), info_(std::move(info)),
      plugin_name_(plugin_->name()) {}

std::string Device::Describe() const {
  return plugin_name_ + " device " + std::to_string(info_.ordinal) + " (" +
         info_.name + ", " + info_.arch + ")";
}

StatusOr<Buffer> Device::Allocate(uint64_t bytes) const {
  return AllocateTyped(bytes, TESSEL_DTYPE_INVALID);
}

StatusOr<Buffer> Device::AllocateTyped(uint64_t bytes, int32_t dtype) const {
  StatusOr<plugin_host::DeviceBuffer> buffer =
      plugin_host::DeviceBuffer::allocate(plugin_, info_.handle, bytes);
  if (!buffer.ok()) return buffer.status();
  return Buffer(std::move(buffer).value(), info_.handle, dtype);
}

Status Device::Synchronize() const {
  return plugin_host::synchronize(*plugin_, info_.handle);
}

}  // namespace tessel::runtime
