// Host code in kernel files. A Triton source file mixes kernels with the
// Python that launches and tests them: torch calls, lambdas for grids,
// `kernel[grid](...)`, `if __name__ == "__main__":`. That code runs on the
// host, never through this compiler, so the parser does not hold it to the
// kernel language: it skips it by lines and indentation and keeps only the
// names it binds (see HostCode in AST.h).

#include "core/frontend/Parser.h"

namespace tessel::frontend {

namespace {

/// Tokens that may appear in the value of a constant global.
bool isConstantToken(TokenKind k) {
  switch (k) {
  case TokenKind::Identifier:
  case TokenKind::Integer:
  case TokenKind::Float:
  case TokenKind::String:
  case TokenKind::KwTrue:
  case TokenKind::KwFalse:
  case TokenKind::KwNone:
  case TokenKind::KwAnd:
  case TokenKind::KwOr:
  case TokenKind::KwNot:
  case TokenKind::KwIf:
  case TokenKind::KwElse:
  case TokenKind::Dot:
  case TokenKind::Comma:
  case TokenKind::LParen:
  case TokenKind::RParen:
  case TokenKind::LBracket:
  case TokenKind::RBracket:
  case TokenKind::LBrace:
  case TokenKind::RBrace:
  case TokenKind::Colon:
  case TokenKind::Plus:
  case TokenKind::Minus:
  case TokenKind::Star:
  case TokenKind::Slash:
  case TokenKind::DoubleSlash:
  case TokenKind::Percent:
  case TokenKind::DoubleStar:
  case TokenKind::Tilde:
  case TokenKind::Amp:
  case TokenKind::Pipe:
  case TokenKind::Caret:
  case TokenKind::LShift:
  case TokenKind::RShift:
  case TokenKind::Less:
  case TokenKind::Greater:
  case TokenKind::LessEqual:
  case TokenKind::GreaterEqual:
  case TokenKind::EqualEqual:
  case TokenKind::NotEqual:
    return true;
  default:
    return false;
  }
}

bool endsLine(const Token &t) {
  return t.is(TokenKind::Newline) || t.is(TokenKind::EndOfFile);
}

} // namespace

bool Parser::decoratorsIncludeJit(size_t &i) const {
  bool jit = false;
  i = pos_;
  while (i < tokens_.size() && tokens_[i].is(TokenKind::At)) {
    // The decorator's dotted name, before any call parentheses: `jit`,
    // `triton.jit`, `triton.jit(...)`, the same test as FunctionDef::isJit.
    std::string_view last;
    size_t j = i + 1;
    while (j < tokens_.size() && tokens_[j].is(TokenKind::Identifier)) {
      last = tokens_[j].text;
      if (j + 1 < tokens_.size() && tokens_[j + 1].is(TokenKind::Dot))
        j += 2;
      else
        break;
    }
    jit = jit || last == "jit";
    while (i < tokens_.size() && !endsLine(tokens_[i]))
      ++i;
    if (i < tokens_.size() && tokens_[i].is(TokenKind::Newline))
      ++i;
  }
  if (i >= tokens_.size())
    i = tokens_.size() - 1;
  // `def f` made a kernel by a later `f = triton.jit(f)`.
  if (tokens_[i].is(TokenKind::KwDef) && i + 1 < tokens_.size() &&
      jitWrapped_.count(std::string(tokens_[i + 1].text)))
    jit = true;
  return jit;
}

std::string Parser::jitWrappedOnLine(size_t i) const {
  bool jit = false;
  size_t end = i;
  for (; !endsLine(tokens_[end]); ++end)
    if (tokens_[end].is(TokenKind::Identifier) && tokens_[end].text == "jit" &&
        tokens_[end + 1].is(TokenKind::LParen))
      jit = true;
  // The wrapped function is the last call's only argument: `jit(f)`,
  // `autotune(...)(jit(f))`, `heuristics(...)(f)`.
  size_t k = end;
  while (k > i && tokens_[k - 1].is(TokenKind::RParen) && k - 1 > i &&
         tokens_[k - 2].is(TokenKind::RParen))
    --k; // `...(jit(f)))`: step over the outer closing parentheses
  if (!jit || k < i + 4 || !tokens_[k - 1].is(TokenKind::RParen) ||
      !tokens_[k - 2].is(TokenKind::Identifier) ||
      !tokens_[k - 3].is(TokenKind::LParen))
    return "";
  return std::string(tokens_[k - 2].text);
}

bool Parser::parseHeuristicsArgument(std::vector<FunctionDef::Heuristic> &out) {
  // Anything but a dict of lambdas (a function reference, `**kw`) is left
  // alone: its parameters then need -D.
  if (!accept(TokenKind::LParen) || !accept(TokenKind::LBrace))
    return false;
  while (!at(TokenKind::RBrace)) {
    if (!at(TokenKind::String))
      return false;
    SourceLoc loc = tok().loc();
    ExprPtr key = parseStrings();
    auto *keyLit = key ? dyn_cast<StringLiteral>(key.get()) : nullptr;
    if (!keyLit || !accept(TokenKind::Colon) || !accept(TokenKind::KwLambda) ||
        !at(TokenKind::Identifier))
      return false;
    FunctionDef::Heuristic h;
    h.param = keyLit->value;
    h.argName = std::string(consume().text);
    h.loc = loc;
    if (!accept(TokenKind::Colon))
      return false;
    h.value = parseTest();
    if (!h.value)
      return false;
    out.push_back(std::move(h));
    if (!accept(TokenKind::Comma))
      break;
  }
  return accept(TokenKind::RBrace) &&
         (accept(TokenKind::Comma), accept(TokenKind::RParen));
}

bool Parser::parseJitWrapperAssignment(Module &m) {
  if (!tokens_[pos_ + 1].is(TokenKind::Assign))
    return false;
  size_t end = pos_;
  bool wrapper = false;
  size_t heuristics = 0;
  for (; !endsLine(tokens_[end]); ++end) {
    const Token &t = tokens_[end];
    if (t.is(TokenKind::Identifier) && tokens_[end + 1].is(TokenKind::LParen) &&
        (t.text == "jit" || t.text == "heuristics" || t.text == "autotune")) {
      wrapper = true;
      if (t.text == "heuristics" && !heuristics)
        heuristics = end + 1;
    }
  }
  if (!wrapper || end < pos_ + 5 || !tokens_[end - 1].is(TokenKind::RParen))
    return false;
  // The wrapped function: `jit(f)` anywhere, else the last call's argument.
  std::string fnName = jitWrappedOnLine(pos_);
  if (fnName.empty() && tokens_[end - 2].is(TokenKind::Identifier) &&
      tokens_[end - 3].is(TokenKind::LParen))
    fnName = std::string(tokens_[end - 2].text);
  FunctionDef *fn = nullptr;
  for (auto &f : m.functions)
    if (f->name == fnName)
      fn = f.get();
  if (!fn)
    return false;
  SourceRange nameRange = tok().range;
  std::string name(tok().text);
  if (heuristics) {
    pos_ = heuristics;
    std::vector<FunctionDef::Heuristic> hs;
    if (parseHeuristicsArgument(hs))
      for (auto &h : hs)
        fn->heuristics.push_back(std::move(h));
  }
  while (!endsLine(tok()))
    consume();
  accept(TokenKind::Newline);
  if (name != fnName) {
    m.kernelAliases[name] = fnName;
    auto assign = std::make_unique<AssignStmt>(nameRange);
    assign->targets.push_back(std::make_unique<NameExpr>(nameRange, name));
    assign->value = std::make_unique<NameExpr>(nameRange, fnName);
    m.globals.push_back(std::move(assign));
  }
  return true;
}

void Parser::recordSkippedImports(size_t begin, size_t end, Module &m) {
  for (size_t i = begin; i < end && i < tokens_.size(); ++i) {
    const Token &t = tokens_[i];
    if (!t.is(TokenKind::KwImport) && !t.is(TokenKind::KwFrom))
      continue;
    if (i > 0) {
      TokenKind p = tokens_[i - 1].kind;
      if (p != TokenKind::Newline && p != TokenKind::Indent && p != TokenKind::Dedent &&
          p != TokenKind::Colon && p != TokenKind::Semicolon)
        continue;
    }
    HostCode host;
    host.kind = HostCode::Kind::Import;
    host.range.begin = t.loc();
    size_t j = i + 1;
    if (t.is(TokenKind::KwFrom)) {
      while (j < end && !endsLine(tokens_[j]) && !tokens_[j].is(TokenKind::KwImport))
        ++j;
      if (j >= end || !tokens_[j].is(TokenKind::KwImport))
        continue;
      ++j;
    }
    // NAME[.NAME]* [as NAME] (, ...)*
    while (j < end && !endsLine(tokens_[j]) && !tokens_[j].is(TokenKind::Semicolon)) {
      if (tokens_[j].is(TokenKind::Identifier)) {
        std::string bound(tokens_[j].text);
        while (j + 2 < end && tokens_[j + 1].is(TokenKind::Dot))
          j += 2;
        if (j + 2 < end && tokens_[j + 1].is(TokenKind::KwAs) &&
            tokens_[j + 2].is(TokenKind::Identifier)) {
          j += 2;
          bound = std::string(tokens_[j].text);
        } else if (t.is(TokenKind::KwFrom)) {
          bound = std::string(tokens_[j].text);
        }
        host.names.push_back(bound);
      }
      ++j;
    }
    host.range.end = tokens_[j - 1].range.end;
    if (!host.names.empty())
      m.hostCode.push_back(std::move(host));
  }
}

bool Parser::parseCompatBlock(Module &m) {
  size_t start = pos_;
  // The header: `try:` or `if <condition>:`, then an indented block.
  size_t i = pos_ + 1;
  if (at(TokenKind::KwIf))
    while (!endsLine(tokens_[i]))
      ++i;
  else
    ++i;
  if (!tokens_[i - 1].is(TokenKind::Colon) || !tokens_[i].is(TokenKind::Newline) ||
      !tokens_[i + 1].is(TokenKind::Indent))
    return false;
  size_t blockStart = i + 2;
  // Only imports, `pass` and constant assignments in the first block.
  pos_ = blockStart;
  bool compat = false;
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndOfFile)) {
    bool ok = at(TokenKind::KwImport) || at(TokenKind::KwFrom) ||
              at(TokenKind::KwPass) ||
              (at(TokenKind::Identifier) && atConstantAssignment());
    if (!ok) {
      pos_ = start;
      return false;
    }
    compat = compat || !at(TokenKind::KwPass);
    while (!endsLine(tok()))
      consume();
    if (!accept(TokenKind::Newline) || at(TokenKind::Indent)) {
      pos_ = start;
      return false;
    }
  }
  if (!compat) {
    pos_ = start;
    return false;
  }
  // The first branch binds the names (both branches of the idiom normally
  // name the same function).
  pos_ = blockStart;
  while (!at(TokenKind::Dedent) && !at(TokenKind::EndOfFile)) {
    if (accept(TokenKind::Newline))
      continue;
    if (accept(TokenKind::KwPass))
      continue;
    Block stmts;
    parseStatement(stmts);
    for (StmtPtr &s : stmts)
      addTopLevel(m, std::move(s));
  }
  accept(TokenKind::Dedent);
  // The other clauses are host code; their imports are recorded so that a
  // name bound only there gets a message saying so.
  while (at(TokenKind::KwExcept) || at(TokenKind::KwElse) || at(TokenKind::KwElif) ||
         at(TokenKind::KwFinally)) {
    size_t clause = pos_;
    while (!endsLine(tok()))
      consume();
    accept(TokenKind::Newline);
    if (at(TokenKind::Indent))
      skipBlock();
    recordSkippedImports(clause, pos_, m);
  }
  return true;
}

bool Parser::atConstantAssignment() const {
  size_t i = pos_;
  while (true) {
    if (!tokens_[i].is(TokenKind::Identifier))
      return false;
    ++i;
    if (!tokens_[i].is(TokenKind::Comma))
      break;
    ++i;
  }
  if (tokens_[i].is(TokenKind::Colon)) {
    for (++i; !tokens_[i].is(TokenKind::Assign); ++i) {
      if (endsLine(tokens_[i]))
        return true; // `x: int`, a bare declaration
      if (!isConstantToken(tokens_[i].kind))
        return false;
    }
  }
  if (!tokens_[i].is(TokenKind::Assign))
    return false;
  for (++i; !endsLine(tokens_[i]); ++i) {
    const Token &t = tokens_[i];
    if (!isConstantToken(t.kind))
      return false;
    // A call computes something on the host, except a constexpr wrapper
    // such as `tl.constexpr(128)`.
    if (t.is(TokenKind::LParen) && tokens_[i - 1].is(TokenKind::Identifier) &&
        tokens_[i - 1].text != "constexpr")
      return false;
  }
  return true;
}

void Parser::skipHostLines() {
  bool decorator;
  do {
    decorator = at(TokenKind::At);
    while (!endsLine(tok()))
      consume();
    accept(TokenKind::Newline);
    if (at(TokenKind::Indent))
      skipBlock();
  } while (decorator && !at(TokenKind::EndOfFile));
}

bool Parser::skipHostCode(Module &m) {
  HostCode host;
  host.range.begin = tok().loc();
  switch (tok().kind) {
  case TokenKind::KwImport:
  case TokenKind::KwFrom:
  case TokenKind::Indent:
  case TokenKind::Dedent:
  case TokenKind::Newline:
  case TokenKind::EndOfFile:
    return false;
  case TokenKind::String:
    // A docstring; the parser files it away.
    if (endsLine(peekTok()))
      return false;
    break;
  case TokenKind::KwTry:
  case TokenKind::KwIf:
    if (parseCompatBlock(m))
      return true;
    break;
  case TokenKind::Identifier: {
    if (atConstantAssignment())
      return false;
    if (parseJitWrapperAssignment(m))
      return true;
    // Record the names of `a = ...` and `a, b = ...` so that a kernel using
    // one hears that it is host code rather than undefined.
    std::vector<std::string> names;
    size_t i = pos_;
    while (tokens_[i].is(TokenKind::Identifier)) {
      names.emplace_back(tokens_[i].text);
      if (!tokens_[++i].is(TokenKind::Comma))
        break;
      ++i;
    }
    if (tokens_[i].is(TokenKind::Assign) || tokens_[i].is(TokenKind::Colon)) {
      host.kind = HostCode::Kind::Assignment;
      host.names = std::move(names);
    }
    break;
  }
  case TokenKind::At:
  case TokenKind::KwDef:
  case TokenKind::KwClass:
  case TokenKind::KwAsync: {
    size_t i = pos_;
    if (decoratorsIncludeJit(i))
      return false; // a kernel, parsed as such
    if (tokens_[i].is(TokenKind::KwAsync))
      ++i;
    bool isDef = tokens_[i].is(TokenKind::KwDef),
         isClass = tokens_[i].is(TokenKind::KwClass);
    if ((isDef || isClass) && i + 1 < tokens_.size() &&
        tokens_[i + 1].is(TokenKind::Identifier)) {
      host.kind = isDef ? HostCode::Kind::Function : HostCode::Kind::Class;
      host.names.emplace_back(tokens_[i + 1].text);
    }
    break;
  }
  default:
    break;
  }
  size_t begin = pos_;
  skipHostLines();
  host.range.end = prevEnd();
  m.hostCode.push_back(std::move(host));
  recordSkippedImports(begin, pos_, m);
  return true;
}

} // namespace tessel::frontend
