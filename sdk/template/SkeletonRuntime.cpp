//===- SkeletonRuntime.cpp - The runtime half -----------------------------===//
//
// The runtime half of the skeleton plugin: every entry is UNIMPLEMENTED.
//
// The runtime half must not need a compiler: a runtime-only build of a
// plugin runs on machines without LLVM. Load the vendor driver with dlopen
// in plugin_initialize or on first use rather than linking it.
#include "SkeletonPlugin.h"
#include "tessel/plugin.hpp"

namespace skeleton {
namespace {

using tessel::sdk::Entry;
using tessel::sdk::Unimplemented;

Tessel_Error *deviceEnumerate(Tessel_Device_Enumerate_Args *args) {
  return Entry("device_enumerate", args, [](Tessel_Device_Enumerate_Args &) {
    // TODO(vendor): build the device list once (typed capabilities: vendor,
    // arch as in your target list, warp size, compute units, shared memory,
    // features as key/values) and return it. No device is a success with
    // num_devices = 0, not an error.
    return Unimplemented(kPluginName, "device_enumerate");
  });
}

Tessel_Error *bufferAlloc(Tessel_Buffer_Alloc_Args *args) {
  return Entry("buffer_alloc", args, [](Tessel_Buffer_Alloc_Args &) {
    // TODO(vendor): allocate args.size bytes on args.device.
    return Unimplemented(kPluginName, "buffer_alloc");
  });
}

Tessel_Error *bufferFree(Tessel_Buffer_Free_Args *args) {
  return Entry("buffer_free", args, [](Tessel_Buffer_Free_Args &) {
    // TODO(vendor): free after pending work that uses it (NULL accepted).
    return Unimplemented(kPluginName, "buffer_free");
  });
}

Tessel_Error *bufferWrap(Tessel_Buffer_Wrap_Args *args) {
  return Entry("buffer_wrap", args, [](Tessel_Buffer_Wrap_Args &) {
    // TODO(vendor): a buffer over args.size bytes at device address
    // args.address of args.device, allocated by someone else (a PyTorch
    // tensor): use it like your own buffers, but let buffer_free release only
    // the handle, never the memory.
    return Unimplemented(kPluginName, "buffer_wrap");
  });
}

Tessel_Error *copyToDevice(Tessel_Buffer_Copy_To_Device_Args *args) {
  return Entry("buffer_copy_to_device", args, [](Tessel_Buffer_Copy_To_Device_Args &) {
    // TODO(vendor): copy; return once args.src may be reused.
    return Unimplemented(kPluginName, "buffer_copy_to_device");
  });
}

Tessel_Error *copyToHost(Tessel_Buffer_Copy_To_Host_Args *args) {
  return Entry("buffer_copy_to_host", args, [](Tessel_Buffer_Copy_To_Host_Args &) {
    // TODO(vendor): wait for earlier work, then copy.
    return Unimplemented(kPluginName, "buffer_copy_to_host");
  });
}

Tessel_Error *moduleLoad(Tessel_Module_Load_Args *args) {
  return Entry("module_load", args, [](Tessel_Module_Load_Args &) {
    // TODO(vendor): load the artifact bytes your compile produced; copy the
    // metadata you need at launch (entry name, block size, shared memory).
    return Unimplemented(kPluginName, "module_load");
  });
}

Tessel_Error *moduleUnload(Tessel_Module_Unload_Args *args) {
  return Entry("module_unload", args, [](Tessel_Module_Unload_Args &) {
    // TODO(vendor): unload after pending work (NULL accepted).
    return Unimplemented(kPluginName, "module_unload");
  });
}

Tessel_Error *launch(Tessel_Launch_Args *args) {
  return Entry("launch", args, [](Tessel_Launch_Args &) {
    // TODO(vendor): check args.args against the module's metadata (kind,
    // dtype, count), marshal them and enqueue on the module's device.
    return Unimplemented(kPluginName, "launch");
  });
}

Tessel_Error *synchronize(Tessel_Device_Synchronize_Args *args) {
  return Entry("device_synchronize", args, [](Tessel_Device_Synchronize_Args &) {
    // TODO(vendor): wait; report asynchronous faults here.
    return Unimplemented(kPluginName, "device_synchronize");
  });
}

Tessel_Error *eventCreate(Tessel_Event_Create_Args *args) {
  return Entry("event_create", args, [](Tessel_Event_Create_Args &) {
    // TODO(vendor): create a timing event on args.device.
    return Unimplemented(kPluginName, "event_create");
  });
}

Tessel_Error *eventDestroy(Tessel_Event_Destroy_Args *args) {
  return Entry("event_destroy", args, [](Tessel_Event_Destroy_Args &) {
    // TODO(vendor): destroy the event (NULL accepted).
    return Unimplemented(kPluginName, "event_destroy");
  });
}

Tessel_Error *eventRecord(Tessel_Event_Record_Args *args) {
  return Entry("event_record", args, [](Tessel_Event_Record_Args &) {
    // TODO(vendor): enqueue a timestamp after earlier work.
    return Unimplemented(kPluginName, "event_record");
  });
}

Tessel_Error *eventElapsed(Tessel_Event_Elapsed_Args *args) {
  return Entry("event_elapsed", args, [](Tessel_Event_Elapsed_Args &) {
    // TODO(vendor): wait for args.end, write device milliseconds.
    return Unimplemented(kPluginName, "event_elapsed");
  });
}

} // namespace

void fillRuntimeHalf(Tessel_Plugin_Api &api) {
  api.device_enumerate = &deviceEnumerate;
  api.buffer_alloc = &bufferAlloc;
  api.buffer_free = &bufferFree;
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
  api.buffer_wrap = &bufferWrap; // ABI 1.2
}

} // namespace skeleton
