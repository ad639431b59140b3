//===- TileIrArtifact.cpp - Loading CUDA Tile IR bytecode -----------------===//

#include "backends/nvidia/runtime/TileIrArtifact.h"

#include <cstring>

#include "backends/nvidia/runtime/CudaDriver.h"

namespace tessel::nvidia {

bool isTileIrBytecode(const uint8_t *bytes, size_t size) {
  return bytes != nullptr && size >= sizeof(kTileIrMagic) &&
         std::memcmp(bytes, kTileIrMagic, sizeof(kTileIrMagic)) == 0;
}

std::string checkTileIrDriver(int driverVersion) {
  if (driverVersion >= kTileIrMinDriverVersion)
    return "";
  std::string have = driverVersion > 0
                         ? "this driver is CUDA " + formatCudaDriverVersion(driverVersion) +
                               " (" + std::to_string(driverVersion) + ")"
                         : "this driver did not report its version";
  return "the artifact is CUDA Tile IR bytecode, which the driver compiles only "
         "from CUDA " +
         formatCudaDriverVersion(kTileIrMinDriverVersion) + " (" +
         std::to_string(kTileIrMinDriverVersion) + ") on; " + have +
         ": update the driver, or compile for the target without +tileir (a cubin)";
}

} // namespace tessel::nvidia
