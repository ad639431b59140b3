#ifndef TESSEL_CORE_FRONTEND_TOKEN_H
#define TESSEL_CORE_FRONTEND_TOKEN_H

#include "core/frontend/SourceManager.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tessel::frontend {

/// Every kind of token the lexer produces. Keywords of Python that the kernel
/// language rejects (class, with, lambda, ...) still get their own kinds so
/// that the parser can name the unsupported construct precisely.
enum class TokenKind : uint8_t {
  // Layout and end of input.
  Newline, Indent, Dedent, EndOfFile,
  /// A lexical error; the lexer already reported it. The parser skips the
  /// rest of the logical line without adding a second message.
  Error,
  // Atoms.
  Identifier, Integer, Float, String,
  // Keywords.
  KwFalse, KwNone, KwTrue, KwAnd, KwAs, KwAssert, KwAsync, KwAwait, KwBreak,
  KwClass, KwContinue, KwDef, KwDel, KwElif, KwElse, KwExcept, KwFinally,
  KwFor, KwFrom, KwGlobal, KwIf, KwImport, KwIn, KwIs, KwLambda, KwNonlocal,
  KwNot, KwOr, KwPass, KwRaise, KwReturn, KwTry, KwWhile, KwWith, KwYield,
  // Brackets.
  LParen, RParen, LBracket, RBracket, LBrace, RBrace,
  // Punctuation.
  Comma, Colon, Semicolon, Dot, Ellipsis, Arrow, At, Assign, Walrus,
  // Operators.
  Plus, Minus, Star, Slash, DoubleSlash, Percent, DoubleStar, Tilde,
  Amp, Pipe, Caret, LShift, RShift,
  Less, Greater, LessEqual, GreaterEqual, EqualEqual, NotEqual,
  // Augmented assignment.
  PlusAssign, MinusAssign, StarAssign, SlashAssign, DoubleSlashAssign,
  PercentAssign, AtAssign, AmpAssign, PipeAssign, CaretAssign,
  LShiftAssign, RShiftAssign, DoubleStarAssign,
};

/// A short, user-facing spelling of a token kind ("'('", "identifier",
/// "newline", ...) for use in "expected X" messages.
const char *tokenKindName(TokenKind k);

/// One token. `text` points into the SourceManager's copy of the file.
struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  SourceRange range;
  std::string_view text;
  /// Decoded contents of a String token (escapes resolved, quotes removed),
  /// or the message of an Error token.
  std::string value;
  /// Value of an Integer token (literals above 2^64-1 are rejected by the lexer).
  uint64_t intValue = 0;
  /// Value of a Float token.
  double floatValue = 0.0;

  bool is(TokenKind k) const { return kind == k; }
  SourceLoc loc() const { return range.begin; }
};

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_TOKEN_H
