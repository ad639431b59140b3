#ifndef TESSEL_CORE_FRONTEND_PARSER_H
#define TESSEL_CORE_FRONTEND_PARSER_H

#include "core/frontend/AST.h"
#include "core/frontend/Diagnostics.h"
#include "core/frontend/Limits.h"
#include "core/frontend/Token.h"

#include <initializer_list>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace tessel::frontend {

/// Recursive-descent parser for the kernel language: Python's statement and
/// expression syntax restricted to what kernels use. Anything else gets an
/// "unsupported Python construct" error at its location.
///
/// Errors are reported to the DiagnosticEngine; after one, the parser skips to
/// the end of the statement (and over the indented block of a failed compound
/// statement) and continues, so one run reports independent mistakes without
/// cascades. The parser never throws and always returns a Module, which is
/// partial when errors were reported.
class Parser {
public:
  /// `limits.nestingDepth` bounds how deeply statements (each `elif` counts
  /// as one level) and expressions nest.
  Parser(std::vector<Token> tokens, uint32_t file, std::string fileName,
         DiagnosticEngine &diags,
         const FrontendLimits &limits = FrontendLimits::fromEnvironment());

  /// Parses a whole file.
  std::unique_ptr<Module> parseModule();
  /// Parses a single expression followed by the end of input (for tests and
  /// tools that take expressions on a command line). Null on error.
  ExprPtr parseStandaloneExpression();

private:
  //===--- Token stream ---------------------------------------------------===//
  const Token &tok() const { return tokens_[pos_]; }
  const Token &peekTok(size_t ahead = 1) const;
  bool at(TokenKind k) const { return tok().kind == k; }
  const Token &consume();
  bool accept(TokenKind k);
  /// Consumes a `k` token or reports "expected <what>" and returns false.
  bool expect(TokenKind k, const char *what);
  SourceLoc prevEnd() const { return prevEnd_; }

  //===--- Diagnostics ----------------------------------------------------===//
  /// Reports an error at `loc`, unless the rest of the logical line holds a
  /// lexer Error token: the lexer's message (an unclosed bracket, a bad
  /// character) already explains why the line does not parse. Always returns
  /// null, for tail calls.
  std::nullptr_t error(SourceLoc loc, const std::string &message);
  bool lineHasLexError() const;
  std::nullptr_t unsupported(SourceLoc loc, const std::string &what);
  /// "expected X, found Y" at the current token.
  std::nullptr_t errorExpected(const std::string &what);
  /// Skips the rest of the logical line (unless resumeHere_ is set) and the
  /// indented block that follows it, if any. Always makes progress after a
  /// failed statement, so statement loops terminate.
  void synchronize();
  void skipBlock();

  //===--- Statements (Parser.cpp) ----------------------------------------===//
  /// Parses one statement line (several with ';') into `out`; false on error.
  bool parseStatement(Block &out);
  bool parseSimpleStatements(Block &out);
  StmtPtr parseSmallStatement();
  StmtPtr parseCompoundStatement();
  StmtPtr parseExprOrAssignment();
  StmtPtr parseReturn();
  StmtPtr parseAssert();
  StmtPtr parseImport();
  StmtPtr parseImportFrom();
  bool parseImportAlias(ImportAlias &alias, bool dotted);
  bool parseDottedName(std::string &name, SourceRange &range);
  StmtPtr parseIf();
  StmtPtr parseFor();
  StmtPtr parseWhile();
  std::unique_ptr<FunctionDef> parseFunctionDef();
  //===--- Host code (HostCode.cpp) ---------------------------------------===//
  /// If the top-level statement at the current token is host code (see
  /// HostCode in AST.h), skips it, records it in `m` and returns true.
  bool skipHostCode(Module &m);
  /// True if the decorators at the current token include a jit decorator.
  bool decoratorsIncludeJit(size_t &afterDecorators) const;
  /// True if the line at the current token is `NAME [, NAME] [: ann] = e`
  /// where `e` is built only from literals, names, attributes, operators and
  /// `constexpr(...)`: a global the kernels may read as a constexpr.
  bool atConstantAssignment() const;
  /// Skips the logical line at the current token, the indented block after it,
  /// and for decorators, the decorated definition.
  void skipHostLines();
  /// At a module-level `try:` or `if ...:` whose first block holds only
  /// imports and constant assignments (the version-compatibility idiom),
  /// parses that block into `m` and skips the other clauses; false (nothing
  /// consumed) for any other try/if.
  bool parseCompatBlock(Module &m);
  /// Records, as HostCode imports, the names that import statements among
  /// tokens [begin, end) bind: imports kernels cannot see.
  void recordSkippedImports(size_t begin, size_t end, Module &m);
  /// At `NAME = <wrappers>(FN)` where the wrappers include `jit(FN)` or
  /// `heuristics({...})(FN)`: attaches the heuristics to FN, binds NAME to FN
  /// and returns true.
  bool parseJitWrapperAssignment(Module &m);
  /// Parses `({"P": lambda args: expr, ...})` at the current `(`.
  bool parseHeuristicsArgument(std::vector<FunctionDef::Heuristic> &out);
  /// The function that `jit(FN)` wraps on the line starting at token `i`, or "".
  std::string jitWrappedOnLine(size_t i) const;

  /// Reports module-level statements that are not imports, functions or
  /// global assignments, and files the rest into `m`.
  void addTopLevel(Module &m, StmtPtr s);
  bool parseParams(FunctionDef &fn);
  /// Parses `: NEWLINE INDENT stmts DEDENT` or `: simple_stmts`.
  bool parseSuite(Block &body, const char *construct, SourceLoc headerLoc);
  bool validateTarget(const Expr *e, bool allowTuple);
  /// Enters one more level of statement nesting; reports at `loc` and
  /// returns false when that is past the nesting-depth limit.
  bool enterStatementLevel(SourceLoc loc);
  /// Reports an expression nested past the nesting-depth limit at `loc`
  /// (once per statement) when `nesting_` is past it.
  bool expressionTooDeep(SourceLoc loc);

  //===--- Expressions (ParseExpr.cpp) ------------------------------------===//
  /// `a, b, c` without parentheses (statement level); a single element is
  /// returned as is.
  ExprPtr parseTestList();
  /// A list of assignment targets in `for ... in` (stops before `in`).
  ExprPtr parseTargetList();
  ExprPtr parseTest();
  ExprPtr parseOrTest();
  ExprPtr parseAndTest();
  ExprPtr parseNotTest();
  ExprPtr parseComparison();
  ExprPtr parseBitOr();
  ExprPtr parseBitXor();
  ExprPtr parseBitAnd();
  ExprPtr parseShift();
  ExprPtr parseArith();
  ExprPtr parseTerm();
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parsePrimary();
  ExprPtr parseAtom();
  ExprPtr parseParenthesized();
  ExprPtr parseListDisplay();
  ExprPtr parseBraceDisplay();
  ExprPtr parseStrings();
  bool parseCallArguments(CallExpr &call);
  bool parseSubscriptIndices(SubscriptExpr &sub);
  ExprPtr parseSubscriptItem();
  /// Rejects a `*x` element at the current token (star-args, starred targets).
  bool rejectStar();
  /// Rejects `for` after a display element (a comprehension).
  bool rejectComprehension(const char *what);
  /// Sets e.height from its tallest child and reports an over-deep tree.
  bool finishNode(Expr &e, unsigned childHeight);
  static unsigned heightOf(std::initializer_list<const Expr *> children);
  static unsigned heightOf(const ExprList &children);
  /// Builds a left-associative binary node; null if either side is null.
  ExprPtr makeBinary(BinaryOp op, ExprPtr lhs, ExprPtr rhs, SourceLoc opLoc);

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  SourceLoc prevEnd_;
  uint32_t file_;
  std::string fileName_;
  DiagnosticEngine &diags_;
  FrontendLimits limits_;
  uint64_t nesting_ = 0; ///< current recursion depth through parseTest/unary
  uint64_t statementDepth_ =
      0;                     ///< blocks (and elif clauses) around the current statement
  unsigned funcDepth_ = 0;   ///< > 0 inside a function body
  unsigned loopDepth_ = 0;   ///< > 0 inside a for/while body
  bool tooDeepReported_ = false;
  bool statementTooDeepReported_ = false; ///< statement nesting error given
  bool resumeHere_ = false; ///< the failed statement ended at a line start
  bool lastStatementFailed_ = false; ///< lets a stray else/elif after it pass silently
  /// Functions that a module-level `f = triton.jit(f)` makes kernels.
  std::set<std::string> jitWrapped_;
};

/// Lexes and parses `file` of `sources`; the result is partial if
/// diags.hasErrors().
std::unique_ptr<Module>
parseFile(const SourceManager &sources, uint32_t file, DiagnosticEngine &diags,
          const FrontendLimits &limits = FrontendLimits::fromEnvironment());

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_PARSER_H
