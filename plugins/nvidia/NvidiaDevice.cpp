//===- NvidiaDevice.cpp - The NVIDIA plugin's devices ---------------------===//
//
// GPUs over the CUDA driver API loaded with dlopen (backends/nvidia/runtime,
// CudaDriver.h). One device per GPU, each using its primary context;
// launches go to the context's default stream, in order, and return before
// the kernel finishes (device_synchronize waits). Listing devices does not
// initialize the driver in the calling process (DeviceQuery.h).
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <string>
#include <vector>

#include "backends/nvidia/NvidiaTarget.h"
#include "backends/nvidia/runtime/CudaDriver.h"
#include "backends/nvidia/runtime/DeviceQuery.h"
#include "backends/nvidia/runtime/TensorMapRecipe.h"
#include "backends/nvidia/runtime/TileIrArtifact.h"
#include "plugins/common/Device.h"
#include "plugins/common/PluginEntry.h"
#include "plugins/nvidia/NvidiaArtifact.h"
#include "tessel/plugin.hpp"

namespace tessel::nvidia_plugin {
namespace {

using namespace nvidia; // the driver's types and entry points
using sdk::MakeErrorF;
using sdk::Ok;

Tessel_Error *check(const CudaDriver &cuda, const char *call, CUresult r,
                    Tessel_Error_Code code = TESSEL_ERROR_INTERNAL) {
  if (r == CUDA_SUCCESS)
    return Ok();
  return MakeErrorF(code, "%s", describeCudaError(cuda, call, r).c_str());
}

class Gpu;

/// The driver with `gpu`'s primary context current on this thread.
Tessel_Error *enter(Gpu &gpu, const CudaDriver **out);

/// Runs `body(driver)` with `gpu`'s context current.
template <typename Body> Tessel_Error *withDriver(Gpu &gpu, Body &&body) {
  const CudaDriver *cuda;
  if (Tessel_Error *e = enter(gpu, &cuda))
    return e;
  return body(*cuda);
}

class GpuKernel : public kit::Executable {
public:
  GpuKernel(Gpu &gpu, CUmodule module, CUfunction function, uint32_t threads,
            uint32_t shared, TensorMapRecipe recipe)
      : gpu(gpu), module(module), function(function), threads(threads), shared(shared),
        recipe(std::move(recipe)), maps(this->recipe.maps.size()) {}
  ~GpuKernel() override {
    // Nothing to report from a destructor.
    delete withDriver(gpu, [&](const CudaDriver &cuda) {
      cuda.cuModuleUnload(module);
      if (zeros != 0)
        cuda.cuMemFree(zeros);
      return Ok();
    });
  }

  Tessel_Error *launch(const uint32_t grid[3], void **params) override {
    // cuLaunchKernel reads each parameter's bytes (as many as the kernel
    // declares) from the pointed-to slot, at the call: the tensor maps
    // (TensorMapRecipe.h) may be encoded into the same slots every launch.
    return withDriver(gpu, [&](const CudaDriver &cuda) -> Tessel_Error * {
      void **all = params;
      std::lock_guard<std::mutex> lock(launchMutex);
      if (!recipe.maps.empty()) {
        if (Tessel_Error *e = encodeTensorMaps(cuda, params))
          return e;
        all = slots.data();
      }
      return check(cuda, "cuLaunchKernel",
                   cuda.cuLaunchKernel(function, grid[0], grid[1], grid[2], threads, 1,
                                       1, shared, /*stream=*/nullptr, all, nullptr));
    });
  }

private:
  /// The maps of this launch after the user's parameters, then the word of
  /// flags saying which are grouped (TensorMapRecipe.h), in `slots`.
  Tessel_Error *encodeTensorMaps(const CudaDriver &cuda, void **params) {
    slots.assign(params, params + recipe.userParams);
    flags = 0;
    for (size_t i = 0; i < recipe.maps.size(); ++i) {
      const TensorMapEntry &map = recipe.maps[i];
      TensorMapGeometry g;
      // An empty tensor (a GEMM with K = 0 whose tiles the compiler copies
      // by TMA) reads zeros through a map of one zero element.
      if (isEmptyTensor(map, params)) {
        if (Tessel_Error *e = getZeros(cuda))
          return e;
        g = getEmptyGeometry(map, uint64_t(zeros));
        if (Tessel_Error *e =
                check(cuda, "cuTensorMapEncodeTiled", encode(cuda, map, g, maps[i]),
                      TESSEL_ERROR_INVALID_ARGUMENT))
          return e;
        slots.push_back(&maps[i]);
        continue;
      }
      std::string why = computeTensorMapGeometry(map, params, g);
      if (!why.empty())
        return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                          "this kernel copies tiles with TMA, which cannot read "
                          "its arguments: %s",
                          why.c_str());
      if (map.hasSlices())
        boundTensorMapSlices(g, getAllocationEnd(cuda, g.base));
      // The grouped form where this launch's rows allow it and the driver
      // takes it; the plain one otherwise (the kernel follows the flag).
      TensorMapGeometry grouped = g;
      if (map.groupWarps != 0 && allowGroupedMaps() &&
          computeGroupedGeometry(map, params, grouped) &&
          encode(cuda, map, grouped, maps[i]) == CUDA_SUCCESS)
        flags |= uint32_t(1) << i;
      else if (Tessel_Error *e =
                   check(cuda, "cuTensorMapEncodeTiled", encode(cuda, map, g, maps[i]),
                         TESSEL_ERROR_INVALID_ARGUMENT))
        return e;
      slots.push_back(&maps[i]);
    }
    slots.push_back(&flags);
    return Ok();
  }

  /// The zero bytes empty tensors' maps read, made on first need.
  Tessel_Error *getZeros(const CudaDriver &cuda) {
    if (zeros != 0)
      return Ok();
    CUdeviceptr p = 0;
    if (Tessel_Error *e =
            check(cuda, "cuMemAlloc", cuda.cuMemAlloc(&p, kEmptyTensorBytes)))
      return e;
    const uint8_t bytes[kEmptyTensorBytes] = {};
    if (Tessel_Error *e = check(cuda, "cuMemcpyHtoD",
                                cuda.cuMemcpyHtoD(p, bytes, kEmptyTensorBytes))) {
      cuda.cuMemFree(p);
      return e;
    }
    zeros = p;
    return Ok();
  }

  /// The end of the allocation holding `address`; 0 where the driver
  /// cannot say (the map's slices are then bounded by a span instead).
  static uint64_t getAllocationEnd(const CudaDriver &cuda, uint64_t address) {
    CUdeviceptr base = 0;
    size_t bytes = 0;
    if (!cuda.cuMemGetAddressRange ||
        cuda.cuMemGetAddressRange(&base, &bytes, CUdeviceptr(address)) != CUDA_SUCCESS)
      return 0;
    return uint64_t(base) + uint64_t(bytes);
  }

  /// TESSEL_NVIDIA_GROUPED_MAPS=0 keeps every map in the plain form (the
  /// kernel follows the flags): a check of that path on inputs the grouped
  /// form would take, and the other side of a comparison of the two.
  static bool allowGroupedMaps() {
    static const bool allowed = [] {
      const char *env = std::getenv("TESSEL_NVIDIA_GROUPED_MAPS");
      return env == nullptr || std::string(env) != "0";
    }();
    return allowed;
  }

  static CUresult encode(const CudaDriver &cuda, const TensorMapEntry &map,
                         const TensorMapGeometry &g, CUtensorMap &out) {
    const unsigned elementStrides[5] = {1, 1, 1, 1, 1};
    const int type = map.elementBytes == 1   ? kTensorMapUint8
                     : map.elementBytes == 2 ? kTensorMapUint16
                                             : kTensorMapUint32;
    const int swizzle = map.swizzleBytes == 128  ? kTensorMapSwizzle128B
                        : map.swizzleBytes == 64 ? kTensorMapSwizzle64B
                        : map.swizzleBytes == 32 ? kTensorMapSwizzle32B
                                                 : kTensorMapSwizzleNone;
    unsigned long long dims[5], strides[4];
    std::copy(std::begin(g.dims), std::end(g.dims), dims);
    std::copy(std::begin(g.strides), std::end(g.strides), strides);
    return cuda.cuTensorMapEncodeTiled(
        &out, type, g.rank, reinterpret_cast<void *>(g.base), dims, strides, g.box,
        elementStrides, kTensorMapInterleaveNone, swizzle, kTensorMapL2Promotion256B,
        kTensorMapFloatOobFillNone);
  }

  Gpu &gpu;
  CUmodule module;
  CUfunction function;
  uint32_t threads, shared;
  TensorMapRecipe recipe;
  std::vector<CUtensorMap> maps;
  uint32_t flags = 0;
  CUdeviceptr zeros = 0;
  std::vector<void *> slots;
  std::mutex launchMutex;
};

class GpuTimer : public kit::Timer {
public:
  GpuTimer(Gpu &gpu, CUevent event) : gpu(gpu), event(event) {}
  ~GpuTimer() override {
    delete withDriver(gpu, [&](const CudaDriver &cuda) {
      cuda.cuEventDestroy(event);
      return Ok();
    });
  }
  Tessel_Error *record() override {
    return withDriver(gpu, [&](const CudaDriver &cuda) {
      return check(cuda, "cuEventRecord", cuda.cuEventRecord(event, nullptr));
    });
  }
  Tessel_Error *elapsedSince(kit::Timer &start, double &ms) override {
    return withDriver(gpu, [&](const CudaDriver &cuda) {
      if (Tessel_Error *e =
              check(cuda, "cuEventSynchronize", cuda.cuEventSynchronize(event)))
        return e;
      float elapsed = 0;
      CUevent begin = static_cast<GpuTimer &>(start).event;
      if (Tessel_Error *e = check(cuda, "cuEventElapsedTime",
                                  cuda.cuEventElapsedTime(&elapsed, begin, event)))
        return e;
      ms = elapsed;
      return Ok();
    });
  }

private:
  Gpu &gpu;
  CUevent event;
};

class Gpu : public kit::Device {
public:
  explicit Gpu(const DeviceInfo &info) : info(info) {
    name = info.name;
    auto target = nvidia::NvidiaTarget::forComputeCapability(info.major, info.minor);
    // A device this plugin cannot compile for still shows its capability.
    arch = target ? std::string(target->getName())
                  : "sm_" + std::to_string(info.major) + std::to_string(info.minor);
    features.addString("device_kind", "gpu")
        .add("compute_capability_major", info.major)
        .add("compute_capability_minor", info.minor)
        .add("l2_cache_bytes", info.l2)
        .addBool("fp16", true)
        .addBool("bf16", info.major >= 8)
        // fp8 (e4m3fn, e5m2): bytes in memory, arithmetic and conversions
        // in f32 and integer code, on every architecture.
        .addBool("fp8", true)
        .addBool("fp64", true)
        .addBool("atomics", true)
        // Lowered to masked pointer accesses for now (TMA is a later step).
        .addBool("tensor_descriptors", true);
    if (std::string driver = nvidia::formatCudaDriverVersion(info.driverVersion);
        !driver.empty())
      features.addString("driver_version", driver);
    // What the GPU description of the target says: matrix instructions,
    // copy engines, limits; wgmma and tma by their usual names.
    if (target) {
      gpu::GpuTargetDescription d = target->getGpuDescription();
      for (auto &[key, value] : d.getFeatures())
        features.add(key, value);
      bool wgmma = false;
      for (const gpu::MatrixInstruction &m : d.matrixInstructions)
        wgmma |= m.name.rfind("wgmma", 0) == 0;
      features.addBool("wgmma", wgmma).addBool("tma", d.bulkCopy);
    }
  }

  Tessel_Device_Desc describe() override {
    Tessel_Device_Desc desc = sdk::Init<Tessel_Device_Desc>();
    desc.vendor = "NVIDIA";
    desc.name = name.c_str();
    desc.arch = arch.c_str();
    desc.features = features.data();
    desc.num_features = features.size();
    desc.global_mem_bytes = info.memory;
    desc.warp_size = uint32_t(info.warpSize);
    desc.compute_units = uint32_t(info.sms);
    desc.max_threads_per_block = uint32_t(info.maxThreads);
    desc.shared_mem_per_block = uint32_t(info.sharedMem);
    desc.shared_mem_per_block_optin =
        uint32_t(info.sharedMemOptin != 0 ? info.sharedMemOptin : info.sharedMem);
    return desc;
  }

  Tessel_Error *allocate(uint64_t size, uint64_t &address) override {
    return withDriver(*this, [&](const CudaDriver &cuda) {
      CUdeviceptr p = 0;
      // cuMemAlloc refuses zero bytes; a zero-size buffer still gets an address.
      if (Tessel_Error *e =
              check(cuda, "cuMemAlloc", cuda.cuMemAlloc(&p, size ? size : 256),
                    TESSEL_ERROR_RESOURCE_EXHAUSTED))
        return e;
      address = p;
      return Ok();
    });
  }

  Tessel_Error *release(uint64_t address) override {
    return withDriver(*this, [&](const CudaDriver &cuda) {
      return check(cuda, "cuMemFree", cuda.cuMemFree(address));
    });
  }

  Tessel_Error *copyToDevice(uint64_t dst, const void *src, uint64_t size) override {
    return withDriver(*this, [&](const CudaDriver &cuda) {
      return check(cuda, "cuMemcpyHtoD", cuda.cuMemcpyHtoD(dst, src, size));
    });
  }

  Tessel_Error *copyToHost(void *dst, uint64_t src, uint64_t size) override {
    // Synchronous: it waits for the kernels before it, as the queue promises.
    return withDriver(*this, [&](const CudaDriver &cuda) {
      return check(cuda, "cuMemcpyDtoH", cuda.cuMemcpyDtoH(dst, src, size));
    });
  }

  Tessel_Error *load(const uint8_t *artifact, size_t size,
                     const Tessel_Kernel_Metadata &md,
                     std::unique_ptr<kit::Executable> &out) override {
    std::string entry = md.entry_name;
    // CUDA Tile IR bytecode (a `tileir` target's artifact): the driver
    // compiles it when loading, from CUDA 13.1 on; an older one is refused
    // here, with the version it would need, rather than failing in the load.
    if (nvidia::isTileIrBytecode(artifact, size)) {
      if (std::string why = nvidia::checkTileIrDriver(info.driverVersion); !why.empty())
        return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION, "%s", why.c_str());
      return loadTileIr(artifact, md, out);
    }
    std::string problem = kit::checkElfObject(artifact, size, kCubin, entry);
    if (!problem.empty())
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s", problem.c_str());
    if (md.threads_per_block == 0)
      return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT,
                        "the metadata gives no threads_per_block");
    return withDriver(*this, [&](const CudaDriver &cuda) -> Tessel_Error * {
      CUmodule module;
      CUfunction function;
      if (Tessel_Error *e =
              check(cuda, "cuModuleLoadData", cuda.cuModuleLoadData(&module, artifact),
                    TESSEL_ERROR_INVALID_ARGUMENT))
        return e;
      // Unloads the module again when a later step fails.
      auto fail = [&](const char *call, CUresult r, Tessel_Error_Code code) {
        cuda.cuModuleUnload(module);
        return check(cuda, call, r, code);
      };
      if (CUresult r = cuda.cuModuleGetFunction(&function, module, entry.c_str());
          r != CUDA_SUCCESS)
        return fail("cuModuleGetFunction", r, TESSEL_ERROR_NOT_FOUND);
      // Beyond 48 KiB of dynamic shared memory a kernel must opt in.
      if (md.shared_mem_bytes > 48 * 1024)
        if (CUresult r = cuda.cuFuncSetAttribute(
                function, kFuncAttrMaxDynamicSharedSizeBytes, int(md.shared_mem_bytes));
            r != CUDA_SUCCESS)
          return fail("cuFuncSetAttribute", r, TESSEL_ERROR_RESOURCE_EXHAUSTED);
      // The recipe of the kernel's tensor maps, when it copies with TMA.
      TensorMapRecipe recipe;
      CUdeviceptr recipeAddress = 0;
      size_t recipeBytes = 0;
      // (Asked of the driver only where the cubin has it: a failed lookup is
      // an API error to compute-sanitizer.)
      CUresult found =
          kit::definesElfSymbol(artifact, size, kCubin, kTensorMapRecipeSymbol)
              ? cuda.cuModuleGetGlobal(&recipeAddress, &recipeBytes, module,
                                       kTensorMapRecipeSymbol)
              : CUDA_ERROR_NOT_FOUND;
      if (found == CUDA_SUCCESS) {
        std::vector<int64_t> words(recipeBytes / 8);
        if (CUresult r =
                cuda.cuMemcpyDtoH(words.data(), recipeAddress, words.size() * 8);
            r != CUDA_SUCCESS)
          return fail("cuMemcpyDtoH", r, TESSEL_ERROR_INTERNAL);
        std::string why = recipe.parse(words.data(), words.size());
        if (why.empty() && !cuda.cuTensorMapEncodeTiled)
          why = "this driver has no cuTensorMapEncodeTiled (CUDA 12.0 or later needed "
                "for TMA)";
        if (!why.empty()) {
          cuda.cuModuleUnload(module);
          return MakeErrorF(TESSEL_ERROR_INVALID_ARGUMENT, "%s", why.c_str());
        }
      } else if (found != CUDA_ERROR_NOT_FOUND) {
        return fail("cuModuleGetGlobal", found, TESSEL_ERROR_INTERNAL);
      }
      out = std::make_unique<GpuKernel>(*this, module, function, md.threads_per_block,
                                        md.shared_mem_bytes, std::move(recipe));
      return Ok();
    });
  }

  /// A Tile IR module on a driver that compiles it: the driver picks the
  /// block's threads for its tile blocks; the kernel is launched as a
  /// cubin's is, with the metadata's threads (1 for a Tile IR kernel).
  Tessel_Error *loadTileIr(const uint8_t *artifact, const Tessel_Kernel_Metadata &md,
                           std::unique_ptr<kit::Executable> &out) {
    return withDriver(*this, [&](const CudaDriver &cuda) -> Tessel_Error * {
      CUmodule module;
      CUfunction function;
      if (Tessel_Error *e =
              check(cuda, "cuModuleLoadData", cuda.cuModuleLoadData(&module, artifact),
                    TESSEL_ERROR_INVALID_ARGUMENT))
        return e;
      if (CUresult r = cuda.cuModuleGetFunction(&function, module, md.entry_name);
          r != CUDA_SUCCESS) {
        cuda.cuModuleUnload(module);
        return check(cuda, "cuModuleGetFunction", r, TESSEL_ERROR_NOT_FOUND);
      }
      out = std::make_unique<GpuKernel>(*this, module, function,
                                        std::max<uint32_t>(md.threads_per_block, 1),
                                        md.shared_mem_bytes, TensorMapRecipe());
      return Ok();
    });
  }

  Tessel_Error *synchronize() override {
    return withDriver(*this, [&](const CudaDriver &cuda) {
      return check(cuda, "cuCtxSynchronize", cuda.cuCtxSynchronize());
    });
  }

  Tessel_Error *createTimer(std::unique_ptr<kit::Timer> &out) override {
    return withDriver(*this, [&](const CudaDriver &cuda) {
      CUevent event = nullptr;
      if (Tessel_Error *e = check(cuda, "cuEventCreate", cuda.cuEventCreate(&event, 0)))
        return e;
      out = std::make_unique<GpuTimer>(*this, event);
      return Ok();
    });
  }

  DeviceInfo info;
  CUdevice device = 0;
  CUcontext context = nullptr;
  std::mutex contextMutex;

private:
  std::string name, arch;
  kit::FeatureList features;
};

Tessel_Error *enter(Gpu &gpu, const CudaDriver **out) {
  std::string why;
  const CudaDriver *cuda = getCudaDriver(&why);
  if (cuda == nullptr)
    return MakeErrorF(TESSEL_ERROR_FAILED_PRECONDITION, "no CUDA driver: %s",
                      why.c_str());
  {
    std::lock_guard<std::mutex> lock(gpu.contextMutex);
    if (gpu.context == nullptr) {
      if (Tessel_Error *e = check(*cuda, "cuDeviceGet",
                                  cuda->cuDeviceGet(&gpu.device, gpu.info.ordinal)))
        return e;
      if (Tessel_Error *e =
              check(*cuda, "cuDevicePrimaryCtxRetain",
                    cuda->cuDevicePrimaryCtxRetain(&gpu.context, gpu.device)))
        return e;
    }
  }
  // Most calls find the context current already (every launch after the
  // first on a thread): reading the current one is cheaper than setting it.
  CUcontext current = nullptr;
  if (cuda->cuCtxGetCurrent(&current) != CUDA_SUCCESS || current != gpu.context) {
    if (Tessel_Error *e =
            check(*cuda, "cuCtxSetCurrent", cuda->cuCtxSetCurrent(gpu.context)))
      return e;
  }
  *out = cuda;
  return Ok();
}

class CudaPlatform : public kit::DevicePlatform {
public:
  Tessel_Error *enumerate(std::vector<std::unique_ptr<kit::Device>> &out) override {
    std::string why;
    if (getCudaDriverSymbols(&why) == nullptr) {
      whyNone = why; // no libcuda: no devices
      return Ok();
    }
    std::vector<DeviceInfo> infos;
    bool noDriver = false;
    if (!queryDevicesInChild(infos, why, noDriver)) {
      // A driver library that cannot initialize (no GPU, no kernel module)
      // means no devices, as a missing one does.
      if (noDriver) {
        whyNone = why;
        return Ok();
      }
      return MakeErrorF(TESSEL_ERROR_INTERNAL, "%s", why.c_str());
    }
    if (infos.empty())
      whyNone = "the CUDA driver lists no GPU";
    for (const DeviceInfo &info : infos)
      out.push_back(std::make_unique<Gpu>(info));
    return Ok();
  }
  std::string whyNoDevice() const override { return whyNone; }

private:
  std::string whyNone;
};

} // namespace
} // namespace tessel::nvidia_plugin

std::unique_ptr<tessel::kit::DevicePlatform> tessel::kit::createDevicePlatform() {
  return std::make_unique<tessel::nvidia_plugin::CudaPlatform>();
}

const tessel::kit::PluginIdentity &tessel::kit::getPluginIdentity() {
  // 0.2.0: cubins with TMA copies take tensor maps this plugin encodes at
  // launch (TensorMapRecipe.h); 0.3.0: and a word of flags after them
  // (recipe version 2, grouped maps); 0.4.0: grouped maps over the whole
  // 16 W-row blocks of any rows, the kernel testing each tile's end
  // (recipe version 3). The version keys the compile cache, so cubins of
  // different versions do not mix.
  static const PluginIdentity identity = {
      "nvidia", "0.4.0",
      "NVIDIA GPUs (sm_80, sm_90a; sm_100a compile-only): compiles tile IR to cubins "
      "with LLVM NVPTX and "
      "ptxas, runs them through the CUDA driver",
      "NVIDIA GPUs, runtime only: runs cubins compiled elsewhere through the CUDA "
      "driver"};
  return identity;
}
