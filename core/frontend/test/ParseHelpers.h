#ifndef TESSEL_CORE_FRONTEND_TEST_PARSEHELPERS_H
#define TESSEL_CORE_FRONTEND_TEST_PARSEHELPERS_H

// Small fixtures shared by the parser tests.

#include "core/frontend/ASTPrinter.h"
#include "core/frontend/Lexer.h"
#include "core/frontend/Parser.h"

#include <memory>
#include <string>

namespace tessel::frontend::testing {

/// A parsed source string with its diagnostics.
struct Parsed {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::unique_ptr<Module> module;

  explicit Parsed(const std::string &src) { module = parseFile(sm, sm.addFile("t.py", src), diags); }
  /// The first diagnostic as `file:line:col: error: message`, or "".
  std::string firstError() const {
    return diags.diagnostics().empty() ? "" : diags.renderHeader(diags.diagnostics().front());
  }
  /// The body of the only function in the module.
  const Block &body() const { return module->functions.at(0)->body; }
};

/// Parses a single expression and renders it fully parenthesized; returns
/// "error: <first diagnostic>" when it does not parse.
inline std::string parenthesize(const std::string &src) {
  SourceManager sm;
  DiagnosticEngine diags(sm);
  uint32_t f = sm.addFile("e.py", src);
  Parser p(lex(sm, f, diags), f, "e.py", diags);
  ExprPtr e = p.parseStandaloneExpression();
  if (!e || diags.hasErrors())
    return "error: " + (diags.diagnostics().empty() ? std::string("<none>") : diags.diagnostics().front().message);
  return exprToString(*e);
}

} // namespace tessel::frontend::testing

#endif // TESSEL_CORE_FRONTEND_TEST_PARSEHELPERS_H
