//===- CudaDriver.h - The CUDA driver API, loaded with dlopen -----*- C++ -*-===//
//
// The part of the CUDA driver API the NVIDIA plugin's runtime half uses,
// loaded from libcuda.so.1 with dlopen at first use: the plugin has no
// link-time CUDA dependency, loads on machines without a driver, and then
// reports zero devices. Declarations are written here (types and enum
// values as in the driver's published ABI) so that building needs no CUDA.
// No LLVM or MLIR either: the runtime-only plugin links this.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_RUNTIME_CUDADRIVER_H
#define TESSEL_BACKENDS_NVIDIA_RUNTIME_CUDADRIVER_H

#include <cstddef>
#include <string>

namespace tessel::nvidia {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;

inline constexpr CUresult CUDA_SUCCESS = 0;
inline constexpr CUresult CUDA_ERROR_NOT_FOUND = 500;

/// The opaque tensor map TMA reads (CUtensorMap: 128 bytes, 64-byte aligned).
struct alignas(64) CUtensorMap {
  unsigned long long opaque[16];
};
// CUtensorMapDataType, CUtensorMapSwizzle and friends: the values used here.
inline constexpr int kTensorMapUint8 = 0;
inline constexpr int kTensorMapUint16 = 1;
inline constexpr int kTensorMapUint32 = 2;
inline constexpr int kTensorMapInterleaveNone = 0;
inline constexpr int kTensorMapSwizzleNone = 0;
inline constexpr int kTensorMapSwizzle32B = 1;
inline constexpr int kTensorMapSwizzle64B = 2;
inline constexpr int kTensorMapSwizzle128B = 3;
inline constexpr int kTensorMapL2Promotion256B = 3;
inline constexpr int kTensorMapFloatOobFillNone = 0;
// CUdevice_attribute values used here.
inline constexpr int kAttrMaxThreadsPerBlock = 1;
inline constexpr int kAttrMaxSharedMemoryPerBlock = 8;
inline constexpr int kAttrWarpSize = 10;
inline constexpr int kAttrMultiprocessorCount = 16;
inline constexpr int kAttrL2CacheSize = 38;
inline constexpr int kAttrComputeCapabilityMajor = 75;
inline constexpr int kAttrComputeCapabilityMinor = 76;
inline constexpr int kAttrMaxSharedMemoryPerBlockOptin = 97;
// CUfunction_attribute
inline constexpr int kFuncAttrMaxDynamicSharedSizeBytes = 8;

/// Entry points of libcuda.so.1; all non-null once loading succeeded.
struct CudaDriver {
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxGetCurrent)(CUcontext *);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **, void **);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuModuleGetGlobal)(CUdeviceptr *, size_t *, CUmodule, const char *);
  /// Null on drivers before CUDA 12.0 (no TMA).
  CUresult (*cuTensorMapEncodeTiled)(CUtensorMap *, int, unsigned, void *,
                                     const unsigned long long *,
                                     const unsigned long long *, const unsigned *,
                                     const unsigned *, int, int, int, int);
  /// The allocation holding an address (base, bytes); bounds the slices of
  /// a tensor map (TensorMapRecipe.h). Null where the driver lacks it.
  CUresult (*cuMemGetAddressRange)(CUdeviceptr *, size_t *, CUdeviceptr);
};

/// The driver's entry points, loaded but not initialized: cuInit has not
/// been called in this process. nullptr when libcuda.so.1 is absent.
const CudaDriver *getCudaDriverSymbols(std::string *why = nullptr);

/// The process-wide driver, loaded and initialized (cuInit) once. Returns
/// nullptr when libcuda.so.1 is absent or cuInit fails; `why` (if given)
/// then says which.
const CudaDriver *getCudaDriver(std::string *why = nullptr);

/// The driver's CUDA version as cuDriverGetVersion reports it
/// (1000 * major + 10 * minor) in the form NVIDIA prints: 13000 -> "13.0",
/// 12080 -> "12.8". "" for a value that is not a version (0 or less).
std::string formatCudaDriverVersion(int version);

/// "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (2)".
std::string describeCudaError(const CudaDriver &cuda, const char *call,
                              CUresult result);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_RUNTIME_CUDADRIVER_H
