//===- SkeletonPlugin.cpp - The entry point and the function table --------===//
//
// The skeleton plugin's identity, table and the exported entry point.
//
// This is a *null plugin*: every entry exists and returns a clear
// UNIMPLEMENTED error until a vendor fills it in. It builds with only sdk/
// on the include path; see README.md for the walkthrough.
#include "SkeletonPlugin.h"

#include "tessel/plugin.hpp"

namespace skeleton {
namespace {

// TODO(vendor): your version and a one-line description.
const Tessel_Plugin_Info kInfo = {
    /*struct_size=*/Tessel_Plugin_Info_STRUCT_SIZE,
    /*extension_start=*/nullptr,
    /*name=*/kPluginName,
    /*version=*/"0.0.0",
    /*description=*/"null plugin template: every entry is UNIMPLEMENTED",
};

Tessel_Error *initialize(Tessel_Plugin_Initialize_Args *args) {
  return tessel::sdk::Entry("plugin_initialize", args,
                            [](Tessel_Plugin_Initialize_Args &) {
                              // TODO(vendor): one-time setup that may fail: find the
                              // driver library (dlopen it; do not link it, so that
                              // listing plugins works on machines without it), read
                              // args.options. Keep it cheap: the host initialises every
                              // plugin it lists.
                              return tessel::sdk::Ok();
                            });
}

Tessel_Plugin_Api buildApi() {
  // TODO(vendor): drop the bit of a half you do not provide.
  Tessel_Plugin_Api api = tessel::sdk::MakeApi(
      TESSEL_PLUGIN_HALF_COMPILER | TESSEL_PLUGIN_HALF_RUNTIME, &kInfo);
  api.plugin_initialize = &initialize;
  fillCompilerHalf(api);
  fillRuntimeHalf(api);
  return api;
}

} // namespace
} // namespace skeleton

extern "C" TESSEL_PLUGIN_EXPORT const Tessel_Plugin_Api *
tessel_plugin_get_api(uint32_t host_abi_major, uint32_t host_abi_minor) {
  // The host refuses a table of another major itself, so the table is
  // returned whatever the host's version; a plugin that supports several
  // majors would pick its table here.
  (void)host_abi_major;
  (void)host_abi_minor;
  // A function-local static is built once, thread-safely, on first call.
  static const Tessel_Plugin_Api api = skeleton::buildApi();
  return &api;
}
