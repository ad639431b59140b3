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

/// What a run may claim. Only a full, unfiltered run that executed every
/// case (mode "run" or "bundle") can be conformant; a compile-only or
/// bundle-writing run validates artifacts, and a filtered run passes or
/// fails only the part it ran. None of those is a conformance claim.
enum class RunVerdict {
  kConformant,    // full execute run, no case failed or errored
  kNotConformant, // full execute run, some case failed or errored
  kPartialPass,   // filtered execute run, no case failed or errored
  kPartialFail,   // filtered execute run, some case failed or errored
  kValidated,     // nothing executed (compile-only, writing a bundle), clean
  kNotValidated,  // nothing executed, some case failed or errored
};

/// "conformant", "not-conformant", "partial-pass", "partial-fail",
/// "validated", "not-validated".
const char *verdictName(RunVerdict verdict);

struct RunSummary {
  std::string suiteVersion;
  std::string suiteHash; // SHA-256 of every case's definition and kernel source
  int suiteCases = 0;    // cases in the whole suite, selected or not
  std::string runner;    // "tessel conform", "tessel-conform-run"
  std::string tesselVersion;
  std::string hostAbi; // "<major>.<minor>" of the ABI the runner speaks
  std::string target;
  std::string resolvedArch; // the device's arch where the target left it open
  std::string pluginPath;
  std::string pluginName;
  std::string pluginVersion;
  std::string pluginAbi;     // "<major>.<minor>" the plugin reports
  std::string pluginBuildId; // SHA-256 of the plugin file
  std::string device;        // "" when nothing ran on a device
  std::string driver;        // the device's driver_version; "" when not said
  std::string mode;          // "run", "compile-only", "bundle", "emit-bundle"
  std::string date;          // UTC start, ISO 8601
  std::string host;          // the machine's host name
  std::vector<std::string> filters;
  std::string skipFile; // "" when none was used
  std::string skipFileSha256;
  std::vector<CaseResult> results;
  double seconds = 0;

  std::map<Outcome, int> counts() const;
  /// {family (the id's first component): counts}.
  std::map<std::string, std::map<Outcome, int>> familyCounts() const;
  /// True when no case failed or errored: the exit status is 0.
  bool clean() const;
  /// True when the run executed kernels (modes "run" and "bundle").
  bool executed() const { return mode == "run" || mode == "bundle"; }
  /// True when every case of the suite was selected: no filter, and as many
  /// results as the suite has cases (a bundle may hold fewer).
  bool complete() const;
  RunVerdict verdict() const;
};

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_RESULT_H
