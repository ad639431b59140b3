//===- Progress.cpp - The console's progress bar --------------------------===//

#include "conformance/runner/Progress.h"

#include <unistd.h>

#include <algorithm>

namespace tessel::conformance {

std::string etaText(double elapsedSeconds, size_t done, size_t total) {
  if (done == 0)
    return "";
  // A caller that counts past its total has nothing left, not 2^64 cases.
  done = std::min(done, total);
  const double left = elapsedSeconds / double(done) * double(total - done);
  const long seconds = long(left);
  char text[32];
  std::snprintf(text, sizeof text, " ETA %ldm%02lds", seconds / 60, seconds % 60);
  return text;
}

std::string progressLine(size_t done, size_t total, double elapsedSeconds,
                         const RunSummary &soFar, const std::string &current) {
  const int width = 30;
  const int filled = total == 0 ? 0 : int(width * std::min(done, total) / total);
  auto counts = soFar.counts();
  const std::string cur =
      current.size() > 40 ? "..." + current.substr(current.size() - 37) : current;
  char line[256];
  std::snprintf(line, sizeof line, "[%s%s] %zu/%zu%s  pass %d fail %d error %d  %-40s",
                std::string(filled, '#').c_str(),
                std::string(width - filled, '.').c_str(), done, total,
                etaText(elapsedSeconds, done, total).c_str(),
                counts[Outcome::kPass] + counts[Outcome::kValidated],
                counts[Outcome::kFail], counts[Outcome::kError], cur.c_str());
  return line;
}

Progress::Progress(std::FILE *stream, size_t total)
    : stream(stream), totalCases(total), enabled(isatty(fileno(stream)) == 1),
      started(std::chrono::steady_clock::now()) {}

void Progress::update(size_t done, const RunSummary &soFar,
                      const std::string &current) {
  if (!enabled || totalCases == 0)
    return;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::fprintf(stream, "\r%s",
               progressLine(done, totalCases, elapsed, soFar, current).c_str());
  std::fflush(stream);
}

void Progress::finish() {
  if (!enabled)
    return;
  std::fprintf(stream, "\r%s\r", std::string(122, ' ').c_str());
  std::fflush(stream);
}

} // namespace tessel::conformance
