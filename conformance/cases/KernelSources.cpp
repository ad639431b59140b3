//===- KernelSources.cpp - The embedded kernel sources --------------------===//

#include "conformance/cases/KernelSources.h"

#include <algorithm>
#include <map>
#include <sstream>
#include <stdexcept>

namespace tessel::conformance {
namespace {

struct Embedded {
  const char *path;
  const char *text;
};

const Embedded kEmbedded[] = {
#include "conformance/cases/kernel_sources.inc"
};

const std::map<std::string, std::string> &embeddedSources() {
  static const std::map<std::string, std::string> sources = [] {
    std::map<std::string, std::string> m;
    for (const Embedded &e : kEmbedded)
      m[e.path] = e.text;
    return m;
  }();
  return sources;
}

std::string trimSpace(const std::string &s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos)
    return "";
  return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

} // namespace

const std::string *kernelSource(const std::string &path) {
  auto it = embeddedSources().find(path);
  return it == embeddedSources().end() ? nullptr : &it->second;
}

std::vector<std::string> kernelSourcePaths() {
  std::vector<std::string> paths;
  for (auto &[p, _] : embeddedSources())
    paths.push_back(p);
  return paths;
}

CompileFailCase parseCompileFailHeader(const std::string &path,
                                       const std::string &text) {
  CompileFailCase c;
  std::string stem = path.substr(path.rfind('/') + 1);
  stem = stem.substr(0, stem.rfind('.'));
  c.id = "compile_fail/" + stem;
  c.source = path;
  bool marked = false, expects = false;
  std::istringstream in(text);
  std::string line;
  auto fail = [&](const std::string &what) {
    throw std::logic_error("conformance/cases/" + path + ": " + what);
  };
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) != 0)
      break; // the header is the leading comment block
    std::string body = trimSpace(line.substr(1));
    size_t colon = body.find(':');
    if (colon == std::string::npos)
      continue;
    std::string key = trimSpace(body.substr(0, colon)),
                value = trimSpace(body.substr(colon + 1));
    if (key == "conformance") {
      marked = value == "compile-fail";
    } else if (key == "kernel") {
      c.kernel = value;
    } else if (key == "signature") {
      c.signature = value;
    } else if (key == "constexpr") {
      size_t eq = value.find('=');
      if (eq == std::string::npos)
        fail("constexpr '" + value + "' is not NAME=VALUE");
      c.constexprs.emplace_back(trimSpace(value.substr(0, eq)),
                                trimSpace(value.substr(eq + 1)));
    } else if (key == "expect-error") {
      size_t sep = value.find(':');
      if (sep == std::string::npos)
        fail("expect-error must be 'LINE: TEXT'");
      c.expectedLine = std::atoi(value.substr(0, sep).c_str());
      c.expectedMessage = trimSpace(value.substr(sep + 1));
      expects = !c.expectedMessage.empty();
    }
  }
  if (!marked)
    fail("missing '# conformance: compile-fail'");
  if (c.kernel.empty())
    fail("missing '# kernel: NAME'");
  if (!expects)
    fail("missing '# expect-error: LINE: TEXT'");
  return c;
}

const std::vector<CompileFailCase> &compileFailCases() {
  static const std::vector<CompileFailCase> cases = [] {
    std::vector<CompileFailCase> v;
    for (auto &[path, text] : embeddedSources())
      if (path.rfind("compile_fail/", 0) == 0)
        v.push_back(parseCompileFailHeader(path, text));
    return v;
  }();
  return cases;
}

} // namespace tessel::conformance
