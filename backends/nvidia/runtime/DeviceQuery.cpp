//===- DeviceQuery.cpp - Lists the GPUs in a child process ----------------===//
//
// Lists the GPUs without initializing the CUDA driver in the calling
// process (see queryDevicesInChild).
//
//===----------------------------------------------------------------------===//

#include "backends/nvidia/runtime/DeviceQuery.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "backends/nvidia/runtime/CudaDriver.h"

namespace tessel::nvidia {
namespace {

// Queries every GPU with an initialized driver; false and `error` on failure.
bool queryDevices(std::vector<DeviceInfo> &out, std::string &error, bool &noDriver) {
  const CudaDriver *cuda = getCudaDriver(&error);
  if (cuda == nullptr) {
    noDriver = true;
    return false;
  }
  // One driver serves every GPU; a failure leaves the version unknown (0).
  int driverVersion = 0;
  if (cuda->cuDriverGetVersion(&driverVersion) != CUDA_SUCCESS)
    driverVersion = 0;
  int count = 0;
  if (CUresult r = cuda->cuDeviceGetCount(&count); r != CUDA_SUCCESS) {
    error = describeCudaError(*cuda, "cuDeviceGetCount", r);
    return false;
  }
  for (int ordinal = 0; ordinal < count; ++ordinal) {
    CUdevice device;
    if (CUresult r = cuda->cuDeviceGet(&device, ordinal); r != CUDA_SUCCESS) {
      error = describeCudaError(*cuda, "cuDeviceGet", r);
      return false;
    }
    DeviceInfo info{};
    auto attr = [&](int which) {
      int v = 0;
      cuda->cuDeviceGetAttribute(&v, which, device);
      return v;
    };
    cuda->cuDeviceGetName(info.name, sizeof(info.name) - 1, device);
    info.ordinal = ordinal;
    info.driverVersion = driverVersion;
    info.major = attr(kAttrComputeCapabilityMajor);
    info.minor = attr(kAttrComputeCapabilityMinor);
    info.warpSize = attr(kAttrWarpSize);
    info.sms = attr(kAttrMultiprocessorCount);
    info.maxThreads = attr(kAttrMaxThreadsPerBlock);
    info.sharedMem = attr(kAttrMaxSharedMemoryPerBlock);
    info.sharedMemOptin = attr(kAttrMaxSharedMemoryPerBlockOptin);
    info.l2 = attr(kAttrL2CacheSize);
    size_t memory = 0;
    cuda->cuDeviceTotalMem(&memory, device);
    info.memory = memory;
    out.push_back(info);
  }
  return true;
}

} // namespace

// The listing runs cuInit in a short-lived child of its own, unless this
// process already initialized the driver (another library did: PyTorch).
// A forked child of such a process cannot use the driver, so it would see
// no device; and the listing then costs the process nothing it has not
// spent already.
bool queryDevicesInChild(std::vector<DeviceInfo> &out, std::string &error,
                         bool &noDriver) {
  // cuDeviceGetCount answers CUDA_ERROR_NOT_INITIALIZED, initializing
  // nothing, until cuInit has run in this process.
  if (const CudaDriver *symbols = getCudaDriverSymbols(nullptr)) {
    int count = 0;
    if (symbols->cuDeviceGetCount(&count) == CUDA_SUCCESS)
      return queryDevices(out, error, noDriver);
  }
  int fds[2];
  if (pipe(fds) != 0)
    return queryDevices(out, error, noDriver);
  pid_t child = fork();
  if (child < 0) {
    close(fds[0]);
    close(fds[1]);
    return queryDevices(out, error, noDriver);
  }
  if (child == 0) {
    close(fds[0]);
    std::vector<DeviceInfo> infos;
    std::string why;
    bool none = false;
    int32_t status = queryDevices(infos, why, none) ? 0 : none ? 1 : 2;
    uint32_t count = uint32_t(infos.size()), whySize = uint32_t(why.size());
    auto put = [&](const void *p, size_t n) {
      const char *c = static_cast<const char *>(p);
      while (n > 0) {
        ssize_t w = write(fds[1], c, n);
        if (w <= 0)
          _exit(3);
        c += w;
        n -= size_t(w);
      }
    };
    put(&status, sizeof(status));
    put(&count, sizeof(count));
    if (count)
      put(infos.data(), count * sizeof(DeviceInfo));
    put(&whySize, sizeof(whySize));
    put(why.data(), whySize);
    _exit(0);
  }
  close(fds[1]);
  std::string bytes;
  char buffer[4096];
  for (ssize_t n; (n = read(fds[0], buffer, sizeof(buffer))) != 0;) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      break;
    bytes.append(buffer, size_t(n));
  }
  close(fds[0]);
  int wstatus = 0;
  while (waitpid(child, &wstatus, 0) < 0 && errno == EINTR) {
  }
  size_t at = 0;
  auto get = [&](void *p, size_t n) {
    if (bytes.size() - at < n)
      return false;
    std::memcpy(p, bytes.data() + at, n);
    at += n;
    return true;
  };
  int32_t status = 0;
  uint32_t count = 0, whySize = 0;
  if (!get(&status, sizeof(status)) || !get(&count, sizeof(count))) {
    error = "the device query process ended without an answer";
    return false;
  }
  out.resize(count);
  if ((count && !get(out.data(), count * sizeof(DeviceInfo))) ||
      !get(&whySize, sizeof(whySize))) {
    error = "the device query process sent a truncated answer";
    return false;
  }
  error.assign(bytes.data() + at, std::min<size_t>(whySize, bytes.size() - at));
  noDriver = status == 1;
  return status == 0;
}

} // namespace tessel::nvidia
