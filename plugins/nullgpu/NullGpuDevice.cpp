//===- NullGpuDevice.cpp - The null GPU plugin's (absent) devices ---------===//
//
// The null GPU has no device: its platform lists none, so the runtime half
// is the kit's, answering every device entry with "unknown device".
//
//===----------------------------------------------------------------------===//

#include "plugins/common/Device.h"
#include "plugins/common/PluginEntry.h"
#include "tessel/plugin.hpp"

namespace tessel::nullgpu_plugin {
namespace {

class NoDevices : public kit::DevicePlatform {
public:
  Tessel_Error *enumerate(std::vector<std::unique_ptr<kit::Device>> &) override {
    return sdk::Ok();
  }
};

} // namespace
} // namespace tessel::nullgpu_plugin

std::unique_ptr<tessel::kit::DevicePlatform> tessel::kit::createDevicePlatform() {
  return std::make_unique<tessel::nullgpu_plugin::NoDevices>();
}

const tessel::kit::PluginIdentity &tessel::kit::getPluginIdentity() {
  static const PluginIdentity identity = {
      "nullgpu", "0.1.0",
      "the backend kit's test GPU: compiles tile IR through the shared GPU layer to "
      "x86-64 objects; no device",
      "the backend kit's test GPU, runtime only: no device"};
  return identity;
}
