// The runtime half of the NVIDIA plugin, over the CUDA driver API loaded with
// dlopen (cuda_driver.h). One device per GPU, each using its primary
// context; launches go to the context's default stream, in order, and
// return before the kernel finishes (device_synchronize waits). Listing
// devices does not initialize the driver in the calling process (see
// QueryDevicesInChild).
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backends/nvidia/NvidiaTarget.h"
#include "plugins/nvidia/cubin_check.h"
#include "plugins/nvidia/cuda_driver.h"
#include "plugins/nvidia/nvidia_plugin.h"
#include "tessel/plugin.hpp"

using tessel::nvidia_plugin::CUcontext;
using tessel::nvidia_plugin::CUdevice;
using tessel::nvidia_plugin::CUdeviceptr;
using tessel::nvidia_plugin::CUevent;
using tessel::nvidia_plugin::CUfunction;
using tessel::nvidia_plugin::CUmodule;

struct Tessel_Device {
  Tessel_Device_Desc desc;
  int ordinal = 0;
  CUdevice device = 0;
  CUcontext context = nullptr;
  std::string name, arch;
  std::vector<Tessel_Key_Value> features;
};

struct Tessel_Buffer {
  Tessel_Device* device;
  CUdeviceptr address;
  uint64_t size;
};

struct Tessel_Module {
  Tessel_Device* device;
  CUmodule module;
  CUfunction function;
  std::string entryName;
  std::vector<Tessel_Kernel_Arg> args;
  uint32_t threadsPerBlock;
  uint32_t sharedMemBytes;
};

struct Tessel_Event {
  Tessel_Device* device;
  CUevent event;
  bool recorded = false;
};

namespace tessel::nvidia_plugin {
namespace {

using sdk::MakeErrorF;
using sdk::Ok;

Tessel_Key_Value IntFeature(const char* key, int64_t value, int32_t type = TESSEL_VALUE_INT) {
  Tessel_Key_Value kv{};
  kv.key = key;
  kv.int_value = value;
  kv.type = type;
  return kv;
}

struct DeviceList {
  std::vector<std::unique_ptr<Tessel_Device>> devices;
  std::vector<const Tessel_Device_Desc*> descs;
  std::string error;  // set when the driver is present but a query failed
};

// What enumeration learns about one GPU; plain data, so a child process can
// send it through a pipe.
struct DeviceInfo {
  char name[256];
  int ordinal, major, minor, warpSize, sms, maxThreads, sharedMem, sharedMemOptin, l2;
  uint64_t memory;
};

// Queries every GPU with an initialized driver; false and `error` on failure.
bool QueryDevices(std::vector<DeviceInfo>& out, std::string& error, bool& noDriver) {
  const CudaDriver* cuda = GetCudaDriver(&error);
  if (cuda == nullptr) {
    noDriver = true;
    return false;
  }
  int count = 0;
  if (CUresult r = cuda->cuDeviceGetCount(&count); r != CUDA_SUCCESS) {
    error = DescribeCudaError(*cuda, "cuDeviceGetCount", r);
    return false;
  }
  for (int ordinal = 0; ordinal < count; ++ordinal) {
    CUdevice device;
    if (CUresult r = cuda->cuDeviceGet(&device, ordinal); r != CUDA_SUCCESS) {
      error = DescribeCudaError(*cuda, "cuDeviceGet", r);
      return false;
    }
    DeviceInfo info{};
    auto attr = [&](int which) {
      int v = 0;
      cuda->cuDeviceGetAttribute(&v, which, device);
      return v;
    };
    cuda->cuDeviceGetName(info.name, sizeof(info.name) - 1, device);
    info.ordinal = ordinal;
    info.major = attr(kAttrComputeCapabilityMajor);
    info.minor = attr(kAttrComputeCapabilityMinor);
    info.warpSize = attr(kAttrWarpSize);
    info.sms = attr(kAttrMultiprocessorCount);
    info.maxThreads = attr(kAttrMaxThreadsPerBlock);
    info.sharedMem = attr(kAttrMaxSharedMemoryPerBlock);
    info.sharedMemOptin = attr(kAttrMaxSharedMemoryPerBlockOptin);
    info.l2 = attr(kAttrL2CacheSize);
    size_t memory = 0;
    cuda->cuDeviceTotalMem(&memory, device);
    info.memory = memory;
    out.push_back(info);
  }
  return true;
}

// CUDA cannot be used in a child forked after cuInit, and hosts fork per
// conformance case after listing devices. So the listing runs cuInit in a
// short-lived child of its own and the calling process initializes the
// driver only when it first allocates, loads or launches.
bool QueryDevicesInChild(std::vector<DeviceInfo>& out, std::string& error, bool& noDriver) {
  int fds[2];
  if (pipe(fds) != 0) return QueryDevices(out, error, noDriver);
  pid_t child = fork();
  if (child < 0) {
    close(fds[0]);
    close(fds[1]);
    return QueryDevices(out, error, noDriver);
  }
  if (child == 0) {
    close(fds[0]);
    std::vector<DeviceInfo> infos;
    std::string why;
    bool none = false;
    int32_t status = QueryDevices(infos, why, none) ? 0 : none ? 1 : 2;
    uint32_t count = uint32_t(infos.size()), whySize = uint32_t(why.size());
    auto put = [&](const void* p, size_t n) {
      const char* c = static_cast<const char*>(p);
      while (n > 0) {
        ssize_t w = write(fds[1], c, n);
        if (w <= 0) _exit(3);
        c += w;
        n -= size_t(w);
      }
    };
    put(&status, sizeof(status));
    put(&count, sizeof(count));
    if (count) put(infos.data(), count * sizeof(DeviceInfo));
    put(&whySize, sizeof(whySize));
    put(why.data(), whySize);
    _exit(0);
  }
  close(fds[1]);
  std::string bytes;
  char buffer[4096];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof(buffer))) != 0;) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) break;
    bytes.append(buffer, size_t(n));
  }
  close(fds[0]);
  int wstatus = 0;
  while (waitpid(child, &wstatus, 0) < 0 && errno == EINTR) {
  }
  size_t at = 0;
  auto get = [&](void* p, size_t n) {
    if (bytes.size() - at < n) return false;
    std::memcpy(p, bytes.data() + at, n);
    at += n;
    return true;
  };
  int32_t status = 0;
  uint32_t count = 0, whySize = 0;
  if (!get(&status, sizeof(status)) || !get(&count, sizeof(count))) {
    error = "the device query process ended without an answer";
    return false;
  }
  out.resize(count);
  if ((count && !get(out.data(), count * sizeof(DeviceInfo))) || !get(&whySize, sizeof(whySize))) {
    error = "the device query process sent a truncated answer";
    return false;
  }
  error.assign(bytes.data() + at, std::min<size_t>(whySize, bytes.size() - at));
  noDriver = status == 1;
  return status == 0;
}

// Devices are enumerated once; without a driver the list is empty.
DeviceList& Devices() {
  static DeviceList* list = [] {
    auto* l = new DeviceList();
    std::string why;
    if (GetCudaDriverSymbols(&why) == nullptr) return l;  // no libcuda: no devices
    std::vector<DeviceInfo> infos;
    bool noDriver = false;
    if (!QueryDevicesInChild(infos, why, noDriver)) {
      // A driver library that cannot initialize (no GPU, no kernel module)
      // means no devices, as a missing one does.
      if (!noDriver) l->error = why;
      return l;
    }
    for (const DeviceInfo& info : infos) {
      auto d = std::make_unique<Tessel_Device>();
      d->ordinal = info.ordinal;
      d->name = info.name;
      auto target = nvidia::NvidiaTarget::forComputeCapability(info.major, info.minor);
      // A device this plugin cannot compile for still shows its capability.
      d->arch = target ? std::string(target->getName())
                       : "sm_" + std::to_string(info.major) + std::to_string(info.minor);
      bool hopper = info.major == 9;
      d->features = {
          IntFeature("compute_capability_major", info.major),
          IntFeature("compute_capability_minor", info.minor),
          IntFeature("l2_cache_bytes", info.l2),
          IntFeature("fp16", 1, TESSEL_VALUE_BOOL),
          IntFeature("bf16", info.major >= 8, TESSEL_VALUE_BOOL),
          IntFeature("fp64", 1, TESSEL_VALUE_BOOL),
          IntFeature("atomics", 1, TESSEL_VALUE_BOOL),
          // Lowered to masked pointer accesses for now (TMA is a later step).
          IntFeature("tensor_descriptors", 1, TESSEL_VALUE_BOOL),
          IntFeature("wgmma", hopper, TESSEL_VALUE_BOOL),
          IntFeature("tma", hopper, TESSEL_VALUE_BOOL),
      };
      Tessel_Device_Desc& desc = d->desc;
      desc = sdk::Init<Tessel_Device_Desc>();
      desc.device = d.get();
      desc.vendor = "NVIDIA";
      desc.name = d->name.c_str();
      desc.arch = d->arch.c_str();
      desc.features = d->features.data();
      desc.num_features = d->features.size();
      desc.global_mem_bytes = info.memory;
      desc.ordinal = uint32_t(l->devices.size());
      desc.warp_size = uint32_t(info.warpSize);
      desc.compute_units = uint32_t(info.sms);
      desc.max_threads_per_block = uint32_t(info.maxThreads);
      desc.shared_mem_per_block = uint32_t(info.sharedMem);
      desc.shared_mem_per_block_optin =
          uint32_t(info.sharedMemOptin != 0 ? info.sharedMemOptin : info.sharedMem);
      l->descs.push_back(&d->desc);
      l->devices.push_back(std::move(d));
    }
    return l;
  }();
  return *list;
}

// The driver and the device's primary context made current on this thread.
Tessel_Error* Enter(const char* entry, Tessel_Device* device, const CudaDriver** out) {
  std::string why;
  const CudaDriver* cuda = GetCudaDriver(&why);
  if (cuda == nullptr)
    return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION, "%s: no CUDA driver: %s", entry,
                      why.c_str());
  bool known = false;
  for (auto& d : Devices().devices) known |= d.get() == device;
  if (!known) return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: unknown device handle", entry);
  static std::mutex mutex;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (device->context == nullptr) {
      if (CUresult r = cuda->cuDeviceGet(&device->device, device->ordinal); r != CUDA_SUCCESS)
        return MakeErrorF(TESSEL_ERROR_INTERNAL, "%s: %s", entry,
                          DescribeCudaError(*cuda, "cuDeviceGet", r).c_str());
      if (CUresult r = cuda->cuDevicePrimaryCtxRetain(&device->context, device->device);
          r != CUDA_SUCCESS)
        return MakeErrorF(TESSEL_ERROR_INTERNAL, "%s: %s", entry,
                          DescribeCudaError(*cuda, "cuDevicePrimaryCtxRetain", r).c_str());
    }
  }
  if (CUresult r = cuda->cuCtxSetCurrent(device->context); r != CUDA_SUCCESS)
    return MakeErrorF(TESSEL_ERROR_INTERNAL, "%s: %s", entry,
                      DescribeCudaError(*cuda, "cuCtxSetCurrent", r).c_str());
  *out = cuda;
  return Ok();
}

Tessel_Error* Check(const CudaDriver& cuda, const char* entry, const char* call, CUresult r,
                    Tessel_Error_Code code = TESSEL_ERROR_INTERNAL) {
  if (r == CUDA_SUCCESS) return Ok();
  return MakeErrorF(code, "%s: %s", entry, DescribeCudaError(cuda, call, r).c_str());
}

Tessel_Error* DeviceEnumerate(Tessel_Device_Enumerate_Args* args) {
  return sdk::Entry("device_enumerate", args, [](Tessel_Device_Enumerate_Args& a) -> Tessel_Error* {
    DeviceList& list = Devices();
    if (!list.error.empty())
      return MakeErrorF(TESSEL_ERROR_INTERNAL, "device_enumerate: %s", list.error.c_str());
    a.devices = list.descs.data();
    a.num_devices = list.descs.size();
    return Ok();
  });
}

Tessel_Error* BufferAlloc(Tessel_Buffer_Alloc_Args* args) {
  return sdk::Entry("buffer_alloc", args, [](Tessel_Buffer_Alloc_Args& a) -> Tessel_Error* {
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("buffer_alloc", a.device, &cuda)) return e;
    CUdeviceptr address = 0;
    // cuMemAlloc refuses zero bytes; a zero-size buffer still gets an address.
    if (Tessel_Error* e = Check(*cuda, "buffer_alloc", "cuMemAlloc",
                                cuda->cuMemAlloc(&address, a.size == 0 ? 256 : a.size),
                                TESSEL_ERROR_RESOURCE_EXHAUSTED))
      return e;
    a.buffer = new Tessel_Buffer{a.device, address, a.size};
    return Ok();
  });
}

Tessel_Error* BufferFree(Tessel_Buffer_Free_Args* args) {
  return sdk::Entry("buffer_free", args, [](Tessel_Buffer_Free_Args& a) -> Tessel_Error* {
    if (a.buffer == nullptr) return Ok();
    std::unique_ptr<Tessel_Buffer> buffer(a.buffer);
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("buffer_free", buffer->device, &cuda)) return e;
    return Check(*cuda, "buffer_free", "cuMemFree", cuda->cuMemFree(buffer->address));
  });
}

Tessel_Error* CheckRange(const char* entry, const Tessel_Buffer* b, uint64_t offset,
                         uint64_t size) {
  if (b == nullptr) return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: buffer is NULL", entry);
  if (offset > b->size || size > b->size - offset)
    return MakeErrorF(TESSEL_ERROR_OUT_OF_RANGE,
                      "%s: range [%llu, %llu) is outside the %llu-byte buffer", entry,
                      static_cast<unsigned long long>(offset),
                      static_cast<unsigned long long>(offset + size),
                      static_cast<unsigned long long>(b->size));
  return Ok();
}

Tessel_Error* CopyToDevice(Tessel_Buffer_Copy_To_Device_Args* args) {
  return sdk::Entry("buffer_copy_to_device", args,
                    [](Tessel_Buffer_Copy_To_Device_Args& a) -> Tessel_Error* {
    if (Tessel_Error* e = CheckRange("buffer_copy_to_device", a.dst, a.dst_offset, a.size))
      return e;
    if (a.size == 0) return Ok();
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("buffer_copy_to_device", a.dst->device, &cuda)) return e;
    return Check(*cuda, "buffer_copy_to_device", "cuMemcpyHtoD",
                 cuda->cuMemcpyHtoD(a.dst->address + a.dst_offset, a.src, a.size));
  });
}

Tessel_Error* CopyToHost(Tessel_Buffer_Copy_To_Host_Args* args) {
  return sdk::Entry("buffer_copy_to_host", args,
                    [](Tessel_Buffer_Copy_To_Host_Args& a) -> Tessel_Error* {
    if (Tessel_Error* e = CheckRange("buffer_copy_to_host", a.src, a.src_offset, a.size))
      return e;
    if (a.size == 0) return Ok();
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("buffer_copy_to_host", a.src->device, &cuda)) return e;
    // Synchronous: it waits for the kernels before it, as the queue promises.
    return Check(*cuda, "buffer_copy_to_host", "cuMemcpyDtoH",
                 cuda->cuMemcpyDtoH(a.dst, a.src->address + a.src_offset, a.size));
  });
}

Tessel_Error* ModuleLoad(Tessel_Module_Load_Args* args) {
  return sdk::Entry("module_load", args, [](Tessel_Module_Load_Args& a) -> Tessel_Error* {
    if (a.metadata == nullptr || a.metadata->entry_name == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "module_load: kernel metadata with an entry name is required");
    if (Tessel_Error* e = sdk::CheckArgs("module_load (metadata)", a.metadata)) return e;
    std::string entry = a.metadata->entry_name;
    std::string problem = CheckCubin(a.artifact, a.artifact_size, entry);
    if (!problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "module_load: %s", problem.c_str());
    if (a.metadata->threads_per_block == 0)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "module_load: the metadata gives no threads_per_block");
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("module_load", a.device, &cuda)) return e;
    auto m = std::make_unique<Tessel_Module>();
    m->device = a.device;
    if (Tessel_Error* e = Check(*cuda, "module_load", "cuModuleLoadData",
                                cuda->cuModuleLoadData(&m->module, a.artifact),
                                TESSEL_ERROR_INVALID_ARGUMENT))
      return e;
    if (CUresult r = cuda->cuModuleGetFunction(&m->function, m->module, entry.c_str());
        r != CUDA_SUCCESS) {
      cuda->cuModuleUnload(m->module);
      return Check(*cuda, "module_load", "cuModuleGetFunction", r, TESSEL_ERROR_NOT_FOUND);
    }
    m->sharedMemBytes = a.metadata->shared_mem_bytes;
    m->threadsPerBlock = a.metadata->threads_per_block;
    // Beyond 48 KiB of dynamic shared memory a kernel must opt in.
    if (m->sharedMemBytes > 48 * 1024) {
      if (CUresult r = cuda->cuFuncSetAttribute(m->function, kFuncAttrMaxDynamicSharedSizeBytes,
                                                int(m->sharedMemBytes));
          r != CUDA_SUCCESS) {
        cuda->cuModuleUnload(m->module);
        return Check(*cuda, "module_load", "cuFuncSetAttribute", r,
                     TESSEL_ERROR_RESOURCE_EXHAUSTED);
      }
    }
    m->entryName = entry;
    m->args.assign(a.metadata->args, a.metadata->args + a.metadata->num_args);
    for (Tessel_Kernel_Arg& arg : m->args) arg.name = nullptr;  // not copied
    a.module = m.release();
    return Ok();
  });
}

Tessel_Error* ModuleUnload(Tessel_Module_Unload_Args* args) {
  return sdk::Entry("module_unload", args, [](Tessel_Module_Unload_Args& a) -> Tessel_Error* {
    if (a.module == nullptr) return Ok();
    std::unique_ptr<Tessel_Module> m(a.module);
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("module_unload", m->device, &cuda)) return e;
    return Check(*cuda, "module_unload", "cuModuleUnload", cuda->cuModuleUnload(m->module));
  });
}

Tessel_Error* Launch(Tessel_Launch_Args* args) {
  return sdk::Entry("launch", args, [](Tessel_Launch_Args& a) -> Tessel_Error* {
    Tessel_Module* m = a.module;
    if (m == nullptr) return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "launch: module is NULL");
    if (a.num_args != m->args.size())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "launch: kernel '%s' takes %zu arguments, %zu given",
                        m->entryName.c_str(), m->args.size(), a.num_args);
    for (int d = 0; d < 3; ++d)
      if (a.grid[d] == 0 || a.grid[d] > 0x7fffffffu)
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "launch: grid[%d] = %u is outside [1, 2^31)", d, a.grid[d]);
    // cuLaunchKernel reads each parameter's bytes (as many as the kernel
    // declares) from the pointed-to slot; slots are little-endian u64.
    std::vector<uint64_t> storage(a.num_args);
    std::vector<void*> params(a.num_args);
    for (size_t i = 0; i < a.num_args; ++i) {
      const Tessel_Launch_Arg& arg = a.args[i];
      const Tessel_Kernel_Arg& want = m->args[i];
      if (arg.kind != want.kind || arg.dtype != want.dtype)
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "launch: argument %zu is kind %d dtype %d but the kernel "
                          "expects kind %d dtype %d",
                          i, arg.kind, arg.dtype, want.kind, want.dtype);
      if (arg.kind == TESSEL_ARG_POINTER) {
        if (arg.buffer == nullptr)
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "launch: argument %zu has no buffer", i);
        if (arg.offset > arg.buffer->size)
          return MakeErrorF(TESSEL_ERROR_OUT_OF_RANGE,
                            "launch: argument %zu offset is past the buffer's end", i);
        storage[i] = arg.buffer->address + arg.offset;
      } else {
        storage[i] = arg.scalar_bits;
      }
      params[i] = &storage[i];
    }
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("launch", m->device, &cuda)) return e;
    return Check(*cuda, "launch", "cuLaunchKernel",
                 cuda->cuLaunchKernel(m->function, a.grid[0], a.grid[1], a.grid[2],
                                      m->threadsPerBlock, 1, 1, m->sharedMemBytes,
                                      /*stream=*/nullptr, params.data(), nullptr));
  });
}

Tessel_Error* Synchronize(Tessel_Device_Synchronize_Args* args) {
  return sdk::Entry("device_synchronize", args,
                    [](Tessel_Device_Synchronize_Args& a) -> Tessel_Error* {
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("device_synchronize", a.device, &cuda)) return e;
    return Check(*cuda, "device_synchronize", "cuCtxSynchronize", cuda->cuCtxSynchronize());
  });
}

Tessel_Error* EventCreate(Tessel_Event_Create_Args* args) {
  return sdk::Entry("event_create", args, [](Tessel_Event_Create_Args& a) -> Tessel_Error* {
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("event_create", a.device, &cuda)) return e;
    CUevent event = nullptr;
    if (Tessel_Error* e = Check(*cuda, "event_create", "cuEventCreate",
                                cuda->cuEventCreate(&event, 0)))
      return e;
    a.event = new Tessel_Event{a.device, event, false};
    return Ok();
  });
}

Tessel_Error* EventDestroy(Tessel_Event_Destroy_Args* args) {
  return sdk::Entry("event_destroy", args, [](Tessel_Event_Destroy_Args& a) -> Tessel_Error* {
    if (a.event == nullptr) return Ok();
    std::unique_ptr<Tessel_Event> event(a.event);
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("event_destroy", event->device, &cuda)) return e;
    return Check(*cuda, "event_destroy", "cuEventDestroy", cuda->cuEventDestroy(event->event));
  });
}

Tessel_Error* EventRecord(Tessel_Event_Record_Args* args) {
  return sdk::Entry("event_record", args, [](Tessel_Event_Record_Args& a) -> Tessel_Error* {
    if (a.event == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "event_record: event is NULL");
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("event_record", a.event->device, &cuda)) return e;
    if (Tessel_Error* e = Check(*cuda, "event_record", "cuEventRecord",
                                cuda->cuEventRecord(a.event->event, nullptr)))
      return e;
    a.event->recorded = true;
    return Ok();
  });
}

Tessel_Error* EventElapsed(Tessel_Event_Elapsed_Args* args) {
  return sdk::Entry("event_elapsed", args, [](Tessel_Event_Elapsed_Args& a) -> Tessel_Error* {
    if (a.start == nullptr || a.end == nullptr || !a.start->recorded || !a.end->recorded)
      return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION,
                        "event_elapsed: both events must have been recorded");
    const CudaDriver* cuda;
    if (Tessel_Error* e = Enter("event_elapsed", a.end->device, &cuda)) return e;
    if (Tessel_Error* e = Check(*cuda, "event_elapsed", "cuEventSynchronize",
                                cuda->cuEventSynchronize(a.end->event)))
      return e;
    float ms = 0;
    if (Tessel_Error* e = Check(*cuda, "event_elapsed", "cuEventElapsedTime",
                                cuda->cuEventElapsedTime(&ms, a.start->event, a.end->event)))
      return e;
    a.milliseconds = ms;
    return Ok();
  });
}

}  // namespace

void FillRuntimeHalf(Tessel_Plugin_Api& api) {
  api.device_enumerate = &DeviceEnumerate;
  api.buffer_alloc = &BufferAlloc;
  api.buffer_free = &BufferFree;
  api.buffer_copy_to_device = &CopyToDevice;
  api.buffer_copy_to_host = &CopyToHost;
  api.module_load = &ModuleLoad;
  api.module_unload = &ModuleUnload;
  api.launch = &Launch;
  api.device_synchronize = &Synchronize;
  api.event_create = &EventCreate;
  api.event_destroy = &EventDestroy;
  api.event_record = &EventRecord;
  api.event_elapsed = &EventElapsed;
}

}  // namespace tessel::nvidia_plugin
