//===- OpenClRuntime.h - OpenCL loaded with dlopen ----------------*- C++ -*-===//
//
// The OpenCL entry points the emulated device uses, from the ICD loader
// (libOpenCL.so.1) loaded at run time: the plugin loads where OpenCL is
// absent and then simply has no emulated device.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_RUNTIME_OPENCLRUNTIME_H
#define TESSEL_BACKENDS_INTEL_RUNTIME_OPENCLRUNTIME_H

#define CL_TARGET_OPENCL_VERSION 200
#include <CL/cl.h>

#include <string>

namespace tessel::intel {

struct OpenClRuntime {
#define TESSEL_CL_ENTRY(name) decltype(&::name) name = nullptr;
  TESSEL_CL_ENTRY(clGetPlatformIDs)
  TESSEL_CL_ENTRY(clGetPlatformInfo)
  TESSEL_CL_ENTRY(clGetDeviceIDs)
  TESSEL_CL_ENTRY(clGetDeviceInfo)
  TESSEL_CL_ENTRY(clCreateContext)
  TESSEL_CL_ENTRY(clCreateCommandQueue)
  TESSEL_CL_ENTRY(clCreateProgramWithBinary)
  TESSEL_CL_ENTRY(clBuildProgram)
  TESSEL_CL_ENTRY(clGetProgramBuildInfo)
  TESSEL_CL_ENTRY(clCreateKernel)
  TESSEL_CL_ENTRY(clSetKernelArg)
  TESSEL_CL_ENTRY(clSetKernelArgSVMPointer)
  TESSEL_CL_ENTRY(clEnqueueNDRangeKernel)
  TESSEL_CL_ENTRY(clFinish)
  TESSEL_CL_ENTRY(clSVMAlloc)
  TESSEL_CL_ENTRY(clSVMFree)
  TESSEL_CL_ENTRY(clReleaseKernel)
  TESSEL_CL_ENTRY(clReleaseProgram)
#undef TESSEL_CL_ENTRY
};

/// The process's OpenCL runtime, loaded on first use; null with `why` set
/// when libOpenCL.so.1 or one of the entries is missing.
const OpenClRuntime *getOpenClRuntime(std::string *why);

/// "CL_INVALID_VALUE (-30)" for OpenCL error codes.
std::string describeClError(cl_int code);

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_RUNTIME_OPENCLRUNTIME_H
