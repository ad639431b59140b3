//===- PluginAbiTesting.h - Tests of a plugin through its ABI -----*- C++ -*-===//
//
// What tests of a plugin through its C ABI share (PluginAbi_test.cpp, which
// `tessel_plugin` runs for every plugin, and vendors' own ABI tests): load
// the plugin, read errors, make the tile IR bytecode the core sends, and
// fill a compile request. Test-only; links MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_PLUGINS_COMMON_PLUGINABITESTING_H
#define TESSEL_PLUGINS_COMMON_PLUGINABITESTING_H

#include <string>

#include "tessel/plugin_api.h"

#include <map>

namespace tessel::abitest {

/// The function table of the plugin at `path`, loaded once and kept loaded;
/// null (and a test failure) when it does not load.
const Tessel_Plugin_Api *loadPlugin(const std::string &path);

/// The message of `error`, which this destroys: "" for no error.
std::string message(const Tessel_Plugin_Api *api, Tessel_Error *error);

/// The tile IR bytecode of the text file `path`, as the core sends it; ""
/// (and a test failure) when it cannot be read.
std::string readTileBytecode(const std::string &path);

/// A compile request for `entry` of the bytecode `ir` on `target`, at the
/// tile IR version this build writes; all three must outlive it.
Tessel_Compile_Args makeCompileArgs(const Tessel_Target &target, const std::string &ir,
                                    const char *entry);

/// Compiles `entry` of `ir` on `target` asking for the stages `flags`
/// (TESSEL_STAGES_*) and returns them by name, "" and a test failure when
/// compile fails. `suffixes`, when given, receives each stage's suffix.
std::map<std::string, std::string>
compileStages(const Tessel_Plugin_Api *api, const Tessel_Target &target,
              const std::string &ir, const char *entry, uint32_t flags,
              std::map<std::string, std::string> *suffixes = nullptr);

} // namespace tessel::abitest

#endif // TESSEL_PLUGINS_COMMON_PLUGINABITESTING_H
