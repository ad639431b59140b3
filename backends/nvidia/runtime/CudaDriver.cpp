//===- CudaDriver.cpp - The CUDA driver API, loaded with dlopen -----------===//
//
// Binds every entry point once per process; the library stays loaded for
// the life of the process.
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/runtime/CudaDriver.h"

#include <dlfcn.h>

#include <mutex>

namespace tessel::nvidia {
namespace {

struct LoadedDriver {
  CudaDriver driver{};
  bool ok = false;
  std::string why;
};

template <typename Fn>
bool bindSymbol(void *handle, const char *name, Fn &out, std::string &why) {
  out = reinterpret_cast<Fn>(dlsym(handle, name));
  if (out == nullptr && why.empty())
    why = std::string("libcuda.so.1 lacks ") + name;
  return out != nullptr;
}

LoadedDriver load() {
  LoadedDriver loaded;
  // Kept loaded for the life of the process: contexts and modules refer to it.
  void *handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char *error = dlerror();
    loaded.why =
        std::string("cannot load libcuda.so.1: ") + (error ? error : "unknown");
    return loaded;
  }
  CudaDriver &d = loaded.driver;
  std::string &why = loaded.why;
  bool ok = true;
  // The versioned names are what cuda.h maps the plain ones to.
  ok &= bindSymbol(handle, "cuInit", d.cuInit, why);
  ok &= bindSymbol(handle, "cuDriverGetVersion", d.cuDriverGetVersion, why);
  ok &= bindSymbol(handle, "cuGetErrorString", d.cuGetErrorString, why);
  ok &= bindSymbol(handle, "cuDeviceGetCount", d.cuDeviceGetCount, why);
  ok &= bindSymbol(handle, "cuDeviceGet", d.cuDeviceGet, why);
  ok &= bindSymbol(handle, "cuDeviceGetName", d.cuDeviceGetName, why);
  ok &= bindSymbol(handle, "cuDeviceGetAttribute", d.cuDeviceGetAttribute, why);
  ok &= bindSymbol(handle, "cuDeviceTotalMem_v2", d.cuDeviceTotalMem, why);
  ok &= bindSymbol(handle, "cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain, why);
  ok &= bindSymbol(handle, "cuCtxSetCurrent", d.cuCtxSetCurrent, why);
  ok &= bindSymbol(handle, "cuCtxGetCurrent", d.cuCtxGetCurrent, why);
  ok &= bindSymbol(handle, "cuCtxSynchronize", d.cuCtxSynchronize, why);
  ok &= bindSymbol(handle, "cuMemAlloc_v2", d.cuMemAlloc, why);
  ok &= bindSymbol(handle, "cuMemFree_v2", d.cuMemFree, why);
  ok &= bindSymbol(handle, "cuMemcpyHtoD_v2", d.cuMemcpyHtoD, why);
  ok &= bindSymbol(handle, "cuMemcpyDtoH_v2", d.cuMemcpyDtoH, why);
  ok &= bindSymbol(handle, "cuModuleLoadData", d.cuModuleLoadData, why);
  ok &= bindSymbol(handle, "cuModuleUnload", d.cuModuleUnload, why);
  ok &= bindSymbol(handle, "cuModuleGetFunction", d.cuModuleGetFunction, why);
  ok &= bindSymbol(handle, "cuFuncSetAttribute", d.cuFuncSetAttribute, why);
  ok &= bindSymbol(handle, "cuLaunchKernel", d.cuLaunchKernel, why);
  ok &= bindSymbol(handle, "cuEventCreate", d.cuEventCreate, why);
  ok &= bindSymbol(handle, "cuEventDestroy_v2", d.cuEventDestroy, why);
  ok &= bindSymbol(handle, "cuEventRecord", d.cuEventRecord, why);
  ok &= bindSymbol(handle, "cuEventSynchronize", d.cuEventSynchronize, why);
  ok &= bindSymbol(handle, "cuModuleGetGlobal_v2", d.cuModuleGetGlobal, why);
  // CUDA 12.8 renamed the elapsed-time entry; older drivers have only v1.
  std::string ignored;
  // Only kernels with TMA copies need it (the load says so where absent).
  bindSymbol(handle, "cuTensorMapEncodeTiled", d.cuTensorMapEncodeTiled, ignored);
  bindSymbol(handle, "cuMemGetAddressRange_v2", d.cuMemGetAddressRange, ignored);
  if (!bindSymbol(handle, "cuEventElapsedTime_v2", d.cuEventElapsedTime, ignored))
    ok &= bindSymbol(handle, "cuEventElapsedTime", d.cuEventElapsedTime, why);
  loaded.ok = ok;
  return loaded;
}

LoadedDriver &symbols() {
  static LoadedDriver loaded = load();
  return loaded;
}

} // namespace

const CudaDriver *getCudaDriverSymbols(std::string *why) {
  LoadedDriver &loaded = symbols();
  if (!loaded.ok) {
    if (why != nullptr)
      *why = loaded.why;
    return nullptr;
  }
  return &loaded.driver;
}

const CudaDriver *getCudaDriver(std::string *why) {
  const CudaDriver *cuda = getCudaDriverSymbols(why);
  if (cuda == nullptr)
    return nullptr;
  static CUresult init = cuda->cuInit(0);
  if (init != CUDA_SUCCESS) {
    if (why != nullptr)
      *why = describeCudaError(*cuda, "cuInit", init);
    return nullptr;
  }
  return cuda;
}

std::string formatCudaDriverVersion(int version) {
  if (version <= 0)
    return "";
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string describeCudaError(const CudaDriver &cuda, const char *call,
                              CUresult result) {
  const char *text = nullptr;
  if (cuda.cuGetErrorString == nullptr ||
      cuda.cuGetErrorString(result, &text) != CUDA_SUCCESS || text == nullptr)
    text = "unknown error";
  return std::string(call) + " failed: " + text + " (" + std::to_string(result) + ")";
}

} // namespace tessel::nvidia
