#include "core/frontend/Parser.h"

#include "core/frontend/Lexer.h"

#include <tuple>

namespace tessel::frontend {

namespace {
/// Parsing stops once this many errors were reported for the file.
constexpr size_t kMaxErrors = 100;
} // namespace

Parser::Parser(std::vector<Token> tokens, uint32_t file, std::string fileName,
               DiagnosticEngine &diags, const FrontendLimits &limits)
    : tokens_(std::move(tokens)), file_(file), fileName_(std::move(fileName)),
      diags_(diags), limits_(limits) {
  // The lexer always terminates the stream, but a caller-built vector might not.
  if (tokens_.empty() || !tokens_.back().is(TokenKind::EndOfFile)) {
    Token eof;
    eof.kind = TokenKind::EndOfFile;
    if (!tokens_.empty()) eof.range = SourceRange{tokens_.back().range.end, tokens_.back().range.end};
    tokens_.push_back(std::move(eof));
  }
}

//===----------------------------------------------------------------------===//
// Token stream and diagnostics
//===----------------------------------------------------------------------===//

const Token &Parser::peekTok(size_t ahead) const {
  size_t i = pos_ + ahead;
  return i < tokens_.size() ? tokens_[i] : tokens_.back();
}

const Token &Parser::consume() {
  const Token &t = tokens_[pos_];
  // Layout tokens sit after the last real token, so letting them move
  // prevEnd_ would stretch a block's range over trailing blank lines.
  if (!t.is(TokenKind::Newline) && !t.is(TokenKind::Indent) && !t.is(TokenKind::Dedent))
    prevEnd_ = t.range.end;
  if (pos_ + 1 < tokens_.size()) ++pos_; // stay on EndOfFile forever
  return t;
}

bool Parser::accept(TokenKind k) {
  if (!at(k)) return false;
  consume();
  return true;
}

bool Parser::expect(TokenKind k, const char *what) {
  if (accept(k)) return true;
  errorExpected(what);
  return false;
}

bool Parser::lineHasLexError() const {
  for (size_t i = pos_; i < tokens_.size(); ++i) {
    if (tokens_[i].is(TokenKind::Error)) return true;
    if (tokens_[i].is(TokenKind::Newline)) return false;
  }
  return false;
}

std::nullptr_t Parser::error(SourceLoc loc, const std::string &message) {
  if (!lineHasLexError()) diags_.error(loc, message);
  return nullptr;
}

std::nullptr_t Parser::unsupported(SourceLoc loc, const std::string &what) {
  return error(loc, "unsupported Python construct: " + what);
}

std::nullptr_t Parser::errorExpected(const std::string &what) {
  std::string found = tokenKindName(tok().kind);
  if (at(TokenKind::Identifier)) found = "'" + std::string(tok().text) + "'";
  if (at(TokenKind::Indent)) return error(tok().loc(), "unexpected indent");
  return error(tok().loc(), "expected " + what + ", found " + found);
}

void Parser::skipBlock() {
  unsigned depth = 0;
  do {
    if (at(TokenKind::Indent)) ++depth;
    if (at(TokenKind::Dedent)) --depth;
    if (at(TokenKind::EndOfFile)) return;
    consume();
  } while (depth > 0);
}

void Parser::synchronize() {
  // Normally the broken line is skipped; after "expected an indented block"
  // the current token already starts the next statement, which is kept.
  if (!resumeHere_) {
    while (!at(TokenKind::Newline) && !at(TokenKind::EndOfFile)) consume();
    accept(TokenKind::Newline);
  }
  resumeHere_ = false;
  // An indented block right after a broken line is that line's body.
  if (at(TokenKind::Indent)) skipBlock();
}

//===----------------------------------------------------------------------===//
// Module level
//===----------------------------------------------------------------------===//

std::unique_ptr<Module> Parser::parseModule() {
  auto m = std::make_unique<Module>();
  m->file = file_;
  m->fileName = fileName_;
  // `f = triton.jit(f)` below `def f` makes f a kernel: find those first.
  unsigned depth = 0;
  for (size_t i = 0; i + 1 < tokens_.size(); ++i) {
    TokenKind k = tokens_[i].kind;
    if (k == TokenKind::Indent) ++depth;
    if (k == TokenKind::Dedent && depth > 0) --depth;
    bool lineStart = i == 0 || tokens_[i - 1].is(TokenKind::Newline) ||
                     tokens_[i - 1].is(TokenKind::Dedent);
    if (depth == 0 && lineStart && k == TokenKind::Identifier &&
        tokens_[i + 1].is(TokenKind::Assign)) {
      std::string wrapped = jitWrappedOnLine(i);
      if (!wrapped.empty()) jitWrapped_.insert(wrapped);
    }
  }
  while (!at(TokenKind::EndOfFile)) {
    if (accept(TokenKind::Newline) || accept(TokenKind::Dedent)) continue;
    if (skipHostCode(*m)) continue;
    Block stmts;
    parseStatement(stmts);
    for (StmtPtr &s : stmts) addTopLevel(*m, std::move(s));
  }
  return m;
}

void Parser::addTopLevel(Module &m, StmtPtr s) {
  switch (s->kind()) {
  case StmtKind::Import:
  case StmtKind::ImportFrom:
    m.imports.push_back(std::move(s));
    return;
  case StmtKind::FunctionDef:
    m.functions.emplace_back(static_cast<FunctionDef *>(s.release()));
    return;
  case StmtKind::Assign:
  case StmtKind::AnnAssign:
    m.globals.push_back(std::move(s));
    return;
  case StmtKind::Expr:
    // A module docstring is allowed and carries no meaning.
    if (isa<StringLiteral>(static_cast<ExprStmt *>(s.get())->value.get())) return;
    break;
  default:
    break;
  }
  diags_.error(s->loc(), "only imports, function definitions and global assignments may appear "
                         "at module level");
}

ExprPtr Parser::parseStandaloneExpression() {
  ExprPtr e = parseTestList();
  if (!e) return nullptr;
  accept(TokenKind::Newline);
  if (!at(TokenKind::EndOfFile)) return errorExpected("end of expression");
  return e;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool Parser::parseStatement(Block &out) {
  tooDeepReported_ = false;
  if (diags_.errorCount() >= kMaxErrors) {
    // Past this point errors are more likely echoes than news.
    diags_.error(tok().loc(), "too many errors; stopping");
    pos_ = tokens_.size() - 1;
    return false;
  }
  if (at(TokenKind::Indent)) {
    error(tok().loc(), "unexpected indent");
    skipBlock();
    lastStatementFailed_ = true;
    return false;
  }
  switch (tok().kind) {
  case TokenKind::KwElif:
  case TokenKind::KwElse:
  case TokenKind::KwExcept:
  case TokenKind::KwFinally:
    // After a failed if/try header its clauses are noise, not new mistakes.
    if (!lastStatementFailed_) {
      std::string kw(tok().text);
      const char *owner = at(TokenKind::KwExcept) || at(TokenKind::KwFinally) ? "'try'" : "'if'";
      error(tok().loc(), "'" + kw + "' without a matching " + owner);
    }
    consume();
    synchronize();
    lastStatementFailed_ = true;
    return false;
  default:
    break;
  }

  bool ok;
  bool compound = at(TokenKind::KwIf) || at(TokenKind::KwFor) || at(TokenKind::KwWhile) ||
                  at(TokenKind::KwDef) || at(TokenKind::At) || at(TokenKind::KwClass) ||
                  at(TokenKind::KwWith) || at(TokenKind::KwTry) || at(TokenKind::KwAsync);
  if (compound) {
    StmtPtr s = parseCompoundStatement();
    ok = s != nullptr;
    if (ok) out.push_back(std::move(s));
  } else {
    ok = parseSimpleStatements(out);
  }
  if (!ok) synchronize();
  lastStatementFailed_ = !ok;
  return ok;
}

StmtPtr Parser::parseCompoundStatement() {
  SourceLoc loc = tok().loc();
  switch (tok().kind) {
  case TokenKind::KwIf: return parseIf();
  case TokenKind::KwFor: return parseFor();
  case TokenKind::KwWhile: return parseWhile();
  case TokenKind::KwClass: return unsupported(loc, "class definition");
  case TokenKind::KwWith: return unsupported(loc, "'with' statement");
  case TokenKind::KwTry: return unsupported(loc, "'try' statement");
  case TokenKind::KwAsync: return unsupported(loc, "'async' function or statement");
  default: break;
  }
  std::unique_ptr<FunctionDef> fn = parseFunctionDef();
  if (!fn) return nullptr;
  if (funcDepth_ > 0) return unsupported(fn->loc(), "nested function definition");
  return fn;
}

bool Parser::parseSimpleStatements(Block &out) {
  while (true) {
    StmtPtr s = parseSmallStatement();
    if (!s) return false;
    out.push_back(std::move(s));
    if (!accept(TokenKind::Semicolon)) break;
    if (at(TokenKind::Newline) || at(TokenKind::EndOfFile)) break;
  }
  if (at(TokenKind::EndOfFile)) return true;
  if (!at(TokenKind::Newline)) {
    errorExpected("end of statement");
    return false;
  }
  consume();
  return true;
}

StmtPtr Parser::parseSmallStatement() {
  const Token &t = tok();
  SourceLoc loc = t.loc();
  SourceRange r = t.range;
  switch (t.kind) {
  case TokenKind::KwPass:
    consume();
    return std::make_unique<PassStmt>(r);
  case TokenKind::KwBreak:
  case TokenKind::KwContinue: {
    bool isBreak = t.is(TokenKind::KwBreak);
    if (loopDepth_ == 0) return error(loc, isBreak ? "'break' outside loop" : "'continue' not properly in loop");
    consume();
    if (isBreak) return std::make_unique<BreakStmt>(r);
    return std::make_unique<ContinueStmt>(r);
  }
  case TokenKind::KwReturn: return parseReturn();
  case TokenKind::KwAssert: return parseAssert();
  case TokenKind::KwImport:
  case TokenKind::KwFrom:
    if (funcDepth_ > 0) return unsupported(loc, "import inside a function");
    return t.is(TokenKind::KwImport) ? parseImport() : parseImportFrom();
  case TokenKind::KwGlobal: return unsupported(loc, "'global' statement");
  case TokenKind::KwNonlocal: return unsupported(loc, "'nonlocal' statement");
  case TokenKind::KwDel: return unsupported(loc, "'del' statement");
  case TokenKind::KwRaise: return unsupported(loc, "'raise' statement");
  case TokenKind::KwYield: return unsupported(loc, "'yield' expression");
  default: return parseExprOrAssignment();
  }
}

StmtPtr Parser::parseReturn() {
  SourceRange r = consume().range;
  if (funcDepth_ == 0) return error(r.begin, "'return' outside function");
  ExprPtr value;
  if (!at(TokenKind::Newline) && !at(TokenKind::Semicolon) && !at(TokenKind::EndOfFile)) {
    value = parseTestList();
    if (!value) return nullptr;
  }
  r.end = prevEnd();
  return std::make_unique<ReturnStmt>(r, std::move(value));
}

StmtPtr Parser::parseAssert() {
  SourceRange r = consume().range;
  ExprPtr test = parseTest();
  if (!test) return nullptr;
  ExprPtr msg;
  if (accept(TokenKind::Comma)) {
    msg = parseTest();
    if (!msg) return nullptr;
  }
  r.end = prevEnd();
  return std::make_unique<AssertStmt>(r, std::move(test), std::move(msg));
}

bool Parser::parseDottedName(std::string &name, SourceRange &range) {
  if (!at(TokenKind::Identifier)) {
    errorExpected("a module name");
    return false;
  }
  range.begin = tok().loc();
  name = std::string(consume().text);
  while (accept(TokenKind::Dot)) {
    if (!at(TokenKind::Identifier)) {
      errorExpected("a name after '.'");
      return false;
    }
    name += "." + std::string(consume().text);
  }
  range.end = prevEnd();
  return true;
}

bool Parser::parseImportAlias(ImportAlias &alias, bool dotted) {
  if (dotted) {
    if (!parseDottedName(alias.name, alias.range)) return false;
  } else {
    if (!at(TokenKind::Identifier)) {
      if (at(TokenKind::Star)) {
        unsupported(tok().loc(), "wildcard import 'from ... import *'");
        return false;
      }
      errorExpected("a name to import");
      return false;
    }
    alias.range = tok().range;
    alias.name = std::string(consume().text);
  }
  if (accept(TokenKind::KwAs)) {
    if (!at(TokenKind::Identifier)) {
      errorExpected("a name after 'as'");
      return false;
    }
    alias.asName = std::string(consume().text);
    alias.range.end = prevEnd();
  }
  return true;
}

StmtPtr Parser::parseImport() {
  auto s = std::make_unique<ImportStmt>(consume().range);
  do {
    ImportAlias alias;
    if (!parseImportAlias(alias, /*dotted=*/true)) return nullptr;
    s->names.push_back(std::move(alias));
  } while (accept(TokenKind::Comma));
  s->range.end = prevEnd();
  return s;
}

StmtPtr Parser::parseImportFrom() {
  auto s = std::make_unique<ImportFromStmt>(consume().range);
  while (at(TokenKind::Dot) || at(TokenKind::Ellipsis))
    s->level += at(TokenKind::Dot) ? 1 : 3, consume();
  if (s->level == 0 || at(TokenKind::Identifier)) {
    SourceRange ignored;
    if (!parseDottedName(s->module, ignored)) return nullptr;
  }
  if (!expect(TokenKind::KwImport, "'import'")) return nullptr;
  bool paren = accept(TokenKind::LParen);
  do {
    if (paren && at(TokenKind::RParen)) break; // trailing comma
    ImportAlias alias;
    if (!parseImportAlias(alias, /*dotted=*/false)) return nullptr;
    s->names.push_back(std::move(alias));
  } while (accept(TokenKind::Comma));
  if (paren && !expect(TokenKind::RParen, "')'")) return nullptr;
  if (s->names.empty()) return errorExpected("a name to import");
  s->range.end = prevEnd();
  return s;
}

StmtPtr Parser::parseExprOrAssignment() {
  SourceLoc begin = tok().loc();
  ExprPtr first = parseTestList();
  if (!first) return nullptr;

  if (at(TokenKind::Assign)) {
    auto s = std::make_unique<AssignStmt>(SourceRange{begin, begin});
    ExprPtr value = std::move(first);
    while (accept(TokenKind::Assign)) {
      if (!validateTarget(value.get(), /*allowTuple=*/true)) return nullptr;
      s->targets.push_back(std::move(value));
      if (at(TokenKind::KwYield)) return unsupported(tok().loc(), "'yield' expression");
      value = parseTestList();
      if (!value) return nullptr;
    }
    s->value = std::move(value);
    s->range.end = prevEnd();
    return s;
  }

  static const std::pair<TokenKind, BinaryOp> kAugOps[] = {
      {TokenKind::PlusAssign, BinaryOp::Add},       {TokenKind::MinusAssign, BinaryOp::Sub},
      {TokenKind::StarAssign, BinaryOp::Mul},       {TokenKind::SlashAssign, BinaryOp::Div},
      {TokenKind::DoubleSlashAssign, BinaryOp::FloorDiv}, {TokenKind::PercentAssign, BinaryOp::Mod},
      {TokenKind::AtAssign, BinaryOp::MatMul},      {TokenKind::AmpAssign, BinaryOp::BitAnd},
      {TokenKind::PipeAssign, BinaryOp::BitOr},     {TokenKind::CaretAssign, BinaryOp::BitXor},
      {TokenKind::LShiftAssign, BinaryOp::LShift},  {TokenKind::RShiftAssign, BinaryOp::RShift},
      {TokenKind::DoubleStarAssign, BinaryOp::Pow},
  };
  for (const auto &[kind, op] : kAugOps) {
    if (!at(kind)) continue;
    if (isa<TupleExpr>(first.get()) || isa<ListExpr>(first.get()))
      return error(first->loc(), std::string("'") + (isa<TupleExpr>(first.get()) ? "tuple" : "list") +
                                     "' is an illegal target for augmented assignment");
    if (!validateTarget(first.get(), /*allowTuple=*/false)) return nullptr;
    consume();
    ExprPtr value = parseTestList();
    if (!value) return nullptr;
    return std::make_unique<AugAssignStmt>(SourceRange{begin, prevEnd()}, std::move(first), op, std::move(value));
  }

  if (accept(TokenKind::Colon)) {
    if (!isa<NameExpr>(first.get()) && !isa<AttributeExpr>(first.get()) && !isa<SubscriptExpr>(first.get()))
      return error(first->loc(), "only a single name, attribute or subscript can be annotated");
    ExprPtr annotation = parseTest();
    if (!annotation) return nullptr;
    ExprPtr value;
    if (accept(TokenKind::Assign)) {
      value = parseTestList();
      if (!value) return nullptr;
    }
    return std::make_unique<AnnAssignStmt>(SourceRange{begin, prevEnd()}, std::move(first),
                                           std::move(annotation), std::move(value));
  }

  if (at(TokenKind::Walrus)) return unsupported(tok().loc(), "assignment expression ':='");
  return std::make_unique<ExprStmt>(SourceRange{begin, prevEnd()}, std::move(first));
}

bool Parser::validateTarget(const Expr *e, bool allowTuple) {
  switch (e->kind()) {
  case ExprKind::Name:
  case ExprKind::Attribute:
  case ExprKind::Subscript:
    return true;
  case ExprKind::Tuple:
  case ExprKind::List: {
    if (!allowTuple) break;
    const ExprList &elts = isa<TupleExpr>(e) ? cast<TupleExpr>(e)->elements : cast<ListExpr>(e)->elements;
    if (elts.empty()) {
      error(e->loc(), "cannot assign to an empty tuple");
      return false;
    }
    for (const ExprPtr &x : elts)
      if (!validateTarget(x.get(), true)) return false;
    return true;
  }
  default:
    break;
  }
  const char *what = "expression";
  switch (e->kind()) {
  case ExprKind::Call: what = "function call"; break;
  case ExprKind::IntLiteral:
  case ExprKind::FloatLiteral:
  case ExprKind::StringLiteral:
  case ExprKind::BoolLiteral:
  case ExprKind::NoneLiteral:
  case ExprKind::EllipsisLiteral: what = "literal"; break;
  case ExprKind::Compare: what = "comparison"; break;
  case ExprKind::IfElse: what = "conditional expression"; break;
  case ExprKind::Dict: what = "dict literal"; break;
  case ExprKind::Tuple: what = "tuple"; break;
  case ExprKind::List: what = "list"; break;
  default: break;
  }
  error(e->loc(), std::string("cannot assign to ") + what);
  return false;
}

bool Parser::enterStatementLevel(SourceLoc loc) {
  ++statementDepth_;
  if (statementDepth_ <= limits_.nestingDepth)
    return true;
  // Once per file: the statements after the first one too deep are as deep.
  if (statementTooDeepReported_)
    return false;
  statementTooDeepReported_ = true;
  error(loc, "statements nested more than " + std::to_string(limits_.nestingDepth) +
                 " levels deep (each 'elif' counts as one level) "
                 "(TESSEL_LIMIT_NESTING_DEPTH)");
  return false;
}

namespace {
/// Leaves the statement level entered by Parser::enterStatementLevel.
struct StatementLevel {
  uint64_t &depth;
  ~StatementLevel() { --depth; }
};
} // namespace

bool Parser::parseSuite(Block &body, const char *construct, SourceLoc headerLoc) {
  // Recursion through nested blocks is bounded here, before it can run out
  // of stack in the parser or in any later walk over the tree.
  StatementLevel level{statementDepth_};
  if (!enterStatementLevel(headerLoc))
    return false;
  if (!expect(TokenKind::Colon, "':'")) return false;
  if (!at(TokenKind::Newline)) return parseSimpleStatements(body);
  consume();
  if (!at(TokenKind::Indent)) {
    error(tok().loc(), std::string("expected an indented block after ") + construct + " on line " +
                           std::to_string(headerLoc.line));
    resumeHere_ = true;
    return false;
  }
  consume();
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndOfFile)) parseStatement(body);
  accept(TokenKind::Dedent);
  return true;
}

StmtPtr Parser::parseIf() {
  bool isElif = at(TokenKind::KwElif);
  SourceLoc loc = consume().range.begin;
  ExprPtr cond = parseTest();
  if (!cond) return nullptr;
  auto s = std::make_unique<IfStmt>(SourceRange{loc, loc}, std::move(cond));
  s->isElif = isElif;
  if (!parseSuite(s->thenBody, isElif ? "'elif' clause" : "'if' statement", loc)) return nullptr;
  if (at(TokenKind::KwElif)) {
    // An elif is an if nested in the else branch, and is lowered as one.
    StatementLevel level{statementDepth_};
    if (!enterStatementLevel(tok().loc()))
      return nullptr;
    StmtPtr elif = parseIf();
    if (!elif) return nullptr;
    s->elseBody.push_back(std::move(elif));
  } else if (at(TokenKind::KwElse)) {
    SourceLoc elseLoc = consume().range.begin;
    if (!parseSuite(s->elseBody, "'else' clause", elseLoc)) return nullptr;
  }
  s->range.end = prevEnd();
  return s;
}

StmtPtr Parser::parseFor() {
  SourceLoc loc = consume().range.begin;
  ExprPtr target = parseTargetList();
  if (!target) return nullptr;
  if (!validateTarget(target.get(), /*allowTuple=*/true)) return nullptr;
  if (!expect(TokenKind::KwIn, "'in'")) return nullptr;
  ExprPtr iter = parseTestList();
  if (!iter) return nullptr;
  auto s = std::make_unique<ForStmt>(SourceRange{loc, loc}, std::move(target), std::move(iter));
  ++loopDepth_;
  bool ok = parseSuite(s->body, "'for' statement", loc);
  --loopDepth_;
  if (!ok) return nullptr;
  if (at(TokenKind::KwElse)) return unsupported(tok().loc(), "'else' clause on a 'for' loop");
  s->range.end = prevEnd();
  return s;
}

StmtPtr Parser::parseWhile() {
  SourceLoc loc = consume().range.begin;
  ExprPtr cond = parseTest();
  if (!cond) return nullptr;
  auto s = std::make_unique<WhileStmt>(SourceRange{loc, loc}, std::move(cond));
  ++loopDepth_;
  bool ok = parseSuite(s->body, "'while' statement", loc);
  --loopDepth_;
  if (!ok) return nullptr;
  if (at(TokenKind::KwElse)) return unsupported(tok().loc(), "'else' clause on a 'while' loop");
  s->range.end = prevEnd();
  return s;
}

std::unique_ptr<FunctionDef> Parser::parseFunctionDef() {
  SourceLoc loc = tok().loc();
  ExprList decorators;
  std::vector<FunctionDef::Heuristic> heuristics;
  while (at(TokenKind::At)) {
    consume();
    // jit decorators are parsed as expressions; the others (autotune with
    // comprehensions of configs, heuristics with lambdas, a project's own)
    // are host code: only their dotted name is kept, and the heuristics.
    std::string dotted;
    size_t j = pos_;
    while (tokens_[j].is(TokenKind::Identifier)) {
      dotted += std::string(tokens_[j].text);
      if (!tokens_[j + 1].is(TokenKind::Dot) || !tokens_[j + 2].is(TokenKind::Identifier))
        break;
      dotted += ".";
      j += 2;
    }
    std::string last = dotted.substr(dotted.rfind('.') + 1);
    bool hostOnly = false; // comprehensions and lambdas are not kernel syntax
    for (size_t k = pos_; !tokens_[k].is(TokenKind::Newline) &&
                          !tokens_[k].is(TokenKind::EndOfFile);
         ++k)
      hostOnly = hostOnly || tokens_[k].is(TokenKind::KwFor) ||
                 tokens_[k].is(TokenKind::KwLambda);
    if (dotted.empty() || last == "jit" || !hostOnly) {
      ExprPtr d = parseTest();
      if (!d) return nullptr;
      decorators.push_back(std::move(d));
    } else {
      SourceRange r{tok().loc(), tokens_[j].range.end};
      decorators.push_back(std::make_unique<NameExpr>(r, dotted));
      pos_ = j;
      consume();
      if (last == "heuristics" && at(TokenKind::LParen)) parseHeuristicsArgument(heuristics);
      while (!at(TokenKind::Newline) && !at(TokenKind::EndOfFile)) consume();
    }
    if (!expect(TokenKind::Newline, "end of line after decorator")) return nullptr;
  }
  if (at(TokenKind::KwAsync)) return unsupported(tok().loc(), "'async' function or statement");
  if (at(TokenKind::KwClass)) return unsupported(tok().loc(), "class definition");
  if (!expect(TokenKind::KwDef, "'def' after decorator")) return nullptr;
  if (!at(TokenKind::Identifier)) return errorExpected("a function name");
  SourceRange nameRange = tok().range;
  auto fn = std::make_unique<FunctionDef>(SourceRange{loc, loc}, std::string(consume().text), nameRange);
  fn->decorators = std::move(decorators);
  fn->heuristics = std::move(heuristics);
  if (jitWrapped_.count(fn->name) && !fn->isJit())
    fn->decorators.push_back(std::make_unique<NameExpr>(nameRange, "jit"));
  if (!expect(TokenKind::LParen, "'('") || !parseParams(*fn)) return nullptr;
  if (accept(TokenKind::Arrow)) {
    fn->returns = parseTest();
    if (!fn->returns) return nullptr;
  }
  unsigned savedLoops = loopDepth_;
  loopDepth_ = 0; // a loop around a definition does not make 'break' legal inside it
  ++funcDepth_;
  bool ok = parseSuite(fn->body, "function definition", nameRange.begin);
  --funcDepth_;
  loopDepth_ = savedLoops;
  if (!ok) return nullptr;
  fn->range.end = prevEnd();
  return fn;
}

bool Parser::parseParams(FunctionDef &fn) {
  bool sawDefault = false;
  while (!at(TokenKind::RParen)) {
    if (at(TokenKind::Star) || at(TokenKind::DoubleStar)) {
      bool dbl = at(TokenKind::DoubleStar);
      bool bare = !dbl && peekTok().is(TokenKind::Comma);
      unsupported(tok().loc(), dbl ? "'**kwargs' parameter"
                               : bare ? "keyword-only parameters ('*')" : "'*args' parameter");
      return false;
    }
    if (at(TokenKind::Slash)) {
      unsupported(tok().loc(), "positional-only parameters ('/')");
      return false;
    }
    if (!at(TokenKind::Identifier)) {
      errorExpected("a parameter name");
      return false;
    }
    Param p;
    p.range = tok().range;
    p.name = std::string(consume().text);
    for (const Param &other : fn.params) {
      if (other.name == p.name) {
        error(p.range.begin, "duplicate parameter '" + p.name + "'");
        return false;
      }
    }
    if (accept(TokenKind::Colon)) {
      p.annotation = parseTest();
      if (!p.annotation) return false;
    }
    if (accept(TokenKind::Assign)) {
      p.defaultValue = parseTest();
      if (!p.defaultValue) return false;
      sawDefault = true;
    } else if (sawDefault) {
      error(p.range.begin, "parameter without a default follows parameter with a default");
      return false;
    }
    p.range.end = prevEnd();
    fn.params.push_back(std::move(p));
    if (!accept(TokenKind::Comma)) break;
  }
  return expect(TokenKind::RParen, "')'");
}

std::unique_ptr<Module> parseFile(const SourceManager &sources, uint32_t file,
                                  DiagnosticEngine &diags,
                                  const FrontendLimits &limits) {
  // Host code may use Python the kernel language rejects (f-strings, bytes);
  // lexical errors are held back until the parser has found the host code.
  size_t first = diags.diagnostics().size();
  DiagnosticEngine lexDiags(sources);
  std::vector<Token> tokens = lex(sources, file, lexDiags);
  Parser parser(std::move(tokens), file, std::string(sources.name(file)), diags,
                limits);
  std::unique_ptr<Module> module = parser.parseModule();
  auto inHostCode = [&](SourceLoc loc) {
    for (const HostCode &h : module->hostCode)
      if (std::tie(h.range.begin.line, h.range.begin.col) <= std::tie(loc.line, loc.col) &&
          std::tie(loc.line, loc.col) <= std::tie(h.range.end.line, h.range.end.col))
        return true;
    return false;
  };
  for (const Diagnostic &d : lexDiags.diagnostics()) {
    // Constructs that are valid Python are fine in host code; real lexical
    // errors (an unterminated string, a stray character) are not.
    bool validPython = d.message.rfind("unsupported Python construct", 0) == 0;
    if (validPython && inHostCode(d.loc)) continue;
    diags.report(d);
  }
  diags.sortByLocation(first);
  return module;
}

} // namespace tessel::frontend
