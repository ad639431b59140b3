//===- HipRuntime.cpp - The HIP runtime and HSA, loaded with dlopen -------===//

#include "backends/amd/runtime/HipRuntime.h"

#include <dlfcn.h>

#include <cstring>
#include <mutex>

namespace tessel::amd {
namespace {

/// Tries each soname in turn: ROCm 6 and 5 name their libraries differently.
void *openFirst(std::initializer_list<const char *> names, std::string &why) {
  std::string errors;
  for (const char *name : names) {
    if (void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL))
      return handle;
    const char *error = dlerror();
    errors += std::string(errors.empty() ? "" : "; ") + (error ? error : name);
  }
  why = "cannot load " + std::string(*names.begin()) + ": " + errors;
  return nullptr;
}

template <typename Fn>
bool bindSymbol(void *handle, const char *name, Fn &out, std::string &why) {
  out = reinterpret_cast<Fn>(dlsym(handle, name));
  if (out == nullptr && why.empty())
    why = std::string("the HIP runtime lacks ") + name;
  return out != nullptr;
}

struct LoadedRuntime {
  HipRuntime hip{};
  bool ok = false;
  std::string why;
};

LoadedRuntime load() {
  LoadedRuntime loaded;
  // Kept loaded for the life of the process: modules and events refer to it.
  void *handle =
      openFirst({"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"}, loaded.why);
  if (handle == nullptr)
    return loaded;
  HipRuntime &h = loaded.hip;
  std::string &why = loaded.why;
  bool ok = true;
  ok &= bindSymbol(handle, "hipInit", h.hipInit, why);
  ok &= bindSymbol(handle, "hipGetErrorString", h.hipGetErrorString, why);
  ok &= bindSymbol(handle, "hipGetDeviceCount", h.hipGetDeviceCount, why);
  ok &= bindSymbol(handle, "hipSetDevice", h.hipSetDevice, why);
  ok &= bindSymbol(handle, "hipMemGetInfo", h.hipMemGetInfo, why);
  ok &= bindSymbol(handle, "hipMalloc", h.hipMalloc, why);
  ok &= bindSymbol(handle, "hipFree", h.hipFree, why);
  ok &= bindSymbol(handle, "hipMemcpyHtoD", h.hipMemcpyHtoD, why);
  ok &= bindSymbol(handle, "hipMemcpyDtoH", h.hipMemcpyDtoH, why);
  ok &= bindSymbol(handle, "hipDeviceSynchronize", h.hipDeviceSynchronize, why);
  ok &= bindSymbol(handle, "hipModuleLoadData", h.hipModuleLoadData, why);
  ok &= bindSymbol(handle, "hipModuleUnload", h.hipModuleUnload, why);
  ok &= bindSymbol(handle, "hipModuleGetFunction", h.hipModuleGetFunction, why);
  ok &= bindSymbol(handle, "hipModuleLaunchKernel", h.hipModuleLaunchKernel, why);
  ok &= bindSymbol(handle, "hipEventCreate", h.hipEventCreate, why);
  ok &= bindSymbol(handle, "hipEventDestroy", h.hipEventDestroy, why);
  ok &= bindSymbol(handle, "hipEventRecord", h.hipEventRecord, why);
  ok &= bindSymbol(handle, "hipEventSynchronize", h.hipEventSynchronize, why);
  ok &= bindSymbol(handle, "hipEventElapsedTime", h.hipEventElapsedTime, why);
  loaded.ok = ok;
  return loaded;
}

// HSA's C API (hsa.h, hsa_ext_amd.h): the values used here.
using hsa_status_t = int;
struct hsa_agent_t {
  uint64_t handle;
};
constexpr hsa_status_t kHsaSuccess = 0;
constexpr int kHsaAgentInfoName = 0;          // char[64]
constexpr int kHsaAgentInfoWavefrontSize = 6; // uint32_t
constexpr int kHsaAgentInfoDevice = 17;       // hsa_device_type_t
constexpr int kHsaDeviceTypeGpu = 1;
constexpr int kHsaAmdAgentInfoComputeUnitCount = 0xA002; // uint32_t

struct Hsa {
  hsa_status_t (*init)();
  hsa_status_t (*shutDown)();
  hsa_status_t (*iterateAgents)(hsa_status_t (*)(hsa_agent_t, void *), void *);
  hsa_status_t (*agentGetInfo)(hsa_agent_t, int, void *);
};

} // namespace

const HipRuntime *getHipRuntime(std::string *why) {
  static std::once_flag once;
  static LoadedRuntime loaded;
  std::call_once(once, [] {
    loaded = load();
    // hipInit fails where there is no GPU; that is "no devices", and
    // hipGetDeviceCount says so again to the caller.
    if (loaded.ok)
      loaded.hip.hipInit(0);
  });
  if (!loaded.ok) {
    if (why != nullptr)
      *why = loaded.why;
    return nullptr;
  }
  return &loaded.hip;
}

std::string describeHipError(const HipRuntime &hip, const char *call,
                             hipError_t error) {
  const char *text = hip.hipGetErrorString(error);
  return std::string(call) + " failed: " + (text ? text : "unknown error") + " (" +
         std::to_string(error) + ")";
}

bool listGpuAgents(std::vector<GpuAgent> &out, std::string &why) {
  void *handle = openFirst({"libhsa-runtime64.so", "libhsa-runtime64.so.1"}, why);
  if (handle == nullptr)
    return false;
  Hsa hsa{};
  hsa.init = reinterpret_cast<decltype(hsa.init)>(dlsym(handle, "hsa_init"));
  hsa.shutDown =
      reinterpret_cast<decltype(hsa.shutDown)>(dlsym(handle, "hsa_shut_down"));
  hsa.iterateAgents = reinterpret_cast<decltype(hsa.iterateAgents)>(
      dlsym(handle, "hsa_iterate_agents"));
  hsa.agentGetInfo =
      reinterpret_cast<decltype(hsa.agentGetInfo)>(dlsym(handle, "hsa_agent_get_info"));
  if (!hsa.init || !hsa.shutDown || !hsa.iterateAgents || !hsa.agentGetInfo) {
    why = "libhsa-runtime64 lacks the agent queries";
    return false;
  }
  if (hsa.init() != kHsaSuccess) {
    why = "the HSA runtime cannot initialize (no AMD GPU driver, or no access to "
          "/dev/kfd)";
    return false;
  }
  struct Context {
    Hsa *hsa;
    std::vector<GpuAgent> *out;
  } context{&hsa, &out};
  hsa.iterateAgents(
      [](hsa_agent_t agent, void *data) -> hsa_status_t {
        auto *c = static_cast<Context *>(data);
        int type = -1;
        if (c->hsa->agentGetInfo(agent, kHsaAgentInfoDevice, &type) != kHsaSuccess ||
            type != kHsaDeviceTypeGpu)
          return kHsaSuccess;
        char name[64] = {};
        GpuAgent gpu;
        c->hsa->agentGetInfo(agent, kHsaAgentInfoName, name);
        gpu.name = std::string(name, strnlen(name, sizeof(name)));
        c->hsa->agentGetInfo(agent, kHsaAgentInfoWavefrontSize, &gpu.wavefrontSize);
        c->hsa->agentGetInfo(agent, kHsaAmdAgentInfoComputeUnitCount,
                             &gpu.computeUnits);
        c->out->push_back(gpu);
        return kHsaSuccess;
      },
      &context);
  hsa.shutDown();
  return true;
}

} // namespace tessel::amd
