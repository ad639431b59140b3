//===- CompilerClient.h - Host calls of the compiler half -------*- C++ -*-===//
//
// Host-side calls of a plugin's compiler half.
//
// Each call builds the C args, calls through LoadedPlugin (which refuses
// entries the plugin lacks), checks the struct_size of what comes back, and
// copies the result into host-owned types before releasing the plugin's
// objects. Errors name the plugin file and the entry.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_PLUGIN_HOST_COMPILERCLIENT_H
#define TESSEL_CORE_PLUGIN_HOST_COMPILERCLIENT_H

#include <cstdint>
#include <string>
#include <vector>

#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/Status.h"
#include "dialects/tile/IR/TileVersion.h"

namespace tessel::plugin_host {

/// The targets, IR formats and artifact format the plugin declares.
StatusOr<CompilerInfo> getCompilerInfo(const LoadedPlugin &plugin);

/// The one compile request type, from the runtime's API to the ABI call: the
/// runtime, the conformance runner and tools fill it; Runtime::compile sets
/// `target` from its argument.
struct CompileRequest {
  Target target;
  /// 0 / TESSEL_OPT_LEVEL_DEFAULT fields mean "the plugin's default";
  /// `extra` holds "<plugin>.<key>" options.
  CompileOptions options;
  std::string irFormat = TESSEL_IR_FORMAT_TILE_MLIRBC;
  /// The tile dialect version the bytecode records (this build's unless the
  /// producer wrote an older minor on purpose).
  uint32_t irVersionMajor = tile::kTileVersion.major;
  uint32_t irVersionMinor = tile::kTileVersion.minor;
  /// MLIR bytecode of the tile dialect with all compile-time constants bound.
  std::vector<uint8_t> ir;
  std::string entryName;
  /// TESSEL_STAGES_* bits: the stages to keep, sent as a
  /// Tessel_Compile_Stages_Request to plugins of ABI 1.2 and later (older
  /// ones get no extension and keep nothing). 0: none.
  uint32_t stageFlags = 0;
};

/// Compiles in this process. See IsolatedCalls.h for the crash-safe variant.
StatusOr<CompiledKernel> compile(const LoadedPlugin &plugin,
                                 const CompileRequest &request);

/// OK when the plugin accepts `bytes` as code for `target`.
Status validateArtifact(const LoadedPlugin &plugin, const Target &target,
                        const std::vector<uint8_t> &bytes,
                        const KernelMetadata *metadata);

struct TuningRequest {
  Target target;
  std::string entryName;
  std::string irFormat;    // empty when `ir` is empty
  std::vector<uint8_t> ir; // optional
  uint32_t irVersionMajor = 0;
  uint32_t irVersionMinor = 0;
  std::vector<std::string> tunables;
  std::vector<KeyValue> problem;
};

/// The plugin's default configurations (best first, at least one) and tuning
/// parameters for a kernel.
StatusOr<TuningSpace> getTuningSpace(const LoadedPlugin &plugin,
                                     const TuningRequest &request);

} // namespace tessel::plugin_host

#endif // TESSEL_CORE_PLUGIN_HOST_COMPILERCLIENT_H
