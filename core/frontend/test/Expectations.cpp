#include "core/frontend/test/Expectations.h"

#include <cstdlib>

namespace tessel::frontend::testing {

namespace {

bool parseNumber(std::string_view &s, uint32_t &out) {
  size_t n = 0;
  uint64_t v = 0;
  while (n < s.size() && s[n] >= '0' && s[n] <= '9' && v < 1000000) v = v * 10 + static_cast<uint64_t>(s[n++] - '0');
  if (n == 0) return false;
  out = static_cast<uint32_t>(v);
  s.remove_prefix(n);
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::string describe(Severity sev, uint32_t line, uint32_t col, const std::string &text) {
  return std::string(severityName(sev)) + " at " + std::to_string(line) + ":" + std::to_string(col) +
         ": " + text;
}

} // namespace

std::vector<Expectation> parseExpectations(std::string_view source, std::vector<std::string> &problems) {
  std::vector<Expectation> out;
  uint32_t lineNo = 0;
  size_t pos = 0;
  while (pos <= source.size()) {
    size_t end = source.find('\n', pos);
    if (end == std::string_view::npos) end = source.size();
    std::string_view line = source.substr(pos, end - pos);
    pos = end + 1;
    ++lineNo;
    size_t hash = line.find("# expect-");
    if (hash == std::string_view::npos) continue;
    std::string_view rest = line.substr(hash + 9);
    Expectation e;
    e.commentLine = lineNo;
    if (rest.substr(0, 6) == "error:") {
      e.severity = Severity::Error, rest.remove_prefix(6);
    } else if (rest.substr(0, 8) == "warning:") {
      e.severity = Severity::Warning, rest.remove_prefix(8);
    } else if (rest.substr(0, 5) == "note:") {
      e.severity = Severity::Note, rest.remove_prefix(5);
    } else {
      problems.push_back("line " + std::to_string(lineNo) + ": unknown expectation kind");
      continue;
    }
    rest = trim(rest);
    bool ok = parseNumber(rest, e.line) && !rest.empty() && rest.front() == ':';
    if (ok) {
      rest.remove_prefix(1);
      ok = parseNumber(rest, e.col) && !rest.empty() && rest.front() == ':';
    }
    if (ok) {
      rest.remove_prefix(1);
      e.text = std::string(trim(rest));
      ok = !e.text.empty() && e.line > 0 && e.col > 0;
    }
    if (!ok) {
      problems.push_back("line " + std::to_string(lineNo) +
                         ": malformed expectation, want '# expect-error: LINE:COL: text'");
      continue;
    }
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<std::string> matchExpectations(const std::vector<Expectation> &expected,
                                           const DiagnosticEngine &diags) {
  bool checkNotes = false;
  for (const Expectation &e : expected) checkNotes |= e.severity == Severity::Note;

  std::vector<const Diagnostic *> actual;
  for (const Diagnostic &d : diags.diagnostics()) {
    actual.push_back(&d);
    if (checkNotes)
      for (const Diagnostic &n : d.notes) actual.push_back(&n);
  }
  std::vector<bool> used(actual.size(), false);
  std::vector<std::string> problems;
  for (const Expectation &e : expected) {
    bool found = false;
    for (size_t i = 0; i < actual.size() && !found; ++i) {
      const Diagnostic &d = *actual[i];
      if (used[i] || d.severity != e.severity || d.loc.line != e.line || d.loc.col != e.col) continue;
      if (d.message.find(e.text) == std::string::npos) continue;
      used[i] = found = true;
    }
    if (!found)
      problems.push_back("missing " + describe(e.severity, e.line, e.col, e.text) + " (expected on line " +
                         std::to_string(e.commentLine) + ")");
  }
  for (size_t i = 0; i < actual.size(); ++i) {
    if (used[i]) continue;
    const Diagnostic &d = *actual[i];
    problems.push_back("unexpected " + describe(d.severity, d.loc.line, d.loc.col, d.message));
  }
  return problems;
}

} // namespace tessel::frontend::testing
