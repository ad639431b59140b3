//===- CompileCase.h - The compile side of the suite ------------*- C++ -*-===//
//
// The compile side of the suite (needs the frontend, hence MLIR): kernel
// source to tile IR bytecode, the plugin's compile through the compile
// cache in a child process, and the compile-fail cases.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_COMPILECASE_H
#define TESSEL_CONFORMANCE_RUNNER_COMPILECASE_H

#include <cstdint>
#include <string>
#include <vector>

#include "conformance/cases/Case.h"
#include "conformance/runner/Result.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginTypes.h"
#include "core/plugin_host/Status.h"
#include "core/runtime/CompileCache.h"

namespace tessel::conformance {

/// Lowers the case's kernel to tile IR bytecode. Errors carry the rendered
/// frontend diagnostics (file:line:col: error: ...).
plugin_host::StatusOr<std::vector<uint8_t>> lowerCase(const Case &c);

/// Compiles `ir` on the plugin for `target` with `options`, through `cache`
/// when not null (a hit does not call the plugin). The plugin runs in a
/// child process.
plugin_host::StatusOr<plugin_host::CompiledKernel>
compileOnPlugin(const plugin_host::LoadedPlugin &plugin,
                const plugin_host::Target &target, const std::vector<uint8_t> &ir,
                const std::string &entry, const plugin_host::CompileOptions &options,
                runtime::CompileCache *cache, int timeoutMs);

/// The compile options a case fixes (Case::numWarps, numStages).
plugin_host::CompileOptions compileOptionsOf(const Case &c);

/// Compiles a compile-fail case: pass when the frontend rejects it with the
/// expected message (at the expected line), fail otherwise.
CaseResult checkCompileFail(const CompileFailCase &c);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_COMPILECASE_H
