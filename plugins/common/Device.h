//===- Device.h - What a vendor's runtime half provides -----------*- C++ -*-===//
//
// The plugin kit's runtime half (RuntimeHalf.cpp) implements every runtime
// entry of the ABI once: handle checks, buffer ranges, the launch
// arguments against the kernel's metadata (count, kind, dtype, buffers,
// offsets, grid bounds), packing them into parameter slots, and the event
// bookkeeping. A vendor implements a DevicePlatform that lists Devices; a
// device allocates, copies, loads Executables and creates Timers.
//
// Addresses are 64-bit device addresses (a host pointer on the CPU). Every
// method returns a Tessel_Error (tessel/plugin.hpp) or null; messages need
// not name the entry: the kit prefixes it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_COMMON_DEVICE_H
#define TESSEL_PLUGINS_COMMON_DEVICE_H

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "tessel/plugin_api.h"

namespace tessel::kit {

/// A kernel loaded on a device.
class Executable {
public:
  virtual ~Executable() = default;
  /// Launches a grid of `grid` blocks. `params[i]` points at argument i's
  /// value: a little-endian 64-bit slot holding the scalar's bits or the
  /// buffer's device address plus offset. Returns once the launch is queued
  /// (or, for a synchronous device, done).
  virtual Tessel_Error *launch(const uint32_t grid[3], void **params) = 0;
};

/// A point on a device's queue, for timing.
class Timer {
public:
  virtual ~Timer() = default;
  /// Records the point after all work queued so far.
  virtual Tessel_Error *record() = 0;
  /// Milliseconds from `start`'s point to this one's; both are recorded.
  virtual Tessel_Error *elapsedSince(Timer &start, double &milliseconds) = 0;
};

class Device {
public:
  virtual ~Device() = default;
  /// The capability descriptor; `desc.device` is set by the kit.
  virtual Tessel_Device_Desc describe() = 0;
  virtual Tessel_Error *allocate(uint64_t bytes, uint64_t &address) = 0;
  /// Frees an address allocate returned; the memory of buffer_wrap's
  /// buffers belongs to the caller and never comes here.
  virtual Tessel_Error *release(uint64_t address) = 0;
  virtual Tessel_Error *copyToDevice(uint64_t dst, const void *src, uint64_t size) = 0;
  virtual Tessel_Error *copyToHost(void *dst, uint64_t src, uint64_t size) = 0;
  /// Loads an artifact whose metadata (entry name present) the kit checked.
  virtual Tessel_Error *load(const uint8_t *artifact, size_t size,
                             const Tessel_Kernel_Metadata &metadata,
                             std::unique_ptr<Executable> &out) = 0;
  /// Waits for every queued operation.
  virtual Tessel_Error *synchronize() = 0;
  virtual Tessel_Error *createTimer(std::unique_ptr<Timer> &out) = 0;
};

class DevicePlatform {
public:
  virtual ~DevicePlatform() = default;
  /// The devices, listed once (the kit keeps the list). An error means the
  /// platform is present but broken; "no devices" is an empty list.
  virtual Tessel_Error *enumerate(std::vector<std::unique_ptr<Device>> &out) = 0;
  /// After an enumerate that found nothing: why, for the person reading
  /// `tessel plugins` (ABI 1.3, Tessel_Device_Absence); "" says nothing.
  virtual std::string whyNoDevice() const { return {}; }
};

/// Defined by each vendor's plugin.
std::unique_ptr<DevicePlatform> createDevicePlatform();

/// Fills the runtime entries of `api` over createDevicePlatform().
void fillRuntimeHalf(Tessel_Plugin_Api &api);

/// Typed device features for Device::describe. The list owns the keys and
/// strings its entries point to, which the ABI hands out until the plugin
/// is unloaded: fill it once, and do not copy it.
class FeatureList {
public:
  FeatureList() = default;
  FeatureList(const FeatureList &) = delete;
  FeatureList &operator=(const FeatureList &) = delete;

  FeatureList &add(std::string key, int64_t value) {
    return push(std::move(key), value, TESSEL_VALUE_INT, nullptr);
  }
  FeatureList &addBool(std::string key, bool value) {
    return push(std::move(key), value ? 1 : 0, TESSEL_VALUE_BOOL, nullptr);
  }
  FeatureList &addString(std::string key, std::string value) {
    return push(std::move(key), 0, TESSEL_VALUE_STRING,
                &strings.emplace_back(std::move(value)));
  }
  const Tessel_Key_Value *data() const { return values.data(); }
  size_t size() const { return values.size(); }

private:
  FeatureList &push(std::string key, int64_t value, int32_t type,
                    const std::string *text) {
    Tessel_Key_Value kv{};
    kv.key = strings.emplace_back(std::move(key)).c_str();
    kv.int_value = value;
    kv.type = type;
    kv.string_value = text ? text->c_str() : nullptr;
    values.push_back(kv);
    return *this;
  }
  std::deque<std::string> strings; // stable addresses
  std::vector<Tessel_Key_Value> values;
};

} // namespace tessel::kit

#endif // TESSEL_PLUGINS_COMMON_DEVICE_H
