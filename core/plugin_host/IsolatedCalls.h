//===- IsolatedCalls.h - Crash-isolated compiler calls ----------*- C++ -*-===//
//
// Crash-isolated variants of the compiler-half calls: each runs the plugin
// call in a child process (ChildProcess.h), so a plugin that crashes or
// hangs yields an error result naming the plugin file, the entry and the
// signal, and the host carries on.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_ISOLATEDCALLS_H
#define TESSEL_CORE_PLUGIN_HOST_ISOLATEDCALLS_H

#include <vector>

#include "core/plugin_host/ChildProcess.h"
#include "core/plugin_host/CompilerClient.h"

namespace tessel::plugin_host {

StatusOr<CompiledKernel> compileInChildProcess(const LoadedPlugin &plugin,
                                               const CompileRequest &request,
                                               const ChildProcessOptions &options = {});

Status validateArtifactInChildProcess(const LoadedPlugin &plugin, const Target &target,
                                      const std::vector<uint8_t> &bytes,
                                      const KernelMetadata *metadata,
                                      const ChildProcessOptions &options = {});

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_ISOLATEDCALLS_H
