//===- Progress.h - The console's progress bar ------------------*- C++ -*-===//
//
// The one-line progress bar `tessel conform` and `tessel-conform-run` redraw
// on a terminal: the cases done, the counts so far, the time left and the
// case running. The line is a pure function of those, so it is tested
// without a terminal or a clock.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_PROGRESS_H
#define TESSEL_CONFORMANCE_RUNNER_PROGRESS_H

#include <chrono>
#include <cstdio>
#include <string>

#include "conformance/runner/Result.h"

namespace tessel::conformance {

/// The time left when `done` of `total` cases took `elapsedSeconds`, from
/// their mean time: " ETA 3m00s" (minutes grow past 59); "" before the
/// first case is done.
std::string etaText(double elapsedSeconds, size_t done, size_t total);

/// The bar's line (without the carriage return that redraws it).
std::string progressLine(size_t done, size_t total, double elapsedSeconds,
                         const RunSummary &soFar, const std::string &current);

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

#endif // TESSEL_CONFORMANCE_RUNNER_PROGRESS_H
