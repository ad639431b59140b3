#include "core/plugin_host/runtime_client.h"

#include <cstring>
#include <utility>

#include "tessel/struct_size.hpp"

namespace tessel::plugin_host {
namespace {

std::string OrEmpty(const char* s) { return s != nullptr ? s : ""; }

Status Internal(const LoadedPlugin& plugin, const std::string& what) {
  return Status(TESSEL_ERROR_INTERNAL, plugin.Describe() + ": " + what);
}

}  // namespace

StatusOr<std::vector<DeviceInfo>> EnumerateDevices(const LoadedPlugin& plugin) {
  auto args = sdk::Init<Tessel_Device_Enumerate_Args>();
  if (Status s = plugin.Call(&Tessel_Plugin_Api::device_enumerate, &args);
      !s.ok()) {
    return s;
  }
  std::vector<DeviceInfo> devices;
  for (size_t i = 0; i < args.num_devices; ++i) {
    const Tessel_Device_Desc* d = args.devices[i];
    if (d == nullptr) {
      return Internal(plugin, "device_enumerate: returned a NULL device");
    }
    if (d->struct_size < Tessel_Device_Desc_STRUCT_SIZE_MIN) {
      return Internal(plugin, "device_enumerate: Tessel_Device_Desc "
                              "struct_size " +
                                  std::to_string(d->struct_size) +
                                  " is too small (needs at least " +
                                  std::to_string(
                                      Tessel_Device_Desc_STRUCT_SIZE_MIN) +
                                  ")");
    }
    DeviceInfo info;
    info.handle = d->device;
    info.vendor = OrEmpty(d->vendor);
    info.name = OrEmpty(d->name);
    info.arch = OrEmpty(d->arch);
    for (size_t f = 0; f < d->num_features && d->features != nullptr; ++f) {
      info.features.push_back(KeyValue::FromAbi(d->features[f]));
    }
    info.global_mem_bytes = d->global_mem_bytes;
    info.ordinal = d->ordinal;
    info.warp_size = d->warp_size;
    info.compute_units = d->compute_units;
    info.max_threads_per_block = d->max_threads_per_block;
    info.shared_mem_per_block = d->shared_mem_per_block;
    info.shared_mem_per_block_optin = d->shared_mem_per_block_optin;
    devices.push_back(std::move(info));
  }
  return devices;
}

Status Synchronize(const LoadedPlugin& plugin, Tessel_Device* device) {
  auto args = sdk::Init<Tessel_Device_Synchronize_Args>();
  args.device = device;
  return plugin.Call(&Tessel_Plugin_Api::device_synchronize, &args);
}

// ---- DeviceBuffer ----------------------------------------------------------

StatusOr<DeviceBuffer> DeviceBuffer::Allocate(
    std::shared_ptr<const LoadedPlugin> plugin, Tessel_Device* device,
    uint64_t size) {
  auto args = sdk::Init<Tessel_Buffer_Alloc_Args>();
  args.device = device;
  args.size = size;
  if (Status s = plugin->Call(&Tessel_Plugin_Api::buffer_alloc, &args); !s.ok()) {
    return s;
  }
  if (args.buffer == nullptr) {
    return Internal(*plugin, "buffer_alloc: succeeded without a buffer");
  }
  return DeviceBuffer(std::move(plugin), args.buffer, size);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer&& other) noexcept
    : plugin_(std::move(other.plugin_)),
      buffer_(std::exchange(other.buffer_, nullptr)),
      size_(other.size_) {}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& other) noexcept {
  if (this != &other) {
    (void)Release();
    plugin_ = std::move(other.plugin_);
    buffer_ = std::exchange(other.buffer_, nullptr);
    size_ = other.size_;
  }
  return *this;
}

Status DeviceBuffer::CopyFromHost(const void* src, uint64_t size,
                                  uint64_t offset) {
  auto args = sdk::Init<Tessel_Buffer_Copy_To_Device_Args>();
  args.dst = buffer_;
  args.dst_offset = offset;
  args.src = src;
  args.size = size;
  return plugin_->Call(&Tessel_Plugin_Api::buffer_copy_to_device, &args);
}

Status DeviceBuffer::CopyToHost(void* dst, uint64_t size,
                                uint64_t offset) const {
  auto args = sdk::Init<Tessel_Buffer_Copy_To_Host_Args>();
  args.src = buffer_;
  args.src_offset = offset;
  args.dst = dst;
  args.size = size;
  return plugin_->Call(&Tessel_Plugin_Api::buffer_copy_to_host, &args);
}

Status DeviceBuffer::Release() {
  if (buffer_ == nullptr) return Status::Ok();
  auto args = sdk::Init<Tessel_Buffer_Free_Args>();
  args.buffer = std::exchange(buffer_, nullptr);
  return plugin_->Call(&Tessel_Plugin_Api::buffer_free, &args);
}

// ---- LaunchArg -------------------------------------------------------------

LaunchArg LaunchArg::Pointer(const DeviceBuffer& buffer, int32_t element_dtype,
                             uint64_t offset) {
  LaunchArg arg;
  arg.abi.kind = TESSEL_ARG_POINTER;
  arg.abi.dtype = element_dtype;
  arg.abi.buffer = buffer.handle();
  arg.abi.offset = offset;
  return arg;
}

LaunchArg LaunchArg::Scalar(int32_t dtype, uint64_t bits) {
  LaunchArg arg;
  arg.abi.kind = TESSEL_ARG_SCALAR;
  arg.abi.dtype = dtype;
  arg.abi.scalar_bits = bits;
  return arg;
}

LaunchArg LaunchArg::Int32(int32_t value) {
  return Scalar(TESSEL_DTYPE_I32, static_cast<uint32_t>(value));
}

LaunchArg LaunchArg::Float32(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return Scalar(TESSEL_DTYPE_FP32, bits);
}

// ---- LoadedModule ----------------------------------------------------------

StatusOr<LoadedModule> LoadedModule::Load(
    std::shared_ptr<const LoadedPlugin> plugin, Tessel_Device* device,
    const CompiledKernel& kernel) {
  std::vector<Tessel_Kernel_Arg> arg_storage;
  Tessel_Kernel_Metadata metadata = kernel.metadata.View(arg_storage);
  auto args = sdk::Init<Tessel_Module_Load_Args>();
  args.device = device;
  args.artifact = kernel.bytes.data();
  args.artifact_size = kernel.bytes.size();
  args.metadata = &metadata;
  if (Status s = plugin->Call(&Tessel_Plugin_Api::module_load, &args); !s.ok()) {
    return s;
  }
  if (args.module == nullptr) {
    return Internal(*plugin, "module_load: succeeded without a module");
  }
  return LoadedModule(std::move(plugin), args.module);
}

LoadedModule::LoadedModule(LoadedModule&& other) noexcept
    : plugin_(std::move(other.plugin_)),
      module_(std::exchange(other.module_, nullptr)) {}

LoadedModule& LoadedModule::operator=(LoadedModule&& other) noexcept {
  if (this != &other) {
    (void)Release();
    plugin_ = std::move(other.plugin_);
    module_ = std::exchange(other.module_, nullptr);
  }
  return *this;
}

Status LoadedModule::Launch(const std::array<uint32_t, 3>& grid,
                            const std::vector<LaunchArg>& launch_args) const {
  std::vector<Tessel_Launch_Arg> abi_args;
  for (const LaunchArg& a : launch_args) abi_args.push_back(a.abi);
  auto args = sdk::Init<Tessel_Launch_Args>();
  args.module = module_;
  args.args = abi_args.data();
  args.num_args = abi_args.size();
  for (int i = 0; i < 3; ++i) args.grid[i] = grid[i];
  return plugin_->Call(&Tessel_Plugin_Api::launch, &args);
}

Status LoadedModule::Release() {
  if (module_ == nullptr) return Status::Ok();
  auto args = sdk::Init<Tessel_Module_Unload_Args>();
  args.module = std::exchange(module_, nullptr);
  return plugin_->Call(&Tessel_Plugin_Api::module_unload, &args);
}

// ---- DeviceEvent -----------------------------------------------------------

StatusOr<DeviceEvent> DeviceEvent::Create(
    std::shared_ptr<const LoadedPlugin> plugin, Tessel_Device* device) {
  auto args = sdk::Init<Tessel_Event_Create_Args>();
  args.device = device;
  if (Status s = plugin->Call(&Tessel_Plugin_Api::event_create, &args); !s.ok()) {
    return s;
  }
  if (args.event == nullptr) {
    return Internal(*plugin, "event_create: succeeded without an event");
  }
  return DeviceEvent(std::move(plugin), args.event);
}

DeviceEvent::DeviceEvent(DeviceEvent&& other) noexcept
    : plugin_(std::move(other.plugin_)),
      event_(std::exchange(other.event_, nullptr)) {}

DeviceEvent& DeviceEvent::operator=(DeviceEvent&& other) noexcept {
  if (this != &other) {
    (void)Release();
    plugin_ = std::move(other.plugin_);
    event_ = std::exchange(other.event_, nullptr);
  }
  return *this;
}

Status DeviceEvent::Record() {
  auto args = sdk::Init<Tessel_Event_Record_Args>();
  args.event = event_;
  return plugin_->Call(&Tessel_Plugin_Api::event_record, &args);
}

StatusOr<double> DeviceEvent::ElapsedMs(const DeviceEvent& start,
                                        const DeviceEvent& end) {
  auto args = sdk::Init<Tessel_Event_Elapsed_Args>();
  args.start = start.event_;
  args.end = end.event_;
  if (Status s = start.plugin_->Call(&Tessel_Plugin_Api::event_elapsed, &args);
      !s.ok()) {
    return s;
  }
  return args.milliseconds;
}

Status DeviceEvent::Release() {
  if (event_ == nullptr) return Status::Ok();
  auto args = sdk::Init<Tessel_Event_Destroy_Args>();
  args.event = std::exchange(event_, nullptr);
  return plugin_->Call(&Tessel_Plugin_Api::event_destroy, &args);
}

}  // namespace tessel::plugin_host
