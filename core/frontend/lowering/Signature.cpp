//===- Signature.cpp - Kernel launch signatures ---------------------------===//

#include "core/frontend/lowering/Signature.h"

#include <cctype>

namespace tessel::frontend {

static std::string trim(const std::string &s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
    ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
    --e;
  return s.substr(b, e - b);
}

/// Splits at the commas outside <...> and [...], so that
/// "tensordesc<fp16[64, 64]>" stays one entry.
static std::vector<std::string> splitEntries(const std::string &text) {
  std::vector<std::string> items;
  std::string current;
  int depth = 0;
  for (char c : text) {
    if (c == '<' || c == '[')
      ++depth;
    else if ((c == '>' || c == ']') && depth > 0)
      --depth;
    if (c == ',' && depth == 0) {
      items.push_back(trim(current));
      current.clear();
      continue;
    }
    current += c;
  }
  items.push_back(trim(current));
  return items;
}

/// Parses "tensordesc<fp16[64, 64]>" into `entry`; false with `error` set.
static bool parseTensorDesc(const std::string &text, unsigned index,
                            SignatureEntry &entry, std::string &error) {
  const std::string prefix =
      "signature entry " + std::to_string(index) + " ('" + text + "'): ";
  const std::string form = "expected tensordesc<TYPE[B0, B1, ...]>, e.g. "
                           "tensordesc<fp16[64, 64]>";
  size_t open = text.find('<');
  if (open == std::string::npos || text.back() != '>') {
    error = prefix + form;
    return false;
  }
  std::string inner = trim(text.substr(open + 1, text.size() - open - 2));
  size_t bracket = inner.find('[');
  if (bracket == std::string::npos || inner.back() != ']') {
    error = prefix + form;
    return false;
  }
  std::string typeText = trim(inner.substr(0, bracket));
  std::optional<DType> type = parseDType(typeText);
  if (!type || type->isPointer) {
    error = prefix + "the element type must be a number type such as fp16, got '" +
            typeText + "'";
    return false;
  }
  std::string dims = inner.substr(bracket + 1, inner.size() - bracket - 2);
  std::vector<int64_t> block;
  size_t start = 0;
  while (true) {
    size_t comma = dims.find(',', start);
    std::string d = trim(dims.substr(
        start, comma == std::string::npos ? std::string::npos : comma - start));
    bool digits = !d.empty() && d.size() < 10;
    for (char c : d)
      digits = digits && std::isdigit(static_cast<unsigned char>(c));
    int64_t v = digits ? std::stoll(d) : 0;
    if (v <= 0 || (v & (v - 1)) != 0) {
      error = prefix + "block dimensions must be powers of two, got '" + d + "'";
      return false;
    }
    block.push_back(v);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  if (block.size() > 5) {
    error = prefix + "a tensor descriptor has 1 to 5 dimensions";
    return false;
  }
  entry.type = DType{type->scalar, true};
  entry.blockShape = std::move(block);
  return true;
}

std::string SignatureEntry::spelling() const {
  if (isTensorDesc()) {
    std::string s = "tensordesc<" + type.pointee().name() + "[";
    for (size_t i = 0; i < blockShape.size(); ++i)
      s += (i ? ", " : "") + std::to_string(blockShape[i]);
    return s + "]>";
  }
  std::string s = type.name();
  if (equalsOne)
    s += ":1";
  else if (divisibility)
    s += ":" + std::to_string(divisibility);
  return s;
}

std::optional<std::vector<SignatureEntry>> parseSignature(const std::string &text,
                                                          std::string &error) {
  std::vector<SignatureEntry> entries;
  if (trim(text).empty())
    return entries;
  unsigned index = 0;
  for (const std::string &item : splitEntries(text)) {
    SignatureEntry entry;
    if (item.rfind("tensordesc", 0) == 0) {
      if (!parseTensorDesc(item, index, entry, error))
        return std::nullopt;
      entries.push_back(entry);
      ++index;
      continue;
    }
    std::string typeText = item;
    size_t colon = item.find(':');
    if (colon != std::string::npos) {
      typeText = trim(item.substr(0, colon));
      std::string factText = trim(item.substr(colon + 1));
      unsigned long fact = 0;
      bool ok = !factText.empty() && factText.size() < 10;
      for (char c : factText)
        ok = ok && std::isdigit(static_cast<unsigned char>(c));
      if (ok)
        fact = std::stoul(factText);
      if (!ok || fact == 0 || (fact & (fact - 1)) != 0) {
        error = "signature entry " + std::to_string(index) + " ('" + item +
                "'): divisibility must be a power of two";
        return std::nullopt;
      }
      if (fact == 1)
        entry.equalsOne = true;
      else
        entry.divisibility = static_cast<unsigned>(fact);
    }
    std::optional<DType> type = parseDType(typeText);
    if (!type) {
      error = "signature entry " + std::to_string(index) + ": unknown type '" +
              typeText +
              "' (expected e.g. i32, u8, fp16, bf16, fp8e4nv, *fp32, "
              "tensordesc<fp16[64, 64]>)";
      return std::nullopt;
    }
    if (entry.equalsOne && !type->isInt()) {
      error = "signature entry " + std::to_string(index) + " ('" + item +
              "'): ':1' (the value is 1) applies to integers, not " + type->name();
      return std::nullopt;
    }
    if (entry.divisibility && type->isFloat()) {
      error = "signature entry " + std::to_string(index) +
              ": divisibility applies to integers and pointers, not " + type->name();
      return std::nullopt;
    }
    entry.type = *type;
    entries.push_back(entry);
    ++index;
  }
  return entries;
}

} // namespace tessel::frontend
