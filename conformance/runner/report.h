// Report formats: JSON (machine-readable, the publishable result), JUnit XML
// (for CI dashboards), and the console's progress bar and summary table.
// docs/conformance.md describes the JSON fields.
#ifndef TESSEL_CONFORMANCE_RUNNER_REPORT_H_
#define TESSEL_CONFORMANCE_RUNNER_REPORT_H_

#include <cstdio>
#include <ostream>
#include <string>

#include "conformance/runner/result.h"
#include "core/plugin_host/Status.h"

namespace tessel::conformance {

inline constexpr int kReportFormatVersion = 1;

std::string ToJson(const RunSummary& summary);
std::string ToJUnit(const RunSummary& summary);
// The summary table, the failures and errors with their messages, the
// not-supported capabilities, and the verdict line.
void PrintSummary(const RunSummary& summary, std::ostream& out);

plugin_host::Status WriteTextFile(const std::string& path, const std::string& text);

// A one-line progress bar redrawn in place, only when `stream` is a
// terminal (logs and CI output stay clean).
class Progress {
 public:
  Progress(std::FILE* stream, size_t total);
  void Update(size_t done, const RunSummary& so_far, const std::string& current);
  void Finish();

 private:
  std::FILE* stream_;
  size_t total_;
  bool enabled_;
};

}  // namespace tessel::conformance

#endif  // TESSEL_CONFORMANCE_RUNNER_REPORT_H_
