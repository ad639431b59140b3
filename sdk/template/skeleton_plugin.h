// Internal declarations shared by the skeleton plugin's files.
//
// TODO(vendor): rename. The whole template uses the token "skeleton" (and
// "SKELETON") for the plugin name; replace both with your plugin's name,
// which becomes the <plugin> of target strings ("acme:chip1").
#ifndef SKELETON_PLUGIN_H_
#define SKELETON_PLUGIN_H_

#include "tessel/plugin_api.h"

namespace skeleton {

// The plugin name reported in Tessel_Plugin_Info and in every error message.
inline constexpr const char kPluginName[] = "skeleton";

// Fill the entries of each half into `api` (skeleton_compiler.cpp,
// skeleton_runtime.cpp). Delete the call for a half you do not provide and
// drop its bit from the `halves` in skeleton_plugin.cpp.
void FillCompilerHalf(Tessel_Plugin_Api& api);
void FillRuntimeHalf(Tessel_Plugin_Api& api);

}  // namespace skeleton

#endif  // SKELETON_PLUGIN_H_
