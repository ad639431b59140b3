// Host-side calls of a plugin's runtime half, with RAII owners for the
// plugin's runtime objects.
//
// DeviceBuffer, LoadedModule and DeviceEvent each hold a shared_ptr to the
// LoadedPlugin, so the library cannot be unloaded while they exist, and
// release their object in the destructor (errors there are dropped: call
// Release() to see them). All are move-only.
#ifndef TESSEL_CORE_PLUGIN_HOST_RUNTIME_CLIENT_H_
#define TESSEL_CORE_PLUGIN_HOST_RUNTIME_CLIENT_H_

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/plugin_host/loaded_plugin.h"
#include "core/plugin_host/plugin_types.h"
#include "core/plugin_host/status.h"

namespace tessel::plugin_host {

// The plugin's devices with their capabilities (possibly none).
StatusOr<std::vector<DeviceInfo>> EnumerateDevices(const LoadedPlugin& plugin);

// Waits for all work submitted to `device`.
Status Synchronize(const LoadedPlugin& plugin, Tessel_Device* device);

class DeviceBuffer {
 public:
  static StatusOr<DeviceBuffer> Allocate(std::shared_ptr<const LoadedPlugin> plugin,
                                         Tessel_Device* device, uint64_t size);
  DeviceBuffer(DeviceBuffer&& other) noexcept;
  DeviceBuffer& operator=(DeviceBuffer&& other) noexcept;
  ~DeviceBuffer() { (void)Release(); }

  Status CopyFromHost(const void* src, uint64_t size, uint64_t offset = 0);
  Status CopyToHost(void* dst, uint64_t size, uint64_t offset = 0) const;
  // Frees now; afterwards the object is empty.
  Status Release();

  Tessel_Buffer* handle() const { return buffer_; }
  uint64_t size() const { return size_; }

 private:
  DeviceBuffer(std::shared_ptr<const LoadedPlugin> plugin, Tessel_Buffer* buffer,
               uint64_t size)
      : plugin_(std::move(plugin)), buffer_(buffer), size_(size) {}
  std::shared_ptr<const LoadedPlugin> plugin_;
  Tessel_Buffer* buffer_ = nullptr;
  uint64_t size_ = 0;
};

// One argument of a launch (Tessel_Launch_Arg).
struct LaunchArg {
  static LaunchArg Pointer(const DeviceBuffer& buffer, int32_t element_dtype,
                           uint64_t offset = 0);
  // `bits`: the value's bit pattern in the low-order bits.
  static LaunchArg Scalar(int32_t dtype, uint64_t bits);
  static LaunchArg Int32(int32_t value);
  static LaunchArg Float32(float value);

  Tessel_Launch_Arg abi{};
};

class LoadedModule {
 public:
  static StatusOr<LoadedModule> Load(std::shared_ptr<const LoadedPlugin> plugin,
                                     Tessel_Device* device,
                                     const CompiledKernel& kernel);
  LoadedModule(LoadedModule&& other) noexcept;
  LoadedModule& operator=(LoadedModule&& other) noexcept;
  ~LoadedModule() { (void)Release(); }

  // Enqueues the kernel on `grid` blocks; returns without waiting.
  Status Launch(const std::array<uint32_t, 3>& grid,
                const std::vector<LaunchArg>& args) const;
  Status Release();
  Tessel_Module* handle() const { return module_; }

 private:
  LoadedModule(std::shared_ptr<const LoadedPlugin> plugin, Tessel_Module* module)
      : plugin_(std::move(plugin)), module_(module) {}
  std::shared_ptr<const LoadedPlugin> plugin_;
  Tessel_Module* module_ = nullptr;
};

class DeviceEvent {
 public:
  static StatusOr<DeviceEvent> Create(std::shared_ptr<const LoadedPlugin> plugin,
                                      Tessel_Device* device);
  DeviceEvent(DeviceEvent&& other) noexcept;
  DeviceEvent& operator=(DeviceEvent&& other) noexcept;
  ~DeviceEvent() { (void)Release(); }

  Status Record();
  // Device milliseconds from `start` to `end`; waits for `end`.
  static StatusOr<double> ElapsedMs(const DeviceEvent& start,
                                    const DeviceEvent& end);
  Status Release();
  Tessel_Event* handle() const { return event_; }

 private:
  DeviceEvent(std::shared_ptr<const LoadedPlugin> plugin, Tessel_Event* event)
      : plugin_(std::move(plugin)), event_(event) {}
  std::shared_ptr<const LoadedPlugin> plugin_;
  Tessel_Event* event_ = nullptr;
};

}  // namespace tessel::plugin_host

#endif  // TESSEL_CORE_PLUGIN_HOST_RUNTIME_CLIENT_H_
