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

bool endsLine(const Token &t) { return t.is(TokenKind::Newline) || t.is(TokenKind::EndOfFile); }

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
      if (j + 1 < tokens_.size() && tokens_[j + 1].is(TokenKind::Dot)) j += 2;
      else break;
    }
    jit = jit || last == "jit";
    while (i < tokens_.size() && !endsLine(tokens_[i])) ++i;
    if (i < tokens_.size() && tokens_[i].is(TokenKind::Newline)) ++i;
  }
  if (i >= tokens_.size()) i = tokens_.size() - 1;
  return jit;
}

bool Parser::atConstantAssignment() const {
  size_t i = pos_;
  while (true) {
    if (!tokens_[i].is(TokenKind::Identifier)) return false;
    ++i;
    if (!tokens_[i].is(TokenKind::Comma)) break;
    ++i;
  }
  if (tokens_[i].is(TokenKind::Colon)) {
    for (++i; !tokens_[i].is(TokenKind::Assign); ++i) {
      if (endsLine(tokens_[i])) return true; // `x: int`, a bare declaration
      if (!isConstantToken(tokens_[i].kind)) return false;
    }
  }
  if (!tokens_[i].is(TokenKind::Assign)) return false;
  for (++i; !endsLine(tokens_[i]); ++i) {
    const Token &t = tokens_[i];
    if (!isConstantToken(t.kind)) return false;
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
    while (!endsLine(tok())) consume();
    accept(TokenKind::Newline);
    if (at(TokenKind::Indent)) skipBlock();
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
    if (endsLine(peekTok())) return false;
    break;
  case TokenKind::Identifier: {
    if (atConstantAssignment()) return false;
    // Record the names of `a = ...` and `a, b = ...` so that a kernel using
    // one hears that it is host code rather than undefined.
    std::vector<std::string> names;
    size_t i = pos_;
    while (tokens_[i].is(TokenKind::Identifier)) {
      names.emplace_back(tokens_[i].text);
      if (!tokens_[++i].is(TokenKind::Comma)) break;
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
    if (decoratorsIncludeJit(i)) return false; // a kernel, parsed as such
    if (tokens_[i].is(TokenKind::KwAsync)) ++i;
    bool isDef = tokens_[i].is(TokenKind::KwDef), isClass = tokens_[i].is(TokenKind::KwClass);
    if ((isDef || isClass) && i + 1 < tokens_.size() && tokens_[i + 1].is(TokenKind::Identifier)) {
      host.kind = isDef ? HostCode::Kind::Function : HostCode::Kind::Class;
      host.names.emplace_back(tokens_[i + 1].text);
    }
    break;
  }
  default:
    break;
  }
  skipHostLines();
  host.range.end = prevEnd();
  m.hostCode.push_back(std::move(host));
  return true;
}

} // namespace tessel::frontend
