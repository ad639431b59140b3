//===- PoclDevice.h - Finding and opening PoCL's CPU device ------*- C++ -*-===//
//
// The emulated Intel device runs on PoCL's CPU device. Two steps, kept
// apart on purpose:
//   * describe: what the device is (PoCL's version, the CPU, memory, compute
//     units), asked in a short-lived forked child process, so that this
//     process never starts OpenCL only to list a device;
//   * open: the context and queue, in this process, on first real use.
// Why: PoCL's CPU device starts worker threads when OpenCL initialises. A
// process that forks after that (the conformance runner runs each case in
// a forked child) gets a child without those threads whose first OpenCL
// call waits on them forever. Enumerating without initialising keeps the
// parent fork-safe; each child then initialises OpenCL afresh.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_RUNTIME_POCLDEVICE_H
#define TESSEL_BACKENDS_INTEL_RUNTIME_POCLDEVICE_H

#include <cstdint>
#include <optional>
#include <string>

#include "backends/intel/runtime/OpenClRuntime.h"

namespace tessel::intel {

struct PoclDescription {
  std::string platform; ///< "PoCL 3.1+debian"
  std::string cpu;      ///< PoCL's device name, e.g. "pthread-skylake-avx512-..."
  uint64_t memoryBytes = 0;
  uint32_t computeUnits = 1;
};

/// Describes PoCL's CPU device from a forked child process; nullopt with
/// `why` set when there is none (no OpenCL platform, no PoCL, the probe
/// crashed or took longer than `timeoutMs`).
std::optional<PoclDescription>
describePoclDevice(const OpenClRuntime &cl, std::string &why, int timeoutMs = 30000);

struct PoclSession {
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
};

/// Opens PoCL's CPU device in this process; nullopt with `why` set.
std::optional<PoclSession> openPoclDevice(const OpenClRuntime &cl, std::string &why);

} // namespace tessel::intel

#endif // TESSEL_BACKENDS_INTEL_RUNTIME_POCLDEVICE_H
