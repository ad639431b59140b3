#ifndef TESSEL_CORE_FRONTEND_LEXER_H
#define TESSEL_CORE_FRONTEND_LEXER_H

#include "core/frontend/Diagnostics.h"
#include "core/frontend/SourceManager.h"
#include "core/frontend/Token.h"

#include <string_view>
#include <vector>

namespace tessel::frontend {

/// Turns one source file into Python tokens, including the layout tokens
/// Newline, Indent and Dedent. Lexical errors (bad characters, unterminated
/// strings, inconsistent tabs and spaces, f-strings, ...) are reported to the
/// DiagnosticEngine and replaced by an Error token; lexing always reaches the
/// end of the file, and the token stream always ends with EndOfFile.
class Lexer {
public:
  Lexer(const SourceManager &sources, uint32_t file, DiagnosticEngine &diags);

  /// Lexes the whole file.
  std::vector<Token> lexAll();

private:
  struct IndentLevel {
    unsigned col8;    ///< width with tabs to multiples of 8
    unsigned col1;    ///< width with tabs counting 1
    bool phantom;     ///< pushed for error recovery; popping emits no Dedent
  };
  struct OpenBracket {
    char ch;
    SourceLoc loc;
  };

  // Character access. Columns advance per code point, not per byte.
  char peek(size_t ahead = 0) const;
  bool atEnd() const { return pos_ >= text_.size(); }
  void advance();
  SourceLoc here() const { return SourceLoc{file_, line_, col_}; }
  bool atNewline() const { return peek() == '\n' || peek() == '\r'; }
  void consumeNewline();

  void handleIndentation();
  void lexToken();
  void lexIdentifierOrKeyword();
  void lexNumber();
  void lexString(size_t prefixStart, SourceLoc prefixLoc, std::string_view prefix);
  bool lexOperator();
  void lexUtf8Character();

  void push(TokenKind kind, size_t startPos, SourceLoc startLoc);
  void pushError(size_t startPos, SourceLoc startLoc, SourceLoc errLoc, std::string message);

  std::string_view text_;
  uint32_t file_;
  DiagnosticEngine &diags_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t col_ = 1;
  bool atLineStart_ = true;
  bool lineHasTokens_ = false;
  SourceLoc lastErrorLoc_; ///< where the latest lexical error was reported
  std::vector<IndentLevel> indents_;
  std::vector<OpenBracket> brackets_;
  std::vector<Token> tokens_;
};

/// Convenience: lexes `file` of `sources`, reporting into `diags`.
std::vector<Token> lex(const SourceManager &sources, uint32_t file, DiagnosticEngine &diags);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LEXER_H
