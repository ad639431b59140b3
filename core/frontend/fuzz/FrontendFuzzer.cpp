// libFuzzer entry point for the lexer and parser. Every input must come back
// as diagnostics or a tree: no crash, no sanitizer report, no hang. The tree
// and the diagnostics are also printed, so that every node the parser builds
// is walked once (a malformed tree would fault there).

#include "core/frontend/ASTPrinter.h"
#include "core/frontend/Parser.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace tessel::frontend;
  SourceManager sources;
  uint32_t file = sources.addFile(
      "fuzz.py", std::string(reinterpret_cast<const char *>(data), size));
  DiagnosticEngine diags(sources);
  std::unique_ptr<Module> module = parseFile(sources, file, diags);
  std::string dump = dumpModule(*module);
  std::string rendered = diags.renderAll();
  // A tree with errors is allowed to be partial, but an error-free parse must
  // have kept every function it saw.
  if (!diags.hasErrors() && dump.empty())
    __builtin_trap();
  return 0;
}
