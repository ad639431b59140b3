//===- IntelDevice.cpp - The Intel plugin's devices -----------------------===//
//
// Two kinds of device:
//   * Intel GPUs through Level Zero (LevelZeroDevice.h), listed first, one
//     device per GPU the drivers report; where there is no driver, the
//     emulator's features and "why no device" say so.
//   * The emulated device: OpenCL on the CPU (PoCL), running the built-in
//     call form of the plugin's artifacts with sub-groups of 16 emulated
//     over the work-group (backends/intel/emulator). It is an emulator, not
//     an Intel GPU, and says so in its name and its device_kind
//     ("emulator", chosen by `auto` only when nothing else has a device).
//     TESSEL_INTEL_EMULATOR=0 turns it off.
// Memory is fine-grained shared virtual memory, so a device address is a
// host address and copies are memcpy after the queue drained; launches
// return once queued.
//
//===----------------------------------------------------------------------===//

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "backends/intel/IntelTarget.h"
#include "backends/intel/SpirvModule.h"
#include "backends/intel/emulator/EmulationLibrary.h"
#include "backends/intel/runtime/EmulatorToolchain.h"
#include "backends/intel/runtime/LevelZeroRuntime.h"
#include "backends/intel/runtime/OpenClRuntime.h"
#include "backends/intel/runtime/PoclDevice.h"
#include "plugins/common/Device.h"
#include "plugins/common/PluginEntry.h"
#include "plugins/intel/KernelBundle.h"
#include "plugins/intel/LevelZeroDevice.h"
#include "tessel/plugin.hpp"

namespace tessel::intel_plugin {
namespace {

using namespace intel;
using sdk::MakeErrorF;
using sdk::Ok;

Tessel_Error *check(const char *call, cl_int r,
                    Tessel_Error_Code code = TESSEL_ERROR_INTERNAL) {
  if (r == CL_SUCCESS)
    return Ok();
  return MakeErrorF(code, "emulated Intel device: %s failed: %s", call,
                    describeClError(r).c_str());
}

class EmulatedKernel : public kit::Executable {
public:
  EmulatedKernel(const OpenClRuntime &cl, cl_command_queue queue, cl_program program,
                 cl_kernel kernel, const Tessel_Kernel_Metadata &md)
      : cl(cl), queue(queue), program(program), kernel(kernel),
        threads(md.threads_per_block), args(md.args, md.args + md.num_args) {}
  ~EmulatedKernel() override {
    cl.clReleaseKernel(kernel);
    cl.clReleaseProgram(program);
  }
  Tessel_Error *launch(const uint32_t grid[3], void **params) override {
    if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0)
      return Ok();
    // Arguments are set on the one kernel object; launches from several
    // threads take turns.
    std::lock_guard<std::mutex> lock(mutex);
    for (size_t i = 0; i < args.size(); ++i) {
      cl_int r;
      if (args[i].kind == TESSEL_ARG_POINTER) {
        uint64_t address;
        std::memcpy(&address, params[i], sizeof address);
        r = cl.clSetKernelArgSVMPointer(kernel, cl_uint(i),
                                        reinterpret_cast<void *>(address));
      } else {
        r = cl.clSetKernelArg(kernel, cl_uint(i), args[i].size, params[i]);
      }
      if (r != CL_SUCCESS)
        return check("clSetKernelArg", r, TESSEL_ERROR_INVALID_ARGUMENT);
    }
    size_t global[3] = {size_t(grid[0]) * threads, grid[1], grid[2]};
    size_t local[3] = {threads, 1, 1};
    return check("clEnqueueNDRangeKernel",
                 cl.clEnqueueNDRangeKernel(queue, kernel, 3, nullptr, global, local, 0,
                                           nullptr, nullptr));
  }

private:
  const OpenClRuntime &cl;
  cl_command_queue queue;
  cl_program program;
  cl_kernel kernel;
  size_t threads;
  std::vector<Tessel_Kernel_Arg> args;
  std::mutex mutex;
};

/// The emulator runs on the host's threads: a point on its queue is the
/// host clock once the queue drained.
class EmulatedTimer : public kit::Timer {
public:
  EmulatedTimer(const OpenClRuntime &cl, cl_command_queue queue)
      : cl(cl), queue(queue) {}
  Tessel_Error *record() override {
    if (Tessel_Error *e = check("clFinish", cl.clFinish(queue)))
      return e;
    when = std::chrono::steady_clock::now();
    return Ok();
  }
  Tessel_Error *elapsedSince(kit::Timer &start, double &ms) override {
    ms = std::chrono::duration<double, std::milli>(
             when - static_cast<EmulatedTimer &>(start).when)
             .count();
    return Ok();
  }

private:
  const OpenClRuntime &cl;
  cl_command_queue queue;
  std::chrono::steady_clock::time_point when;
};

/// OpenCL is opened on the first call that needs it, not when the device is
/// listed (PoclDevice.h says why).
class EmulatedDevice : public kit::Device {
public:
  EmulatedDevice(const OpenClRuntime &cl, const PoclDescription &pocl,
                 EmulatorTools tools, const std::string &levelZero)
      : cl(cl), tools(std::move(tools)), target(IntelArch::PVC) {
    name = "Intel GPU emulator (" + pocl.platform + " on " + pocl.cpu +
           "; sub-groups of 16 emulated; not an Intel GPU)";
    features.addString("device_kind", "emulator")
        .addString("emulator",
                   pocl.platform + " on the CPU, running the built-in call form")
        .addString("level_zero", levelZero)
        // The emulated device's driver is PoCL: its platform version.
        .addString("driver_version", pocl.platform)
        .addBool("fp16", true)
        .addBool("bf16", true)
        // fp8 (e4m3fn, e5m2): bytes in memory, arithmetic in f32.
        .addBool("fp8", true)
        .addBool("fp64", true)
        .addBool("atomics", true)
        .addBool("tensor_descriptors", true);
    for (auto &[key, value] : target.getGpuDescription().getFeatures())
      features.add(key, value);
    memory = pocl.memoryBytes;
    computeUnits = pocl.computeUnits;
  }

  Tessel_Device_Desc describe() override {
    Tessel_Device_Desc desc = sdk::Init<Tessel_Device_Desc>();
    desc.vendor = "Intel (emulated)";
    desc.name = name.c_str();
    desc.arch = "pvc";
    desc.features = features.data();
    desc.num_features = features.size();
    desc.global_mem_bytes = memory;
    desc.warp_size = target.getSubGroupSize();
    desc.compute_units = computeUnits;
    desc.max_threads_per_block = target.getMaxThreadsPerWorkgroup();
    desc.shared_mem_per_block = target.getSlmPerWorkgroup();
    desc.shared_mem_per_block_optin = target.getSlmPerWorkgroup();
    return desc;
  }

  Tessel_Error *allocate(uint64_t size, uint64_t &address) override {
    if (Tessel_Error *e = open())
      return e;
    void *p = cl.clSVMAlloc(context, CL_MEM_READ_WRITE | CL_MEM_SVM_FINE_GRAIN_BUFFER,
                            size ? size : 256, 128);
    if (p == nullptr)
      return MakeErrorF(TESSEL_ERROR_RESOURCE_EXHAUSTED,
                        "emulated Intel device: clSVMAlloc of %llu bytes failed",
                        static_cast<unsigned long long>(size));
    address = reinterpret_cast<uint64_t>(p);
    return Ok();
  }
  Tessel_Error *release(uint64_t address) override {
    if (Tessel_Error *e = open())
      return e;
    // Kernels still queued may use it.
    if (Tessel_Error *e = check("clFinish", cl.clFinish(queue)))
      return e;
    cl.clSVMFree(context, reinterpret_cast<void *>(address));
    return Ok();
  }
  Tessel_Error *copyToDevice(uint64_t dst, const void *src, uint64_t size) override {
    if (Tessel_Error *e = open())
      return e;
    if (Tessel_Error *e = check("clFinish", cl.clFinish(queue)))
      return e;
    std::memcpy(reinterpret_cast<void *>(dst), src, size);
    return Ok();
  }
  Tessel_Error *copyToHost(void *dst, uint64_t src, uint64_t size) override {
    if (Tessel_Error *e = open())
      return e;
    if (Tessel_Error *e = check("clFinish", cl.clFinish(queue)))
      return e;
    std::memcpy(dst, reinterpret_cast<const void *>(src), size);
    return Ok();
  }

  Tessel_Error *load(const uint8_t *artifact, size_t size,
                     const Tessel_Kernel_Metadata &md,
                     std::unique_ptr<kit::Executable> &out) override {
    if (Tessel_Error *e = open())
      return e;
    spirv::Bundle bundle;
    if (Tessel_Error *e =
            readKernelBundle(artifact, size, md, target.getSubGroupSize(), bundle))
      return e;
    std::string error;
    std::optional<std::string> bitcode = translateForEmulator(
        tools, bundle.builtins, md.entry_name, getEmulationLibraryBitcode(), error);
    if (!bitcode)
      return MakeErrorF(TESSEL_ERROR_INTERNAL,
                        "emulated Intel device: the kernel's built-in form does not "
                        "translate for the emulator: %s",
                        error.c_str());
    const unsigned char *binary =
        reinterpret_cast<const unsigned char *>(bitcode->data());
    size_t length = bitcode->size();
    cl_int status = CL_SUCCESS, r = CL_SUCCESS;
    cl_program program = cl.clCreateProgramWithBinary(context, 1, &device, &length,
                                                      &binary, &status, &r);
    if (r != CL_SUCCESS)
      return check("clCreateProgramWithBinary", r, TESSEL_ERROR_INVALID_ARGUMENT);
    r = cl.clBuildProgram(program, 1, &device, "", nullptr, nullptr);
    if (r != CL_SUCCESS) {
      std::string log(8192, '\0');
      cl.clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, log.size() - 1,
                               log.data(), nullptr);
      log.resize(std::strlen(log.c_str()));
      cl.clReleaseProgram(program);
      return MakeErrorF(TESSEL_ERROR_INTERNAL,
                        "emulated Intel device: building the kernel failed (%s): %s",
                        describeClError(r).c_str(), log.c_str());
    }
    cl_kernel kernel = cl.clCreateKernel(program, md.entry_name, &r);
    if (r != CL_SUCCESS) {
      cl.clReleaseProgram(program);
      return check("clCreateKernel", r, TESSEL_ERROR_NOT_FOUND);
    }
    out = std::make_unique<EmulatedKernel>(cl, queue, program, kernel, md);
    return Ok();
  }

  Tessel_Error *synchronize() override {
    if (Tessel_Error *e = open())
      return e;
    return check("clFinish", cl.clFinish(queue));
  }

  Tessel_Error *createTimer(std::unique_ptr<kit::Timer> &out) override {
    if (Tessel_Error *e = open())
      return e;
    out = std::make_unique<EmulatedTimer>(cl, queue);
    return Ok();
  }

private:
  /// Opens PoCL's device once; every later call sees the same result.
  Tessel_Error *open() {
    std::call_once(opened, [&] {
      std::optional<PoclSession> s = openPoclDevice(cl, openError);
      if (s) {
        device = s->device;
        context = s->context;
        queue = s->queue;
      }
    });
    if (queue != nullptr)
      return Ok();
    return MakeErrorF(TESSEL_ERROR_UNAVAILABLE, "emulated Intel device: %s",
                      openError.c_str());
  }

  const OpenClRuntime &cl;
  std::once_flag opened;
  std::string openError;
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  EmulatorTools tools;
  IntelTarget target;
  std::string name;
  size_t memory = 0;
  uint32_t computeUnits = 1;
  kit::FeatureList features;
};

class IntelPlatform : public kit::DevicePlatform {
public:
  Tessel_Error *enumerate(std::vector<std::unique_ptr<kit::Device>> &out) override {
    std::string gpus = addLevelZeroGpus(out);
    const char *flag = std::getenv("TESSEL_INTEL_EMULATOR");
    if (flag != nullptr && std::string(flag) == "0") {
      whyNone = gpus + "; the emulated device is off (TESSEL_INTEL_EMULATOR=0)";
      return Ok();
    }
    std::string why = emulatorUnavailable(out, gpus);
    if (!why.empty())
      whyNone = gpus + "; no emulated device: " + why;
    return Ok();
  }
  std::string whyNoDevice() const override { return whyNone; }

private:
  /// Adds a device per Level Zero GPU; says what was found, or why none.
  std::string addLevelZeroGpus(std::vector<std::unique_ptr<kit::Device>> &out) {
    std::string why;
    const LevelZeroRuntime *ze = getLevelZeroRuntime(&why);
    if (ze == nullptr)
      return why;
    std::vector<LevelZeroGpu> gpus = listLevelZeroGpus(ze, why);
    if (gpus.empty())
      return why;
    size_t added = 0;
    std::string failures;
    for (const LevelZeroGpu &gpu : gpus) {
      std::string problem;
      if (auto device = intel_plugin::createLevelZeroDevice(*ze, gpu, problem)) {
        out.push_back(std::move(device));
        ++added;
      } else {
        failures += (failures.empty() ? "" : "; ") + problem;
      }
    }
    std::string found = std::to_string(added) + " of " + std::to_string(gpus.size()) +
                        " Level Zero GPU(s) opened";
    return failures.empty() ? found : found + " (" + failures + ")";
  }

  /// Adds the emulated device; "" or why it cannot.
  std::string emulatorUnavailable(std::vector<std::unique_ptr<kit::Device>> &out,
                                  const std::string &levelZero) {
    std::string why;
    const OpenClRuntime *cl = getOpenClRuntime(&why);
    if (cl == nullptr)
      return why + " (install pocl-opencl-icd)";
    EmulatorTools tools = EmulatorTools::fromEnvironment();
    why = tools.check();
    if (!why.empty())
      return why;
    std::optional<PoclDescription> pocl = describePoclDevice(*cl, why);
    if (!pocl)
      return why;
    out.push_back(
        std::make_unique<EmulatedDevice>(*cl, *pocl, std::move(tools), levelZero));
    return "";
  }

  std::string whyNone;
};

} // namespace
} // namespace tessel::intel_plugin

std::unique_ptr<tessel::kit::DevicePlatform> tessel::kit::createDevicePlatform() {
  return std::make_unique<tessel::intel_plugin::IntelPlatform>();
}

const tessel::kit::PluginIdentity &tessel::kit::getPluginIdentity() {
  static const PluginIdentity identity = {
      "intel", "0.1.0",
      "Intel GPUs (pvc, bmg, xe): compiles tile IR to SPIR-V with LLVM's SPIR-V "
      "backend (DPAS on pvc and bmg); runs it on Intel GPUs through Level Zero "
      "and on an emulated device (PoCL on the CPU)",
      "Intel GPUs, runtime only: runs SPIR-V compiled elsewhere on Intel GPUs "
      "through Level Zero and on the emulated device (PoCL on the CPU)"};
  return identity;
}
