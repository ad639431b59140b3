#include "plugins/nvidia/cuda_driver.h"

#include <dlfcn.h>

#include <mutex>

namespace tessel::nvidia_plugin {
namespace {

struct LoadedDriver {
  CudaDriver driver{};
  bool ok = false;
  std::string why;
};

template <typename Fn>
bool Bind(void* handle, const char* name, Fn& out, std::string& why) {
  out = reinterpret_cast<Fn>(dlsym(handle, name));
  if (out == nullptr && why.empty()) why = std::string("libcuda.so.1 lacks ") + name;
  return out != nullptr;
}

LoadedDriver Load() {
  LoadedDriver loaded;
  // Kept loaded for the life of the process: contexts and modules refer to it.
  void* handle = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* error = dlerror();
    loaded.why = std::string("cannot load libcuda.so.1: ") + (error ? error : "unknown");
    return loaded;
  }
  CudaDriver& d = loaded.driver;
  std::string& why = loaded.why;
  bool ok = true;
  // The versioned names are what cuda.h maps the plain ones to.
  ok &= Bind(handle, "cuInit", d.cuInit, why);
  ok &= Bind(handle, "cuGetErrorString", d.cuGetErrorString, why);
  ok &= Bind(handle, "cuDeviceGetCount", d.cuDeviceGetCount, why);
  ok &= Bind(handle, "cuDeviceGet", d.cuDeviceGet, why);
  ok &= Bind(handle, "cuDeviceGetName", d.cuDeviceGetName, why);
  ok &= Bind(handle, "cuDeviceGetAttribute", d.cuDeviceGetAttribute, why);
  ok &= Bind(handle, "cuDeviceTotalMem_v2", d.cuDeviceTotalMem, why);
  ok &= Bind(handle, "cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain, why);
  ok &= Bind(handle, "cuCtxSetCurrent", d.cuCtxSetCurrent, why);
  ok &= Bind(handle, "cuCtxSynchronize", d.cuCtxSynchronize, why);
  ok &= Bind(handle, "cuMemAlloc_v2", d.cuMemAlloc, why);
  ok &= Bind(handle, "cuMemFree_v2", d.cuMemFree, why);
  ok &= Bind(handle, "cuMemcpyHtoD_v2", d.cuMemcpyHtoD, why);
  ok &= Bind(handle, "cuMemcpyDtoH_v2", d.cuMemcpyDtoH, why);
  ok &= Bind(handle, "cuModuleLoadData", d.cuModuleLoadData, why);
  ok &= Bind(handle, "cuModuleUnload", d.cuModuleUnload, why);
  ok &= Bind(handle, "cuModuleGetFunction", d.cuModuleGetFunction, why);
  ok &= Bind(handle, "cuFuncSetAttribute", d.cuFuncSetAttribute, why);
  ok &= Bind(handle, "cuLaunchKernel", d.cuLaunchKernel, why);
  ok &= Bind(handle, "cuEventCreate", d.cuEventCreate, why);
  ok &= Bind(handle, "cuEventDestroy_v2", d.cuEventDestroy, why);
  ok &= Bind(handle, "cuEventRecord", d.cuEventRecord, why);
  ok &= Bind(handle, "cuEventSynchronize", d.cuEventSynchronize, why);
  // CUDA 12.8 renamed the elapsed-time entry; older drivers have only v1.
  std::string ignored;
  if (!Bind(handle, "cuEventElapsedTime_v2", d.cuEventElapsedTime, ignored))
    ok &= Bind(handle, "cuEventElapsedTime", d.cuEventElapsedTime, why);
  loaded.ok = ok;
  return loaded;
}

LoadedDriver& Symbols() {
  static LoadedDriver loaded = Load();
  return loaded;
}

}  // namespace

const CudaDriver* GetCudaDriverSymbols(std::string* why) {
  LoadedDriver& loaded = Symbols();
  if (!loaded.ok) {
    if (why != nullptr) *why = loaded.why;
    return nullptr;
  }
  return &loaded.driver;
}

const CudaDriver* GetCudaDriver(std::string* why) {
  const CudaDriver* cuda = GetCudaDriverSymbols(why);
  if (cuda == nullptr) return nullptr;
  static CUresult init = cuda->cuInit(0);
  if (init != CUDA_SUCCESS) {
    if (why != nullptr) *why = DescribeCudaError(*cuda, "cuInit", init);
    return nullptr;
  }
  return cuda;
}

std::string DescribeCudaError(const CudaDriver& cuda, const char* call, CUresult result) {
  const char* text = nullptr;
  if (cuda.cuGetErrorString == nullptr || cuda.cuGetErrorString(result, &text) != CUDA_SUCCESS ||
      text == nullptr)
    text = "unknown error";
  return std::string(call) + " failed: " + text + " (" + std::to_string(result) + ")";
}

}  // namespace tessel::nvidia_plugin
