//===- LevelZeroDevice.cpp - Intel GPUs through Level Zero ----------------===//

#include "plugins/intel/LevelZeroDevice.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <vector>

#include "backends/intel/IntelTarget.h"
#include "plugins/intel/KernelBundle.h"
#include "tessel/plugin.hpp"

namespace tessel::intel_plugin {
namespace {

namespace ze = intel::ze;
using intel::describeZeResult;
using intel::LevelZeroRuntime;
using sdk::MakeErrorF;
using sdk::Ok;

Tessel_Error *check(const char *call, ze::Result r,
                    Tessel_Error_Code code = TESSEL_ERROR_INTERNAL) {
  if (r == ze::kSuccess)
    return Ok();
  if (r == ze::kErrorOutOfDeviceMemory || r == ze::kErrorOutOfHostMemory)
    code = TESSEL_ERROR_RESOURCE_EXHAUSTED;
  return MakeErrorF(code, "Level Zero: %s failed: %s", call,
                    describeZeResult(r).c_str());
}

/// What the device's objects share: the runtime, the context and the one
/// command list every operation goes through, in order. Level Zero command
/// lists are not safe to append to from two threads at once.
struct Queue {
  Queue(const LevelZeroRuntime &ze, ze::Context context, ze::DeviceHandle device,
        ze::CommandList list, ze::Event done, bool inOrder)
      : ze(ze), context(context), device(device), list(list), done(done),
        inOrder(inOrder) {}
  const LevelZeroRuntime &ze;
  ze::Context context = nullptr;
  ze::DeviceHandle device = nullptr;
  ze::CommandList list = nullptr;
  /// Signalled by a barrier after everything queued, for drain().
  ze::Event done = nullptr;
  /// Whether the list runs its commands one after another by itself (the
  /// in-order flag); otherwise a barrier follows each launch.
  bool inOrder = true;
  std::mutex mutex;

  Tessel_Error *fence() {
    if (inOrder)
      return Ok();
    return check("zeCommandListAppendBarrier",
                 ze.zeCommandListAppendBarrier(list, nullptr, 0, nullptr));
  }

  /// drain() in a destructor, which has no one to report a failure to.
  void drainDiscardingErrors() {
    Tessel_Error_Destroy_Args args = sdk::Init<Tessel_Error_Destroy_Args>();
    args.error = drain();
    sdk::ErrorDestroy(&args);
  }

  /// Waits for everything queued so far: a barrier that signals `done`
  /// (zeCommandListHostSynchronize would do it, but is newer than 1.0).
  Tessel_Error *drain() {
    if (Tessel_Error *e = check("zeCommandListAppendBarrier",
                                ze.zeCommandListAppendBarrier(list, done, 0, nullptr)))
      return e;
    if (Tessel_Error *e = check("zeEventHostSynchronize",
                                ze.zeEventHostSynchronize(done, ze::kWaitForever)))
      return e;
    return check("zeEventHostReset", ze.zeEventHostReset(done));
  }
};

class LevelZeroKernel : public kit::Executable {
public:
  LevelZeroKernel(Queue &queue, ze::Module module, ze::Kernel kernel,
                  const Tessel_Kernel_Metadata &md)
      : queue(queue), module(module), kernel(kernel),
        args(md.args, md.args + md.num_args) {}
  ~LevelZeroKernel() override {
    // A kernel may be destroyed only once no launch of it is pending.
    {
      std::lock_guard<std::mutex> lock(queue.mutex);
      queue.drainDiscardingErrors();
    }
    queue.ze.zeKernelDestroy(kernel);
    queue.ze.zeModuleDestroy(module);
  }
  Tessel_Error *launch(const uint32_t grid[3], void **params) override {
    if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0)
      return Ok();
    // Arguments live on the kernel object until the launch is appended.
    std::lock_guard<std::mutex> lock(queue.mutex);
    for (size_t i = 0; i < args.size(); ++i) {
      // A pointer argument's value is the 64-bit device address in its slot.
      size_t size =
          args[i].kind == TESSEL_ARG_POINTER ? sizeof(uint64_t) : args[i].size;
      ze::Result r =
          queue.ze.zeKernelSetArgumentValue(kernel, uint32_t(i), size, params[i]);
      if (r != ze::kSuccess)
        return check("zeKernelSetArgumentValue", r, TESSEL_ERROR_INVALID_ARGUMENT);
    }
    ze::GroupCount groups{grid[0], grid[1], grid[2]};
    if (Tessel_Error *e = check("zeCommandListAppendLaunchKernel",
                                queue.ze.zeCommandListAppendLaunchKernel(
                                    queue.list, kernel, &groups, nullptr, 0, nullptr)))
      return e;
    return queue.fence();
  }

private:
  Queue &queue;
  ze::Module module;
  ze::Kernel kernel;
  std::vector<Tessel_Kernel_Arg> args;
};

/// A global timestamp the device writes into host memory when the work
/// queued before it is done.
class LevelZeroTimer : public kit::Timer {
public:
  LevelZeroTimer(Queue &queue, uint64_t *slot, double nsPerTick, uint64_t mask)
      : queue(queue), slot(slot), nsPerTick(nsPerTick), mask(mask) {}
  ~LevelZeroTimer() override {
    // The device may still have to write the slot.
    {
      std::lock_guard<std::mutex> lock(queue.mutex);
      queue.drainDiscardingErrors();
    }
    queue.ze.zeMemFree(queue.context, slot);
  }
  Tessel_Error *record() override {
    std::lock_guard<std::mutex> lock(queue.mutex);
    if (Tessel_Error *e = queue.fence())
      return e;
    return check("zeCommandListAppendWriteGlobalTimestamp",
                 queue.ze.zeCommandListAppendWriteGlobalTimestamp(queue.list, slot,
                                                                  nullptr, 0, nullptr));
  }
  Tessel_Error *elapsedSince(kit::Timer &startTimer, double &ms) override {
    {
      std::lock_guard<std::mutex> lock(queue.mutex);
      if (Tessel_Error *e = queue.drain())
        return e;
    }
    auto &start = static_cast<LevelZeroTimer &>(startTimer);
    // The counter has `mask`'s bits and wraps.
    uint64_t ticks = (*slot - *start.slot) & mask;
    ms = double(ticks) * nsPerTick / 1e6;
    return Ok();
  }

private:
  Queue &queue;
  uint64_t *slot;
  double nsPerTick;
  uint64_t mask;
};

class LevelZeroDevice : public kit::Device {
public:
  LevelZeroDevice(const LevelZeroRuntime &ze, ze::Context context,
                  ze::DeviceHandle device, ze::CommandList list, ze::EventPool pool,
                  ze::Event done, bool inOrder)
      : queue(ze, context, device, list, done, inOrder), pool(pool) {
    // The IP version (an extension every current driver has) names the
    // architecture; where a driver does not fill it, the PCI id does.
    ze::DeviceIpVersionExt ip;
    props.pNext = &ip;
    if (ze.zeDeviceGetProperties(device, &props) != ze::kSuccess) {
      props = ze::DeviceProperties();
      ip.ipVersion = 0;
      ze.zeDeviceGetProperties(device, &props);
    }
    props.pNext = nullptr;
    ze.zeDeviceGetComputeProperties(device, &compute);
    uint32_t count = 1;
    ze::DeviceMemoryProperties memoryProps;
    if (ze.zeDeviceGetMemoryProperties(device, &count, &memoryProps) == ze::kSuccess &&
        count > 0)
      memory = memoryProps.totalSize;
    name = props.name;
    target = ip.ipVersion != 0
                 ? intel::IntelTarget::forIpVersion(ip.ipVersion)
                 : intel::IntelTarget::parse(archForDeviceId(props.deviceId))
                       .value_or(intel::IntelTarget());
    arch = std::string(target.getName());
    char id[16];
    std::snprintf(id, sizeof id, "0x%04x", props.deviceId);
    features.addString("device_kind", "gpu")
        .addString("level_zero_device_id", id)
        .addBool("fp16", true)
        .addBool("bf16", true)
        // fp8 (e4m3fn, e5m2): bytes in memory, arithmetic in f32.
        .addBool("fp8", true)
        .addBool("atomics", true)
        .addBool("tensor_descriptors", true);
    for (auto &[key, value] : target.getGpuDescription().getFeatures())
      features.add(key, value);
  }
  ~LevelZeroDevice() override {
    {
      std::lock_guard<std::mutex> lock(queue.mutex);
      queue.drainDiscardingErrors();
    }
    if (staging != nullptr)
      queue.ze.zeMemFree(queue.context, staging);
    queue.ze.zeEventDestroy(queue.done);
    queue.ze.zeEventPoolDestroy(pool);
    queue.ze.zeCommandListDestroy(queue.list);
    queue.ze.zeContextDestroy(queue.context);
  }

  Tessel_Device_Desc describe() override {
    Tessel_Device_Desc desc = sdk::Init<Tessel_Device_Desc>();
    desc.vendor = "Intel";
    desc.name = name.c_str();
    desc.arch = arch.c_str();
    desc.features = features.data();
    desc.num_features = features.size();
    desc.global_mem_bytes = memory;
    desc.warp_size = target.getSubGroupSize();
    // Xe cores (sub-slices), the unit work-groups are placed on.
    desc.compute_units = std::max(1u, props.numSlices * props.numSubslicesPerSlice);
    desc.max_threads_per_block = compute.maxTotalGroupSize
                                     ? compute.maxTotalGroupSize
                                     : target.getMaxThreadsPerWorkgroup();
    desc.shared_mem_per_block = compute.maxSharedLocalMemory
                                    ? compute.maxSharedLocalMemory
                                    : target.getSlmPerWorkgroup();
    desc.shared_mem_per_block_optin = desc.shared_mem_per_block;
    return desc;
  }

  Tessel_Error *allocate(uint64_t size, uint64_t &address) override {
    ze::DeviceMemAllocDesc desc;
    void *p = nullptr;
    ze::Result r = queue.ze.zeMemAllocDevice(queue.context, &desc, size ? size : 256,
                                             128, queue.device, &p);
    if (r != ze::kSuccess)
      return MakeErrorF(
          r == ze::kErrorOutOfDeviceMemory ? TESSEL_ERROR_RESOURCE_EXHAUSTED
                                           : TESSEL_ERROR_INTERNAL,
          "Level Zero: zeMemAllocDevice of %llu bytes failed: %s",
          static_cast<unsigned long long>(size), describeZeResult(r).c_str());
    address = reinterpret_cast<uint64_t>(p);
    return Ok();
  }
  Tessel_Error *release(uint64_t address) override {
    std::lock_guard<std::mutex> lock(queue.mutex);
    // Kernels still queued may use it.
    if (Tessel_Error *e = queue.drain())
      return e;
    return check("zeMemFree",
                 queue.ze.zeMemFree(queue.context, reinterpret_cast<void *>(address)));
  }
  Tessel_Error *copyToDevice(uint64_t dst, const void *src, uint64_t size) override {
    std::lock_guard<std::mutex> lock(queue.mutex);
    for (uint64_t done = 0; done < size; done += kStagingBytes) {
      uint64_t n = std::min<uint64_t>(kStagingBytes, size - done);
      if (Tessel_Error *e = getStaging())
        return e;
      std::memcpy(staging, static_cast<const char *>(src) + done, n);
      if (Tessel_Error *e = copy(reinterpret_cast<char *>(dst) + done, staging, n))
        return e;
    }
    return Ok();
  }
  Tessel_Error *copyToHost(void *dst, uint64_t src, uint64_t size) override {
    std::lock_guard<std::mutex> lock(queue.mutex);
    for (uint64_t done = 0; done < size; done += kStagingBytes) {
      uint64_t n = std::min<uint64_t>(kStagingBytes, size - done);
      if (Tessel_Error *e = getStaging())
        return e;
      if (Tessel_Error *e =
              copy(staging, reinterpret_cast<const char *>(src) + done, n))
        return e;
      std::memcpy(static_cast<char *>(dst) + done, staging, n);
    }
    return Ok();
  }

  Tessel_Error *load(const uint8_t *artifact, size_t size,
                     const Tessel_Kernel_Metadata &md,
                     std::unique_ptr<kit::Executable> &out) override {
    intel::spirv::Bundle bundle;
    if (Tessel_Error *e =
            readKernelBundle(artifact, size, md, target.getSubGroupSize(), bundle))
      return e;
    // The native form: SPV_INTEL instructions, what Intel's driver consumes.
    ze::ModuleDesc desc;
    desc.inputSize = bundle.native.size();
    desc.pInputModule = reinterpret_cast<const uint8_t *>(bundle.native.data());
    desc.pBuildFlags = "";
    ze::Module module = nullptr;
    ze::BuildLog log = nullptr;
    ze::Result r =
        queue.ze.zeModuleCreate(queue.context, queue.device, &desc, &module, &log);
    std::string logText = takeLog(log);
    if (r != ze::kSuccess)
      return MakeErrorF(
          r == ze::kErrorModuleBuildFailure ? TESSEL_ERROR_INVALID_ARGUMENT
                                            : TESSEL_ERROR_INTERNAL,
          "Level Zero: zeModuleCreate failed: %s%s%s", describeZeResult(r).c_str(),
          logText.empty() ? "" : ": ", logText.c_str());
    ze::KernelDesc kernelDesc;
    kernelDesc.pKernelName = md.entry_name;
    ze::Kernel kernel = nullptr;
    if ((r = queue.ze.zeKernelCreate(module, &kernelDesc, &kernel)) != ze::kSuccess) {
      queue.ze.zeModuleDestroy(module);
      return MakeErrorF(TESSEL_ERROR_NOT_FOUND,
                        "Level Zero: zeKernelCreate of '%s' failed: %s", md.entry_name,
                        describeZeResult(r).c_str());
    }
    // The work-group size is the one the kernel was compiled for
    // (reqd_work_group_size in the module).
    if ((r = queue.ze.zeKernelSetGroupSize(kernel, md.threads_per_block, 1, 1)) !=
        ze::kSuccess) {
      queue.ze.zeKernelDestroy(kernel);
      queue.ze.zeModuleDestroy(module);
      return check("zeKernelSetGroupSize", r, TESSEL_ERROR_INVALID_ARGUMENT);
    }
    out = std::make_unique<LevelZeroKernel>(queue, module, kernel, md);
    return Ok();
  }

  Tessel_Error *synchronize() override {
    std::lock_guard<std::mutex> lock(queue.mutex);
    return queue.drain();
  }

  Tessel_Error *createTimer(std::unique_ptr<kit::Timer> &out) override {
    ze::HostMemAllocDesc desc;
    void *slot = nullptr;
    if (Tessel_Error *e = check(
            "zeMemAllocHost",
            queue.ze.zeMemAllocHost(queue.context, &desc, sizeof(uint64_t), 8, &slot)))
      return e;
    *static_cast<uint64_t *>(slot) = 0;
    unsigned bits = props.timestampValidBits ? props.timestampValidBits : 64;
    uint64_t mask = bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    out = std::make_unique<LevelZeroTimer>(queue, static_cast<uint64_t *>(slot),
                                           double(props.timerResolution), mask);
    return Ok();
  }

private:
  /// Copies go through a buffer of host memory the driver allocated: the
  /// device may only be given memory it can reach, which a caller's
  /// pageable memory need not be.
  static constexpr uint64_t kStagingBytes = 16ull << 20;
  Tessel_Error *getStaging() {
    if (staging != nullptr)
      return Ok();
    ze::HostMemAllocDesc desc;
    return check(
        "zeMemAllocHost",
        queue.ze.zeMemAllocHost(queue.context, &desc, kStagingBytes, 64, &staging));
  }

  /// One copy between device-reachable buffers, complete on return (the
  /// queue's lock held).
  Tessel_Error *copy(void *dst, const void *src, uint64_t size) {
    if (Tessel_Error *e = check("zeCommandListAppendMemoryCopy",
                                queue.ze.zeCommandListAppendMemoryCopy(
                                    queue.list, dst, src, size, nullptr, 0, nullptr)))
      return e;
    return queue.drain();
  }

  std::string takeLog(ze::BuildLog log) {
    if (log == nullptr)
      return {};
    size_t size = 0;
    std::string text;
    if (queue.ze.zeModuleBuildLogGetString(log, &size, nullptr) == ze::kSuccess &&
        size > 0) {
      text.resize(size);
      if (queue.ze.zeModuleBuildLogGetString(log, &size, text.data()) != ze::kSuccess)
        text.clear();
      text.resize(std::strlen(text.c_str()));
    }
    queue.ze.zeModuleBuildLogDestroy(log);
    return text;
  }

  Queue queue;
  ze::EventPool pool;
  void *staging = nullptr;
  ze::DeviceProperties props;
  ze::DeviceComputeProperties compute;
  uint64_t memory = 0;
  std::string name;
  std::string arch;
  intel::IntelTarget target;
  kit::FeatureList features;
};

} // namespace

const char *archForDeviceId(uint32_t deviceId) {
  // PCI ids: 0x0BDx are the Data Center GPU Max parts (Ponte Vecchio);
  // 0xE20x and 0xE21x the Arc B-series (Battlemage).
  if ((deviceId & 0xFFF0) == 0x0BD0)
    return "pvc";
  if ((deviceId & 0xFFF0) == 0xE200 || (deviceId & 0xFFF0) == 0xE210)
    return "bmg";
  return "xe";
}

std::unique_ptr<kit::Device> createLevelZeroDevice(const LevelZeroRuntime &ze,
                                                   const intel::LevelZeroGpu &gpu,
                                                   std::string &why) {
  ze::ContextDesc contextDesc;
  ze::Context context = nullptr;
  ze::Result r = ze.zeContextCreate(gpu.driver, &contextDesc, &context);
  if (r != ze::kSuccess) {
    why = "zeContextCreate returned " + describeZeResult(r);
    return nullptr;
  }
  // Ordinal 0 is the compute engine group on Intel's GPUs. Commands must
  // run in order (a copy after a launch reads its results): the in-order
  // flag says so; a driver older than the flag gets barriers instead.
  ze::CommandQueueDesc queueDesc;
  queueDesc.flags = ze::kQueueFlagInOrder;
  ze::CommandList list = nullptr;
  bool inOrder = true;
  r = ze.zeCommandListCreateImmediate(context, gpu.device, &queueDesc, &list);
  if (r != ze::kSuccess) {
    queueDesc.flags = 0;
    inOrder = false;
    r = ze.zeCommandListCreateImmediate(context, gpu.device, &queueDesc, &list);
  }
  if (r != ze::kSuccess) {
    ze.zeContextDestroy(context);
    why = "zeCommandListCreateImmediate returned " + describeZeResult(r);
    return nullptr;
  }
  ze::EventPoolDesc poolDesc;
  ze::EventPool pool = nullptr;
  ze::EventDesc eventDesc;
  ze::Event done = nullptr;
  ze::DeviceHandle device = gpu.device;
  r = ze.zeEventPoolCreate(context, &poolDesc, 1, &device, &pool);
  if (r == ze::kSuccess &&
      (r = ze.zeEventCreate(pool, &eventDesc, &done)) != ze::kSuccess)
    ze.zeEventPoolDestroy(pool);
  if (r != ze::kSuccess) {
    ze.zeCommandListDestroy(list);
    ze.zeContextDestroy(context);
    why = "creating an event returned " + describeZeResult(r);
    return nullptr;
  }
  return std::make_unique<LevelZeroDevice>(ze, context, gpu.device, list, pool, done,
                                           inOrder);
}

} // namespace tessel::intel_plugin
