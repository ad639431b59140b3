// The runtime half of the CPU plugin: one device (the host), buffers in host
// memory, modules loaded with dlopen from an in-memory file, launches run on
// a thread pool. Launches complete before `launch` returns, which keeps the
// in-order queue semantics trivially; events therefore record host time.
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "backends/cpu/KernelABI.h"
#include "plugins/cpu/cpu_plugin.h"
#include "plugins/cpu/elf_check.h"
#include "plugins/cpu/thread_pool.h"
#include "tessel/plugin.hpp"

struct Tessel_Device {
  Tessel_Device_Desc desc;
  std::string vendor, name, arch;
  std::vector<Tessel_Key_Value> features;
  std::unique_ptr<tessel::cpu_plugin::ThreadPool> pool;
  std::once_flag poolOnce;
};

struct Tessel_Buffer {
  Tessel_Device* device;
  void* data;
  uint64_t size;
};

struct Tessel_Module {
  Tessel_Device* device;
  void* handle;
  tessel_cpu_kernel_fn entry;
  std::string entryName;
  std::vector<Tessel_Kernel_Arg> args;
};

struct Tessel_Event {
  Tessel_Device* device;
  std::chrono::steady_clock::time_point time;
  bool recorded = false;
};

namespace tessel::cpu_plugin {
namespace {

using sdk::MakeErrorF;
using sdk::Ok;

// Reads a field of /proc/cpuinfo ("model name", "vendor_id").
std::string CpuInfoField(const std::string& field) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field, 0) != 0) continue;
    size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string v = line.substr(colon + 1);
    size_t b = v.find_first_not_of(" \t");
    return b == std::string::npos ? "" : v.substr(b);
  }
  return "";
}

Tessel_Key_Value BoolFeature(const char* key, bool value) {
  Tessel_Key_Value kv{};
  kv.key = key;
  kv.int_value = value ? 1 : 0;
  kv.type = TESSEL_VALUE_BOOL;
  return kv;
}

Tessel_Device& HostDevice() {
  static Tessel_Device* device = [] {
    auto* d = new Tessel_Device();
    std::string vendorId = CpuInfoField("vendor_id");
    d->vendor = vendorId == "GenuineIntel"   ? "Intel"
                : vendorId == "AuthenticAMD" ? "AMD"
                : vendorId.empty()           ? "unknown"
                                             : vendorId;
    d->name = CpuInfoField("model name");
    if (d->name.empty()) d->name = "x86-64 CPU";
    __builtin_cpu_init();
    bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
              __builtin_cpu_supports("bmi2");
    // The device reports the most specific portable level it runs, so that
    // `auto` compiles code that also runs on other machines of that level.
    d->arch = v3 ? "x86-64-v3" : "x86-64";
    d->features = {
        BoolFeature("avx2", __builtin_cpu_supports("avx2")),
        BoolFeature("fma", __builtin_cpu_supports("fma")),
        BoolFeature("avx512f", __builtin_cpu_supports("avx512f")),
        BoolFeature("fp16", true),
        BoolFeature("bf16", true),
        BoolFeature("fp8", true),
        BoolFeature("fp64", true),
        BoolFeature("atomics", true),
        BoolFeature("tensor_descriptors", true),
    };
    unsigned cores = std::thread::hardware_concurrency();
    long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    Tessel_Device_Desc& desc = d->desc;
    desc.struct_size = Tessel_Device_Desc_STRUCT_SIZE;
    desc.device = d;
    desc.vendor = d->vendor.c_str();
    desc.name = d->name.c_str();
    desc.arch = d->arch.c_str();
    desc.features = d->features.data();
    desc.num_features = d->features.size();
    desc.global_mem_bytes =
        pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
    desc.ordinal = 0;
    desc.warp_size = 1;  // one program instance is one thread of execution
    desc.compute_units = cores == 0 ? 1 : cores;
    desc.max_threads_per_block = 1;
    desc.shared_mem_per_block = 0;
    desc.shared_mem_per_block_optin = 0;
    return d;
  }();
  return *device;
}

// The pool starts on first launch, so listing devices starts no thread.
ThreadPool& PoolOf(Tessel_Device* d) {
  std::call_once(d->poolOnce, [d] {
    const char* env = std::getenv("TESSEL_CPU_THREADS");
    unsigned n = d->desc.compute_units;
    if (env != nullptr && std::atoi(env) > 0) n = static_cast<unsigned>(std::atoi(env));
    d->pool = std::make_unique<ThreadPool>(n);
  });
  return *d->pool;
}

Tessel_Error* CheckDevice(const char* entry, Tessel_Device* device) {
  if (device != &HostDevice())
    return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s: unknown device handle", entry);
  return Ok();
}

Tessel_Error* DeviceEnumerate(Tessel_Device_Enumerate_Args* args) {
  return sdk::Entry("device_enumerate", args, [](Tessel_Device_Enumerate_Args& a) {
    static const Tessel_Device_Desc* const list[] = {&HostDevice().desc};
    a.devices = list;
    a.num_devices = 1;
    return Ok();
  });
}

Tessel_Error* BufferAlloc(Tessel_Buffer_Alloc_Args* args) {
  return sdk::Entry("buffer_alloc", args, [](Tessel_Buffer_Alloc_Args& a) {
    if (Tessel_Error* e = CheckDevice("buffer_alloc", a.device)) return e;
    // 64-byte alignment: a full cache line and the widest vector loads. A
    // zero-size buffer still gets a unique address.
    uint64_t bytes = (a.size + 63) / 64 * 64;
    void* data = std::aligned_alloc(64, bytes == 0 ? 64 : bytes);
    if (data == nullptr)
      return MakeErrorF(TESSEL_ERROR_RESOURCE_EXHAUSTED,
                        "buffer_alloc: cannot allocate %llu bytes",
                        static_cast<unsigned long long>(a.size));
    a.buffer = new Tessel_Buffer{a.device, data, a.size};
    return Ok();
  });
}

Tessel_Error* BufferFree(Tessel_Buffer_Free_Args* args) {
  return sdk::Entry("buffer_free", args, [](Tessel_Buffer_Free_Args& a) {
    if (a.buffer != nullptr) {
      std::free(a.buffer->data);
      delete a.buffer;
    }
    return Ok();
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
  return sdk::Entry("buffer_copy_to_device", args, [](Tessel_Buffer_Copy_To_Device_Args& a) {
    if (Tessel_Error* e = CheckRange("buffer_copy_to_device", a.dst, a.dst_offset, a.size))
      return e;
    if (a.size != 0) std::memcpy(static_cast<char*>(a.dst->data) + a.dst_offset, a.src, a.size);
    return Ok();
  });
}

Tessel_Error* CopyToHost(Tessel_Buffer_Copy_To_Host_Args* args) {
  return sdk::Entry("buffer_copy_to_host", args, [](Tessel_Buffer_Copy_To_Host_Args& a) {
    if (Tessel_Error* e = CheckRange("buffer_copy_to_host", a.src, a.src_offset, a.size))
      return e;
    if (a.size != 0) std::memcpy(a.dst, static_cast<const char*>(a.src->data) + a.src_offset, a.size);
    return Ok();
  });
}

Tessel_Error* ModuleLoad(Tessel_Module_Load_Args* args) {
  return sdk::Entry("module_load", args, [](Tessel_Module_Load_Args& a) -> Tessel_Error* {
    if (Tessel_Error* e = CheckDevice("module_load", a.device)) return e;
    if (a.metadata == nullptr || a.metadata->entry_name == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "module_load: kernel metadata with an entry name is required");
    if (Tessel_Error* e = sdk::CheckArgs("module_load (metadata)", a.metadata)) return e;
    std::string entry = a.metadata->entry_name;
    std::string problem = CheckKernelSharedObject(a.artifact, a.artifact_size, entry);
    if (!problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "module_load: %s", problem.c_str());
    // dlopen needs a file; an anonymous in-memory one leaves nothing behind.
    int fd = memfd_create("tessel-cpu-kernel", MFD_CLOEXEC);
    if (fd < 0)
      return MakeErrorF(TESSEL_ERROR_INTERNAL, "module_load: memfd_create failed: %s",
                        std::strerror(errno));
    size_t written = 0;
    while (written < a.artifact_size) {
      ssize_t n = write(fd, a.artifact + written, a.artifact_size - written);
      if (n <= 0) {
        close(fd);
        return MakeErrorF(TESSEL_ERROR_INTERNAL, "module_load: cannot write the artifact");
      }
      written += static_cast<size_t>(n);
    }
    std::string path = "/proc/self/fd/" + std::to_string(fd);
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    close(fd);  // the mapping keeps the contents alive
    if (handle == nullptr)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "module_load: dlopen failed: %s",
                        dlerror());
    auto fn = reinterpret_cast<tessel_cpu_kernel_fn>(dlsym(handle, entry.c_str()));
    if (fn == nullptr) {
      dlclose(handle);
      return MakeErrorF(TESSEL_ERROR_NOT_FOUND, "module_load: no entry '%s'", entry.c_str());
    }
    auto* m = new Tessel_Module{a.device, handle, fn, entry, {}};
    m->args.assign(a.metadata->args, a.metadata->args + a.metadata->num_args);
    for (Tessel_Kernel_Arg& arg : m->args) arg.name = nullptr;  // not copied
    a.module = m;
    return Ok();
  });
}

Tessel_Error* ModuleUnload(Tessel_Module_Unload_Args* args) {
  return sdk::Entry("module_unload", args, [](Tessel_Module_Unload_Args& a) {
    if (a.module != nullptr) {
      dlclose(a.module->handle);
      delete a.module;
    }
    return Ok();
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
    // Argument values live in `storage`; args[i] points at its slot, as the
    // entry ABI (KernelABI.h) expects.
    std::vector<uint64_t> storage(a.num_args);
    std::vector<void*> slots(a.num_args);
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
        char* p = static_cast<char*>(arg.buffer->data) + arg.offset;
        std::memcpy(&storage[i], &p, sizeof(p));
      } else {
        storage[i] = arg.scalar_bits;  // little-endian: low bytes first
      }
      slots[i] = &storage[i];
    }
    const int32_t nprog[3] = {static_cast<int32_t>(a.grid[0]),
                              static_cast<int32_t>(a.grid[1]),
                              static_cast<int32_t>(a.grid[2])};
    uint64_t total = uint64_t(a.grid[0]) * a.grid[1] * a.grid[2];
    tessel_cpu_kernel_fn fn = m->entry;
    void** argv = slots.data();
    PoolOf(m->device).ParallelFor(total, [&](uint64_t i) {
      int32_t pid[3] = {static_cast<int32_t>(i % a.grid[0]),
                        static_cast<int32_t>((i / a.grid[0]) % a.grid[1]),
                        static_cast<int32_t>(i / (uint64_t(a.grid[0]) * a.grid[1]))};
      fn(argv, pid, nprog);
    });
    return Ok();
  });
}

Tessel_Error* Synchronize(Tessel_Device_Synchronize_Args* args) {
  return sdk::Entry("device_synchronize", args, [](Tessel_Device_Synchronize_Args& a) {
    return CheckDevice("device_synchronize", a.device);
  });
}

Tessel_Error* EventCreate(Tessel_Event_Create_Args* args) {
  return sdk::Entry("event_create", args, [](Tessel_Event_Create_Args& a) -> Tessel_Error* {
    if (Tessel_Error* e = CheckDevice("event_create", a.device)) return e;
    a.event = new Tessel_Event{a.device, {}, false};
    return Ok();
  });
}

Tessel_Error* EventDestroy(Tessel_Event_Destroy_Args* args) {
  return sdk::Entry("event_destroy", args, [](Tessel_Event_Destroy_Args& a) {
    delete a.event;
    return Ok();
  });
}

Tessel_Error* EventRecord(Tessel_Event_Record_Args* args) {
  return sdk::Entry("event_record", args, [](Tessel_Event_Record_Args& a) -> Tessel_Error* {
    if (a.event == nullptr) return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "event_record: event is NULL");
    a.event->time = std::chrono::steady_clock::now();
    a.event->recorded = true;
    return Ok();
  });
}

Tessel_Error* EventElapsed(Tessel_Event_Elapsed_Args* args) {
  return sdk::Entry("event_elapsed", args, [](Tessel_Event_Elapsed_Args& a) -> Tessel_Error* {
    if (a.start == nullptr || a.end == nullptr || !a.start->recorded || !a.end->recorded)
      return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION,
                        "event_elapsed: both events must have been recorded");
    a.milliseconds =
        std::chrono::duration<double, std::milli>(a.end->time - a.start->time).count();
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

}  // namespace tessel::cpu_plugin
