#ifndef TESSEL_CORE_FRONTEND_TEST_EXPECTATIONS_H
#define TESSEL_CORE_FRONTEND_TEST_EXPECTATIONS_H

// Expected diagnostics written inside a test program, one comment each:
//
//   # expect-error: 3:9: unexpected indent
//   # expect-warning: 7:5: some warning text
//   # expect-note: 12:5: called from here
//
// meaning "a diagnostic of that severity at line:col whose message contains
// the text". A program's run must report exactly its expected errors and
// warnings: none missing, none extra. Notes are checked only in files that
// state at least one expect-note. The convention is independent of which
// compiler stage reports the diagnostic, so parse errors and later semantic
// errors share one folder and one runner.

#include "core/frontend/Diagnostics.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tessel::frontend::testing {

/// One `# expect-<severity>: L:C: text` comment.
struct Expectation {
  Severity severity = Severity::Error;
  uint32_t line = 0;
  uint32_t col = 0;
  std::string text;        ///< substring the message must contain
  uint32_t commentLine = 0; ///< where the comment itself is, for messages
};

/// Extracts every expectation comment from `source`. A comment that starts
/// like one but is malformed is reported in `problems`, so a typo cannot
/// silently drop an expectation.
std::vector<Expectation> parseExpectations(std::string_view source, std::vector<std::string> &problems);

/// Compares the diagnostics collected in `diags` with `expected`; returns one
/// human-readable line per mismatch (empty when they agree exactly).
std::vector<std::string> matchExpectations(const std::vector<Expectation> &expected,
                                           const DiagnosticEngine &diags);

} // namespace tessel::frontend::testing

#endif // TESSEL_CORE_FRONTEND_TEST_EXPECTATIONS_H
