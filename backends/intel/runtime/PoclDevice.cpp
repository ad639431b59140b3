//===- PoclDevice.cpp - Finding and opening PoCL's CPU device -------------===//

#include "backends/intel/runtime/PoclDevice.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <sstream>
#include <vector>

namespace tessel::intel {
namespace {

std::string platformString(const OpenClRuntime &cl, cl_platform_id p,
                           cl_platform_info what) {
  char text[512] = {0};
  cl.clGetPlatformInfo(p, what, sizeof text - 1, text, nullptr);
  return text;
}

std::string deviceString(const OpenClRuntime &cl, cl_device_id d, cl_device_info what) {
  char text[512] = {0};
  cl.clGetDeviceInfo(d, what, sizeof text - 1, text, nullptr);
  return text;
}

/// PoCL's CPU device and its platform version ("PoCL 3.1+debian").
std::optional<cl_device_id> findDevice(const OpenClRuntime &cl, std::string &platform,
                                       std::string &why) {
  cl_uint count = 0;
  if (cl.clGetPlatformIDs(0, nullptr, &count) != CL_SUCCESS || count == 0) {
    why = "no OpenCL platform (install pocl-opencl-icd)";
    return std::nullopt;
  }
  std::vector<cl_platform_id> platforms(count);
  cl.clGetPlatformIDs(count, platforms.data(), nullptr);
  for (cl_platform_id p : platforms) {
    // Only PoCL runs SPIR bitcode with the emulation library linked in.
    if (platformString(cl, p, CL_PLATFORM_NAME).find("Portable Computing Language") ==
        std::string::npos)
      continue;
    cl_device_id device;
    cl_uint devices = 0;
    if (cl.clGetDeviceIDs(p, CL_DEVICE_TYPE_CPU, 1, &device, &devices) != CL_SUCCESS ||
        devices == 0)
      continue;
    // "OpenCL 3.0 PoCL 3.1+debian  Linux, ..." -> "PoCL 3.1+debian"
    std::string version = platformString(cl, p, CL_PLATFORM_VERSION);
    size_t at = version.find("PoCL");
    platform = at == std::string::npos
                   ? "PoCL"
                   : version.substr(at, version.find(' ', at + 5) - at);
    return device;
  }
  why = "no PoCL CPU device among the OpenCL platforms (install pocl-opencl-icd)";
  return std::nullopt;
}

/// The child's answer: "ok" and the four fields, or "error" and why, one a
/// line (no field holds a newline: they are OpenCL names and numbers).
std::string describeHere(const OpenClRuntime &cl) {
  std::string platform, why;
  std::optional<cl_device_id> device = findDevice(cl, platform, why);
  if (!device)
    return "error\n" + why + "\n";
  cl_ulong bytes = 0;
  cl.clGetDeviceInfo(*device, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof bytes, &bytes, nullptr);
  cl_uint units = 0;
  cl.clGetDeviceInfo(*device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units,
                     nullptr);
  return "ok\n" + platform + "\n" + deviceString(cl, *device, CL_DEVICE_NAME) + "\n" +
         std::to_string(bytes) + "\n" + std::to_string(units) + "\n";
}

} // namespace

std::optional<PoclDescription> describePoclDevice(const OpenClRuntime &cl,
                                                  std::string &why, int timeoutMs) {
  int fds[2];
  if (pipe(fds) != 0) {
    why = "cannot create a pipe to probe the OpenCL device";
    return std::nullopt;
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    why = "cannot fork to probe the OpenCL device";
    return std::nullopt;
  }
  if (pid == 0) {
    close(fds[0]);
    std::string answer = describeHere(cl);
    for (size_t done = 0; done < answer.size();) {
      ssize_t n = write(fds[1], answer.data() + done, answer.size() - done);
      if (n <= 0)
        break;
      done += size_t(n);
    }
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
  bool timedOut = false;
  for (;;) {
    int left = int(std::chrono::duration_cast<std::chrono::milliseconds>(
                       deadline - std::chrono::steady_clock::now())
                       .count());
    if (left <= 0) {
      timedOut = true;
      break;
    }
    pollfd p{fds[0], POLLIN, 0};
    int ready = poll(&p, 1, left);
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0) {
      timedOut = ready == 0;
      break;
    }
    char buffer[1024];
    ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    text.append(buffer, size_t(n));
  }
  close(fds[0]);
  if (timedOut)
    kill(pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timedOut) {
    why = "probing the OpenCL device took longer than " +
          std::to_string(timeoutMs / 1000) + " s";
    return std::nullopt;
  }
  std::istringstream in(text);
  std::string head;
  std::getline(in, head);
  if (head == "error") {
    std::getline(in, why);
    return std::nullopt;
  }
  PoclDescription d;
  std::string memory, units;
  if (head != "ok" || !std::getline(in, d.platform) || !std::getline(in, d.cpu) ||
      !std::getline(in, memory) || !std::getline(in, units)) {
    why = WIFSIGNALED(status)
              ? "the OpenCL runtime crashed (signal " +
                    std::to_string(WTERMSIG(status)) + ") while probing its devices"
              : "the OpenCL device probe gave no answer";
    return std::nullopt;
  }
  d.memoryBytes = std::stoull(memory);
  d.computeUnits = uint32_t(std::stoul(units));
  return d;
}

std::optional<PoclSession> openPoclDevice(const OpenClRuntime &cl, std::string &why) {
  std::string platform;
  std::optional<cl_device_id> device = findDevice(cl, platform, why);
  if (!device)
    return std::nullopt;
  PoclSession s;
  s.device = *device;
  cl_int r = CL_SUCCESS;
  s.context = cl.clCreateContext(nullptr, 1, &s.device, nullptr, nullptr, &r);
  if (r != CL_SUCCESS) {
    why = "clCreateContext failed: " + describeClError(r);
    return std::nullopt;
  }
  s.queue = cl.clCreateCommandQueue(s.context, s.device, 0, &r);
  if (r != CL_SUCCESS) {
    why = "clCreateCommandQueue failed: " + describeClError(r);
    return std::nullopt;
  }
  return s;
}

} // namespace tessel::intel
