//===- Result.h - The result of one case ------------------------*- C++ -*-===//
//
// The formal result of one conformance case.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_RESULT_H
#define TESSEL_CONFORMANCE_RUNNER_RESULT_H

#include <map>
#include <string>
#include <vector>

namespace tessel::conformance {

enum class Outcome {
  kPass,         // ran, every output within tolerance
  kFail,         // ran, an output out of tolerance (the worst error and where)
  kNotSupported, // the device lacks a capability the case needs (named)
  kSkipped,      // listed in the plugin's skip file (with its reason)
  kValidated,    // compile-only: the artifact passed the plugin's validator
  kError,        // compile error, crash, timeout, or a runtime call failed
};

/// "pass", "fail", "not-supported", "skipped", "validated", "error".
const char *outcomeName(Outcome outcome);
/// Inverse of OutcomeName; false for unknown names.
bool parseOutcome(const std::string &name, Outcome *outcome);
/// Every outcome, in report order.
const std::vector<Outcome> &allOutcomes();

struct CaseResult {
  std::string id;
  Outcome outcome = Outcome::kError;
  /// fail: the worst error and where ("dst[1003]: got 1.5, expected 2 ...");
  /// not-supported: "missing capability 'fp64'"; skipped: the skip file's
  /// reason; error: what failed (compile diagnostics, signal, timeout).
  std::string message;
  std::string capability; // not-supported only: the missing capability
  double seconds = 0;     // wall time spent on the case (compile + run)
};

struct RunSummary {
  std::string suiteVersion;
  std::string target;
  std::string pluginPath;
  std::string pluginName;
  std::string pluginVersion;
  std::string device; // "" when nothing ran on a device
  std::string mode;   // "run", "compile-only", "bundle"
  std::vector<CaseResult> results;
  double seconds = 0;

  std::map<Outcome, int> counts() const;
  /// True when no case failed or errored: the exit status is 0.
  bool conformant() const;
};

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_RESULT_H
