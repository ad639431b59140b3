//===- RuntimeClient.cpp - Host calls of the runtime half -----------------===//

#include "core/plugin_host/RuntimeClient.h"

#include <cstring>
#include <utility>

#include "core/plugin_host/ReturnedArray.h"
#include "tessel/struct_size.hpp"

namespace tessel::plugin_host {
namespace {

std::string orEmpty(const char *s) { return s != nullptr ? s : ""; }

Status internal(const LoadedPlugin &plugin, const std::string &what) {
  return Status(TESSEL_ERROR_INTERNAL, plugin.describe() + ": " + what);
}

} // namespace

StatusOr<std::vector<DeviceInfo>> enumerateDevices(const LoadedPlugin &plugin,
                                                   std::string *whyNone) {
  auto args = sdk::Init<Tessel_Device_Enumerate_Args>();
  // Asked of every plugin: one that does not know the extension skips it.
  Tessel_Device_Absence absence{};
  absence.base.struct_size = sizeof(absence);
  absence.base.type = TESSEL_EXTENSION_DEVICE_ABSENCE;
  args.extension_start = &absence;
  if (whyNone != nullptr)
    whyNone->clear();
  if (Status s = plugin.call(&Tessel_Plugin_Api::device_enumerate, &args); !s.ok()) {
    return s;
  }
  if (whyNone != nullptr && args.num_devices == 0 && absence.reason != nullptr) {
    // Bounded: the string is the plugin's, and a host never trusts its end.
    constexpr size_t kMaxReason = 4096;
    *whyNone = std::string(absence.reason, strnlen(absence.reason, kMaxReason));
  }
  const char *entry = "device_enumerate";
  if (Status s = checkReturnedArray(plugin, entry, "", "num_devices", args.num_devices,
                                    "devices", args.devices);
      !s.ok()) {
    return s;
  }
  std::vector<DeviceInfo> devices;
  for (size_t i = 0; i < args.num_devices; ++i) {
    const Tessel_Device_Desc *d = args.devices[i];
    if (d == nullptr) {
      return internal(plugin, "device_enumerate: returned a NULL device");
    }
    if (d->struct_size < Tessel_Device_Desc_STRUCT_SIZE_MIN) {
      return internal(plugin, "device_enumerate: Tessel_Device_Desc "
                              "struct_size " +
                                  std::to_string(d->struct_size) +
                                  " is too small (needs at least " +
                                  std::to_string(Tessel_Device_Desc_STRUCT_SIZE_MIN) +
                                  ")");
    }
    if (Status s = checkReturnedArray(
            plugin, entry, "devices[" + std::to_string(i) + "]->", "num_features",
            d->num_features, "features", d->features);
        !s.ok()) {
      return s;
    }
    DeviceInfo info;
    info.handle = d->device;
    info.vendor = orEmpty(d->vendor);
    info.name = orEmpty(d->name);
    info.arch = orEmpty(d->arch);
    for (size_t f = 0; f < d->num_features && d->features != nullptr; ++f) {
      info.features.push_back(KeyValue::fromAbi(d->features[f]));
    }
    info.globalMemBytes = d->global_mem_bytes;
    info.ordinal = d->ordinal;
    info.warpSize = d->warp_size;
    info.computeUnits = d->compute_units;
    info.maxThreadsPerBlock = d->max_threads_per_block;
    info.sharedMemPerBlock = d->shared_mem_per_block;
    info.sharedMemPerBlockOptin = d->shared_mem_per_block_optin;
    devices.push_back(std::move(info));
  }
  return devices;
}

Status synchronize(const LoadedPlugin &plugin, Tessel_Device *device) {
  auto args = sdk::Init<Tessel_Device_Synchronize_Args>();
  args.device = device;
  return plugin.call(&Tessel_Plugin_Api::device_synchronize, &args);
}

// ---- DeviceBuffer ----------------------------------------------------------

StatusOr<DeviceBuffer>
DeviceBuffer::allocate(std::shared_ptr<const LoadedPlugin> plugin,
                       Tessel_Device *device, uint64_t size) {
  auto args = sdk::Init<Tessel_Buffer_Alloc_Args>();
  args.device = device;
  args.size = size;
  if (Status s = plugin->call(&Tessel_Plugin_Api::buffer_alloc, &args); !s.ok()) {
    return s;
  }
  if (args.buffer == nullptr) {
    return internal(*plugin, "buffer_alloc: succeeded without a buffer");
  }
  return DeviceBuffer(std::move(plugin), args.buffer, size);
}

StatusOr<DeviceBuffer> DeviceBuffer::wrap(std::shared_ptr<const LoadedPlugin> plugin,
                                          Tessel_Device *device, uint64_t address,
                                          uint64_t size) {
  auto args = sdk::Init<Tessel_Buffer_Wrap_Args>();
  args.device = device;
  args.address = address;
  args.size = size;
  if (Status s = plugin->call(&Tessel_Plugin_Api::buffer_wrap, &args); !s.ok()) {
    return s;
  }
  if (args.buffer == nullptr) {
    return internal(*plugin, "buffer_wrap: succeeded without a buffer");
  }
  return DeviceBuffer(std::move(plugin), args.buffer, size);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : loadedPlugin(std::move(other.loadedPlugin)),
      buffer(std::exchange(other.buffer, nullptr)), byteSize(other.byteSize) {}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  if (this != &other) {
    (void)release();
    loadedPlugin = std::move(other.loadedPlugin);
    buffer = std::exchange(other.buffer, nullptr);
    byteSize = other.byteSize;
  }
  return *this;
}

Status DeviceBuffer::copyFromHost(const void *src, uint64_t size, uint64_t offset) {
  auto args = sdk::Init<Tessel_Buffer_Copy_To_Device_Args>();
  args.dst = buffer;
  args.dst_offset = offset;
  args.src = src;
  args.size = size;
  return loadedPlugin->call(&Tessel_Plugin_Api::buffer_copy_to_device, &args);
}

Status DeviceBuffer::copyToHost(void *dst, uint64_t size, uint64_t offset) const {
  auto args = sdk::Init<Tessel_Buffer_Copy_To_Host_Args>();
  args.src = buffer;
  args.src_offset = offset;
  args.dst = dst;
  args.size = size;
  return loadedPlugin->call(&Tessel_Plugin_Api::buffer_copy_to_host, &args);
}

Status DeviceBuffer::release() {
  if (buffer == nullptr)
    return Status::success();
  auto args = sdk::Init<Tessel_Buffer_Free_Args>();
  args.buffer = std::exchange(buffer, nullptr);
  return loadedPlugin->call(&Tessel_Plugin_Api::buffer_free, &args);
}

// ---- LaunchArg -------------------------------------------------------------

LaunchArg LaunchArg::pointer(const DeviceBuffer &buffer, int32_t elementDtype,
                             uint64_t offset) {
  LaunchArg arg;
  arg.abi.kind = TESSEL_ARG_POINTER;
  arg.abi.dtype = elementDtype;
  arg.abi.buffer = buffer.handle();
  arg.abi.offset = offset;
  return arg;
}

LaunchArg LaunchArg::scalar(int32_t dtype, uint64_t bits) {
  LaunchArg arg;
  arg.abi.kind = TESSEL_ARG_SCALAR;
  arg.abi.dtype = dtype;
  arg.abi.scalar_bits = bits;
  return arg;
}

LaunchArg LaunchArg::int32(int32_t value) {
  return scalar(TESSEL_DTYPE_I32, static_cast<uint32_t>(value));
}

LaunchArg LaunchArg::float32(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return scalar(TESSEL_DTYPE_FP32, bits);
}

// ---- LoadedModule ----------------------------------------------------------

StatusOr<LoadedModule> LoadedModule::load(std::shared_ptr<const LoadedPlugin> plugin,
                                          Tessel_Device *device,
                                          const CompiledKernel &kernel) {
  std::vector<Tessel_Kernel_Arg> argStorage;
  Tessel_Kernel_Metadata metadata = kernel.metadata.view(argStorage);
  auto args = sdk::Init<Tessel_Module_Load_Args>();
  args.device = device;
  args.artifact = kernel.bytes.data();
  args.artifact_size = kernel.bytes.size();
  args.metadata = &metadata;
  if (Status s = plugin->call(&Tessel_Plugin_Api::module_load, &args); !s.ok()) {
    return s;
  }
  if (args.module == nullptr) {
    return internal(*plugin, "module_load: succeeded without a module");
  }
  return LoadedModule(std::move(plugin), args.module);
}

LoadedModule::LoadedModule(LoadedModule &&other) noexcept
    : loadedPlugin(std::move(other.loadedPlugin)),
      module(std::exchange(other.module, nullptr)) {}

LoadedModule &LoadedModule::operator=(LoadedModule &&other) noexcept {
  if (this != &other) {
    (void)release();
    loadedPlugin = std::move(other.loadedPlugin);
    module = std::exchange(other.module, nullptr);
  }
  return *this;
}

Status LoadedModule::launch(const std::array<uint32_t, 3> &grid,
                            const std::vector<LaunchArg> &launchArgs) const {
  std::vector<Tessel_Launch_Arg> abiArgs;
  for (const LaunchArg &a : launchArgs)
    abiArgs.push_back(a.abi);
  auto args = sdk::Init<Tessel_Launch_Args>();
  args.module = module;
  args.args = abiArgs.data();
  args.num_args = abiArgs.size();
  for (int i = 0; i < 3; ++i)
    args.grid[i] = grid[i];
  return loadedPlugin->call(&Tessel_Plugin_Api::launch, &args);
}

Status LoadedModule::release() {
  if (module == nullptr)
    return Status::success();
  auto args = sdk::Init<Tessel_Module_Unload_Args>();
  args.module = std::exchange(module, nullptr);
  return loadedPlugin->call(&Tessel_Plugin_Api::module_unload, &args);
}

// ---- DeviceEvent -----------------------------------------------------------

StatusOr<DeviceEvent> DeviceEvent::create(std::shared_ptr<const LoadedPlugin> plugin,
                                          Tessel_Device *device) {
  auto args = sdk::Init<Tessel_Event_Create_Args>();
  args.device = device;
  if (Status s = plugin->call(&Tessel_Plugin_Api::event_create, &args); !s.ok()) {
    return s;
  }
  if (args.event == nullptr) {
    return internal(*plugin, "event_create: succeeded without an event");
  }
  return DeviceEvent(std::move(plugin), args.event);
}

DeviceEvent::DeviceEvent(DeviceEvent &&other) noexcept
    : loadedPlugin(std::move(other.loadedPlugin)),
      event(std::exchange(other.event, nullptr)) {}

DeviceEvent &DeviceEvent::operator=(DeviceEvent &&other) noexcept {
  if (this != &other) {
    (void)release();
    loadedPlugin = std::move(other.loadedPlugin);
    event = std::exchange(other.event, nullptr);
  }
  return *this;
}

Status DeviceEvent::record() {
  auto args = sdk::Init<Tessel_Event_Record_Args>();
  args.event = event;
  return loadedPlugin->call(&Tessel_Plugin_Api::event_record, &args);
}

StatusOr<double> DeviceEvent::elapsedMs(const DeviceEvent &start,
                                        const DeviceEvent &end) {
  auto args = sdk::Init<Tessel_Event_Elapsed_Args>();
  args.start = start.event;
  args.end = end.event;
  if (Status s = start.loadedPlugin->call(&Tessel_Plugin_Api::event_elapsed, &args);
      !s.ok()) {
    return s;
  }
  return args.milliseconds;
}

Status DeviceEvent::release() {
  if (event == nullptr)
    return Status::success();
  auto args = sdk::Init<Tessel_Event_Destroy_Args>();
  args.event = std::exchange(event, nullptr);
  return loadedPlugin->call(&Tessel_Plugin_Api::event_destroy, &args);
}

} // namespace tessel::plugin_host
