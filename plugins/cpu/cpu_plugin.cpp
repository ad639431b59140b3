// Identity, function table and the exported entry point of the CPU plugin.
// Built twice: with TESSEL_CPU_COMPILER_HALF (both halves) and without it
// (runtime only, no LLVM/MLIR in the process).
#include "plugins/cpu/cpu_plugin.h"

#include "tessel/plugin.hpp"

namespace tessel::cpu_plugin {
namespace {

const Tessel_Plugin_Info kInfo = {
    /*struct_size=*/Tessel_Plugin_Info_STRUCT_SIZE,
    /*extension_start=*/nullptr,
    /*name=*/kPluginName,
    /*version=*/kPluginVersion,
#ifdef TESSEL_CPU_COMPILER_HALF
    /*description=*/"x86-64 host CPU: compiles tile IR to shared objects and "
                    "runs program instances on a thread pool",
#else
    /*description=*/"x86-64 host CPU, runtime only: runs kernels compiled "
                    "elsewhere on a thread pool",
#endif
};

Tessel_Error* Initialize(Tessel_Plugin_Initialize_Args* args) {
  return sdk::Entry("plugin_initialize", args,
                    [](Tessel_Plugin_Initialize_Args&) { return sdk::Ok(); });
}

Tessel_Plugin_Api BuildApi() {
#ifdef TESSEL_CPU_COMPILER_HALF
  const uint32_t halves = TESSEL_PLUGIN_HALF_COMPILER | TESSEL_PLUGIN_HALF_RUNTIME;
#else
  const uint32_t halves = TESSEL_PLUGIN_HALF_RUNTIME;
#endif
  Tessel_Plugin_Api api = sdk::MakeApi(halves, &kInfo);
  api.plugin_initialize = &Initialize;
#ifdef TESSEL_CPU_COMPILER_HALF
  FillCompilerHalf(api);
#endif
  FillRuntimeHalf(api);
  return api;
}

}  // namespace
}  // namespace tessel::cpu_plugin

extern "C" TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api* tessel_plugin_get_api(
    uint32_t host_abi_major, uint32_t host_abi_minor) {
  (void)host_abi_major;
  (void)host_abi_minor;
  static const Tessel_Plugin_Api api = tessel::cpu_plugin::BuildApi();
  return &api;
}
