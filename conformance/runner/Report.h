//===- Report.h - Report formats --------------------------------*- C++ -*-===//
//
// Report formats: JSON (machine-readable, the publishable result), JUnit XML
// (for CI dashboards), and the console's summary table (Progress.h has its
// progress bar).
// docs/conformance.md describes the JSON fields.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_REPORT_H
#define TESSEL_CONFORMANCE_RUNNER_REPORT_H

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

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_REPORT_H
