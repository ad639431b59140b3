//===- AmdDevice.cpp - The AMD plugin's devices ---------------------------===//
//
// AMD GPUs over the HIP runtime loaded with dlopen (backends/amd/runtime,
// HipRuntime.h); HSA names each agent's chip. One device per GPU; launches
// go to the device's null stream, in order, and return before the kernel
// finishes (device_synchronize waits). No AMD GPU is reachable where this
// plugin is built and tested: here it reports no device and says why.
//
//===----------------------------------------------------------------------===//

#include <mutex>

#include "backends/amd/AmdTarget.h"
#include "backends/amd/runtime/HipRuntime.h"
#include "plugins/common/Device.h"
#include "plugins/common/PluginEntry.h"
#include "tessel/plugin.hpp"

namespace tessel::amd_plugin {
namespace {

using namespace amd; // the runtime's types and entry points
using sdk::MakeErrorF;
using sdk::Ok;

Tessel_Error *check(const HipRuntime &hip, const char *call, hipError_t r,
                    Tessel_Error_Code code = TESSEL_ERROR_INTERNAL) {
  if (r == hipSuccess)
    return Ok();
  return MakeErrorF(code, "%s", describeHipError(hip, call, r).c_str());
}

class Gpu;
/// The runtime with `gpu` current on this thread.
Tessel_Error *enter(Gpu &gpu, const HipRuntime **out);

template <typename Body> Tessel_Error *withRuntime(Gpu &gpu, Body &&body) {
  const HipRuntime *hip;
  if (Tessel_Error *e = enter(gpu, &hip))
    return e;
  return body(*hip);
}

class GpuKernel : public kit::Executable {
public:
  GpuKernel(Gpu &gpu, hipModule_t module, hipFunction_t function, uint32_t threads,
            uint32_t lds)
      : gpu(gpu), module(module), function(function), threads(threads), lds(lds) {}
  ~GpuKernel() override {
    delete withRuntime(gpu, [&](const HipRuntime &hip) {
      hip.hipModuleUnload(module);
      return Ok();
    });
  }
  Tessel_Error *launch(const uint32_t grid[3], void **params) override {
    // hipModuleLaunchKernel reads each argument's size (from the code
    // object's metadata) from the pointed-to slot, as cuLaunchKernel does;
    // the dynamic LDS is the shared lowering's scratch.
    return withRuntime(gpu, [&](const HipRuntime &hip) {
      return check(hip, "hipModuleLaunchKernel",
                   hip.hipModuleLaunchKernel(function, grid[0], grid[1], grid[2],
                                             threads, 1, 1, lds, nullptr, params,
                                             nullptr));
    });
  }

private:
  Gpu &gpu;
  hipModule_t module;
  hipFunction_t function;
  uint32_t threads, lds;
};

class GpuTimer : public kit::Timer {
public:
  GpuTimer(Gpu &gpu, hipEvent_t event) : gpu(gpu), event(event) {}
  ~GpuTimer() override {
    delete withRuntime(gpu, [&](const HipRuntime &hip) {
      hip.hipEventDestroy(event);
      return Ok();
    });
  }
  Tessel_Error *record() override {
    return withRuntime(gpu, [&](const HipRuntime &hip) {
      return check(hip, "hipEventRecord", hip.hipEventRecord(event, nullptr));
    });
  }
  Tessel_Error *elapsedSince(kit::Timer &start, double &ms) override {
    return withRuntime(gpu, [&](const HipRuntime &hip) {
      if (Tessel_Error *e =
              check(hip, "hipEventSynchronize", hip.hipEventSynchronize(event)))
        return e;
      float elapsed = 0;
      hipEvent_t begin = static_cast<GpuTimer &>(start).event;
      if (Tessel_Error *e = check(hip, "hipEventElapsedTime",
                                  hip.hipEventElapsedTime(&elapsed, begin, event)))
        return e;
      ms = elapsed;
      return Ok();
    });
  }

private:
  Gpu &gpu;
  hipEvent_t event;
};

class Gpu : public kit::Device {
public:
  Gpu(int ordinal, const GpuAgent &agent, size_t memory)
      : ordinal(ordinal), agent(agent), memory(memory) {
    std::optional<AmdTarget> target = AmdTarget::forAgentName(agent.name);
    // A chip this plugin cannot compile for still shows its name.
    arch = target ? std::string(target->getName())
                  : agent.name.substr(0, agent.name.find(':'));
    features.addString("device_kind", "gpu")
        .addString("agent_name", agent.name)
        .addBool("fp16", true)
        .addBool("bf16", true)
        // fp8 (e4m3fn, e5m2): bytes in memory, arithmetic in f32.
        .addBool("fp8", true)
        .addBool("fp64", true)
        .addBool("atomics", true)
        .addBool("tensor_descriptors", true);
    if (target) {
      for (auto &[key, value] : target->getGpuDescription().getFeatures())
        features.add(key, value);
      lds = target->getLdsPerWorkgroup();
    }
  }

  Tessel_Device_Desc describe() override {
    Tessel_Device_Desc desc = sdk::Init<Tessel_Device_Desc>();
    desc.vendor = "AMD";
    desc.name = agent.name.c_str();
    desc.arch = arch.c_str();
    desc.features = features.data();
    desc.num_features = features.size();
    desc.global_mem_bytes = memory;
    desc.warp_size = agent.wavefrontSize;
    desc.compute_units = agent.computeUnits;
    desc.max_threads_per_block = 1024;
    desc.shared_mem_per_block = lds;
    desc.shared_mem_per_block_optin = lds;
    return desc;
  }

  Tessel_Error *allocate(uint64_t size, uint64_t &address) override {
    return withRuntime(*this, [&](const HipRuntime &hip) {
      void *p = nullptr;
      if (Tessel_Error *e =
              check(hip, "hipMalloc", hip.hipMalloc(&p, size ? size : 256),
                    TESSEL_ERROR_RESOURCE_EXHAUSTED))
        return e;
      address = reinterpret_cast<uint64_t>(p);
      return Ok();
    });
  }
  Tessel_Error *release(uint64_t address) override {
    return withRuntime(*this, [&](const HipRuntime &hip) {
      return check(hip, "hipFree", hip.hipFree(reinterpret_cast<void *>(address)));
    });
  }
  Tessel_Error *copyToDevice(uint64_t dst, const void *src, uint64_t size) override {
    return withRuntime(*this, [&](const HipRuntime &hip) {
      return check(hip, "hipMemcpyHtoD",
                   hip.hipMemcpyHtoD(reinterpret_cast<void *>(dst),
                                     const_cast<void *>(src), size));
    });
  }
  Tessel_Error *copyToHost(void *dst, uint64_t src, uint64_t size) override {
    // Synchronous: it waits for the kernels before it, as the queue promises.
    return withRuntime(*this, [&](const HipRuntime &hip) {
      return check(hip, "hipMemcpyDtoH",
                   hip.hipMemcpyDtoH(dst, reinterpret_cast<void *>(src), size));
    });
  }

  Tessel_Error *load(const uint8_t *artifact, size_t size,
                     const Tessel_Kernel_Metadata &md,
                     std::unique_ptr<kit::Executable> &out) override {
    // An HSA code object is an ELF64 for EM_AMDGPU (224).
    if (size < 20 || artifact[0] != 0x7f || artifact[1] != 'E' || artifact[2] != 'L' ||
        artifact[3] != 'F' || artifact[18] != 224)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "the artifact is not an AMDGPU code object");
    if (md.threads_per_block == 0)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "the metadata gives no threads_per_block");
    std::string entry = md.entry_name;
    return withRuntime(*this, [&](const HipRuntime &hip) -> Tessel_Error * {
      hipModule_t module;
      hipFunction_t function;
      if (Tessel_Error *e =
              check(hip, "hipModuleLoadData", hip.hipModuleLoadData(&module, artifact),
                    TESSEL_ERROR_INVALID_ARGUMENT))
        return e;
      if (hipError_t r = hip.hipModuleGetFunction(&function, module, entry.c_str());
          r != hipSuccess) {
        hip.hipModuleUnload(module);
        return check(hip, "hipModuleGetFunction", r, TESSEL_ERROR_NOT_FOUND);
      }
      out = std::make_unique<GpuKernel>(*this, module, function, md.threads_per_block,
                                        md.shared_mem_bytes);
      return Ok();
    });
  }

  Tessel_Error *synchronize() override {
    return withRuntime(*this, [&](const HipRuntime &hip) {
      return check(hip, "hipDeviceSynchronize", hip.hipDeviceSynchronize());
    });
  }

  Tessel_Error *createTimer(std::unique_ptr<kit::Timer> &out) override {
    return withRuntime(*this, [&](const HipRuntime &hip) {
      hipEvent_t event = nullptr;
      if (Tessel_Error *e = check(hip, "hipEventCreate", hip.hipEventCreate(&event)))
        return e;
      out = std::make_unique<GpuTimer>(*this, event);
      return Ok();
    });
  }

  int ordinal;

private:
  GpuAgent agent;
  size_t memory;
  uint32_t lds = 64 * 1024;
  std::string arch;
  kit::FeatureList features;
};

Tessel_Error *enter(Gpu &gpu, const HipRuntime **out) {
  std::string why;
  const HipRuntime *hip = getHipRuntime(&why);
  if (hip == nullptr)
    return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION, "no HIP runtime: %s",
                      why.c_str());
  // hipSetDevice is per thread and cheap; HIP keeps one context per device.
  if (Tessel_Error *e = check(*hip, "hipSetDevice", hip->hipSetDevice(gpu.ordinal)))
    return e;
  *out = hip;
  return Ok();
}

class HipPlatform : public kit::DevicePlatform {
public:
  Tessel_Error *enumerate(std::vector<std::unique_ptr<kit::Device>> &out) override {
    std::string why;
    const HipRuntime *hip = getHipRuntime(&why);
    if (hip == nullptr) {
      whyNone = why + " (ROCm's HIP runtime is not installed)";
      return Ok();
    }
    int count = 0;
    hipError_t r = hip->hipGetDeviceCount(&count);
    if (r == hipErrorNoDevice || (r == hipSuccess && count == 0)) {
      whyNone = "the HIP runtime reports no AMD GPU";
      return Ok();
    }
    if (r != hipSuccess) {
      // A runtime that cannot reach a driver (no amdgpu kernel module, no
      // /dev/kfd) means no devices, as a missing runtime does.
      whyNone = describeHipError(*hip, "hipGetDeviceCount", r);
      return Ok();
    }
    std::vector<GpuAgent> agents;
    if (!listGpuAgents(agents, why))
      return MakeErrorF(TESSEL_ERROR_INTERNAL,
                        "HIP lists %d GPUs but HSA cannot name them: %s", count,
                        why.c_str());
    for (int i = 0; i < count && i < int(agents.size()); ++i) {
      size_t freeBytes = 0, totalBytes = 0;
      if (hip->hipSetDevice(i) == hipSuccess)
        hip->hipMemGetInfo(&freeBytes, &totalBytes);
      out.push_back(std::make_unique<Gpu>(i, agents[size_t(i)], totalBytes));
    }
    return Ok();
  }
  std::string whyNoDevice() const override { return whyNone; }

private:
  std::string whyNone;
};

} // namespace
} // namespace tessel::amd_plugin

std::unique_ptr<tessel::kit::DevicePlatform> tessel::kit::createDevicePlatform() {
  return std::make_unique<tessel::amd_plugin::HipPlatform>();
}

const tessel::kit::PluginIdentity &tessel::kit::getPluginIdentity() {
  static const PluginIdentity identity = {
      "amd", "0.1.0",
      "AMD GPUs (gfx90a, gfx942, gfx1100, gfx1200): compiles tile IR to HSA code "
      "objects with LLVM AMDGPU and ld.lld, runs them through HIP",
      "AMD GPUs, runtime only: runs code objects compiled elsewhere through HIP"};
  return identity;
}
