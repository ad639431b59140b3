// The CPU plugin (libtessel_cpu.so): runs kernels compiled by backends/cpu
// on the host's cores. The runtime half needs only libc; the compiler half
// brings in the backend (MLIR/LLVM) and is left out of the runtime-only
// build (libtessel_cpu_runtime.so).
#ifndef TESSEL_PLUGINS_CPU_CPU_PLUGIN_H_
#define TESSEL_PLUGINS_CPU_CPU_PLUGIN_H_

#include "tessel/plugin_api.h"

namespace tessel::cpu_plugin {

inline constexpr const char* kPluginName = "cpu";
inline constexpr const char* kPluginVersion = "0.1.0";
// The artifact format compile produces and module_load accepts.
inline constexpr const char* kArtifactFormat = "elf-so";

// Sets the entries of each half in `api`.
void FillCompilerHalf(Tessel_Plugin_Api& api);
void FillRuntimeHalf(Tessel_Plugin_Api& api);

}  // namespace tessel::cpu_plugin

#endif  // TESSEL_PLUGINS_CPU_CPU_PLUGIN_H_
