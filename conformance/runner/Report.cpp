//===- Report.cpp - Report formats ----------------------------------------===//

#include "conformance/runner/Report.h"

#include "core/runtime/SafeFile.h"

#include <unistd.h>

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
  o << "{\n  \"format\": \"tessel-conformance-report\",\n"
    << "  \"format_version\": " << kReportFormatVersion << ",\n"
    << "  \"suite_version\": " << jsonString(s.suiteVersion) << ",\n"
    << "  \"target\": " << jsonString(s.target) << ",\n"
    << "  \"plugin\": {\"path\": " << jsonString(s.pluginPath)
    << ", \"name\": " << jsonString(s.pluginName)
    << ", \"version\": " << jsonString(s.pluginVersion) << "},\n"
    << "  \"device\": " << jsonString(s.device) << ",\n"
    << "  \"mode\": " << jsonString(s.mode) << ",\n"
    << "  \"seconds\": " << seconds(s.seconds) << ",\n"
    << "  \"conformant\": " << (s.conformant() ? "true" : "false") << ",\n"
    << "  \"counts\": {";
  bool first = true;
  for (auto &[outcome, n] : s.counts()) {
    o << (first ? "" : ", ") << jsonString(outcomeName(outcome)) << ": " << n;
    first = false;
  }
  o << "},\n  \"cases\": [";
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

void printSummary(const RunSummary &s, std::ostream &out) {
  out << "Tessel conformance suite " << s.suiteVersion << ", target " << s.target
      << ", mode " << s.mode << "\n  plugin " << s.pluginName << " " << s.pluginVersion
      << " (" << s.pluginPath << ")\n";
  if (!s.device.empty())
    out << "  device " << s.device << "\n";
  std::map<std::string, int> byCapability;
  for (const CaseResult &r : s.results) {
    if (r.outcome == Outcome::kFail || r.outcome == Outcome::kError)
      out << "  " << (r.outcome == Outcome::kFail ? "FAIL " : "ERROR") << " " << r.id
          << ": " << r.message << "\n";
    if (r.outcome == Outcome::kNotSupported)
      ++byCapability[r.capability];
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
  out << "  --------------  -----\n"
      << total << "\n"
      << (s.conformant() ? "CONFORMANT: no case failed or errored\n"
                         : "NOT CONFORMANT: see the failures and errors above\n");
}

plugin_host::Status writeTextFile(const std::string &path, const std::string &text) {
  // Reports are written like every other output: a private temporary, then
  // a rename, so a planted symbolic link is replaced, not written through.
  return runtime::writeFileAtomically(path, text);
}

Progress::Progress(std::FILE *stream, size_t total)
    : stream(stream), totalCases(total), enabled(isatty(fileno(stream)) == 1) {}

void Progress::update(size_t done, const RunSummary &soFar,
                      const std::string &current) {
  if (!enabled || totalCases == 0)
    return;
  const int width = 30;
  const int filled = static_cast<int>(width * done / totalCases);
  auto counts = soFar.counts();
  std::string cur =
      current.size() > 40 ? "..." + current.substr(current.size() - 37) : current;
  std::fprintf(stream, "\r[%s%s] %zu/%zu  pass %d fail %d error %d  %-40s",
               std::string(filled, '#').c_str(),
               std::string(width - filled, '.').c_str(), done, totalCases,
               counts[Outcome::kPass] + counts[Outcome::kValidated],
               counts[Outcome::kFail], counts[Outcome::kError], cur.c_str());
  std::fflush(stream);
}

void Progress::finish() {
  if (!enabled)
    return;
  std::fprintf(stream, "\r%s\r", std::string(110, ' ').c_str());
  std::fflush(stream);
}

} // namespace tessel::conformance
