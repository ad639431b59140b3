//===- LevelZeroRuntime.cpp - Level Zero's loader, opened with dlopen -----===//

#include "backends/intel/runtime/LevelZeroRuntime.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace tessel::intel {

const LevelZeroRuntime *getLevelZeroRuntime(std::string *why) {
  static LevelZeroRuntime runtime;
  static std::string problem;
  static std::once_flag once;
  std::call_once(once, [] {
    const char *override = std::getenv("TESSEL_LEVEL_ZERO_LOADER");
    runtime.loader =
        override != nullptr && *override != '\0' ? override : "libze_loader.so.1";
    void *library = dlopen(runtime.loader.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
      problem = "no Level Zero driver (" + runtime.loader + " is not installed)";
      return;
    }
#define TESSEL_ZE_LOAD(name)                                                           \
  runtime.name = reinterpret_cast<ze::name##_t>(dlsym(library, #name));                \
  if (runtime.name == nullptr) {                                                       \
    problem = "no usable Level Zero driver (" + runtime.loader + " lacks " #name ")";  \
    return;                                                                            \
  }
    TESSEL_ZE_LOAD(zeInit)
    TESSEL_ZE_LOAD(zeDriverGet)
    TESSEL_ZE_LOAD(zeDeviceGet)
    TESSEL_ZE_LOAD(zeDeviceGetProperties)
    TESSEL_ZE_LOAD(zeDeviceGetComputeProperties)
    TESSEL_ZE_LOAD(zeDeviceGetMemoryProperties)
    TESSEL_ZE_LOAD(zeContextCreate)
    TESSEL_ZE_LOAD(zeContextDestroy)
    TESSEL_ZE_LOAD(zeCommandListCreateImmediate)
    TESSEL_ZE_LOAD(zeCommandListDestroy)
    TESSEL_ZE_LOAD(zeCommandListAppendMemoryCopy)
    TESSEL_ZE_LOAD(zeCommandListAppendLaunchKernel)
    TESSEL_ZE_LOAD(zeCommandListAppendWriteGlobalTimestamp)
    TESSEL_ZE_LOAD(zeCommandListAppendBarrier)
    TESSEL_ZE_LOAD(zeEventPoolCreate)
    TESSEL_ZE_LOAD(zeEventPoolDestroy)
    TESSEL_ZE_LOAD(zeEventCreate)
    TESSEL_ZE_LOAD(zeEventDestroy)
    TESSEL_ZE_LOAD(zeEventHostSynchronize)
    TESSEL_ZE_LOAD(zeEventHostReset)
    TESSEL_ZE_LOAD(zeMemAllocDevice)
    TESSEL_ZE_LOAD(zeMemAllocHost)
    TESSEL_ZE_LOAD(zeMemFree)
    TESSEL_ZE_LOAD(zeModuleCreate)
    TESSEL_ZE_LOAD(zeModuleDestroy)
    TESSEL_ZE_LOAD(zeModuleBuildLogGetString)
    TESSEL_ZE_LOAD(zeModuleBuildLogDestroy)
    TESSEL_ZE_LOAD(zeKernelCreate)
    TESSEL_ZE_LOAD(zeKernelDestroy)
    TESSEL_ZE_LOAD(zeKernelSetGroupSize)
    TESSEL_ZE_LOAD(zeKernelSetArgumentValue)
#undef TESSEL_ZE_LOAD
    // zeInit fails (ZE_RESULT_ERROR_UNINITIALIZED) when the loader finds no
    // driver: the loader is installed, a GPU driver (intel-level-zero-gpu)
    // is not.
    ze::Result r = runtime.zeInit(ze::kInitGpuOnly);
    if (r != ze::kSuccess)
      problem = "no Level Zero driver (the loader is installed; zeInit returned " +
                describeZeResult(r) + ": no GPU driver is)";
  });
  if (!problem.empty()) {
    if (why)
      *why = problem;
    return nullptr;
  }
  return &runtime;
}

std::vector<LevelZeroGpu> listLevelZeroGpus(const LevelZeroRuntime *ze,
                                            std::string &why) {
  std::vector<LevelZeroGpu> gpus;
  uint32_t count = 0;
  ze::Result r = ze->zeDriverGet(&count, nullptr);
  if (r != ze::kSuccess || count == 0) {
    why = r != ze::kSuccess ? "no Level Zero driver (zeDriverGet returned " +
                                  describeZeResult(r) + ")"
                            : "no Level Zero driver (zeDriverGet lists none)";
    return gpus;
  }
  std::vector<ze::Driver> drivers(count);
  if ((r = ze->zeDriverGet(&count, drivers.data())) != ze::kSuccess) {
    why = "no Level Zero driver (zeDriverGet returned " + describeZeResult(r) + ")";
    return gpus;
  }
  drivers.resize(count);
  for (ze::Driver driver : drivers) {
    uint32_t n = 0;
    if (ze->zeDeviceGet(driver, &n, nullptr) != ze::kSuccess || n == 0)
      continue;
    std::vector<ze::DeviceHandle> devices(n);
    if (ze->zeDeviceGet(driver, &n, devices.data()) != ze::kSuccess)
      continue;
    for (uint32_t i = 0; i < n; ++i) {
      ze::DeviceProperties props;
      // zeInit asked for GPU drivers only; a driver may still list other
      // kinds of device.
      if (ze->zeDeviceGetProperties(devices[i], &props) == ze::kSuccess &&
          props.type == ze::kDeviceTypeGpu)
        gpus.push_back({driver, devices[i]});
    }
  }
  if (gpus.empty())
    why = "the Level Zero drivers report no GPU";
  return gpus;
}

std::string describeZeResult(ze::Result result) {
  const char *name = "a Level Zero error";
  switch (result) {
  case ze::kSuccess:
    name = "ZE_RESULT_SUCCESS";
    break;
  case ze::kNotReady:
    name = "ZE_RESULT_NOT_READY";
    break;
  case ze::kErrorOutOfHostMemory:
    name = "ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY";
    break;
  case ze::kErrorOutOfDeviceMemory:
    name = "ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY";
    break;
  case ze::kErrorModuleBuildFailure:
    name = "ZE_RESULT_ERROR_MODULE_BUILD_FAILURE";
    break;
  case ze::kErrorUninitialized:
    name = "ZE_RESULT_ERROR_UNINITIALIZED";
    break;
  case ze::kErrorInvalidArgument:
    name = "ZE_RESULT_ERROR_INVALID_ARGUMENT";
    break;
  case ze::kErrorInvalidKernelName:
    name = "ZE_RESULT_ERROR_INVALID_KERNEL_NAME";
    break;
  case ze::kErrorInvalidKernelArgumentSize:
    name = "ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE";
    break;
  default:
    break;
  }
  char text[96];
  std::snprintf(text, sizeof text, "%s (0x%x)", name, unsigned(result));
  return text;
}

} // namespace tessel::intel
