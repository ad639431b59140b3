//===- LevelZeroRuntime.h - Level Zero's loader, opened with dlopen -*- C++ -*-===//
//
// The entry points the plugin's Level Zero devices call (all of them in
// the specification's 1.0, so that older loaders such as Debian 12's 1.8
// serve), from the loader
// (libze_loader.so.1, or the file TESSEL_LEVEL_ZERO_LOADER names) opened
// at run time, so that the plugin loads where Level Zero is absent and then
// says why it lists no Intel GPU.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_RUNTIME_LEVELZERORUNTIME_H
#define TESSEL_BACKENDS_INTEL_RUNTIME_LEVELZERORUNTIME_H

#include <string>
#include <vector>

#include "backends/intel/runtime/LevelZeroApi.h"

namespace tessel::intel {

struct LevelZeroRuntime {
#define TESSEL_ZE_ENTRY(name) ze::name##_t name = nullptr;
  TESSEL_ZE_ENTRY(zeInit)
  TESSEL_ZE_ENTRY(zeDriverGet)
  TESSEL_ZE_ENTRY(zeDeviceGet)
  TESSEL_ZE_ENTRY(zeDeviceGetProperties)
  TESSEL_ZE_ENTRY(zeDeviceGetComputeProperties)
  TESSEL_ZE_ENTRY(zeDeviceGetMemoryProperties)
  TESSEL_ZE_ENTRY(zeContextCreate)
  TESSEL_ZE_ENTRY(zeContextDestroy)
  TESSEL_ZE_ENTRY(zeCommandListCreateImmediate)
  TESSEL_ZE_ENTRY(zeCommandListDestroy)
  TESSEL_ZE_ENTRY(zeCommandListAppendMemoryCopy)
  TESSEL_ZE_ENTRY(zeCommandListAppendLaunchKernel)
  TESSEL_ZE_ENTRY(zeCommandListAppendWriteGlobalTimestamp)
  TESSEL_ZE_ENTRY(zeCommandListAppendBarrier)
  TESSEL_ZE_ENTRY(zeEventPoolCreate)
  TESSEL_ZE_ENTRY(zeEventPoolDestroy)
  TESSEL_ZE_ENTRY(zeEventCreate)
  TESSEL_ZE_ENTRY(zeEventDestroy)
  TESSEL_ZE_ENTRY(zeEventHostSynchronize)
  TESSEL_ZE_ENTRY(zeEventHostReset)
  TESSEL_ZE_ENTRY(zeMemAllocDevice)
  TESSEL_ZE_ENTRY(zeMemAllocHost)
  TESSEL_ZE_ENTRY(zeMemFree)
  TESSEL_ZE_ENTRY(zeModuleCreate)
  TESSEL_ZE_ENTRY(zeModuleDestroy)
  TESSEL_ZE_ENTRY(zeModuleBuildLogGetString)
  TESSEL_ZE_ENTRY(zeModuleBuildLogDestroy)
  TESSEL_ZE_ENTRY(zeKernelCreate)
  TESSEL_ZE_ENTRY(zeKernelDestroy)
  TESSEL_ZE_ENTRY(zeKernelSetGroupSize)
  TESSEL_ZE_ENTRY(zeKernelSetArgumentValue)
#undef TESSEL_ZE_ENTRY
  /// The file that was opened, for messages.
  std::string loader;
};

/// The process's Level Zero loader, opened and initialized (zeInit for
/// GPUs) on first use; null with `why` set to a sentence for people: "no
/// Level Zero driver (libze_loader.so.1 is not installed)", or what failed.
const LevelZeroRuntime *getLevelZeroRuntime(std::string *why);

/// One GPU a Level Zero driver reports.
struct LevelZeroGpu {
  ze::Driver driver = nullptr;
  ze::DeviceHandle device = nullptr;
};

/// The GPUs of every driver, in the drivers' order; an empty list with
/// `why` set to a sentence for people when there are none.
std::vector<LevelZeroGpu> listLevelZeroGpus(const LevelZeroRuntime *ze,
                                            std::string &why);

/// "ZE_RESULT_ERROR_MODULE_BUILD_FAILURE (0x70000004)" for Level Zero
/// results.
std::string describeZeResult(ze::Result result);

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_RUNTIME_LEVELZERORUNTIME_H
