//===- Kernel.cpp - A kernel loaded on a device ---------------------------===//

#include "core/runtime/Kernel.h"

namespace tessel::runtime {

StatusOr<Kernel> Kernel::load(const Device &device, const Artifact &artifact) {
  // Plugins identify their own artifacts only loosely (a magic number at
  // best), so the runtime refuses the obvious mismatch itself.
  if (artifact.target.plugin != device.pluginName()) {
    return Status(TESSEL_ERROR_FAILED_PRECONDITION,
                  "kernel '" + artifact.kernel.metadata.entryName +
                      "' was compiled for '" + artifact.target.toString() +
                      "' and cannot be loaded on " + device.describe());
  }
  StatusOr<plugin_host::LoadedModule> module = plugin_host::LoadedModule::load(
      device.plugin(), device.handle(), artifact.kernel);
  if (!module.ok())
    return module.status();
  return Kernel(device, artifact.target, artifact.kernel.metadata,
                std::move(module).value());
}

} // namespace tessel::runtime
