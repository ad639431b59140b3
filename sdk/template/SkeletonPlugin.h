//===- SkeletonPlugin.h - Declarations the plugin files share --- -*- C++ -*-===//
//
// Internal declarations shared by the skeleton plugin's files.
//
// TODO(vendor): rename. The whole template uses the token "skeleton" (and
// "Skeleton" in file names, "SKELETON") for the plugin name; replace them
// with your plugin's name, which becomes the <plugin> of target strings
// ("acme:chip1").
#ifndef SKELETON_PLUGIN_H
#define SKELETON_PLUGIN_H

#include "tessel/plugin_api.h"

namespace skeleton {

// The plugin name reported in Tessel_Plugin_Info and in every error message.
inline constexpr const char kPluginName[] = "skeleton";

// Fill the entries of each half into `api` (SkeletonCompiler.cpp,
// SkeletonRuntime.cpp). Delete the call for a half you do not provide and
// drop its bit from the `halves` in SkeletonPlugin.cpp.
void fillCompilerHalf(Tessel_Plugin_Api &api);
void fillRuntimeHalf(Tessel_Plugin_Api &api);

} // namespace skeleton

#endif // SKELETON_PLUGIN_H
