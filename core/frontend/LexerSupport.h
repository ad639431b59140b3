#ifndef TESSEL_CORE_FRONTEND_LEXERSUPPORT_H
#define TESSEL_CORE_FRONTEND_LEXERSUPPORT_H

// Character-level helpers of the lexer, kept apart so that Lexer.cpp reads as
// the layout algorithm (lines, indentation, brackets) and nothing else.

#include "core/frontend/Token.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace tessel::frontend {

/// ASCII decimal digit.
inline bool isDigit(char c) { return c >= '0' && c <= '9'; }
/// ASCII letter or underscore (non-ASCII letters go through decodeUtf8 and
/// isIdentCodePoint).
inline bool isIdentStart(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/// Decodes the UTF-8 sequence at `pos`; returns its length in bytes and sets
/// `cp`, or returns 0 for a malformed, overlong or truncated sequence.
size_t decodeUtf8(std::string_view text, size_t pos, uint32_t &cp);

/// True for non-ASCII code points accepted inside identifiers: letters of the
/// Latin, Greek and Cyrillic blocks (enough for names written in European
/// languages), excluding the multiplication and division signs.
bool isIdentCodePoint(uint32_t cp);

/// True if `word` is a string prefix Python knows (r, u, b, f, br, rb, fr, rf
/// in any case).
bool isStringPrefix(std::string_view word);

/// The keyword kind for `word`, or Identifier.
TokenKind keywordKind(std::string_view word);

/// Result of scanning a numeric literal.
struct NumberScan {
  size_t end = 0;          ///< byte offset just past the literal
  bool isFloat = false;
  uint64_t intValue = 0;
  double floatValue = 0.0;
  std::string error;       ///< non-empty if the literal is malformed
};

/// Scans the numeric literal starting at `pos` (a digit, or '.' then a digit):
/// decimal, 0x/0o/0b integers, floats with fraction and exponent, and `_`
/// separators between digits.
NumberScan scanNumber(std::string_view text, size_t pos);

/// Decodes the escape sequence whose first character (after the backslash)
/// is at `pos`, appending the result to `out`; returns the number of bytes
/// consumed. Sets `error` for a malformed \x, \u or \U escape. Unknown
/// escapes keep their backslash, as Python does.
size_t decodeEscape(std::string_view text, size_t pos, std::string &out, std::string &error);

/// The longest operator or punctuation token at `pos`.
struct OperatorMatch {
  TokenKind kind = TokenKind::Error;
  size_t length = 0; ///< 0 when no operator starts here
};
OperatorMatch matchOperator(std::string_view text, size_t pos);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LEXERSUPPORT_H
