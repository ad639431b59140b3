//===- LevelZeroProbe.cpp - Is there a Level Zero driver? -----------------===//

#include "backends/intel/runtime/LevelZeroProbe.h"

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <vector>

namespace tessel::intel {
namespace {

// The few Level Zero entry points and constants the probe uses (Level
// Zero's ze_api.h, specification 1.x), declared here so that the plugin
// needs neither the loader nor its headers to build.
using ze_result_t = int32_t;
constexpr ze_result_t ZE_RESULT_SUCCESS = 0;
constexpr uint32_t ZE_DEVICE_TYPE_GPU = 1;
using zeInit_t = ze_result_t (*)(uint32_t flags);
using zeDriverGet_t = ze_result_t (*)(uint32_t *count, void **drivers);
using zeDeviceGet_t = ze_result_t (*)(void *driver, uint32_t *count, void **devices);

std::string hex(ze_result_t r) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%x", unsigned(r));
  return text;
}

} // namespace

LevelZeroStatus probeLevelZero() {
  LevelZeroStatus status;
  void *loader = dlopen("libze_loader.so.1", RTLD_NOW | RTLD_LOCAL);
  if (loader == nullptr) {
    status.whyNone = "no Level Zero driver (libze_loader.so.1 is not installed)";
    return status;
  }
  auto init = reinterpret_cast<zeInit_t>(dlsym(loader, "zeInit"));
  auto driverGet = reinterpret_cast<zeDriverGet_t>(dlsym(loader, "zeDriverGet"));
  auto deviceGet = reinterpret_cast<zeDeviceGet_t>(dlsym(loader, "zeDeviceGet"));
  if (init == nullptr || driverGet == nullptr || deviceGet == nullptr) {
    status.whyNone = "no Level Zero driver (libze_loader.so.1 lacks zeInit)";
    return status;
  }
  // zeInit fails (ZE_RESULT_ERROR_UNINITIALIZED) when the loader finds no
  // driver: the loader is there, a GPU driver (intel-level-zero-gpu) is not.
  ze_result_t r = init(ZE_DEVICE_TYPE_GPU);
  if (r != ZE_RESULT_SUCCESS) {
    status.whyNone = "no Level Zero driver (the loader is installed; zeInit "
                     "returned " +
                     hex(r) + ": no GPU driver is)";
    return status;
  }
  uint32_t count = 0;
  if (driverGet(&count, nullptr) != ZE_RESULT_SUCCESS || count == 0) {
    status.whyNone = "no Level Zero driver (zeDriverGet lists none)";
    return status;
  }
  status.drivers = count;
  std::vector<void *> drivers(count);
  driverGet(&count, drivers.data());
  for (void *driver : drivers) {
    uint32_t devices = 0;
    if (deviceGet(driver, &devices, nullptr) == ZE_RESULT_SUCCESS)
      status.gpus += devices;
  }
  if (status.gpus == 0)
    status.whyNone = "Level Zero drivers report no GPU";
  return status;
}

} // namespace tessel::intel
