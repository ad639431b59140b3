//===- RuntimeClient.h - Host calls of the runtime half ---------*- C++ -*-===//
//
// Host-side calls of a plugin's runtime half, with RAII owners for the
// plugin's runtime objects.
//
// DeviceBuffer, LoadedModule and DeviceEvent each hold a shared_ptr to the
// LoadedPlugin, so the library cannot be unloaded while they exist, and
// release their object in the destructor (errors there are dropped: call
// release() to see them). All are move-only.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_RUNTIMECLIENT_H
#define TESSEL_CORE_PLUGIN_HOST_RUNTIMECLIENT_H

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/Status.h"

namespace tessel::plugin_host {

/// The plugin's devices with their capabilities (possibly none).
/// `whyNone`, when given, receives the plugin's reason when it lists no
/// device (ABI 1.3, Tessel_Device_Absence), or "" when it gives none.
StatusOr<std::vector<DeviceInfo>> enumerateDevices(const LoadedPlugin &plugin,
                                                   std::string *whyNone = nullptr);

/// Waits for all work submitted to `device`.
Status synchronize(const LoadedPlugin &plugin, Tessel_Device *device);

/// A plugin buffer: allocated by the plugin, or wrapped around memory the
/// caller owns (release() then frees only the plugin's handle).
class DeviceBuffer {
public:
  static StatusOr<DeviceBuffer> allocate(std::shared_ptr<const LoadedPlugin> plugin,
                                         Tessel_Device *device, uint64_t size);
  /// A buffer over the `size` bytes at device address `address` of
  /// `device` (buffer_wrap, ABI 1.2; on a CPU device a host pointer). The
  /// memory is borrowed: it must outlive the buffer and the work using it,
  /// and is never freed by it. A plugin of an older minor refuses with
  /// UNIMPLEMENTED, naming the entry and the minor it requires.
  static StatusOr<DeviceBuffer> wrap(std::shared_ptr<const LoadedPlugin> plugin,
                                     Tessel_Device *device, uint64_t address,
                                     uint64_t size);
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  ~DeviceBuffer() { (void)release(); }

  Status copyFromHost(const void *src, uint64_t size, uint64_t offset = 0);
  Status copyToHost(void *dst, uint64_t size, uint64_t offset = 0) const;
  /// Frees now; afterwards the object is empty.
  Status release();

  Tessel_Buffer *handle() const { return buffer; }
  uint64_t size() const { return byteSize; }

private:
  DeviceBuffer(std::shared_ptr<const LoadedPlugin> plugin, Tessel_Buffer *buffer,
               uint64_t size)
      : loadedPlugin(std::move(plugin)), buffer(buffer), byteSize(size) {}
  std::shared_ptr<const LoadedPlugin> loadedPlugin;
  Tessel_Buffer *buffer = nullptr;
  uint64_t byteSize = 0;
};

/// One argument of a launch (Tessel_Launch_Arg).
struct LaunchArg {
  static LaunchArg pointer(const DeviceBuffer &buffer, int32_t elementDtype,
                           uint64_t offset = 0);
  /// `bits`: the value's bit pattern in the low-order bits.
  static LaunchArg scalar(int32_t dtype, uint64_t bits);
  static LaunchArg int32(int32_t value);
  static LaunchArg float32(float value);

  Tessel_Launch_Arg abi{};
};

class LoadedModule {
public:
  static StatusOr<LoadedModule> load(std::shared_ptr<const LoadedPlugin> plugin,
                                     Tessel_Device *device,
                                     const CompiledKernel &kernel);
  LoadedModule(LoadedModule &&other) noexcept;
  LoadedModule &operator=(LoadedModule &&other) noexcept;
  ~LoadedModule() { (void)release(); }

  /// Enqueues the kernel on `grid` blocks; returns without waiting.
  Status launch(const std::array<uint32_t, 3> &grid,
                const std::vector<LaunchArg> &args) const;
  Status release();
  Tessel_Module *handle() const { return module; }

private:
  LoadedModule(std::shared_ptr<const LoadedPlugin> plugin, Tessel_Module *module)
      : loadedPlugin(std::move(plugin)), module(module) {}
  std::shared_ptr<const LoadedPlugin> loadedPlugin;
  Tessel_Module *module = nullptr;
};

class DeviceEvent {
public:
  static StatusOr<DeviceEvent> create(std::shared_ptr<const LoadedPlugin> plugin,
                                      Tessel_Device *device);
  DeviceEvent(DeviceEvent &&other) noexcept;
  DeviceEvent &operator=(DeviceEvent &&other) noexcept;
  ~DeviceEvent() { (void)release(); }

  Status record();
  /// Device milliseconds from `start` to `end`; waits for `end`.
  static StatusOr<double> elapsedMs(const DeviceEvent &start, const DeviceEvent &end);
  Status release();
  Tessel_Event *handle() const { return event; }

private:
  DeviceEvent(std::shared_ptr<const LoadedPlugin> plugin, Tessel_Event *event)
      : loadedPlugin(std::move(plugin)), event(event) {}
  std::shared_ptr<const LoadedPlugin> loadedPlugin;
  Tessel_Event *event = nullptr;
};

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_RUNTIMECLIENT_H
