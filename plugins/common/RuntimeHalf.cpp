//===- RuntimeHalf.cpp - The runtime entries of every plugin --------------===//
//
// The ABI's runtime half over a vendor's DevicePlatform (Device.h): the
// checks every plugin must make before touching a device, written once.
// Builds without LLVM or MLIR, for runtime-only plugins.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "plugins/common/Device.h"
#include "tessel/plugin.hpp"

struct Tessel_Device {
  std::unique_ptr<tessel::kit::Device> impl;
  Tessel_Device_Desc desc;
};

struct Tessel_Buffer {
  Tessel_Device *device;
  uint64_t address;
  uint64_t size;
  /// False for buffer_wrap's: the memory belongs to someone else, so
  /// buffer_free releases the handle only.
  bool owned;
};

struct Tessel_Module {
  Tessel_Device *device;
  std::unique_ptr<tessel::kit::Executable> executable;
  std::string entryName;
  std::vector<Tessel_Kernel_Arg> args;
};

struct Tessel_Event {
  Tessel_Device *device;
  std::unique_ptr<tessel::kit::Timer> timer;
  bool recorded = false;
};

namespace tessel::kit {

namespace {

using sdk::MakeErrorF;
using sdk::Ok;

/// Puts "<entry>: " in front of a vendor's message.
Tessel_Error *prefixed(const char *entry, Tessel_Error *error) {
  if (error != nullptr && error != sdk::detail::OutOfMemoryError())
    error->message = std::string(entry) + ": " + error->message;
  return error;
}

/// The devices, listed once; `error` when the platform failed to list them.
struct DeviceList {
  std::vector<std::unique_ptr<Tessel_Device>> devices;
  std::vector<const Tessel_Device_Desc *> descs;
  Tessel_Error *error = nullptr;
  std::string whyNone; // the platform's reason when it found no device
};

DeviceList &devices() {
  static DeviceList *list = [] {
    auto *l = new DeviceList();
    std::unique_ptr<DevicePlatform> platform = createDevicePlatform();
    std::vector<std::unique_ptr<Device>> found;
    if (Tessel_Error *e = platform->enumerate(found)) {
      l->error = e;
      return l;
    }
    for (std::unique_ptr<Device> &d : found) {
      auto device = std::make_unique<Tessel_Device>();
      device->desc = d->describe();
      device->desc.device = device.get();
      device->desc.ordinal = uint32_t(l->devices.size());
      device->impl = std::move(d);
      l->descs.push_back(&device->desc);
      l->devices.push_back(std::move(device));
    }
    if (l->devices.empty())
      l->whyNone = platform->whyNoDevice();
    // The platform object may go: devices keep what they need.
    return l;
  }();
  return *list;
}

Tessel_Error *checkDevice(const char *entry, const Tessel_Device *device) {
  for (const auto &d : devices().devices)
    if (d.get() == device)
      return Ok();
  return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: unknown device handle", entry);
}

Tessel_Error *checkRange(const char *entry, const Tessel_Buffer *b, uint64_t offset,
                         uint64_t size) {
  if (b == nullptr)
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: buffer is NULL", entry);
  if (offset > b->size || size > b->size - offset)
    return MakeErrorF(TESSEL_ERROR_OUT_OF_RANGE,
                      "%s: range [%llu, %llu) is outside the %llu-byte buffer", entry,
                      static_cast<unsigned long long>(offset),
                      static_cast<unsigned long long>(offset + size),
                      static_cast<unsigned long long>(b->size));
  return Ok();
}

Tessel_Error *deviceEnumerate(Tessel_Device_Enumerate_Args *args) {
  return sdk::Entry(
      "device_enumerate", args, [](Tessel_Device_Enumerate_Args &a) -> Tessel_Error * {
        DeviceList &list = devices();
        if (list.error != nullptr)
          return MakeErrorF(TESSEL_ERROR_INTERNAL, "device_enumerate: %s",
                            list.error->message.c_str());
        a.devices = list.descs.data();
        a.num_devices = list.descs.size();
        // The chain is the caller's; only its out fields are
        // written (plugin_api.h, extensions).
        auto *absence = const_cast<Tessel_Device_Absence *>(
            reinterpret_cast<const Tessel_Device_Absence *>(Tessel_Find_Extension(
                a.extension_start, TESSEL_EXTENSION_DEVICE_ABSENCE)));
        if (absence != nullptr && list.descs.empty() &&
            absence->base.struct_size >= Tessel_Device_Absence_STRUCT_SIZE_MIN &&
            !list.whyNone.empty())
          absence->reason = list.whyNone.c_str();
        return Ok();
      });
}

Tessel_Error *bufferAlloc(Tessel_Buffer_Alloc_Args *args) {
  return sdk::Entry("buffer_alloc", args,
                    [](Tessel_Buffer_Alloc_Args &a) -> Tessel_Error * {
                      if (Tessel_Error *e = checkDevice("buffer_alloc", a.device))
                        return e;
                      uint64_t address = 0;
                      if (Tessel_Error *e = a.device->impl->allocate(a.size, address))
                        return prefixed("buffer_alloc", e);
                      a.buffer = new Tessel_Buffer{a.device, address, a.size, true};
                      return Ok();
                    });
}

Tessel_Error *bufferFree(Tessel_Buffer_Free_Args *args) {
  return sdk::Entry(
      "buffer_free", args, [](Tessel_Buffer_Free_Args &a) -> Tessel_Error * {
        if (a.buffer == nullptr)
          return Ok();
        std::unique_ptr<Tessel_Buffer> buffer(a.buffer);
        if (!buffer->owned)
          return Ok();
        return prefixed("buffer_free", buffer->device->impl->release(buffer->address));
      });
}

Tessel_Error *bufferWrap(Tessel_Buffer_Wrap_Args *args) {
  return sdk::Entry(
      "buffer_wrap", args, [](Tessel_Buffer_Wrap_Args &a) -> Tessel_Error * {
        if (a.device == nullptr)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "buffer_wrap: device is NULL");
        if (Tessel_Error *e = checkDevice("buffer_wrap", a.device))
          return e;
        // An empty tensor may have no storage (address 0); any other must.
        if (a.address == 0 && a.size > 0)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "buffer_wrap: address 0 for a %llu-byte buffer",
                            static_cast<unsigned long long>(a.size));
        // Range checks and launches add offsets to the address: it must not
        // wrap around.
        if (a.size > UINT64_MAX - a.address)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "buffer_wrap: %llu bytes at 0x%llx run past the end of "
                            "the address space",
                            static_cast<unsigned long long>(a.size),
                            static_cast<unsigned long long>(a.address));
        a.buffer = new Tessel_Buffer{a.device, a.address, a.size, false};
        return Ok();
      });
}

Tessel_Error *copyToDevice(Tessel_Buffer_Copy_To_Device_Args *args) {
  return sdk::Entry(
      "buffer_copy_to_device", args,
      [](Tessel_Buffer_Copy_To_Device_Args &a) -> Tessel_Error * {
        if (Tessel_Error *e =
                checkRange("buffer_copy_to_device", a.dst, a.dst_offset, a.size))
          return e;
        if (a.size == 0)
          return Ok();
        return prefixed("buffer_copy_to_device",
                        a.dst->device->impl->copyToDevice(a.dst->address + a.dst_offset,
                                                          a.src, a.size));
      });
}

Tessel_Error *copyToHost(Tessel_Buffer_Copy_To_Host_Args *args) {
  return sdk::Entry(
      "buffer_copy_to_host", args,
      [](Tessel_Buffer_Copy_To_Host_Args &a) -> Tessel_Error * {
        if (Tessel_Error *e =
                checkRange("buffer_copy_to_host", a.src, a.src_offset, a.size))
          return e;
        if (a.size == 0)
          return Ok();
        return prefixed("buffer_copy_to_host",
                        a.src->device->impl->copyToHost(
                            a.dst, a.src->address + a.src_offset, a.size));
      });
}

Tessel_Error *moduleLoad(Tessel_Module_Load_Args *args) {
  return sdk::Entry(
      "module_load", args, [](Tessel_Module_Load_Args &a) -> Tessel_Error * {
        if (Tessel_Error *e = checkDevice("module_load", a.device))
          return e;
        if (a.metadata == nullptr || a.metadata->entry_name == nullptr)
          return MakeErrorF(
              TESSEL_ERROR_INVALID_ARGUMENT,
              "module_load: kernel metadata with an entry name is required");
        if (Tessel_Error *e = sdk::CheckArgs("module_load (metadata)", a.metadata))
          return e;
        if (a.artifact == nullptr)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "module_load: artifact is NULL");
        auto m = std::make_unique<Tessel_Module>();
        m->device = a.device;
        if (Tessel_Error *e = a.device->impl->load(a.artifact, a.artifact_size,
                                                   *a.metadata, m->executable))
          return prefixed("module_load", e);
        m->entryName = a.metadata->entry_name;
        m->args.assign(a.metadata->args, a.metadata->args + a.metadata->num_args);
        for (Tessel_Kernel_Arg &arg : m->args)
          arg.name = nullptr; // not copied
        a.module = m.release();
        return Ok();
      });
}

Tessel_Error *moduleUnload(Tessel_Module_Unload_Args *args) {
  return sdk::Entry("module_unload", args, [](Tessel_Module_Unload_Args &a) {
    delete a.module;
    return Ok();
  });
}

Tessel_Error *launch(Tessel_Launch_Args *args) {
  return sdk::Entry("launch", args, [](Tessel_Launch_Args &a) -> Tessel_Error * {
    Tessel_Module *m = a.module;
    if (m == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "launch: module is NULL");
    if (a.num_args != m->args.size())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "launch: kernel '%s' takes %zu arguments, %zu given",
                        m->entryName.c_str(), m->args.size(), a.num_args);
    for (int d = 0; d < 3; ++d)
      if (a.grid[d] == 0 || a.grid[d] > 0x7fffffffu)
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "launch: grid[%d] = %u is outside [1, 2^31)", d, a.grid[d]);
    std::vector<uint64_t> storage(a.num_args);
    std::vector<void *> params(a.num_args);
    for (size_t i = 0; i < a.num_args; ++i) {
      const Tessel_Launch_Arg &arg = a.args[i];
      const Tessel_Kernel_Arg &want = m->args[i];
      if (arg.kind != want.kind || arg.dtype != want.dtype)
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "launch: argument %zu is kind %d dtype %d but the kernel "
                          "expects kind %d dtype %d",
                          i, arg.kind, arg.dtype, want.kind, want.dtype);
      if (arg.kind == TESSEL_ARG_POINTER) {
        if (arg.buffer == nullptr)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "launch: argument %zu has no buffer", i);
        if (arg.buffer->device != m->device)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "launch: argument %zu's buffer belongs to another device",
                            i);
        if (arg.offset > arg.buffer->size)
          return MakeErrorF(TESSEL_ERROR_OUT_OF_RANGE,
                            "launch: argument %zu offset is past the buffer's end", i);
        storage[i] = arg.buffer->address + arg.offset;
      } else {
        storage[i] = arg.scalar_bits; // little-endian: low bytes first
      }
      params[i] = &storage[i];
    }
    return prefixed("launch", m->executable->launch(a.grid, params.data()));
  });
}

Tessel_Error *synchronize(Tessel_Device_Synchronize_Args *args) {
  return sdk::Entry("device_synchronize", args,
                    [](Tessel_Device_Synchronize_Args &a) -> Tessel_Error * {
                      if (Tessel_Error *e = checkDevice("device_synchronize", a.device))
                        return e;
                      return prefixed("device_synchronize",
                                      a.device->impl->synchronize());
                    });
}

Tessel_Error *eventCreate(Tessel_Event_Create_Args *args) {
  return sdk::Entry("event_create", args,
                    [](Tessel_Event_Create_Args &a) -> Tessel_Error * {
                      if (Tessel_Error *e = checkDevice("event_create", a.device))
                        return e;
                      auto event = std::make_unique<Tessel_Event>();
                      event->device = a.device;
                      if (Tessel_Error *e = a.device->impl->createTimer(event->timer))
                        return prefixed("event_create", e);
                      a.event = event.release();
                      return Ok();
                    });
}

Tessel_Error *eventDestroy(Tessel_Event_Destroy_Args *args) {
  return sdk::Entry("event_destroy", args, [](Tessel_Event_Destroy_Args &a) {
    delete a.event;
    return Ok();
  });
}

Tessel_Error *eventRecord(Tessel_Event_Record_Args *args) {
  return sdk::Entry("event_record", args,
                    [](Tessel_Event_Record_Args &a) -> Tessel_Error * {
                      if (a.event == nullptr)
                        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                                          "event_record: event is NULL");
                      if (Tessel_Error *e = a.event->timer->record())
                        return prefixed("event_record", e);
                      a.event->recorded = true;
                      return Ok();
                    });
}

Tessel_Error *eventElapsed(Tessel_Event_Elapsed_Args *args) {
  return sdk::Entry(
      "event_elapsed", args, [](Tessel_Event_Elapsed_Args &a) -> Tessel_Error * {
        if (a.start == nullptr || a.end == nullptr || !a.start->recorded ||
            !a.end->recorded)
          return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION,
                            "event_elapsed: both events must have been recorded");
        if (a.start->device != a.end->device)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                            "event_elapsed: the events belong to different devices");
        double ms = 0;
        if (Tessel_Error *e = a.end->timer->elapsedSince(*a.start->timer, ms))
          return prefixed("event_elapsed", e);
        a.milliseconds = ms;
        return Ok();
      });
}

} // namespace

void fillRuntimeHalf(Tessel_Plugin_Api &api) {
  api.device_enumerate = &deviceEnumerate;
  api.buffer_alloc = &bufferAlloc;
  api.buffer_free = &bufferFree;
  api.buffer_wrap = &bufferWrap;
  api.buffer_copy_to_device = &copyToDevice;
  api.buffer_copy_to_host = &copyToHost;
  api.module_load = &moduleLoad;
  api.module_unload = &moduleUnload;
  api.launch = &launch;
  api.device_synchronize = &synchronize;
  api.event_create = &eventCreate;
  api.event_destroy = &eventDestroy;
  api.event_record = &eventRecord;
  api.event_elapsed = &eventElapsed;
}

} // namespace tessel::kit
