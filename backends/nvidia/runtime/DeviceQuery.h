//===- DeviceQuery.h - What each NVIDIA GPU is --------------------*- C++ -*-===//
//
// What the NVIDIA plugin learns about each GPU when it lists them, asked
// through the CUDA driver (CudaDriver.h) in a child process.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_RUNTIME_DEVICEQUERY_H
#define TESSEL_BACKENDS_NVIDIA_RUNTIME_DEVICEQUERY_H

#include <cstdint>
#include <string>
#include <vector>

namespace tessel::nvidia {

/// Plain data, so a child process can send it through a pipe.
struct DeviceInfo {
  char name[256];
  int ordinal, major, minor, warpSize, sms, maxThreads, sharedMem, sharedMemOptin, l2;
  int driverVersion; // cuDriverGetVersion: 1000 * major + 10 * minor; 0 unknown
  uint64_t memory;
};

/// Queries every GPU in a short-lived child process: CUDA cannot be used in
/// a child forked after cuInit, and hosts fork per conformance case after
/// listing devices, so the calling process initializes the driver only when
/// it first allocates, loads or launches. A process that has already
/// initialized the driver (through another library) is queried in place. False and
/// `error` on failure; `noDriver` when the driver cannot initialize at all (no GPU, no
/// module).
bool queryDevicesInChild(std::vector<DeviceInfo> &out, std::string &error,
                         bool &noDriver);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_RUNTIME_DEVICEQUERY_H
