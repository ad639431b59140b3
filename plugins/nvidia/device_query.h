// What the NVIDIA plugin learns about each GPU when it lists them.
#ifndef TESSEL_PLUGINS_NVIDIA_DEVICE_QUERY_H_
#define TESSEL_PLUGINS_NVIDIA_DEVICE_QUERY_H_

#include <cstdint>
#include <string>
#include <vector>

namespace tessel::nvidia_plugin {

// Plain data, so a child process can send it through a pipe.
struct DeviceInfo {
  char name[256];
  int ordinal, major, minor, warpSize, sms, maxThreads, sharedMem, sharedMemOptin, l2;
  uint64_t memory;
};

// Queries every GPU in a short-lived child process: CUDA cannot be used in
// a child forked after cuInit, and hosts fork per conformance case after
// listing devices, so the calling process initializes the driver only when
// it first allocates, loads or launches. False and `error` on failure;
// `noDriver` when the driver cannot initialize at all (no GPU, no module).
bool QueryDevicesInChild(std::vector<DeviceInfo>& out, std::string& error, bool& noDriver);

}  // namespace tessel::nvidia_plugin

#endif  // TESSEL_PLUGINS_NVIDIA_DEVICE_QUERY_H_
