//===- PluginEntry.cpp - tessel_plugin_get_api for every plugin -----------===//
//
// Compiled into each plugin twice by the `tessel_plugin` macro: with
// TESSEL_KIT_COMPILER_HALF (both halves) and without it (the runtime-only
// build, which links no LLVM or MLIR).
//
//===----------------------------------------------------------------------===//

#include "plugins/common/PluginEntry.h"
#include "plugins/common/Device.h"
#include "tessel/plugin.hpp"

#ifdef TESSEL_KIT_COMPILER_HALF
#include "plugins/common/CompilerBackend.h"
#endif

namespace tessel::kit {
namespace {

Tessel_Error *initialize(Tessel_Plugin_Initialize_Args *args) {
  return sdk::Entry("plugin_initialize", args,
                    [](Tessel_Plugin_Initialize_Args &) { return sdk::Ok(); });
}

Tessel_Plugin_Api buildApi() {
  const PluginIdentity &id = getPluginIdentity();
  static const Tessel_Plugin_Info info = {
      Tessel_Plugin_Info_STRUCT_SIZE,
      nullptr,
      id.name,
      id.version,
#ifdef TESSEL_KIT_COMPILER_HALF
      id.description,
#else
      id.runtimeOnlyDescription,
#endif
  };
#ifdef TESSEL_KIT_COMPILER_HALF
  const uint32_t halves = TESSEL_PLUGIN_HALF_COMPILER | TESSEL_PLUGIN_HALF_RUNTIME;
#else
  const uint32_t halves = TESSEL_PLUGIN_HALF_RUNTIME;
#endif
  Tessel_Plugin_Api api = sdk::MakeApi(halves, &info);
  api.plugin_initialize = &initialize;
#ifdef TESSEL_KIT_COMPILER_HALF
  fillCompilerHalf(api);
#endif
  fillRuntimeHalf(api);
  return api;
}

} // namespace
} // namespace tessel::kit

extern "C" TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api *
tessel_plugin_get_api(uint32_t hostAbiMajor, uint32_t hostAbiMinor) {
  (void)hostAbiMajor;
  (void)hostAbiMinor;
  static const Tessel_Plugin_Api api = tessel::kit::buildApi();
  return &api;
}
