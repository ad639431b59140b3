//===- Artifact.h - What is compiled and what comes out ---------*- C++ -*-===//
//
// What is compiled and what comes out.
//
// A CompileRequest is tile IR bytecode (as dialects/tile/Bytecode/Bytecode.h writes
// it), the entry function's name and typed options; the target is given
// beside it (Runtime::compile). An Artifact is the plugin's output, the
// device code bytes and the kernel metadata, with a record of how it was
// obtained (compiled, or a cache hit, and how long that took). Both are
// plain values that own their data.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_ARTIFACT_H
#define TESSEL_CORE_RUNTIME_ARTIFACT_H

#include <cstdint>
#include <string>
#include <vector>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/PluginTypes.h"
#include "dialects/tile/IR/TileVersion.h"
#include "tessel/plugin_api.h"

namespace tessel::runtime {

/// What Runtime::compile takes: the plugin host's request (its `target` is
/// replaced by Runtime::compile's argument), so that a request crosses from
/// the API to the ABI without being copied field by field.
using CompileRequest = plugin_host::CompileRequest;

/// How an Artifact was obtained.
struct CompileRecord {
  bool cacheHit = false;
  /// Wall time of the whole Runtime::compile call: the cache lookup, plus on
  /// a miss the compilation and the store.
  double milliseconds = 0;
  std::string cacheKey;  // 64 hex digits; empty when the cache is off
  std::string cachePath; // the entry file; empty when the cache is off
  /// Something the caller may want to show: a corrupt entry that was
  /// discarded, or an entry that could not be written. Empty normally.
  std::string note;

  /// "cache hit in 0.4 ms", "compiled in 812.3 ms".
  std::string summary() const;
};

struct Artifact {
  plugin_host::Target target;
  plugin_host::CompiledKernel kernel; // device code bytes + metadata
  CompileRecord record;
};

} // namespace tessel::runtime

#endif // TESSEL_CORE_RUNTIME_ARTIFACT_H
