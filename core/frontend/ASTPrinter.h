#ifndef TESSEL_CORE_FRONTEND_ASTPRINTER_H
#define TESSEL_CORE_FRONTEND_ASTPRINTER_H

#include "core/frontend/AST.h"

#include <string>

namespace tessel::frontend {

/// Dumps a module as an indented tree, one node per line with its source
/// range as `<line:col-line:col>`. The format is for tests and debugging; it
/// is stable enough to compare against, but not an interchange format.
std::string dumpModule(const Module &m);
/// Dumps one statement (and its children) at the given indentation depth.
std::string dumpStmt(const Stmt &s, unsigned indent = 0);
/// Dumps one expression tree at the given indentation depth.
std::string dumpExpr(const Expr &e, unsigned indent = 0);

/// Renders an expression as compact Python source with every operator
/// application parenthesized, e.g. `(a + (b * c))`, so that tests can check
/// precedence and associativity at a glance.
std::string exprToString(const Expr &e);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_ASTPRINTER_H
