#include "core/plugin_host/isolated_calls.h"

#include "core/plugin_host/wire_format.h"

namespace tessel::plugin_host {

StatusOr<CompiledKernel> CompileInChildProcess(
    const LoadedPlugin& plugin, const CompileRequest& request,
    const ChildProcessOptions& options) {
  StatusOr<std::string> encoded = RunInChildProcess(
      [&]() -> StatusOr<std::string> {
        StatusOr<CompiledKernel> kernel = Compile(plugin, request);
        if (!kernel.ok()) return kernel.status();
        return EncodeCompiledKernel(*kernel);
      },
      plugin.Describe() + ": compile", options);
  if (!encoded.ok()) return encoded.status();
  CompiledKernel kernel;
  if (!DecodeCompiledKernel(*encoded, &kernel)) {
    return Status(TESSEL_ERROR_INTERNAL,
                  plugin.Describe() +
                      ": compile: the child process sent a malformed result");
  }
  return kernel;
}

Status ValidateArtifactInChildProcess(const LoadedPlugin& plugin,
                                      const Target& target,
                                      const std::vector<uint8_t>& bytes,
                                      const KernelMetadata* metadata,
                                      const ChildProcessOptions& options) {
  StatusOr<std::string> result = RunInChildProcess(
      [&]() -> StatusOr<std::string> {
        Status status = ValidateArtifact(plugin, target, bytes, metadata);
        if (!status.ok()) return status;
        return std::string();
      },
      plugin.Describe() + ": validate_artifact", options);
  return result.ok() ? Status::Ok() : result.status();
}

}  // namespace tessel::plugin_host
