//===- PluginEntry.h - A vendor plugin's identity -----------------*- C++ -*-===//
//
// The one exported symbol, `tessel_plugin_get_api`, is defined by the kit
// (PluginEntry.cpp, compiled into each plugin by the `tessel_plugin` Bazel
// macro, plugins/common/plugin.bzl). A vendor defines its identity, its
// CompilerBackend (CompilerBackend.h, full build only) and its
// DevicePlatform (Device.h).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_COMMON_PLUGINENTRY_H
#define TESSEL_PLUGINS_COMMON_PLUGINENTRY_H

namespace tessel::kit {

struct PluginIdentity {
  /// [a-z0-9_]+: the <plugin> of target strings, and "<name>." option keys.
  const char *name;
  const char *version;
  /// One line each, for the full build and the runtime-only build.
  const char *description;
  const char *runtimeOnlyDescription;
};

/// Defined by each vendor's plugin.
const PluginIdentity &getPluginIdentity();

} // namespace tessel::kit

#endif // TESSEL_PLUGINS_COMMON_PLUGINENTRY_H
