//===- LevelZeroDevice.h - Intel GPUs through Level Zero ----------*- C++ -*-===//
//
// A kit::Device over one GPU of a Level Zero driver: device allocations,
// copies and launches on one in-order immediate command list, modules
// created from the native SPIR-V form of the plugin's artifacts
// (zeModuleCreate with ZE_MODULE_FORMAT_IL_SPIRV), and timing points as
// global timestamps the device writes into host memory.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_INTEL_LEVELZERODEVICE_H
#define TESSEL_PLUGINS_INTEL_LEVELZERODEVICE_H

#include <memory>
#include <string>

#include "backends/intel/runtime/LevelZeroRuntime.h"
#include "plugins/common/Device.h"

namespace tessel::intel_plugin {

/// The device for `gpu`, or null with `why` set when its context or
/// command list cannot be created.
std::unique_ptr<kit::Device> createLevelZeroDevice(const intel::LevelZeroRuntime &ze,
                                                   const intel::LevelZeroGpu &gpu,
                                                   std::string &why);

/// The Intel target a GPU runs best, from its PCI device id: "pvc" (Data
/// Center GPU Max), "bmg" (Arc B-series), else "xe" (no DPAS or 2D block IO
/// assumed).
const char *archForDeviceId(uint32_t deviceId);

} // namespace tessel::intel_plugin

#endif // TESSEL_PLUGINS_INTEL_LEVELZERODEVICE_H
