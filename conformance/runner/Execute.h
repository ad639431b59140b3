//===- Execute.h - Running one compiled case --------------------*- C++ -*-===//
//
// Runs one compiled case on a device through the plugin's C ABI and judges
// it: buffers are generated from the case seed, copied in, the kernel is
// loaded and launched on the case's grid, outputs are read back and
// compared with the host reference.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_EXECUTE_H
#define TESSEL_CONFORMANCE_RUNNER_EXECUTE_H

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "conformance/cases/Case.h"
#include "conformance/runner/Result.h"
#include "conformance/runner/SkipFile.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/PluginTypes.h"

namespace tessel::conformance {

struct DeviceContext {
  std::shared_ptr<const plugin_host::LoadedPlugin> plugin;
  plugin_host::DeviceInfo device;
};

/// In this process: a crash in the plugin ends it. Returns pass, fail or error.
CaseResult executeCase(const Case &c, const plugin_host::CompiledKernel &kernel,
                       const DeviceContext &ctx);

/// In a forked child with a deadline: a crash or a hang is an error result
/// naming the signal or the timeout, and this process carries on.
CaseResult executeCaseIsolated(const Case &c, const plugin_host::CompiledKernel &kernel,
                               const DeviceContext &ctx, int timeoutMs);

/// A case to run with the kernel compiled for it.
struct CompiledCase {
  const Case *c = nullptr;
  const plugin_host::CompiledKernel *kernel = nullptr;
};

/// Runs `cases` one after the other in one forked child (one device
/// context for all of them, instead of one a case) and returns the results
/// of those that finished, in order, each with the seconds its run took in
/// the child. The deadline `timeoutMs` (0: none) is each case's: a case
/// that crashes the child or does not finish in time ends the batch there
/// (`*ended`, if given, gets the error; OK when all finished).
std::vector<CaseResult> executeCasesInOneChild(const std::vector<CompiledCase> &cases,
                                               const DeviceContext &ctx, int timeoutMs,
                                               plugin_host::Status *ended = nullptr);

/// The results executeCaseIsolated would give `cases`, for fewer child
/// processes: the cases run together in one child (executeCasesInOneChild)
/// and their results are kept up to the first that does not pass; that
/// case and every one after it run again, each alone in its own child,
/// so that a failure, a crash, a hang or a device left unusable is
/// reported by the case that caused it and touches no other's result.
/// A case that ends the child (a crash, its deadline) is the first not to
/// pass.
std::vector<CaseResult> executeCasesBatched(const std::vector<CompiledCase> &cases,
                                            const DeviceContext &ctx, int timeoutMs);

/// The result a case gets before anything is compiled or run: skipped when
/// the skip list names it, not-supported when `device` lacks a capability
/// or has less memory than the case's buffers take (no device: neither
/// check). nullopt: go ahead.
std::optional<CaseResult> gate(const Case &c, const SkipList *skips,
                               const plugin_host::DeviceInfo *device);

/// The device of `plugin` to run `arch` on: the first whose arch matches,
/// else the first; an error when the plugin reports none.
plugin_host::StatusOr<plugin_host::DeviceInfo>
pickDevice(const plugin_host::LoadedPlugin &plugin, const std::string &arch);

/// "x86-64 CPU (cpu, x86-64-v3)".
std::string describeDevice(const plugin_host::DeviceInfo &device);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_EXECUTE_H
