//===- OpenClRuntime.cpp - OpenCL loaded with dlopen ----------------------===//

#include "backends/intel/runtime/OpenClRuntime.h"

#include <dlfcn.h>

#include <mutex>

namespace tessel::intel {

const OpenClRuntime *getOpenClRuntime(std::string *why) {
  static OpenClRuntime runtime;
  static std::string problem;
  static std::once_flag once;
  std::call_once(once, [] {
    void *library = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) {
      problem = "libOpenCL.so.1 is not installed";
      return;
    }
#define TESSEL_CL_LOAD(name)                                                           \
  runtime.name = reinterpret_cast<decltype(runtime.name)>(dlsym(library, #name));      \
  if (runtime.name == nullptr) {                                                       \
    problem = "libOpenCL.so.1 lacks " #name;                                           \
    return;                                                                            \
  }
    TESSEL_CL_LOAD(clGetPlatformIDs)
    TESSEL_CL_LOAD(clGetPlatformInfo)
    TESSEL_CL_LOAD(clGetDeviceIDs)
    TESSEL_CL_LOAD(clGetDeviceInfo)
    TESSEL_CL_LOAD(clCreateContext)
    TESSEL_CL_LOAD(clCreateCommandQueue)
    TESSEL_CL_LOAD(clCreateProgramWithBinary)
    TESSEL_CL_LOAD(clBuildProgram)
    TESSEL_CL_LOAD(clGetProgramBuildInfo)
    TESSEL_CL_LOAD(clCreateKernel)
    TESSEL_CL_LOAD(clSetKernelArg)
    TESSEL_CL_LOAD(clSetKernelArgSVMPointer)
    TESSEL_CL_LOAD(clEnqueueNDRangeKernel)
    TESSEL_CL_LOAD(clFinish)
    TESSEL_CL_LOAD(clSVMAlloc)
    TESSEL_CL_LOAD(clSVMFree)
    TESSEL_CL_LOAD(clReleaseKernel)
    TESSEL_CL_LOAD(clReleaseProgram)
#undef TESSEL_CL_LOAD
  });
  if (!problem.empty()) {
    if (why)
      *why = problem;
    return nullptr;
  }
  return &runtime;
}

std::string describeClError(cl_int code) {
  const char *name = "an OpenCL error";
  switch (code) {
  case CL_DEVICE_NOT_FOUND:
    name = "CL_DEVICE_NOT_FOUND";
    break;
  case CL_OUT_OF_RESOURCES:
    name = "CL_OUT_OF_RESOURCES";
    break;
  case CL_OUT_OF_HOST_MEMORY:
    name = "CL_OUT_OF_HOST_MEMORY";
    break;
  case CL_BUILD_PROGRAM_FAILURE:
    name = "CL_BUILD_PROGRAM_FAILURE";
    break;
  case CL_INVALID_VALUE:
    name = "CL_INVALID_VALUE";
    break;
  case CL_INVALID_BINARY:
    name = "CL_INVALID_BINARY";
    break;
  case CL_INVALID_KERNEL_NAME:
    name = "CL_INVALID_KERNEL_NAME";
    break;
  case CL_INVALID_ARG_INDEX:
    name = "CL_INVALID_ARG_INDEX";
    break;
  case CL_INVALID_ARG_SIZE:
    name = "CL_INVALID_ARG_SIZE";
    break;
  case CL_INVALID_ARG_VALUE:
    name = "CL_INVALID_ARG_VALUE";
    break;
  case CL_INVALID_WORK_GROUP_SIZE:
    name = "CL_INVALID_WORK_GROUP_SIZE";
    break;
  case CL_INVALID_KERNEL_ARGS:
    name = "CL_INVALID_KERNEL_ARGS";
    break;
  default:
    break;
  }
  return std::string(name) + " (" + std::to_string(code) + ")";
}

} // namespace tessel::intel
