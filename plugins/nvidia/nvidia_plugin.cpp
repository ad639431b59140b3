// Identity, function table and the exported entry point of the NVIDIA
// plugin. Built twice: with TESSEL_NVIDIA_COMPILER_HALF (both halves) and
// without it (runtime only, no LLVM/MLIR in the process).
#include "plugins/nvidia/nvidia_plugin.h"

#include "tessel/plugin.hpp"

namespace tessel::nvidia_plugin {
namespace {

const Tessel_Plugin_Info kInfo = {
    /*struct_size=*/Tessel_Plugin_Info_STRUCT_SIZE,
    /*extension_start=*/nullptr,
    /*name=*/kPluginName,
    /*version=*/kPluginVersion,
#ifdef TESSEL_NVIDIA_COMPILER_HALF
    /*description=*/"NVIDIA GPUs (sm_80, sm_90a): compiles tile IR to cubins "
                    "and runs them through the CUDA driver",
#else
    /*description=*/"NVIDIA GPUs, runtime only: runs cubins compiled elsewhere "
                    "through the CUDA driver",
#endif
};

Tessel_Error* Initialize(Tessel_Plugin_Initialize_Args* args) {
  // The driver loads on first use, so that listing plugins touches no GPU.
  return sdk::Entry("plugin_initialize", args,
                    [](Tessel_Plugin_Initialize_Args&) { return sdk::Ok(); });
}

Tessel_Plugin_Api BuildApi() {
#ifdef TESSEL_NVIDIA_COMPILER_HALF
  const uint32_t halves = TESSEL_PLUGIN_HALF_COMPILER | TESSEL_PLUGIN_HALF_RUNTIME;
#else
  const uint32_t halves = TESSEL_PLUGIN_HALF_RUNTIME;
#endif
  Tessel_Plugin_Api api = sdk::MakeApi(halves, &kInfo);
  api.plugin_initialize = &Initialize;
#ifdef TESSEL_NVIDIA_COMPILER_HALF
  FillCompilerHalf(api);
#endif
  FillRuntimeHalf(api);
  return api;
}

}  // namespace
}  // namespace tessel::nvidia_plugin

extern "C" TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api* tessel_plugin_get_api(
    uint32_t host_abi_major, uint32_t host_abi_minor) {
  (void)host_abi_major;
  (void)host_abi_minor;
  static const Tessel_Plugin_Api api = tessel::nvidia_plugin::BuildApi();
  return &api;
}
