#ifndef TESSEL_CORE_FRONTEND_DIAGNOSTICS_H
#define TESSEL_CORE_FRONTEND_DIAGNOSTICS_H

#include "core/frontend/SourceManager.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace tessel::frontend {

/// How serious a diagnostic is. Notes never stand alone in user output: they
/// are attached to the error or warning they explain.
enum class Severity { Error, Warning, Note };

/// Returns "error", "warning" or "note".
const char *severityName(Severity s);

/// One message about the user's program, with the notes that explain it
/// (for example, the call site through which an inlined helper was reached).
struct Diagnostic {
  Severity severity = Severity::Error;
  SourceLoc loc;
  std::string message;
  std::vector<Diagnostic> notes;

  /// Attaches a note and returns *this so that notes can be chained.
  Diagnostic &addNote(SourceLoc noteLoc, std::string noteMessage);
};

/// Collects diagnostics for a compilation. Frontend code reports problems here
/// and carries on (or unwinds with a failure value); nothing is thrown through
/// user code and nothing aborts on bad input. Rendering is separate from
/// collection so that tests can inspect diagnostics structurally.
class DiagnosticEngine {
public:
  /// The engine quotes source lines from `sources`, which must outlive it.
  explicit DiagnosticEngine(const SourceManager &sources) : sources_(sources) {}

  /// Reports an error. The returned reference stays valid for the engine's
  /// lifetime and can be used to attach notes.
  Diagnostic &error(SourceLoc loc, std::string message);
  /// Reports a warning (see error() for the returned reference).
  Diagnostic &warning(SourceLoc loc, std::string message);

  /// Reports a diagnostic collected elsewhere (e.g. by a scratch engine whose
  /// messages are filtered before they reach the user).
  Diagnostic &report(Diagnostic d);
  /// Orders the diagnostics reported since the first `first` ones by source
  /// location (stable), so that messages merged from several stages of one
  /// file read top to bottom.
  void sortByLocation(size_t first);

  /// Every diagnostic reported so far, in reporting order.
  const std::deque<Diagnostic> &diagnostics() const { return diags_; }
  /// Number of errors reported so far.
  size_t errorCount() const { return errorCount_; }
  /// True once any error was reported.
  bool hasErrors() const { return errorCount_ != 0; }

  /// Formats one diagnostic and its notes as
  /// `file:line:col: error: message`, the quoted source line, and a caret
  /// under the column.
  std::string render(const Diagnostic &d) const;
  /// Formats every diagnostic, in reporting order.
  std::string renderAll() const;
  /// Formats only the `file:line:col: severity: message` header line.
  std::string renderHeader(const Diagnostic &d) const;

private:
  void renderInto(std::string &out, const Diagnostic &d) const;

  const SourceManager &sources_;
  std::deque<Diagnostic> diags_; // deque: references stay valid on growth
  size_t errorCount_ = 0;
};

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_DIAGNOSTICS_H
