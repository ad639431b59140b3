//===- IsolatedCalls.cpp - Crash-isolated compiler calls ------------------===//

#include "core/plugin_host/IsolatedCalls.h"

#include "core/plugin_host/WireFormat.h"

namespace tessel::plugin_host {

StatusOr<CompiledKernel> compileInChildProcess(const LoadedPlugin &plugin,
                                               const CompileRequest &request,
                                               const ChildProcessOptions &options) {
  StatusOr<std::string> encoded = runInChildProcess(
      [&]() -> StatusOr<std::string> {
        StatusOr<CompiledKernel> kernel = compile(plugin, request);
        if (!kernel.ok())
          return kernel.status();
        return encodeCompiledKernel(*kernel);
      },
      plugin.describe() + ": compile", options);
  if (!encoded.ok())
    return encoded.status();
  CompiledKernel kernel;
  if (!decodeCompiledKernel(*encoded, &kernel)) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.describe() +
                      ": compile: the child process sent a malformed result");
  }
  return kernel;
}

Status validateArtifactInChildProcess(const LoadedPlugin &plugin, const Target &target,
                                      const std::vector<uint8_t> &bytes,
                                      const KernelMetadata *metadata,
                                      const ChildProcessOptions &options) {
  StatusOr<std::string> result = runInChildProcess(
      [&]() -> StatusOr<std::string> {
        Status status = validateArtifact(plugin, target, bytes, metadata);
        if (!status.ok())
          return status;
        return std::string();
      },
      plugin.describe() + ": validate_artifact", options);
  return result.ok() ? Status::success() : result.status();
}

} // namespace tessel::plugin_host
