// The NVIDIA plugin (libtessel_nvidia.so): compiles tile IR to cubins with
// backends/nvidia (compiler half) and runs them through the CUDA driver,
// loaded with dlopen (runtime half). The runtime-only build leaves the
// compiler half out and links no LLVM/MLIR.
#ifndef TESSEL_PLUGINS_NVIDIA_NVIDIA_PLUGIN_H_
#define TESSEL_PLUGINS_NVIDIA_NVIDIA_PLUGIN_H_

#include "tessel/plugin_api.h"

namespace tessel::nvidia_plugin {

inline constexpr const char* kPluginName = "nvidia";
inline constexpr const char* kPluginVersion = "0.1.0";
// The artifact format compile produces and module_load accepts.
inline constexpr const char* kArtifactFormat = "cubin";

void FillCompilerHalf(Tessel_Plugin_Api& api);
void FillRuntimeHalf(Tessel_Plugin_Api& api);

}  // namespace tessel::nvidia_plugin

#endif  // TESSEL_PLUGINS_NVIDIA_NVIDIA_PLUGIN_H_
