#include "core/frontend/Diagnostics.h"

#include <algorithm>
#include <tuple>

namespace tessel::frontend {

const char *severityName(Severity s) {
  switch (s) {
  case Severity::Error: return "error";
  case Severity::Warning: return "warning";
  case Severity::Note: return "note";
  }
  return "error";
}

Diagnostic &Diagnostic::addNote(SourceLoc noteLoc, std::string noteMessage) {
  Diagnostic n;
  n.severity = Severity::Note;
  n.loc = noteLoc;
  n.message = std::move(noteMessage);
  notes.push_back(std::move(n));
  return *this;
}

Diagnostic &DiagnosticEngine::error(SourceLoc loc, std::string message) {
  ++errorCount_;
  diags_.push_back(Diagnostic{Severity::Error, loc, std::move(message), {}});
  return diags_.back();
}

Diagnostic &DiagnosticEngine::warning(SourceLoc loc, std::string message) {
  diags_.push_back(Diagnostic{Severity::Warning, loc, std::move(message), {}});
  return diags_.back();
}

Diagnostic &DiagnosticEngine::report(Diagnostic d) {
  if (d.severity == Severity::Error) ++errorCount_;
  diags_.push_back(std::move(d));
  return diags_.back();
}

void DiagnosticEngine::sortByLocation(size_t first) {
  if (first >= diags_.size()) return;
  std::stable_sort(diags_.begin() + static_cast<std::ptrdiff_t>(first), diags_.end(),
                   [](const Diagnostic &a, const Diagnostic &b) {
                     return std::tie(a.loc.file, a.loc.line, a.loc.col) <
                            std::tie(b.loc.file, b.loc.line, b.loc.col);
                   });
}

std::string DiagnosticEngine::renderHeader(const Diagnostic &d) const {
  std::string out;
  if (d.loc.isValid()) {
    out += sources_.name(d.loc.file);
    out += ':' + std::to_string(d.loc.line) + ':' + std::to_string(d.loc.col) + ": ";
  }
  out += severityName(d.severity);
  out += ": ";
  out += d.message;
  return out;
}

void DiagnosticEngine::renderInto(std::string &out, const Diagnostic &d) const {
  out += renderHeader(d);
  out += '\n';
  std::string_view line = sources_.line(d.loc.file, d.loc.line);
  if (d.loc.isValid() && !line.empty()) {
    out += line;
    out += '\n';
    // Columns count code points. Copy tabs from the quoted line so the caret
    // lands under the same glyph whatever the terminal's tab width is.
    uint32_t col = 1;
    for (size_t i = 0; i < line.size() && col < d.loc.col; ++i) {
      unsigned char c = static_cast<unsigned char>(line[i]);
      if ((c & 0xC0) == 0x80) continue; // UTF-8 continuation byte
      out += c == '\t' ? '\t' : ' ';
      ++col;
    }
    out += "^\n";
  }
  for (const Diagnostic &n : d.notes) renderInto(out, n);
}

std::string DiagnosticEngine::render(const Diagnostic &d) const {
  std::string out;
  renderInto(out, d);
  return out;
}

std::string DiagnosticEngine::renderAll() const {
  std::string out;
  for (const Diagnostic &d : diags_) renderInto(out, d);
  return out;
}

} // namespace tessel::frontend
