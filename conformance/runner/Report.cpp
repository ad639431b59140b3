//===- Report.cpp - Report formats ----------------------------------------===//

#include "conformance/runner/Report.h"

#include "core/runtime/SafeFile.h"

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

namespace tessel::conformance {
namespace {

std::string jsonString(const std::string &s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (c < 0x20) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\u%04x", c);
        out += buf;
      } else {
        out += static_cast<char>(c);
      }
    }
  }
  return out + "\"";
}

std::string xml(const std::string &s) {
  std::string out;
  for (unsigned char c : s) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\n':
      out += "&#10;";
      break;
    default:
      // XML 1.0 forbids most control characters even escaped.
      if (c < 0x20 && c != '\t')
        out += '?';
      else
        out += static_cast<char>(c);
    }
  }
  return out;
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

} // namespace

std::string toJson(const RunSummary &s) {
  std::ostringstream o;
  auto counts = [&](const std::map<Outcome, int> &c) {
    o << "{";
    bool first = true;
    for (auto &[outcome, n] : c) {
      o << (first ? "" : ", ") << jsonString(outcomeName(outcome)) << ": " << n;
      first = false;
    }
    o << "}";
  };
  o << "{\n  \"format\": \"tessel-conformance-report\",\n"
    << "  \"format_version\": " << kReportFormatVersion << ",\n"
    << "  \"suite_version\": " << jsonString(s.suiteVersion) << ",\n"
    << "  \"suite_hash\": " << jsonString(s.suiteHash) << ",\n"
    << "  \"suite_cases\": " << s.suiteCases << ",\n"
    << "  \"runner\": {\"name\": " << jsonString(s.runner)
    << ", \"tessel_version\": " << jsonString(s.tesselVersion)
    << ", \"abi\": " << jsonString(s.hostAbi) << "},\n"
    << "  \"date\": " << jsonString(s.date) << ",\n"
    << "  \"host\": " << jsonString(s.host) << ",\n"
    << "  \"target\": " << jsonString(s.target) << ",\n"
    << "  \"resolved_arch\": " << jsonString(s.resolvedArch) << ",\n"
    << "  \"plugin\": {\"path\": " << jsonString(s.pluginPath)
    << ", \"name\": " << jsonString(s.pluginName)
    << ", \"version\": " << jsonString(s.pluginVersion)
    << ", \"abi\": " << jsonString(s.pluginAbi)
    << ", \"build_id\": " << jsonString(s.pluginBuildId) << "},\n"
    << "  \"device\": " << jsonString(s.device) << ",\n"
    << "  \"driver\": " << jsonString(s.driver) << ",\n"
    << "  \"mode\": " << jsonString(s.mode) << ",\n"
    << "  \"filters\": [";
  for (size_t i = 0; i < s.filters.size(); ++i)
    o << (i ? ", " : "") << jsonString(s.filters[i]);
  o << "],\n  \"skip_file\": ";
  if (s.skipFile.empty())
    o << "null";
  else
    o << "{\"path\": " << jsonString(s.skipFile)
      << ", \"sha256\": " << jsonString(s.skipFileSha256) << "}";
  o << ",\n  \"seconds\": " << seconds(s.seconds) << ",\n"
    << "  \"verdict\": " << jsonString(verdictName(s.verdict())) << ",\n"
    << "  \"conformant\": "
    << (s.verdict() == RunVerdict::kConformant ? "true" : "false") << ",\n"
    << "  \"counts\": ";
  counts(s.counts());
  o << ",\n  \"families\": {";
  bool firstFamily = true;
  for (auto &[family, c] : s.familyCounts()) {
    o << (firstFamily ? "" : ", ") << "\n    " << jsonString(family) << ": ";
    counts(c);
    firstFamily = false;
  }
  o << "\n  },\n  \"cases\": [";
  for (size_t i = 0; i < s.results.size(); ++i) {
    const CaseResult &r = s.results[i];
    o << (i ? ",\n" : "\n") << "    {\"id\": " << jsonString(r.id)
      << ", \"result\": " << jsonString(outcomeName(r.outcome));
    if (!r.message.empty())
      o << ", \"message\": " << jsonString(r.message);
    if (!r.capability.empty())
      o << ", \"capability\": " << jsonString(r.capability);
    o << ", \"seconds\": " << seconds(r.seconds) << "}";
  }
  o << "\n  ]\n}\n";
  return o.str();
}

std::string toJUnit(const RunSummary &s) {
  auto counts = s.counts();
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<testsuites name=\"tessel-conformance\" tests=\"" << s.results.size()
    << "\" failures=\"" << counts[Outcome::kFail] << "\" errors=\""
    << counts[Outcome::kError] << "\" time=\"" << seconds(s.seconds) << "\">\n"
    << "  <testsuite name=\""
    << xml("tessel-conformance " + s.suiteVersion + " " + s.target) << "\" tests=\""
    << s.results.size() << "\" failures=\"" << counts[Outcome::kFail] << "\" errors=\""
    << counts[Outcome::kError] << "\" skipped=\""
    << counts[Outcome::kSkipped] + counts[Outcome::kNotSupported] << "\" time=\""
    << seconds(s.seconds) << "\">\n"
    << "    <properties>\n"
    << "      <property name=\"plugin\" value=\""
    << xml(s.pluginName + " " + s.pluginVersion)
    << "\"/>\n      <property name=\"device\" value=\"" << xml(s.device) << "\"/>\n"
    << "      <property name=\"driver\" value=\"" << xml(s.driver) << "\"/>\n"
    << "      <property name=\"mode\" value=\"" << xml(s.mode)
    << "\"/>\n    </properties>\n";
  for (const CaseResult &r : s.results) {
    // JUnit groups by class: the id's first component is the category.
    const size_t slash = r.id.find('/');
    const std::string cls = slash == std::string::npos ? r.id : r.id.substr(0, slash);
    o << "    <testcase classname=\"" << xml("conformance." + cls) << "\" name=\""
      << xml(r.id) << "\" time=\"" << seconds(r.seconds) << "\"";
    switch (r.outcome) {
    case Outcome::kPass:
      o << "/>\n";
      continue;
    case Outcome::kValidated:
      o << ">\n      <system-out>validated: the artifact passed the plugin's validator"
        << "</system-out>\n    </testcase>\n";
      continue;
    case Outcome::kFail:
      o << ">\n      <failure message=\"" << xml(r.message)
        << "\"/>\n    </testcase>\n";
      continue;
    case Outcome::kError:
      o << ">\n      <error message=\"" << xml(r.message) << "\"/>\n    </testcase>\n";
      continue;
    case Outcome::kSkipped:
    case Outcome::kNotSupported:
      o << ">\n      <skipped message=\""
        << xml(std::string(outcomeName(r.outcome)) + ": " + r.message)
        << "\"/>\n    </testcase>\n";
      continue;
    }
  }
  o << "  </testsuite>\n</testsuites>\n";
  return o.str();
}

namespace {

// What kind of error a message reports: its text up to the first ':' (the
// step that failed: "compile", "validate_artifact", "launch", ...), or the
// first line of a message without one.
std::string errorKind(const std::string &message) {
  std::string line = message.substr(0, message.find('\n'));
  const size_t colon = line.find(':');
  return colon == std::string::npos ? line : line.substr(0, colon);
}

const char *verdictLine(RunVerdict v) {
  switch (v) {
  case RunVerdict::kConformant:
    return "CONFORMANT: no case failed or errored\n";
  case RunVerdict::kNotConformant:
    return "NOT CONFORMANT: see the failures and errors above\n";
  case RunVerdict::kPartialPass:
    return "PARTIAL RUN PASSED: no selected case failed or errored; not a conformance "
           "claim (run the whole suite without --filter for one)\n";
  case RunVerdict::kPartialFail:
    return "PARTIAL RUN FAILED: see the failures and errors above; not a conformance "
           "claim\n";
  case RunVerdict::kValidated:
    return "VALIDATED: every compiled case passed the plugin's validator; nothing "
           "ran, so this is not a conformance claim\n";
  case RunVerdict::kNotValidated:
    return "NOT VALIDATED: see the errors above; nothing ran, so this is not a "
           "conformance claim\n";
  }
  return "NOT CONFORMANT\n";
}

} // namespace

void printSummary(const RunSummary &s, std::ostream &out) {
  out << "Tessel conformance suite " << s.suiteVersion << " (" << s.suiteCases
      << " cases, hash " << s.suiteHash.substr(0, 16) << "), target " << s.target;
  if (!s.resolvedArch.empty())
    out << " (on " << s.resolvedArch << ")";
  out << ", mode " << s.mode << "\n  plugin " << s.pluginName << " " << s.pluginVersion
      << " (" << s.pluginPath << ")\n";
  if (!s.device.empty())
    out << "  device " << s.device << "\n";
  if (!s.driver.empty())
    out << "  driver " << s.driver << "\n";
  if (!s.filters.empty()) {
    out << "  filters";
    for (const std::string &f : s.filters)
      out << " " << f;
    out << "\n";
  }
  if (!s.skipFile.empty())
    out << "  skip file " << s.skipFile << "\n";
  std::map<std::string, int> byCapability;
  // Errors are grouped by the step that failed: a broken plugin errs the
  // same way in hundreds of cases, and one line per kind says it.
  std::map<std::string, std::vector<const CaseResult *>> errors;
  for (const CaseResult &r : s.results) {
    if (r.outcome == Outcome::kFail)
      out << "  FAIL  " << r.id << ": " << r.message << "\n";
    if (r.outcome == Outcome::kError)
      errors[errorKind(r.message)].push_back(&r);
    if (r.outcome == Outcome::kNotSupported)
      ++byCapability[r.capability];
  }
  constexpr size_t kListed = 8;
  for (auto &[kind, list] : errors) {
    out << "  ERROR " << (kind.empty() ? "(no message)" : kind) << ": " << list.size()
        << " case(s)\n";
    for (size_t i = 0; i < list.size() && i < kListed; ++i)
      out << "        " << list[i]->id << ": " << list[i]->message << "\n";
    if (list.size() > kListed)
      out << "        ... and " << list.size() - kListed
          << " more (the JSON report lists every case)\n";
  }
  for (auto &[cap, n] : byCapability)
    out << "  not-supported: " << n << " case(s) need capability '" << cap << "'\n";
  out << "\n  result          cases\n  --------------  -----\n";
  auto counts = s.counts();
  for (Outcome o : allOutcomes()) {
    char line[64];
    std::snprintf(line, sizeof line, "  %-14s  %5d\n", outcomeName(o), counts[o]);
    out << line;
  }
  char total[64];
  std::snprintf(total, sizeof total, "  %-14s  %5zu   (%.1f s)\n", "total",
                s.results.size(), s.seconds);
  out << "  --------------  -----\n" << total << "\n" << verdictLine(s.verdict());
}

plugin_host::Status writeTextFile(const std::string &path, const std::string &text) {
  // Reports are written like every other output: a private temporary, then
  // a rename, so a planted symbolic link is replaced, not written through.
  return runtime::writeFileAtomically(path, text);
}

} // namespace tessel::conformance
