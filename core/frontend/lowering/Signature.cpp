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

std::optional<std::vector<SignatureEntry>> parseSignature(const std::string &text,
                                                          std::string &error) {
  std::vector<SignatureEntry> entries;
  if (trim(text).empty())
    return entries;
  size_t start = 0;
  unsigned index = 0;
  while (true) {
    size_t comma = text.find(',', start);
    std::string item = trim(text.substr(
        start, comma == std::string::npos ? std::string::npos : comma - start));
    SignatureEntry entry;
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
              typeText + "' (expected e.g. i32, u8, fp16, bf16, fp8e4nv, *fp32)";
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
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return entries;
}

} // namespace tessel::frontend
