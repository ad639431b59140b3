#include "core/frontend/Lexer.h"

#include "core/frontend/LexerSupport.h"

#include <cstdio>

namespace tessel::frontend {

namespace {
/// Python allows at most 100 nested blocks; deeper nesting would also make
/// the recursive parser and AST destructors recurse without bound.
constexpr size_t kMaxIndentLevels = 100;
} // namespace

Lexer::Lexer(const SourceManager &sources, uint32_t file, DiagnosticEngine &diags)
    : text_(sources.text(file)), file_(file), diags_(diags) {
  indents_.push_back(IndentLevel{0, 0, false});
}

char Lexer::peek(size_t ahead) const {
  return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
}

void Lexer::advance() {
  if (atEnd()) return;
  unsigned char c = static_cast<unsigned char>(text_[pos_++]);
  if ((c & 0xC0) != 0x80) ++col_; // continuation bytes share their code point's column
}

void Lexer::consumeNewline() {
  if (peek() == '\r' && peek(1) == '\n') ++pos_;
  ++pos_;
  ++line_;
  col_ = 1;
}

void Lexer::push(TokenKind kind, size_t startPos, SourceLoc startLoc) {
  Token t;
  t.kind = kind;
  t.range = SourceRange{startLoc, here()};
  t.text = text_.substr(startPos, pos_ - startPos);
  tokens_.push_back(std::move(t));
  lineHasTokens_ = true;
}

void Lexer::pushError(size_t startPos, SourceLoc startLoc, SourceLoc errLoc, std::string message) {
  diags_.error(errLoc, message);
  lastErrorLoc_ = errLoc;
  push(TokenKind::Error, startPos, startLoc);
  tokens_.back().value = std::move(message);
}

std::vector<Token> Lexer::lexAll() {
  while (true) {
    if (atLineStart_) {
      atLineStart_ = false;
      handleIndentation();
    }
    while (peek() == ' ' || peek() == '\t' || peek() == '\f') advance();
    if (atEnd()) break;
    char c = peek();
    if (c == '#') {
      while (!atEnd() && !atNewline()) advance();
      continue;
    }
    if (c == '\n' || c == '\r') {
      size_t start = pos_;
      SourceLoc loc = here();
      consumeNewline();
      // Inside brackets a line break is just whitespace (implicit joining).
      if (brackets_.empty()) {
        if (lineHasTokens_) {
          Token t;
          t.kind = TokenKind::Newline;
          t.range = SourceRange{loc, SourceLoc{file_, loc.line, loc.col + 1}};
          t.text = text_.substr(start, 1);
          tokens_.push_back(std::move(t));
        }
        lineHasTokens_ = false;
        atLineStart_ = true;
      }
      continue;
    }
    if (c == '\\') {
      size_t start = pos_;
      SourceLoc loc = here();
      advance();
      if (peek() == '\n' || peek() == '\r') {
        consumeNewline(); // explicit line joining: the next line continues this one
        continue;
      }
      if (atEnd()) {
        pushError(start, loc, loc, "unexpected end of file after line continuation character");
        break;
      }
      pushError(start, loc, loc, "unexpected character after line continuation character");
      continue;
    }
    lexToken();
  }

  SourceLoc end = here();
  if (lineHasTokens_) {
    Token t;
    t.kind = TokenKind::Newline;
    t.range = SourceRange{end, end};
    tokens_.push_back(std::move(t));
  }
  // Report the innermost unclosed bracket: that is where the user's eye goes.
  // A lexical error after it (an unterminated string swallowing the closing
  // bracket, say) is the real cause, so then the bracket stays quiet.
  if (!brackets_.empty()) {
    const OpenBracket &b = brackets_.back();
    std::string msg = "'";
    msg += b.ch;
    msg += "' was never closed";
    if (!(lastErrorLoc_.isValid() && b.loc < lastErrorLoc_)) diags_.error(b.loc, msg);
    Token t;
    t.kind = TokenKind::Error;
    t.range = SourceRange{end, end};
    t.value = msg;
    // Insert before the final Newline so that the parser meets it in-line.
    tokens_.insert(tokens_.end() - (lineHasTokens_ ? 1 : 0), std::move(t));
    brackets_.clear();
  }
  while (indents_.size() > 1) {
    if (!indents_.back().phantom) {
      Token t;
      t.kind = TokenKind::Dedent;
      t.range = SourceRange{end, end};
      tokens_.push_back(std::move(t));
    }
    indents_.pop_back();
  }
  Token eof;
  eof.kind = TokenKind::EndOfFile;
  eof.range = SourceRange{end, end};
  tokens_.push_back(std::move(eof));
  return std::move(tokens_);
}

void Lexer::handleIndentation() {
  unsigned col8 = 0, col1 = 0;
  size_t start = pos_;
  SourceLoc startLoc = here();
  while (true) {
    char c = peek();
    if (c == ' ') {
      ++col8;
      ++col1;
    } else if (c == '\t') {
      col8 = (col8 / 8 + 1) * 8;
      ++col1;
    } else if (c == '\f') {
      col8 = col1 = 0; // a form feed resets the indentation count
    } else {
      break;
    }
    advance();
  }
  // Blank and comment-only lines do not take part in indentation.
  if (atEnd() || atNewline() || peek() == '#' || peek() == '\\') return;

  SourceLoc loc = here();
  auto inconsistent = [&] {
    pushError(start, startLoc, loc, "inconsistent use of tabs and spaces in indentation");
  };
  IndentLevel top = indents_.back();
  if (col8 == top.col8) {
    if (col1 != top.col1) inconsistent();
    return;
  }
  if (col8 > top.col8) {
    if (col1 <= top.col1) {
      inconsistent();
      indents_.push_back(IndentLevel{col8, col1, true});
      return;
    }
    if (indents_.size() > kMaxIndentLevels) {
      // Once per excursion past the limit, not once per deeper line.
      if (indents_.size() == kMaxIndentLevels + 1)
        pushError(start, startLoc, loc, "too many levels of indentation");
      indents_.push_back(IndentLevel{col8, col1, true});
      return;
    }
    indents_.push_back(IndentLevel{col8, col1, false});
    Token t;
    t.kind = TokenKind::Indent;
    t.range = SourceRange{loc, loc};
    tokens_.push_back(std::move(t));
    return;
  }
  while (indents_.size() > 1 && col8 < indents_.back().col8) {
    if (!indents_.back().phantom) {
      Token t;
      t.kind = TokenKind::Dedent;
      t.range = SourceRange{loc, loc};
      tokens_.push_back(std::move(t));
    }
    indents_.pop_back();
  }
  if (col8 != indents_.back().col8) {
    pushError(start, startLoc, loc, "unindent does not match any outer indentation level");
    // Recover by treating this line as one level deeper than the level it
    // fell back to, without a real Indent, so later lines at the same
    // width are accepted silently.
    indents_.push_back(IndentLevel{col8, col1, true});
  } else if (col1 != indents_.back().col1) {
    inconsistent();
  }
}

void Lexer::lexToken() {
  char c = peek();
  unsigned char uc = static_cast<unsigned char>(c);
  if (isIdentStart(uc)) return lexIdentifierOrKeyword();
  if (isDigit(c) || (c == '.' && isDigit(peek(1)))) return lexNumber();
  if (c == '"' || c == '\'') return lexString(pos_, here(), {});
  if (uc >= 0x80) return lexUtf8Character();
  if (lexOperator()) return;
  size_t start = pos_;
  SourceLoc loc = here();
  advance();
  char buf[64];
  if (uc >= 0x20 && uc < 0x7F)
    std::snprintf(buf, sizeof buf, "invalid character '%c' (U+%04X)", c, uc);
  else
    std::snprintf(buf, sizeof buf, "invalid character (U+%04X)", uc);
  pushError(start, loc, loc, buf);
}

void Lexer::lexUtf8Character() {
  // Identifiers may use non-ASCII letters; isIdentStart accepted none here,
  // so this is either a non-letter code point or malformed UTF-8.
  size_t start = pos_;
  SourceLoc loc = here();
  uint32_t cp = 0;
  size_t len = decodeUtf8(text_, pos_, cp);
  if (len == 0) {
    advance();
    pushError(start, loc, loc, "invalid UTF-8 byte in source");
    return;
  }
  if (isIdentCodePoint(cp)) return lexIdentifierOrKeyword();
  for (size_t i = 0; i < len; ++i) advance();
  char code[16];
  std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(cp));
  std::string msg = "invalid character '" + std::string(text_.substr(start, len)) + "' (" + code + ")";
  pushError(start, loc, loc, msg);
}

void Lexer::lexIdentifierOrKeyword() {
  size_t start = pos_;
  SourceLoc loc = here();
  while (!atEnd()) {
    unsigned char c = static_cast<unsigned char>(peek());
    if (c < 0x80) {
      if (!isIdentStart(c) && !isDigit(static_cast<char>(c))) break;
      advance();
      continue;
    }
    uint32_t cp = 0;
    size_t len = decodeUtf8(text_, pos_, cp);
    if (len == 0 || !isIdentCodePoint(cp)) break;
    for (size_t i = 0; i < len; ++i) advance();
  }
  std::string_view word = text_.substr(start, pos_ - start);
  if ((peek() == '"' || peek() == '\'') && isStringPrefix(word))
    return lexString(start, loc, word);
  push(keywordKind(word), start, loc);
}

void Lexer::lexNumber() {
  size_t start = pos_;
  SourceLoc loc = here();
  NumberScan scan = scanNumber(text_, pos_);
  while (pos_ < scan.end) advance();
  if (!scan.error.empty()) {
    // Swallow the rest of a malformed literal such as `1abc` so that the
    // parser does not see a stray identifier after it.
    while (!atEnd() && (isIdentStart(static_cast<unsigned char>(peek())) || isDigit(peek())))
      advance();
    pushError(start, loc, loc, scan.error);
    return;
  }
  push(scan.isFloat ? TokenKind::Float : TokenKind::Integer, start, loc);
  tokens_.back().intValue = scan.intValue;
  tokens_.back().floatValue = scan.floatValue;
}

void Lexer::lexString(size_t prefixStart, SourceLoc prefixLoc, std::string_view prefix) {
  bool raw = false, fstring = false, bytes = false;
  for (char p : prefix) {
    char l = static_cast<char>(p | 0x20);
    raw |= l == 'r';
    fstring |= l == 'f';
    bytes |= l == 'b';
  }
  char quote = peek();
  bool triple = peek(1) == quote && peek(2) == quote;
  size_t quoteLen = triple ? 3 : 1;
  for (size_t i = 0; i < quoteLen; ++i) advance();

  std::string value;
  bool closed = false;
  while (!atEnd()) {
    char c = peek();
    if (c == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
      for (size_t i = 0; i < quoteLen; ++i) advance();
      closed = true;
      break;
    }
    if (c == '\n' || c == '\r') {
      if (!triple) break;
      consumeNewline();
      value += '\n';
      continue;
    }
    if (c == '\\') {
      advance();
      if (atEnd()) break;
      if (raw) {
        // A raw string keeps the backslash, but it still protects the quote
        // or line break after it from ending the literal.
        value += '\\';
        if (atNewline()) {
          consumeNewline();
          value += '\n';
        } else {
          value += peek();
          advance();
        }
        continue;
      }
      if (atNewline()) {
        consumeNewline(); // backslash-newline inside a string joins lines
        continue;
      }
      SourceLoc escLoc = here();
      std::string error;
      size_t consumed = decodeEscape(text_, pos_, value, error);
      for (size_t i = 0; i < consumed; ++i) advance();
      // Point at the backslash, one column before the escaped character.
      if (!error.empty()) {
        lastErrorLoc_ = SourceLoc{file_, escLoc.line, escLoc.col - 1};
        diags_.error(lastErrorLoc_, error);
      }
      continue;
    }
    value += c;
    advance();
  }
  if (!closed) {
    pushError(prefixStart, prefixLoc, prefixLoc,
              triple ? "unterminated triple-quoted string literal" : "unterminated string literal");
    return;
  }
  if (fstring) {
    pushError(prefixStart, prefixLoc, prefixLoc,
              "unsupported Python construct: f-string (use a plain string literal)");
    return;
  }
  if (bytes) {
    pushError(prefixStart, prefixLoc, prefixLoc, "unsupported Python construct: bytes literal");
    return;
  }
  push(TokenKind::String, prefixStart, prefixLoc);
  tokens_.back().value = std::move(value);
}

bool Lexer::lexOperator() {
  size_t start = pos_;
  SourceLoc loc = here();
  OperatorMatch m = matchOperator(text_, pos_);
  if (m.length == 0) return false;
  for (size_t i = 0; i < m.length; ++i) advance();
  switch (m.kind) {
  case TokenKind::LParen:
  case TokenKind::LBracket:
  case TokenKind::LBrace:
    brackets_.push_back(OpenBracket{text_[start], loc});
    break;
  case TokenKind::RParen:
  case TokenKind::RBracket:
  case TokenKind::RBrace: {
    char close = text_[start];
    if (brackets_.empty()) {
      pushError(start, loc, loc, std::string("unmatched '") + close + "'");
      return true;
    }
    OpenBracket open = brackets_.back();
    brackets_.pop_back();
    char expected = open.ch == '(' ? ')' : open.ch == '[' ? ']' : '}';
    if (close != expected) {
      std::string msg = std::string("closing bracket '") + close +
                        "' does not match opening bracket '" + open.ch + "'";
      diags_.error(loc, msg).addNote(open.loc, "opening bracket is here");
      lastErrorLoc_ = loc;
      push(TokenKind::Error, start, loc);
      tokens_.back().value = msg;
      return true;
    }
    break;
  }
  default:
    break;
  }
  push(m.kind, start, loc);
  return true;
}

std::vector<Token> lex(const SourceManager &sources, uint32_t file, DiagnosticEngine &diags) {
  return Lexer(sources, file, diags).lexAll();
}

} // namespace tessel::frontend
