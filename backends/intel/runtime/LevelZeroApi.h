//===- LevelZeroApi.h - The part of Level Zero's C API the plugin uses -*- C++ -*-===//
//
// Level Zero's loader is opened with dlopen (LevelZeroRuntime.h), so the
// plugin builds and loads where neither the loader nor its headers are
// installed. These are the types, constants and structure layouts of the
// entry points it calls, as the Level Zero specification 1.x fixes them
// (ze_api.h): handles are opaque pointers, enums and flag sets 32-bit,
// every descriptor begins with its structure type and an extension chain.
// The layouts are ABI: a field changes only by a new structure type.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_RUNTIME_LEVELZEROAPI_H
#define TESSEL_BACKENDS_INTEL_RUNTIME_LEVELZEROAPI_H

#include <cstddef>
#include <cstdint>

namespace tessel::intel::ze {

using Result = int32_t;
inline constexpr Result kSuccess = 0;
inline constexpr Result kNotReady = 1;
inline constexpr Result kErrorOutOfHostMemory = 0x70000002;
inline constexpr Result kErrorOutOfDeviceMemory = 0x70000003;
inline constexpr Result kErrorModuleBuildFailure = 0x70000004;
inline constexpr Result kErrorUninitialized = 0x78000001;
inline constexpr Result kErrorInvalidArgument = 0x78000004;
inline constexpr Result kErrorInvalidKernelName = 0x78000011;
inline constexpr Result kErrorInvalidKernelArgumentSize = 0x78000016;

using Driver = struct DriverOpaque *;
using DeviceHandle = struct DeviceOpaque *;
using Context = struct ContextOpaque *;
using CommandList = struct CommandListOpaque *;
using Module = struct ModuleOpaque *;
using BuildLog = struct BuildLogOpaque *;
using Kernel = struct KernelOpaque *;
using Event = struct EventOpaque *;
using EventPool = struct EventPoolOpaque *;

// ze_structure_type_t
inline constexpr uint32_t kStructDeviceProperties = 0x3;
inline constexpr uint32_t kStructDeviceComputeProperties = 0x4;
inline constexpr uint32_t kStructDeviceMemoryProperties = 0x7;
inline constexpr uint32_t kStructContextDesc = 0xd;
inline constexpr uint32_t kStructCommandQueueDesc = 0xe;
inline constexpr uint32_t kStructEventPoolDesc = 0x10;
inline constexpr uint32_t kStructEventDesc = 0x11;
inline constexpr uint32_t kStructDeviceMemAllocDesc = 0x15;
inline constexpr uint32_t kStructHostMemAllocDesc = 0x16;
inline constexpr uint32_t kStructModuleDesc = 0x1b;
inline constexpr uint32_t kStructKernelDesc = 0x1d;
inline constexpr uint32_t kStructDeviceIpVersionExt = 0x1000f;

inline constexpr uint32_t kInitGpuOnly = 1;
inline constexpr uint32_t kDeviceTypeGpu = 1;
inline constexpr uint32_t kModuleFormatSpirv = 0;
inline constexpr uint32_t kQueueModeAsynchronous = 2;
/// ZE_COMMAND_QUEUE_FLAG_IN_ORDER, for immediate command lists (spec 1.9).
inline constexpr uint32_t kQueueFlagInOrder = 2;
inline constexpr uint64_t kWaitForever = UINT64_MAX;
inline constexpr uint32_t kEventPoolHostVisible = 1;
inline constexpr uint32_t kEventScopeHost = 4;

struct DeviceProperties {
  uint32_t stype = kStructDeviceProperties;
  void *pNext = nullptr;
  uint32_t type = 0;
  uint32_t vendorId = 0;
  uint32_t deviceId = 0;
  uint32_t flags = 0;
  uint32_t subdeviceId = 0;
  uint32_t coreClockRate = 0;
  uint64_t maxMemAllocSize = 0;
  uint32_t maxHardwareContexts = 0;
  uint32_t maxCommandQueuePriority = 0;
  uint32_t numThreadsPerEU = 0;
  uint32_t physicalEUSimdWidth = 0;
  uint32_t numEUsPerSubslice = 0;
  uint32_t numSubslicesPerSlice = 0;
  uint32_t numSlices = 0;
  /// Nanoseconds per tick of the global timestamp (with this stype).
  uint64_t timerResolution = 0;
  uint32_t timestampValidBits = 0;
  uint32_t kernelTimestampValidBits = 0;
  uint8_t uuid[16] = {};
  char name[256] = {};
};

/// ZE_extension_device_ip_version, chained to DeviceProperties.
struct DeviceIpVersionExt {
  uint32_t stype = kStructDeviceIpVersionExt;
  const void *pNext = nullptr;
  uint32_t ipVersion = 0;
};

struct DeviceComputeProperties {
  uint32_t stype = kStructDeviceComputeProperties;
  void *pNext = nullptr;
  uint32_t maxTotalGroupSize = 0;
  uint32_t maxGroupSizeX = 0, maxGroupSizeY = 0, maxGroupSizeZ = 0;
  uint32_t maxGroupCountX = 0, maxGroupCountY = 0, maxGroupCountZ = 0;
  uint32_t maxSharedLocalMemory = 0;
  uint32_t numSubGroupSizes = 0;
  uint32_t subGroupSizes[8] = {};
};

struct DeviceMemoryProperties {
  uint32_t stype = kStructDeviceMemoryProperties;
  void *pNext = nullptr;
  uint32_t flags = 0;
  uint32_t maxClockRate = 0;
  uint32_t maxBusWidth = 0;
  uint64_t totalSize = 0;
  char name[256] = {};
};

struct ContextDesc {
  uint32_t stype = kStructContextDesc;
  const void *pNext = nullptr;
  uint32_t flags = 0;
};

struct CommandQueueDesc {
  uint32_t stype = kStructCommandQueueDesc;
  const void *pNext = nullptr;
  uint32_t ordinal = 0;
  uint32_t index = 0;
  uint32_t flags = 0;
  uint32_t mode = kQueueModeAsynchronous;
  uint32_t priority = 0;
};

struct DeviceMemAllocDesc {
  uint32_t stype = kStructDeviceMemAllocDesc;
  const void *pNext = nullptr;
  uint32_t flags = 0;
  uint32_t ordinal = 0;
};

struct HostMemAllocDesc {
  uint32_t stype = kStructHostMemAllocDesc;
  const void *pNext = nullptr;
  uint32_t flags = 0;
};

struct EventPoolDesc {
  uint32_t stype = kStructEventPoolDesc;
  const void *pNext = nullptr;
  uint32_t flags = kEventPoolHostVisible;
  uint32_t count = 1;
};

struct EventDesc {
  uint32_t stype = kStructEventDesc;
  const void *pNext = nullptr;
  uint32_t index = 0;
  uint32_t signal = kEventScopeHost;
  uint32_t wait = kEventScopeHost;
};

struct ModuleConstants {
  uint32_t numConstants;
  const uint32_t *pConstantIds;
  const void **pConstantValues;
};

struct ModuleDesc {
  uint32_t stype = kStructModuleDesc;
  const void *pNext = nullptr;
  uint32_t format = kModuleFormatSpirv;
  size_t inputSize = 0;
  const uint8_t *pInputModule = nullptr;
  const char *pBuildFlags = nullptr;
  const ModuleConstants *pConstants = nullptr;
};

struct KernelDesc {
  uint32_t stype = kStructKernelDesc;
  const void *pNext = nullptr;
  uint32_t flags = 0;
  const char *pKernelName = nullptr;
};

struct GroupCount {
  uint32_t groupCountX, groupCountY, groupCountZ;
};

// The entry points, by their C names.
using zeInit_t = Result (*)(uint32_t flags);
using zeDriverGet_t = Result (*)(uint32_t *count, Driver *drivers);
using zeDeviceGet_t = Result (*)(Driver driver, uint32_t *count, DeviceHandle *devices);
using zeDeviceGetProperties_t = Result (*)(DeviceHandle device,
                                           DeviceProperties *props);
using zeDeviceGetComputeProperties_t = Result (*)(DeviceHandle device,
                                                  DeviceComputeProperties *props);
using zeDeviceGetMemoryProperties_t = Result (*)(DeviceHandle device, uint32_t *count,
                                                 DeviceMemoryProperties *props);
using zeContextCreate_t = Result (*)(Driver driver, const ContextDesc *desc,
                                     Context *context);
using zeContextDestroy_t = Result (*)(Context context);
using zeCommandListCreateImmediate_t = Result (*)(Context context, DeviceHandle device,
                                                  const CommandQueueDesc *desc,
                                                  CommandList *list);
using zeCommandListDestroy_t = Result (*)(CommandList list);
using zeCommandListAppendMemoryCopy_t = Result (*)(CommandList list, void *dst,
                                                   const void *src, size_t size,
                                                   Event signal, uint32_t numWait,
                                                   Event *wait);
using zeCommandListAppendLaunchKernel_t = Result (*)(CommandList list, Kernel kernel,
                                                     const GroupCount *groups,
                                                     Event signal, uint32_t numWait,
                                                     Event *wait);
using zeCommandListAppendWriteGlobalTimestamp_t = Result (*)(
    CommandList list, uint64_t *dst, Event signal, uint32_t numWait, Event *wait);
using zeCommandListAppendBarrier_t = Result (*)(CommandList list, Event signal,
                                                uint32_t numWait, Event *wait);
using zeEventPoolCreate_t = Result (*)(Context context, const EventPoolDesc *desc,
                                       uint32_t numDevices, DeviceHandle *devices,
                                       EventPool *pool);
using zeEventPoolDestroy_t = Result (*)(EventPool pool);
using zeEventCreate_t = Result (*)(EventPool pool, const EventDesc *desc, Event *event);
using zeEventDestroy_t = Result (*)(Event event);
using zeEventHostSynchronize_t = Result (*)(Event event, uint64_t timeout);
using zeEventHostReset_t = Result (*)(Event event);
using zeMemAllocDevice_t = Result (*)(Context context, const DeviceMemAllocDesc *desc,
                                      size_t size, size_t alignment,
                                      DeviceHandle device, void **ptr);
using zeMemAllocHost_t = Result (*)(Context context, const HostMemAllocDesc *desc,
                                    size_t size, size_t alignment, void **ptr);
using zeMemFree_t = Result (*)(Context context, void *ptr);
using zeModuleCreate_t = Result (*)(Context context, DeviceHandle device,
                                    const ModuleDesc *desc, Module *module,
                                    BuildLog *log);
using zeModuleDestroy_t = Result (*)(Module module);
using zeModuleBuildLogGetString_t = Result (*)(BuildLog log, size_t *size, char *text);
using zeModuleBuildLogDestroy_t = Result (*)(BuildLog log);
using zeKernelCreate_t = Result (*)(Module module, const KernelDesc *desc,
                                    Kernel *kernel);
using zeKernelDestroy_t = Result (*)(Kernel kernel);
using zeKernelSetGroupSize_t = Result (*)(Kernel kernel, uint32_t x, uint32_t y,
                                          uint32_t z);
using zeKernelSetArgumentValue_t = Result (*)(Kernel kernel, uint32_t index,
                                              size_t size, const void *value);

} // namespace tessel::intel::ze

#endif // TESSEL_BACKENDS_INTEL_RUNTIME_LEVELZEROAPI_H
