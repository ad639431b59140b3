// Host-side calls of a plugin's compiler half.
//
// Each call builds the C args, calls through LoadedPlugin (which refuses
// entries the plugin lacks), checks the struct_size of what comes back, and
// copies the result into host-owned types before releasing the plugin's
// objects. Errors name the plugin file and the entry.
#ifndef TESSEL_CORE_PLUGIN_HOST_COMPILER_CLIENT_H_
#define TESSEL_CORE_PLUGIN_HOST_COMPILER_CLIENT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "core/plugin_host/loaded_plugin.h"
#include "core/plugin_host/plugin_types.h"
#include "core/plugin_host/status.h"
#include "dialects/tile/IR/TileVersion.h"

namespace tessel::plugin_host {

// The targets, IR formats and artifact format the plugin declares.
StatusOr<CompilerInfo> GetCompilerInfo(const LoadedPlugin& plugin);

// The one compile request type, from the runtime's API to the ABI call: the
// runtime, the conformance runner and tools fill it; Runtime::Compile sets
// `target` from its argument.
struct CompileRequest {
  Target target;
  // 0 / TESSEL_OPT_LEVEL_DEFAULT fields mean "the plugin's default";
  // `extra` holds "<plugin>.<key>" options.
  CompileOptions options;
  std::string ir_format = TESSEL_IR_FORMAT_TILE_MLIRBC;
  // The tile dialect version the bytecode records (this build's unless the
  // producer wrote an older minor on purpose).
  uint32_t ir_version_major = tile::kTileVersion.major;
  uint32_t ir_version_minor = tile::kTileVersion.minor;
  // MLIR bytecode of the tile dialect with all compile-time constants bound.
  std::vector<uint8_t> ir;
  std::string entry_name;
};

// Compiles in this process. See isolated_calls.h for the crash-safe variant.
StatusOr<CompiledKernel> Compile(const LoadedPlugin& plugin,
                                 const CompileRequest& request);

// OK when the plugin accepts `bytes` as code for `target`.
Status ValidateArtifact(const LoadedPlugin& plugin, const Target& target,
                        const std::vector<uint8_t>& bytes,
                        const KernelMetadata* metadata);

struct TuningRequest {
  Target target;
  std::string entry_name;
  std::string ir_format;          // empty when `ir` is empty
  std::vector<uint8_t> ir;        // optional
  uint32_t ir_version_major = 0;
  uint32_t ir_version_minor = 0;
  std::vector<std::string> tunables;
  std::vector<KeyValue> problem;
};

// The plugin's default configurations (best first, at least one) and tuning
// parameters for a kernel.
StatusOr<TuningSpace> GetTuningSpace(const LoadedPlugin& plugin,
                                     const TuningRequest& request);

}  // namespace tessel::plugin_host

#endif  // TESSEL_CORE_PLUGIN_HOST_COMPILER_CLIENT_H_
