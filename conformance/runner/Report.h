//===- Report.h - Report formats --------------------------------*- C++ -*-===//
//
// Report formats: JSON (machine-readable, the publishable result), JUnit XML
// (for CI dashboards), and the console's progress bar and summary table.
// docs/conformance.md describes the JSON fields.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_REPORT_H
#define TESSEL_CONFORMANCE_RUNNER_REPORT_H

#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>

#include "conformance/runner/Result.h"
#include "core/plugin_host/Status.h"

namespace tessel::conformance {

/// 2: the run's identity (suite hash, runner, date, host, plugin ABI and
/// build id, resolved arch, filters, skip file), the verdict, per-family
/// counts. docs/conformance.md has its schema.
inline constexpr int kReportFormatVersion = 2;

std::string toJson(const RunSummary &summary);
std::string toJUnit(const RunSummary &summary);
/// The summary table, the failures and errors with their messages, the
/// not-supported capabilities, and the verdict line.
void printSummary(const RunSummary &summary, std::ostream &out);

plugin_host::Status writeTextFile(const std::string &path, const std::string &text);

/// A one-line progress bar redrawn in place, only when `stream` is a
/// terminal (logs and CI output stay clean).
class Progress {
public:
  Progress(std::FILE *stream, size_t total);
  void update(size_t done, const RunSummary &soFar, const std::string &current);
  void finish();

private:
  std::FILE *stream;
  size_t totalCases;
  bool enabled;
  std::chrono::steady_clock::time_point started;
};

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_REPORT_H
