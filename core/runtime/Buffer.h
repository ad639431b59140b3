//===- Buffer.h - Device memory ---------------------------------*- C++ -*-===//
//
// Device memory.
//
// A Buffer owns one allocation on one device and frees it when destroyed
// (or on release()). It keeps its plugin loaded, so it may outlive the
// Runtime and the Device it came from. Move-only.
//
// A buffer made by Device::wrap borrows memory allocated by someone else (a
// tensor's device memory, a host array on a CPU device): kernels and copies
// use that memory in place, and destroying or releasing the buffer frees
// only the plugin's handle, never the memory, which must outlive the buffer
// and the work using it.
//
// A buffer is untyped (bytes) or typed (made by Device::allocateArray<T>,
// elements of one Tessel_Dtype). A typed buffer passed to a kernel must
// match the element type of the kernel's pointer argument; Write/Read check
// T against it.
//
// Copies are synchronous with respect to the host: CopyFromHost may reuse
// `src` once it returns, and CopyToHost's data is in `dst` when it returns.
// Whether they wait for earlier launches is the plugin's rule; call
// Device::synchronize before reading results of a launch.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_BUFFER_H
#define TESSEL_CORE_RUNTIME_BUFFER_H

#include <cstdint>
#include <string>
#include <vector>

#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/runtime/Dtype.h"
#include "core/runtime/Status.h"

namespace tessel::runtime {

class Buffer {
public:
  Buffer(Buffer &&) noexcept = default;
  Buffer &operator=(Buffer &&) noexcept = default;

  uint64_t size() const { return storedBuffer.size(); }
  /// TESSEL_DTYPE_INVALID for an untyped buffer.
  int32_t dtype() const { return elementDtype; }
  /// The device it lives on (Tessel_Device handle of its plugin).
  Tessel_Device *device() const { return storedDevice; }
  const plugin_host::DeviceBuffer &handle() const { return storedBuffer; }

  /// Byte copies at `offset`; OUT_OF_RANGE past the end.
  Status copyFromHost(const void *src, uint64_t bytes, uint64_t offset = 0);
  Status copyToHost(void *dst, uint64_t bytes, uint64_t offset = 0) const;

  /// Element copies starting at element `first`. T must be the buffer's
  /// element type when the buffer is typed.
  template <typename T> Status write(const std::vector<T> &values, uint64_t first = 0) {
    Status ok = checkElementType(dtypeOf<T>());
    if (!ok.ok())
      return ok;
    return copyFromHost(values.data(), values.size() * sizeof(T), first * sizeof(T));
  }
  template <typename T>
  StatusOr<std::vector<T>> read(uint64_t count, uint64_t first = 0) const {
    Status ok = checkElementType(dtypeOf<T>());
    if (!ok.ok())
      return ok;
    std::vector<T> out(count);
    Status copied = copyToHost(out.data(), count * sizeof(T), first * sizeof(T));
    if (!copied.ok())
      return copied;
    return out;
  }

  /// Frees now (the destructor would drop the error); the buffer is empty
  /// afterwards and must not be passed to a launch. For a wrapped buffer
  /// only the handle goes; the memory stays its owner's.
  Status release() { return storedBuffer.release(); }

private:
  friend class Device;
  Buffer(plugin_host::DeviceBuffer buffer, Tessel_Device *device, int32_t dtype)
      : storedBuffer(std::move(buffer)), storedDevice(device), elementDtype(dtype) {}
  Status checkElementType(int32_t dtype) const;

  plugin_host::DeviceBuffer storedBuffer;
  Tessel_Device *storedDevice;
  int32_t elementDtype;
};

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_BUFFER_H
