//===- FakeLevelZero.cpp - A Level Zero loader that records its calls -----===//
//
// Tests of the plugin's Level Zero devices run where no Intel GPU and no
// Level Zero driver exist: this library stands in for libze_loader.so.1
// (TESSEL_LEVEL_ZERO_LOADER names it). It reports one GPU, keeps "device"
// memory in host memory (so copies really move bytes), checks what a
// driver would check of the calls it gets (structure types, the SPIR-V
// magic, the kernel's name in the module, argument indices and sizes, the
// group size), and appends one line per call to a journal the test reads
// (fake_ze_journal). It runs no kernel: launches are recorded, not
// executed. Environment: FAKE_ZE_DEVICE_ID (default 0x0BD5),
// FAKE_ZE_IP_VERSION (the ip version extension's value; unset: not filled),
// FAKE_ZE_INIT_FAIL=1, FAKE_ZE_NO_IN_ORDER=1 (refuses the in-order flag, as
// a driver older than it would).
//
//===----------------------------------------------------------------------===//

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "backends/intel/runtime/LevelZeroApi.h"

using namespace tessel::intel;

namespace {

struct FakeModule {
  std::string spirv;
};
struct FakeKernel {
  std::string name;
  uint32_t groupX = 0;
  std::map<uint32_t, std::string> args;
};
struct FakeLog {
  std::string text;
};

std::mutex mutex;
std::string journal;
uint64_t ticks = 1000;
int driverTag, deviceTag, contextTag, listTag, poolTag, eventTag;
/// Whether the event was signalled since its last reset.
bool signalled = false;
ze::Driver theDriver = reinterpret_cast<ze::Driver>(&driverTag);
ze::DeviceHandle theDevice = reinterpret_cast<ze::DeviceHandle>(&deviceTag);

void note(const std::string &line) {
  std::lock_guard<std::mutex> lock(mutex);
  journal += line + "\n";
}

bool flag(const char *name) {
  const char *v = std::getenv(name);
  return v != nullptr && std::strcmp(v, "1") == 0;
}

std::string hexBytes(const void *p, size_t n) {
  std::string s;
  char b[3];
  for (size_t i = 0; i < n; ++i) {
    std::snprintf(b, sizeof b, "%02x", static_cast<const unsigned char *>(p)[i]);
    s += b;
  }
  return s;
}

} // namespace

extern "C" {

__attribute__((visibility("default"))) const char *fake_ze_journal() {
  return journal.c_str();
}

__attribute__((visibility("default"))) ze::Result zeInit(uint32_t flags) {
  note("zeInit flags=" + std::to_string(flags));
  return flag("FAKE_ZE_INIT_FAIL") ? ze::kErrorUninitialized : ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result zeDriverGet(uint32_t *count,
                                                              ze::Driver *drivers) {
  if (drivers != nullptr && *count >= 1)
    drivers[0] = theDriver;
  *count = 1;
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeDeviceGet(ze::Driver driver, uint32_t *count, ze::DeviceHandle *devices) {
  if (driver != theDriver)
    return ze::kErrorInvalidArgument;
  if (devices != nullptr && *count >= 1)
    devices[0] = theDevice;
  *count = 1;
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeDeviceGetProperties(ze::DeviceHandle device, ze::DeviceProperties *props) {
  if (device != theDevice || props->stype != ze::kStructDeviceProperties)
    return ze::kErrorInvalidArgument;
  const char *id = std::getenv("FAKE_ZE_DEVICE_ID");
  props->type = ze::kDeviceTypeGpu;
  props->vendorId = 0x8086;
  props->deviceId = id ? uint32_t(std::strtoul(id, nullptr, 0)) : 0x0BD5;
  props->numSlices = 2;
  props->numSubslicesPerSlice = 64;
  props->numEUsPerSubslice = 8;
  props->timerResolution = 52; // ns per tick
  props->timestampValidBits = 32;
  std::snprintf(props->name, sizeof props->name, "Fake Level Zero GPU");
  const char *ip = std::getenv("FAKE_ZE_IP_VERSION");
  auto *ext = static_cast<ze::DeviceIpVersionExt *>(props->pNext);
  if (ip != nullptr && ext != nullptr && ext->stype == ze::kStructDeviceIpVersionExt)
    ext->ipVersion = uint32_t(std::strtoul(ip, nullptr, 0));
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeDeviceGetComputeProperties(ze::DeviceHandle, ze::DeviceComputeProperties *props) {
  if (props->stype != ze::kStructDeviceComputeProperties)
    return ze::kErrorInvalidArgument;
  props->maxTotalGroupSize = 1024;
  props->maxSharedLocalMemory = 128 * 1024;
  props->numSubGroupSizes = 2;
  props->subGroupSizes[0] = 16;
  props->subGroupSizes[1] = 32;
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeDeviceGetMemoryProperties(ze::DeviceHandle, uint32_t *count,
                            ze::DeviceMemoryProperties *props) {
  if (props != nullptr && *count >= 1) {
    if (props->stype != ze::kStructDeviceMemoryProperties)
      return ze::kErrorInvalidArgument;
    props->totalSize = 64ull << 30;
  }
  *count = 1;
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeContextCreate(ze::Driver driver, const ze::ContextDesc *desc, ze::Context *context) {
  if (driver != theDriver || desc->stype != ze::kStructContextDesc)
    return ze::kErrorInvalidArgument;
  *context = reinterpret_cast<ze::Context>(&contextTag);
  note("zeContextCreate");
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result zeContextDestroy(ze::Context) {
  note("zeContextDestroy");
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeCommandListCreateImmediate(ze::Context, ze::DeviceHandle device,
                             const ze::CommandQueueDesc *desc, ze::CommandList *list) {
  if (device != theDevice || desc->stype != ze::kStructCommandQueueDesc)
    return ze::kErrorInvalidArgument;
  if ((desc->flags & ze::kQueueFlagInOrder) && flag("FAKE_ZE_NO_IN_ORDER"))
    return ze::kErrorInvalidArgument;
  *list = reinterpret_cast<ze::CommandList>(&listTag);
  note("zeCommandListCreateImmediate flags=" + std::to_string(desc->flags) +
       " mode=" + std::to_string(desc->mode));
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeCommandListDestroy(ze::CommandList) {
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeCommandListAppendMemoryCopy(ze::CommandList, void *dst, const void *src, size_t size,
                              ze::Event, uint32_t, ze::Event *) {
  std::memcpy(dst, src, size);
  note("zeCommandListAppendMemoryCopy size=" + std::to_string(size));
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeCommandListAppendLaunchKernel(ze::CommandList, ze::Kernel kernel,
                                const ze::GroupCount *groups, ze::Event, uint32_t,
                                ze::Event *) {
  auto *k = reinterpret_cast<FakeKernel *>(kernel);
  std::string line = "zeCommandListAppendLaunchKernel " + k->name +
                     " groups=" + std::to_string(groups->groupCountX) + "," +
                     std::to_string(groups->groupCountY) + "," +
                     std::to_string(groups->groupCountZ) +
                     " group_size=" + std::to_string(k->groupX);
  for (auto &[index, value] : k->args)
    line += " arg" + std::to_string(index) + "=" + value;
  note(line);
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeCommandListAppendWriteGlobalTimestamp(ze::CommandList, uint64_t *dst, ze::Event,
                                        uint32_t, ze::Event *) {
  // 100 ticks between timestamps, wrapping at 32 valid bits as the
  // properties say.
  ticks = (ticks + 100) & 0xffffffffull;
  *dst = ticks;
  note("zeCommandListAppendWriteGlobalTimestamp");
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeCommandListAppendBarrier(ze::CommandList, ze::Event signal, uint32_t, ze::Event *) {
  if (signal != nullptr)
    signalled = true;
  else
    note("zeCommandListAppendBarrier");
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeEventPoolCreate(ze::Context, const ze::EventPoolDesc *desc, uint32_t,
                  ze::DeviceHandle *, ze::EventPool *pool) {
  if (desc->stype != ze::kStructEventPoolDesc || desc->count == 0)
    return ze::kErrorInvalidArgument;
  *pool = reinterpret_cast<ze::EventPool>(&poolTag);
  return ze::kSuccess;
}
__attribute__((visibility("default"))) ze::Result zeEventPoolDestroy(ze::EventPool) {
  return ze::kSuccess;
}
__attribute__((visibility("default"))) ze::Result
zeEventCreate(ze::EventPool, const ze::EventDesc *desc, ze::Event *event) {
  if (desc->stype != ze::kStructEventDesc)
    return ze::kErrorInvalidArgument;
  *event = reinterpret_cast<ze::Event>(&eventTag);
  return ze::kSuccess;
}
__attribute__((visibility("default"))) ze::Result zeEventDestroy(ze::Event) {
  return ze::kSuccess;
}
// Work "completes" when appended: an event a barrier signals is set at once;
// waiting on one nobody signalled would hang a real driver, so it fails here.
__attribute__((visibility("default"))) ze::Result zeEventHostSynchronize(ze::Event,
                                                                         uint64_t) {
  return signalled ? ze::kSuccess : ze::kNotReady;
}
__attribute__((visibility("default"))) ze::Result zeEventHostReset(ze::Event) {
  signalled = false;
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeMemAllocDevice(ze::Context, const ze::DeviceMemAllocDesc *desc, size_t size,
                 size_t alignment, ze::DeviceHandle device, void **ptr) {
  if (device != theDevice || desc->stype != ze::kStructDeviceMemAllocDesc)
    return ze::kErrorInvalidArgument;
  if (size > (1ull << 40))
    return ze::kErrorOutOfDeviceMemory;
  *ptr = std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
  note("zeMemAllocDevice size=" + std::to_string(size));
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeMemAllocHost(ze::Context, const ze::HostMemAllocDesc *desc, size_t size,
               size_t alignment, void **ptr) {
  if (desc->stype != ze::kStructHostMemAllocDesc)
    return ze::kErrorInvalidArgument;
  *ptr = std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result zeMemFree(ze::Context, void *ptr) {
  std::free(ptr);
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeModuleCreate(ze::Context, ze::DeviceHandle, const ze::ModuleDesc *desc,
               ze::Module *module, ze::BuildLog *log) {
  if (desc->stype != ze::kStructModuleDesc || desc->format != ze::kModuleFormatSpirv)
    return ze::kErrorInvalidArgument;
  std::string spirv(reinterpret_cast<const char *>(desc->pInputModule),
                    desc->inputSize);
  uint32_t magic = 0;
  if (spirv.size() >= 4)
    std::memcpy(&magic, spirv.data(), 4);
  note("zeModuleCreate size=" + std::to_string(spirv.size()) +
       " magic=" + hexBytes(spirv.data(), spirv.size() >= 4 ? 4 : 0));
  if (magic != 0x07230203) {
    if (log != nullptr)
      *log = reinterpret_cast<ze::BuildLog>(
          new FakeLog{"error: input is not a SPIR-V module"});
    return ze::kErrorModuleBuildFailure;
  }
  if (log != nullptr)
    *log = reinterpret_cast<ze::BuildLog>(new FakeLog{""});
  *module = reinterpret_cast<ze::Module>(new FakeModule{spirv});
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result zeModuleDestroy(ze::Module module) {
  delete reinterpret_cast<FakeModule *>(module);
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeModuleBuildLogGetString(ze::BuildLog log, size_t *size, char *text) {
  auto *l = reinterpret_cast<FakeLog *>(log);
  if (text == nullptr) {
    *size = l->text.size() + 1;
    return ze::kSuccess;
  }
  std::memcpy(text, l->text.c_str(), std::min(*size, l->text.size() + 1));
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeModuleBuildLogDestroy(ze::BuildLog log) {
  delete reinterpret_cast<FakeLog *>(log);
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeKernelCreate(ze::Module module, const ze::KernelDesc *desc, ze::Kernel *kernel) {
  auto *m = reinterpret_cast<FakeModule *>(module);
  if (desc->stype != ze::kStructKernelDesc)
    return ze::kErrorInvalidArgument;
  // An entry point's name is a literal string of the module.
  std::string name(desc->pKernelName);
  if (m->spirv.find(name + '\0') == std::string::npos)
    return ze::kErrorInvalidKernelName;
  *kernel = reinterpret_cast<ze::Kernel>(new FakeKernel{name});
  note("zeKernelCreate " + name);
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result zeKernelDestroy(ze::Kernel kernel) {
  delete reinterpret_cast<FakeKernel *>(kernel);
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeKernelSetGroupSize(ze::Kernel kernel, uint32_t x, uint32_t y, uint32_t z) {
  if (x == 0 || x > 1024 || y != 1 || z != 1)
    return ze::kErrorInvalidArgument;
  reinterpret_cast<FakeKernel *>(kernel)->groupX = x;
  return ze::kSuccess;
}

__attribute__((visibility("default"))) ze::Result
zeKernelSetArgumentValue(ze::Kernel kernel, uint32_t index, size_t size,
                         const void *value) {
  if (size != 4 && size != 8 && size != 2 && size != 1)
    return ze::kErrorInvalidKernelArgumentSize;
  reinterpret_cast<FakeKernel *>(kernel)->args[index] = hexBytes(value, size);
  return ze::kSuccess;
}

} // extern "C"
