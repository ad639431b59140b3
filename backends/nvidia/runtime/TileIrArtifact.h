//===- TileIrArtifact.h - Loading CUDA Tile IR bytecode ---------*- C++ -*-===//
//
// The NVIDIA plugin's artifact is a cubin, or, for a target with the
// `tileir` feature, CUDA Tile IR bytecode, which the driver compiles when
// the module is loaded (cuModuleLoadData) from CUDA 13.1 on. An older
// driver is refused before the load, with the version it would need.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_RUNTIME_TILEIRARTIFACT_H
#define TESSEL_BACKENDS_NVIDIA_RUNTIME_TILEIRARTIFACT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace tessel::nvidia {

/// The eight bytes every CUDA Tile IR bytecode file starts with.
inline constexpr uint8_t kTileIrMagic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};

/// The oldest driver that loads Tile IR bytecode, as cuDriverGetVersion
/// reports it (1000 * major + 10 * minor): CUDA 13.1.
inline constexpr int kTileIrMinDriverVersion = 13010;

/// Whether `bytes` start with kTileIrMagic.
bool isTileIrBytecode(const uint8_t *bytes, size_t size);

/// Empty when a driver of `driverVersion` (0: unknown) loads Tile IR
/// bytecode; otherwise why the artifact is refused, naming both versions.
std::string checkTileIrDriver(int driverVersion);

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_RUNTIME_TILEIRARTIFACT_H
