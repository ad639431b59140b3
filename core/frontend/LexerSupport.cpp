#include "core/frontend/LexerSupport.h"

#include <cstdlib>
#include <limits>

namespace tessel::frontend {

size_t decodeUtf8(std::string_view text, size_t pos, uint32_t &cp) {
  auto byte = [&](size_t i) -> unsigned {
    return pos + i < text.size() ? static_cast<unsigned char>(text[pos + i]) : 0u;
  };
  unsigned b0 = byte(0);
  size_t len;
  uint32_t min;
  if (b0 < 0x80) {
    cp = b0;
    return pos < text.size() ? 1 : 0;
  } else if ((b0 & 0xE0) == 0xC0) {
    len = 2, cp = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3, cp = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4, cp = b0 & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  for (size_t i = 1; i < len; ++i) {
    unsigned b = byte(i);
    if ((b & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not valid UTF-8.
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

bool isIdentCodePoint(uint32_t cp) {
  if (cp == 0xD7 || cp == 0xF7) return false;      // × and ÷
  if (cp >= 0xC0 && cp <= 0x24F) return true;      // Latin-1 letters, Latin Extended-A/B
  if (cp >= 0x370 && cp <= 0x3FF) return cp != 0x37E && cp != 0x387; // Greek letters
  if (cp >= 0x400 && cp <= 0x4FF) return true;      // Cyrillic
  return false;
}

bool isStringPrefix(std::string_view word) {
  if (word.empty() || word.size() > 2) return false;
  bool r = false, b = false, u = false, f = false;
  for (char c : word) {
    switch (c | 0x20) {
    case 'r': if (r) return false; r = true; break;
    case 'b': if (b) return false; b = true; break;
    case 'u': if (u) return false; u = true; break;
    case 'f': if (f) return false; f = true; break;
    default: return false;
    }
  }
  if (u) return word.size() == 1; // "u" combines with nothing
  return !(b && f);
}

TokenKind keywordKind(std::string_view w) {
  struct Entry {
    const char *text;
    TokenKind kind;
  };
  static const Entry kKeywords[] = {
      {"False", TokenKind::KwFalse},       {"None", TokenKind::KwNone},
      {"True", TokenKind::KwTrue},         {"and", TokenKind::KwAnd},
      {"as", TokenKind::KwAs},             {"assert", TokenKind::KwAssert},
      {"async", TokenKind::KwAsync},       {"await", TokenKind::KwAwait},
      {"break", TokenKind::KwBreak},       {"class", TokenKind::KwClass},
      {"continue", TokenKind::KwContinue}, {"def", TokenKind::KwDef},
      {"del", TokenKind::KwDel},           {"elif", TokenKind::KwElif},
      {"else", TokenKind::KwElse},         {"except", TokenKind::KwExcept},
      {"finally", TokenKind::KwFinally},   {"for", TokenKind::KwFor},
      {"from", TokenKind::KwFrom},         {"global", TokenKind::KwGlobal},
      {"if", TokenKind::KwIf},             {"import", TokenKind::KwImport},
      {"in", TokenKind::KwIn},             {"is", TokenKind::KwIs},
      {"lambda", TokenKind::KwLambda},     {"nonlocal", TokenKind::KwNonlocal},
      {"not", TokenKind::KwNot},           {"or", TokenKind::KwOr},
      {"pass", TokenKind::KwPass},         {"raise", TokenKind::KwRaise},
      {"return", TokenKind::KwReturn},     {"try", TokenKind::KwTry},
      {"while", TokenKind::KwWhile},       {"with", TokenKind::KwWith},
      {"yield", TokenKind::KwYield},
  };
  for (const Entry &e : kKeywords)
    if (w == e.text) return e.kind;
  return TokenKind::Identifier;
}

namespace {

int digitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

bool isIdentChar(char c) {
  return isIdentStart(static_cast<unsigned char>(c)) || isDigit(c) ||
         static_cast<unsigned char>(c) >= 0x80;
}

/// Scans digits of `base` with single `_` separators between digits, from
/// `i`. Sets `bad` if an underscore is not followed by a digit.
size_t scanDigits(std::string_view text, size_t i, int base, std::string &digits, bool &bad) {
  while (i < text.size()) {
    char c = text[i];
    if (c == '_') {
      if (i + 1 >= text.size() || digitValue(text[i + 1]) >= base) {
        bad = true;
        return i + 1;
      }
      ++i;
      continue;
    }
    if (digitValue(c) >= base) break;
    digits += c;
    ++i;
  }
  return i;
}

bool accumulate(const std::string &digits, int base, uint64_t &value) {
  value = 0;
  for (char c : digits) {
    uint64_t d = static_cast<uint64_t>(digitValue(c));
    if (value > (std::numeric_limits<uint64_t>::max() - d) / static_cast<uint64_t>(base)) return false;
    value = value * static_cast<uint64_t>(base) + d;
  }
  return true;
}

} // namespace

NumberScan scanNumber(std::string_view text, size_t pos) {
  NumberScan r;
  auto at = [&](size_t i) { return i < text.size() ? text[i] : '\0'; };
  const char *tooLarge = "integer literal is too large (the limit is 2**64 - 1)";

  if (at(pos) == '0' && at(pos + 1) != '\0' && std::string_view("xXoObB").find(at(pos + 1)) != std::string_view::npos) {
    char p = static_cast<char>(at(pos + 1) | 0x20);
    int base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
    const char *kind = p == 'x' ? "hexadecimal" : p == 'o' ? "octal" : "binary";
    std::string digits;
    bool bad = false;
    size_t i = pos + 2;
    if (at(i) == '_') ++i; // Python allows one separator right after the prefix
    i = scanDigits(text, i, base, digits, bad);
    r.end = i;
    if (bad || digits.empty() || isIdentChar(at(i))) {
      r.error = std::string("invalid ") + kind + " literal";
      return r;
    }
    if (!accumulate(digits, base, r.intValue)) r.error = tooLarge;
    return r;
  }

  std::string intDigits, fracDigits, expDigits;
  bool bad = false;
  size_t i = scanDigits(text, pos, 10, intDigits, bad);
  if (at(i) == '.' && !bad) {
    r.isFloat = true;
    i = scanDigits(text, i + 1, 10, fracDigits, bad);
  }
  if ((at(i) == 'e' || at(i) == 'E') && !bad) {
    size_t j = i + 1;
    if (at(j) == '+' || at(j) == '-') ++j;
    if (!isDigit(at(j))) {
      r.end = j;
      r.error = "invalid decimal literal";
      return r;
    }
    r.isFloat = true;
    std::string sign = at(i + 1) == '-' ? "-" : "";
    i = scanDigits(text, j, 10, expDigits, bad);
    expDigits = sign + expDigits;
  }
  r.end = i;
  if (at(i) == 'j' || at(i) == 'J') {
    r.end = i + 1;
    r.error = "unsupported Python construct: complex literal";
    return r;
  }
  if (bad || isIdentChar(at(i))) {
    r.error = "invalid decimal literal";
    return r;
  }
  if (r.isFloat) {
    std::string clean = (intDigits.empty() ? "0" : intDigits) + "." + fracDigits;
    if (!expDigits.empty()) clean += "e" + expDigits;
    r.floatValue = std::strtod(clean.c_str(), nullptr);
    return r;
  }
  if (intDigits.size() > 1 && intDigits[0] == '0' &&
      intDigits.find_first_not_of('0') != std::string::npos) {
    r.error = "leading zeros in decimal integer literals are not permitted; "
              "use an 0o prefix for octal integers";
    return r;
  }
  if (!accumulate(intDigits, 10, r.intValue)) r.error = tooLarge;
  return r;
}

namespace {

void appendUtf8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

} // namespace

size_t decodeEscape(std::string_view text, size_t pos, std::string &out, std::string &error) {
  char c = text[pos];
  switch (c) {
  case '\\': out += '\\'; return 1;
  case '\'': out += '\''; return 1;
  case '"': out += '"'; return 1;
  case 'a': out += '\a'; return 1;
  case 'b': out += '\b'; return 1;
  case 'f': out += '\f'; return 1;
  case 'n': out += '\n'; return 1;
  case 'r': out += '\r'; return 1;
  case 't': out += '\t'; return 1;
  case 'v': out += '\v'; return 1;
  default: break;
  }
  if (c >= '0' && c <= '7') {
    uint32_t v = 0;
    size_t n = 0;
    while (n < 3 && pos + n < text.size() && text[pos + n] >= '0' && text[pos + n] <= '7')
      v = v * 8 + static_cast<uint32_t>(text[pos + n++] - '0');
    appendUtf8(out, v);
    return n;
  }
  if (c == 'x' || c == 'u' || c == 'U') {
    size_t want = c == 'x' ? 2 : c == 'u' ? 4 : 8;
    uint32_t v = 0;
    size_t n = 0;
    while (n < want && pos + 1 + n < text.size() && digitValue(text[pos + 1 + n]) < 16)
      v = v * 16 + static_cast<uint32_t>(digitValue(text[pos + 1 + n++]));
    if (n < want) {
      error = std::string("invalid \\") + c + " escape: expected " + std::to_string(want) +
              " hexadecimal digits";
    } else if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) {
      error = "escape sequence is not a valid Unicode code point";
    } else {
      appendUtf8(out, v);
    }
    return 1 + n;
  }
  if (c == 'N') {
    error = "unsupported Python construct: \\N{...} escape";
    return 1;
  }
  out += '\\'; // unknown escapes keep the backslash
  return 0;
}

OperatorMatch matchOperator(std::string_view text, size_t pos) {
  struct Op {
    const char *text;
    TokenKind kind;
  };
  // Longest spellings first so that "**=" wins over "**" and "*".
  static const Op kOps[] = {
      {"**=", TokenKind::DoubleStarAssign}, {"//=", TokenKind::DoubleSlashAssign},
      {">>=", TokenKind::RShiftAssign},     {"<<=", TokenKind::LShiftAssign},
      {"...", TokenKind::Ellipsis},         {"**", TokenKind::DoubleStar},
      {"//", TokenKind::DoubleSlash},       {"<<", TokenKind::LShift},
      {">>", TokenKind::RShift},            {"<=", TokenKind::LessEqual},
      {">=", TokenKind::GreaterEqual},      {"==", TokenKind::EqualEqual},
      {"!=", TokenKind::NotEqual},          {"->", TokenKind::Arrow},
      {":=", TokenKind::Walrus},            {"+=", TokenKind::PlusAssign},
      {"-=", TokenKind::MinusAssign},       {"*=", TokenKind::StarAssign},
      {"/=", TokenKind::SlashAssign},       {"%=", TokenKind::PercentAssign},
      {"@=", TokenKind::AtAssign},          {"&=", TokenKind::AmpAssign},
      {"|=", TokenKind::PipeAssign},        {"^=", TokenKind::CaretAssign},
      {"(", TokenKind::LParen},             {")", TokenKind::RParen},
      {"[", TokenKind::LBracket},           {"]", TokenKind::RBracket},
      {"{", TokenKind::LBrace},             {"}", TokenKind::RBrace},
      {",", TokenKind::Comma},              {":", TokenKind::Colon},
      {";", TokenKind::Semicolon},          {".", TokenKind::Dot},
      {"@", TokenKind::At},                 {"=", TokenKind::Assign},
      {"+", TokenKind::Plus},               {"-", TokenKind::Minus},
      {"*", TokenKind::Star},               {"/", TokenKind::Slash},
      {"%", TokenKind::Percent},            {"~", TokenKind::Tilde},
      {"&", TokenKind::Amp},                {"|", TokenKind::Pipe},
      {"^", TokenKind::Caret},              {"<", TokenKind::Less},
      {">", TokenKind::Greater},
  };
  std::string_view rest = text.substr(pos);
  for (const Op &op : kOps) {
    std::string_view s(op.text);
    if (rest.substr(0, s.size()) == s) return OperatorMatch{op.kind, s.size()};
  }
  return OperatorMatch{};
}

} // namespace tessel::frontend
