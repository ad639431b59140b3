// Crash-isolated variants of the compiler-half calls: each runs the plugin
// call in a child process (child_process.h), so a plugin that crashes or
// hangs yields an error result naming the plugin file, the entry and the
// signal, and the host carries on.
#ifndef TESSEL_CORE_PLUGIN_HOST_ISOLATED_CALLS_H_
#define TESSEL_CORE_PLUGIN_HOST_ISOLATED_CALLS_H_

#include <vector>

#include "core/plugin_host/child_process.h"
#include "core/plugin_host/compiler_client.h"

namespace tessel::plugin_host {

StatusOr<CompiledKernel> CompileInChildProcess(
    const LoadedPlugin& plugin, const CompileRequest& request,
    const ChildProcessOptions& options = {});

Status ValidateArtifactInChildProcess(const LoadedPlugin& plugin,
                                      const Target& target,
                                      const std::vector<uint8_t>& bytes,
                                      const KernelMetadata* metadata,
                                      const ChildProcessOptions& options = {});

}  // namespace tessel::plugin_host

#endif  // TESSEL_CORE_PLUGIN_HOST_ISOLATED_CALLS_H_
