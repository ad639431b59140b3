//===- HipRuntime.h - The HIP runtime and HSA, loaded with dlopen -*- C++ -*-===//
//
// What the AMD plugin's runtime half uses of ROCm, loaded at first use from
// libamdhip64 (launches, memory, events) and libhsa-runtime64 (the agents'
// chip names, which HIP gives only inside a device-properties struct whose
// layout changed between ROCm 5 and 6). No link-time ROCm dependency: the
// plugin loads where ROCm is absent and then reports no device, saying why.
// Declarations are written here from ROCm's published C APIs, so building
// needs no ROCm headers. No LLVM or MLIR: the runtime-only plugin links it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_AMD_RUNTIME_HIPRUNTIME_H
#define TESSEL_BACKENDS_AMD_RUNTIME_HIPRUNTIME_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tessel::amd {

using hipError_t = int;
using hipModule_t = struct ihipModule_t *;
using hipFunction_t = struct ihipModuleSymbol_t *;
using hipStream_t = struct ihipStream_t *;
using hipEvent_t = struct ihipEvent_t *;
using hipDeviceptr_t = void *;

inline constexpr hipError_t hipSuccess = 0;
inline constexpr hipError_t hipErrorNoDevice = 100;

/// Entry points of libamdhip64; all non-null once loading succeeded.
struct HipRuntime {
  hipError_t (*hipInit)(unsigned);
  const char *(*hipGetErrorString)(hipError_t);
  hipError_t (*hipGetDeviceCount)(int *);
  hipError_t (*hipSetDevice)(int);
  hipError_t (*hipMemGetInfo)(size_t *, size_t *);
  hipError_t (*hipMalloc)(void **, size_t);
  hipError_t (*hipFree)(void *);
  hipError_t (*hipMemcpyHtoD)(hipDeviceptr_t, void *, size_t);
  hipError_t (*hipMemcpyDtoH)(void *, hipDeviceptr_t, size_t);
  hipError_t (*hipDeviceSynchronize)();
  hipError_t (*hipModuleLoadData)(hipModule_t *, const void *);
  hipError_t (*hipModuleUnload)(hipModule_t);
  hipError_t (*hipModuleGetFunction)(hipFunction_t *, hipModule_t, const char *);
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned, unsigned,
                                      unsigned, unsigned, unsigned, unsigned,
                                      hipStream_t, void **, void **);
  hipError_t (*hipEventCreate)(hipEvent_t *);
  hipError_t (*hipEventDestroy)(hipEvent_t);
  hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t);
  hipError_t (*hipEventSynchronize)(hipEvent_t);
  hipError_t (*hipEventElapsedTime)(float *, hipEvent_t, hipEvent_t);
};

/// The process-wide runtime, loaded once. nullptr when no libamdhip64 can
/// be loaded; `why` (if given) then says so.
const HipRuntime *getHipRuntime(std::string *why = nullptr);

/// "hipMalloc failed: out of memory (2)".
std::string describeHipError(const HipRuntime &hip, const char *call, hipError_t error);

/// One GPU agent as HSA describes it, in HSA's order (which is HIP's
/// device order).
struct GpuAgent {
  std::string name; ///< "gfx942", or "gfx90a:sramecc+:xnack-" style
  uint32_t computeUnits = 0;
  uint32_t wavefrontSize = 0;
};

/// The GPU agents, through libhsa-runtime64. False with `why` set when HSA
/// cannot be loaded or initialized (no driver, no /dev/kfd).
bool listGpuAgents(std::vector<GpuAgent> &out, std::string &why);

} // namespace tessel::amd

#endif // TESSEL_BACKENDS_AMD_RUNTIME_HIPRUNTIME_H
