#include "core/frontend/Lexer.h"

#include <gtest/gtest.h>

namespace tessel::frontend {
namespace {

using K = TokenKind;

/// Lexes `src` and keeps the diagnostics for inspection.
struct Lexed {
  SourceManager sm;
  DiagnosticEngine diags{sm};
  std::vector<Token> tokens;
  explicit Lexed(const std::string &src) { tokens = lex(sm, sm.addFile("t.py", src), diags); }
  std::vector<K> kinds() const {
    std::vector<K> out;
    for (const Token &t : tokens) out.push_back(t.kind);
    return out;
  }
  std::string firstError() const {
    return diags.diagnostics().empty() ? "" : diags.renderHeader(diags.diagnostics().front());
  }
};

TEST(Lexer, IndentAndDedent) {
  Lexed l("def f(x):\n    if x:\n        y = 1\n    return y\n");
  EXPECT_FALSE(l.diags.hasErrors());
  std::vector<K> want = {K::KwDef, K::Identifier, K::LParen, K::Identifier, K::RParen, K::Colon, K::Newline,
                         K::Indent, K::KwIf, K::Identifier, K::Colon, K::Newline,
                         K::Indent, K::Identifier, K::Assign, K::Integer, K::Newline,
                         K::Dedent, K::KwReturn, K::Identifier, K::Newline,
                         K::Dedent, K::EndOfFile};
  EXPECT_EQ(l.kinds(), want);
}

TEST(Lexer, BlankAndCommentLinesDoNotAffectIndentation) {
  Lexed l("if x:\n\n    # comment at another depth\n  \n    y = 1\n");
  EXPECT_FALSE(l.diags.hasErrors());
  std::vector<K> want = {K::KwIf, K::Identifier, K::Colon, K::Newline, K::Indent, K::Identifier,
                         K::Assign, K::Integer, K::Newline, K::Dedent, K::EndOfFile};
  EXPECT_EQ(l.kinds(), want);
}

TEST(Lexer, MissingFinalNewlineStillClosesTheLine) {
  Lexed l("x = 1");
  std::vector<K> want = {K::Identifier, K::Assign, K::Integer, K::Newline, K::EndOfFile};
  EXPECT_EQ(l.kinds(), want);
}

TEST(Lexer, TabsConsistentWithThemselvesAreFine) {
  Lexed l("if x:\n\ty = 1\n\tif y:\n\t\tz = 2\n");
  EXPECT_FALSE(l.diags.hasErrors()) << l.firstError();
}

TEST(Lexer, TabSpaceMixIsAnError) {
  // Eight spaces and one tab are equal with 8-column tabs but not with 1-column tabs.
  Lexed l("if x:\n        y = 1\n\tz = 2\n");
  EXPECT_EQ(l.firstError(), "t.py:3:2: error: inconsistent use of tabs and spaces in indentation");
}

TEST(Lexer, UnindentMismatch) {
  Lexed l("if x:\n    y = 1\n  z = 2\n");
  EXPECT_EQ(l.firstError(), "t.py:3:3: error: unindent does not match any outer indentation level");
}

TEST(Lexer, BracketsJoinLines) {
  Lexed l("x = f(a,\n      b)\ny = [1,\n2]\n");
  EXPECT_FALSE(l.diags.hasErrors());
  int newlines = 0, indents = 0;
  for (const Token &t : l.tokens) {
    newlines += t.is(K::Newline);
    indents += t.is(K::Indent);
  }
  EXPECT_EQ(newlines, 2);
  EXPECT_EQ(indents, 0);
}

TEST(Lexer, BackslashJoinsLines) {
  Lexed l("x = a + \\\n        b\n");
  EXPECT_FALSE(l.diags.hasErrors());
  std::vector<K> want = {K::Identifier, K::Assign, K::Identifier, K::Plus, K::Identifier, K::Newline, K::EndOfFile};
  EXPECT_EQ(l.kinds(), want);
  EXPECT_EQ(l.tokens[4].range.begin.line, 2u);
  EXPECT_EQ(l.tokens[4].range.begin.col, 9u);
}

TEST(Lexer, Numbers) {
  Lexed l("1e-6 0x1F 1_000 0o17 0b101 3.5 .5 2. 1E+3 0 00 1_0.2_5");
  ASSERT_FALSE(l.diags.hasErrors()) << l.firstError();
  const auto &t = l.tokens;
  EXPECT_EQ(t[0].kind, K::Float);
  EXPECT_DOUBLE_EQ(t[0].floatValue, 1e-6);
  EXPECT_EQ(t[1].kind, K::Integer);
  EXPECT_EQ(t[1].intValue, 31u);
  EXPECT_EQ(t[2].intValue, 1000u);
  EXPECT_EQ(t[2].text, "1_000");
  EXPECT_EQ(t[3].intValue, 15u);
  EXPECT_EQ(t[4].intValue, 5u);
  EXPECT_DOUBLE_EQ(t[5].floatValue, 3.5);
  EXPECT_DOUBLE_EQ(t[6].floatValue, 0.5);
  EXPECT_EQ(t[7].kind, K::Float);
  EXPECT_DOUBLE_EQ(t[7].floatValue, 2.0);
  EXPECT_DOUBLE_EQ(t[8].floatValue, 1000.0);
  EXPECT_EQ(t[9].intValue, 0u);
  EXPECT_EQ(t[10].intValue, 0u);
  EXPECT_DOUBLE_EQ(t[11].floatValue, 10.25);
}

TEST(Lexer, LargestIntegerAndOverflow) {
  Lexed ok("18446744073709551615");
  EXPECT_EQ(ok.tokens[0].intValue, 18446744073709551615ull);
  Lexed big("18446744073709551616");
  EXPECT_EQ(big.firstError(), "t.py:1:1: error: integer literal is too large (the limit is 2**64 - 1)");
}

struct BadNumber {
  const char *src;
  const char *error;
};

class LexerBadNumber : public ::testing::TestWithParam<BadNumber> {};

TEST_P(LexerBadNumber, Reports) {
  Lexed l(GetParam().src);
  EXPECT_EQ(l.firstError(), std::string("t.py:1:1: error: ") + GetParam().error);
  EXPECT_EQ(l.diags.errorCount(), 1u);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, LexerBadNumber,
    ::testing::Values(BadNumber{"1__0", "invalid decimal literal"}, BadNumber{"1_", "invalid decimal literal"},
                      BadNumber{"1e", "invalid decimal literal"}, BadNumber{"1abc", "invalid decimal literal"},
                      BadNumber{"0x", "invalid hexadecimal literal"}, BadNumber{"0xG", "invalid hexadecimal literal"},
                      BadNumber{"0b102", "invalid binary literal"}, BadNumber{"0o8", "invalid octal literal"},
                      BadNumber{"012", "leading zeros in decimal integer literals are not permitted; use an 0o "
                                       "prefix for octal integers"},
                      BadNumber{"3j", "unsupported Python construct: complex literal"}));

TEST(Lexer, Strings) {
  Lexed l("'a\\n' \"b\\\"c\" r'\\d' u'x' '\\x41\\u00e9'");
  ASSERT_FALSE(l.diags.hasErrors()) << l.firstError();
  EXPECT_EQ(l.tokens[0].value, "a\n");
  EXPECT_EQ(l.tokens[1].value, "b\"c");
  EXPECT_EQ(l.tokens[2].value, "\\d");
  EXPECT_EQ(l.tokens[3].value, "x");
  EXPECT_EQ(l.tokens[4].value, "A\xc3\xa9");
}

TEST(Lexer, TripleQuotedDocstringSpansLines) {
  Lexed l("def f():\n    \"\"\"Doc\n    more 'quotes' \"here\"\n    \"\"\"\n    pass\n");
  ASSERT_FALSE(l.diags.hasErrors()) << l.firstError();
  const Token &doc = l.tokens[7];
  ASSERT_EQ(doc.kind, K::String);
  EXPECT_EQ(doc.value, "Doc\n    more 'quotes' \"here\"\n    ");
  EXPECT_EQ(doc.range.begin.line, 2u);
  EXPECT_EQ(doc.range.end.line, 4u);
  EXPECT_EQ(l.tokens[8].kind, K::Newline);
  EXPECT_EQ(l.tokens[9].kind, K::KwPass);
}

TEST(Lexer, FStringIsRejectedClearly) {
  Lexed l("x = f'{a}'\n");
  EXPECT_EQ(l.firstError(), "t.py:1:5: error: unsupported Python construct: f-string (use a plain string literal)");
  EXPECT_EQ(l.tokens[2].kind, K::Error);
  EXPECT_EQ(l.tokens[3].kind, K::Newline); // the whole literal was consumed
}

TEST(Lexer, UnterminatedStrings) {
  EXPECT_EQ(Lexed("x = 'abc\n").firstError(), "t.py:1:5: error: unterminated string literal");
  EXPECT_EQ(Lexed("x = '''abc\n\n").firstError(), "t.py:1:5: error: unterminated triple-quoted string literal");
}

TEST(Lexer, BadEscape) {
  EXPECT_EQ(Lexed("x = '\\x4'\n").firstError(), "t.py:1:6: error: invalid \\x escape: expected 2 hexadecimal digits");
}

TEST(Lexer, Operators) {
  Lexed l("** **= // //= << >>= -> := ... != @ @= ~ ^ | &");
  ASSERT_FALSE(l.diags.hasErrors()) << l.firstError();
  std::vector<K> want = {K::DoubleStar, K::DoubleStarAssign, K::DoubleSlash, K::DoubleSlashAssign, K::LShift,
                         K::RShiftAssign, K::Arrow, K::Walrus, K::Ellipsis, K::NotEqual, K::At, K::AtAssign,
                         K::Tilde, K::Caret, K::Pipe, K::Amp, K::Newline, K::EndOfFile};
  EXPECT_EQ(l.kinds(), want);
}

TEST(Lexer, KeywordsAndIdentifiers) {
  Lexed l("lambda class None True match debut_été");
  std::vector<K> want = {K::KwLambda, K::KwClass, K::KwNone, K::KwTrue, K::Identifier, K::Identifier,
                         K::Newline, K::EndOfFile};
  EXPECT_EQ(l.kinds(), want);
  EXPECT_EQ(l.tokens[5].text, "debut_été");
  EXPECT_FALSE(l.diags.hasErrors());
}

TEST(Lexer, ColumnsCountCodePoints) {
  Lexed l("é = 1 # ← comment\nx\n");
  EXPECT_FALSE(l.diags.hasErrors()) << l.firstError();
  EXPECT_EQ(l.tokens[1].range.begin.col, 3u); // '=' after one two-byte letter and a space
}

TEST(Lexer, InvalidCharacters) {
  EXPECT_EQ(Lexed("x = $\n").firstError(), "t.py:1:5: error: invalid character '$' (U+0024)");
  EXPECT_EQ(Lexed("x = a ← b\n").firstError(), "t.py:1:7: error: invalid character '←' (U+2190)");
  EXPECT_EQ(Lexed(std::string("x = \xff\n")).firstError(), "t.py:1:5: error: invalid UTF-8 byte in source");
  EXPECT_EQ(Lexed(std::string("x = \0\n", 6)).firstError(), "t.py:1:5: error: invalid character (U+0000)");
}

TEST(Lexer, Brackets) {
  EXPECT_EQ(Lexed("x = (1,\n").firstError(), "t.py:1:5: error: '(' was never closed");
  EXPECT_EQ(Lexed("x = 1)\n").firstError(), "t.py:1:6: error: unmatched ')'");
  Lexed mismatch("x = [1)\n");
  EXPECT_EQ(mismatch.firstError(), "t.py:1:7: error: closing bracket ')' does not match opening bracket '['");
  ASSERT_EQ(mismatch.diags.diagnostics().front().notes.size(), 1u);
  EXPECT_EQ(mismatch.diags.diagnostics().front().notes[0].loc.col, 5u);
}

TEST(Lexer, AlwaysEndsWithEndOfFile) {
  for (const char *src : {"", "\n", "   ", "\\", "(", "'''", "if x:\n  y\n", "\t\t\n  x"}) {
    Lexed l(src);
    ASSERT_FALSE(l.tokens.empty());
    EXPECT_EQ(l.tokens.back().kind, K::EndOfFile) << src;
  }
}

TEST(Lexer, TokenRanges) {
  Lexed l("  \nabc = 12\n");
  EXPECT_EQ(l.tokens[0].range.begin.line, 2u);
  EXPECT_EQ(l.tokens[0].range.begin.col, 1u);
  EXPECT_EQ(l.tokens[0].range.end.col, 4u);
  EXPECT_EQ(l.tokens[2].range.begin.col, 7u);
  EXPECT_EQ(l.tokens[2].range.end.col, 9u);
}

} // namespace
} // namespace tessel::frontend
