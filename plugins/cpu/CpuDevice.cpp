//===- CpuDevice.cpp - The CPU plugin's device: the host ------------------===//
//
// One device, the host: buffers in host memory, modules loaded with dlopen
// from an in-memory file, launches run on a thread pool and complete before
// `launch` returns (which keeps the in-order queue semantics trivially), so
// timers record host time.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <thread>

#include "backends/cpu/KernelABI.h"
#include "plugins/common/Device.h"
#include "plugins/common/PluginEntry.h"
#include "plugins/common/ThreadPool.h"
#include "plugins/cpu/CpuArtifact.h"
#include "tessel/plugin.hpp"

namespace tessel::cpu_plugin {
namespace {

using kit::ThreadPool;
using sdk::MakeErrorF;
using sdk::Ok;

/// Reads a field of /proc/cpuinfo ("model name", "vendor_id").
std::string cpuInfoField(const std::string &field) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(field, 0) != 0)
      continue;
    size_t colon = line.find(':');
    if (colon == std::string::npos)
      continue;
    std::string v = line.substr(colon + 1);
    size_t b = v.find_first_not_of(" \t");
    return b == std::string::npos ? "" : v.substr(b);
  }
  return "";
}

/// The operating system's kernel, "Linux 6.1.0-28-amd64": the CPU has no
/// driver of its own, and the kernel is what runs its code and maps its
/// memory, so it is what a report names as the device's driver.
std::string osKernel() {
  utsname u{};
  if (uname(&u) != 0)
    return "";
  return std::string(u.sysname) + " " + u.release;
}

class HostKernel : public kit::Executable {
public:
  HostKernel(void *handle, int fd, tessel_cpu_kernel_fn entry, ThreadPool &pool)
      : handle(handle), fd(fd), entry(entry), pool(pool) {}
  ~HostKernel() override {
    dlclose(handle);
    close(fd);
  }

  Tessel_Error *launch(const uint32_t grid[3], void **params) override {
    // The entry ABI (KernelABI.h) takes args[i] pointing at its value, as
    // the kit's slots do.
    const int32_t nprog[3] = {int32_t(grid[0]), int32_t(grid[1]), int32_t(grid[2])};
    uint64_t total = uint64_t(grid[0]) * grid[1] * grid[2];
    tessel_cpu_kernel_fn fn = entry;
    pool.parallelFor(total, [&](uint64_t i) {
      int32_t pid[3] = {int32_t(i % grid[0]), int32_t((i / grid[0]) % grid[1]),
                        int32_t(i / (uint64_t(grid[0]) * grid[1]))};
      fn(params, pid, nprog);
    });
    return Ok();
  }

private:
  void *handle;
  // Open while the module is loaded: see load().
  int fd;
  tessel_cpu_kernel_fn entry;
  ThreadPool &pool;
};

class HostTimer : public kit::Timer {
public:
  Tessel_Error *record() override {
    time = std::chrono::steady_clock::now();
    return Ok();
  }
  Tessel_Error *elapsedSince(kit::Timer &start, double &ms) override {
    ms = std::chrono::duration<double, std::milli>(time -
                                                   static_cast<HostTimer &>(start).time)
             .count();
    return Ok();
  }

private:
  std::chrono::steady_clock::time_point time;
};

class HostDevice : public kit::Device {
public:
  HostDevice() {
    std::string vendorId = cpuInfoField("vendor_id");
    vendor = vendorId == "GenuineIntel"   ? "Intel"
             : vendorId == "AuthenticAMD" ? "AMD"
             : vendorId.empty()           ? "unknown"
                                          : vendorId;
    name = cpuInfoField("model name");
    if (name.empty())
      name = "x86-64 CPU";
    __builtin_cpu_init();
    bool v3 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
              __builtin_cpu_supports("bmi2");
    // The most specific portable level this CPU runs, so that `auto`
    // compiles code that also runs on other machines of that level.
    arch = v3 ? "x86-64-v3" : "x86-64";
    features.addString("device_kind", "cpu")
        .addBool("avx2", __builtin_cpu_supports("avx2"))
        .addBool("fma", __builtin_cpu_supports("fma"))
        .addBool("avx512f", __builtin_cpu_supports("avx512f"));
    for (const char *f :
         {"fp16", "bf16", "fp8", "fp64", "atomics", "tensor_descriptors"})
      features.addBool(f, true);
    if (std::string kernel = osKernel(); !kernel.empty())
      features.addString("driver_version", kernel);
  }

  Tessel_Device_Desc describe() override {
    unsigned cores = std::thread::hardware_concurrency();
    long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
    Tessel_Device_Desc desc = sdk::Init<Tessel_Device_Desc>();
    desc.vendor = vendor.c_str();
    desc.name = name.c_str();
    desc.arch = arch.c_str();
    desc.features = features.data();
    desc.num_features = features.size();
    desc.global_mem_bytes =
        pages > 0 && pageSize > 0 ? uint64_t(pages) * uint64_t(pageSize) : 0;
    desc.warp_size = 1; // one program instance is one thread of execution
    desc.compute_units = cores == 0 ? 1 : cores;
    desc.max_threads_per_block = 1;
    return desc;
  }

  Tessel_Error *allocate(uint64_t size, uint64_t &address) override {
    // 64-byte alignment: a full cache line and the widest vector loads. A
    // zero-size buffer still gets a unique address.
    uint64_t bytes = (size + 63) / 64 * 64;
    void *data = std::aligned_alloc(64, bytes == 0 ? 64 : bytes);
    if (data == nullptr)
      return MakeErrorF(TESSEL_ERROR_RESOURCE_EXHAUSTED, "cannot allocate %llu bytes",
                        static_cast<unsigned long long>(size));
    address = reinterpret_cast<uint64_t>(data);
    return Ok();
  }

  Tessel_Error *release(uint64_t address) override {
    std::free(reinterpret_cast<void *>(address));
    return Ok();
  }

  Tessel_Error *copyToDevice(uint64_t dst, const void *src, uint64_t size) override {
    std::memcpy(reinterpret_cast<void *>(dst), src, size);
    return Ok();
  }

  Tessel_Error *copyToHost(void *dst, uint64_t src, uint64_t size) override {
    std::memcpy(dst, reinterpret_cast<const void *>(src), size);
    return Ok();
  }

  Tessel_Error *load(const uint8_t *artifact, size_t size,
                     const Tessel_Kernel_Metadata &metadata,
                     std::unique_ptr<kit::Executable> &out) override {
    std::string entry = metadata.entry_name;
    std::string problem = kit::checkElfObject(artifact, size, kCpuArtifact, entry);
    if (!problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s", problem.c_str());
    // dlopen needs a file; an anonymous in-memory one leaves nothing behind.
    int fd = memfd_create("tessel-cpu-kernel", MFD_CLOEXEC);
    if (fd < 0)
      return MakeErrorF(TESSEL_ERROR_INTERNAL, "memfd_create failed: %s",
                        std::strerror(errno));
    size_t written = 0;
    while (written < size) {
      ssize_t n = write(fd, artifact + written, size - written);
      if (n <= 0) {
        close(fd);
        return MakeErrorF(TESSEL_ERROR_INTERNAL, "cannot write the artifact");
      }
      written += static_cast<size_t>(n);
    }
    // The descriptor stays open until the module is unloaded. dlopen finds
    // an already loaded library by its file name first: had it been closed,
    // the next module's memfd could get the same number, hence the same
    // "/proc/self/fd/N", and dlopen would hand back this module instead.
    std::string path = "/proc/self/fd/" + std::to_string(fd);
    void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      close(fd);
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "dlopen failed: %s", dlerror());
    }
    auto fn = reinterpret_cast<tessel_cpu_kernel_fn>(dlsym(handle, entry.c_str()));
    if (fn == nullptr) {
      dlclose(handle);
      close(fd);
      return MakeErrorF(TESSEL_ERROR_NOT_FOUND, "no entry '%s'", entry.c_str());
    }
    out = std::make_unique<HostKernel>(handle, fd, fn, pool());
    return Ok();
  }

  Tessel_Error *synchronize() override { return Ok(); }

  Tessel_Error *createTimer(std::unique_ptr<kit::Timer> &out) override {
    out = std::make_unique<HostTimer>();
    return Ok();
  }

private:
  /// Started on first load, so that listing devices starts no thread.
  ThreadPool &pool() {
    std::call_once(poolOnce, [this] {
      const char *env = std::getenv("TESSEL_CPU_THREADS");
      unsigned n = std::thread::hardware_concurrency();
      if (n == 0)
        n = 1;
      if (env != nullptr && std::atoi(env) > 0)
        n = static_cast<unsigned>(std::atoi(env));
      threads = std::make_unique<ThreadPool>(n);
    });
    return *threads;
  }

  std::string vendor, name, arch;
  kit::FeatureList features;
  std::unique_ptr<ThreadPool> threads;
  std::once_flag poolOnce;
};

class HostPlatform : public kit::DevicePlatform {
public:
  Tessel_Error *enumerate(std::vector<std::unique_ptr<kit::Device>> &out) override {
    out.push_back(std::make_unique<HostDevice>());
    return Ok();
  }
};

} // namespace
} // namespace tessel::cpu_plugin

std::unique_ptr<tessel::kit::DevicePlatform> tessel::kit::createDevicePlatform() {
  return std::make_unique<tessel::cpu_plugin::HostPlatform>();
}

const tessel::kit::PluginIdentity &tessel::kit::getPluginIdentity() {
  static const PluginIdentity identity = {
      "cpu", "0.1.0",
      "x86-64 host CPU: compiles tile IR to shared objects and runs program "
      "instances on a thread pool",
      "x86-64 host CPU, runtime only: runs kernels compiled elsewhere on a thread "
      "pool"};
  return identity;
}
