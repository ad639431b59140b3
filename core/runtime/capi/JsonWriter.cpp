//===- JsonWriter.cpp - Minimal JSON output for the C interfaces ----------===//

#include "core/runtime/capi/JsonWriter.h"

#include <cmath>
#include <cstdio>

namespace tessel::capi {

std::string JsonWriter::quote(std::string_view text) {
  std::string q = "\"";
  for (unsigned char c : text) {
    switch (c) {
    case '"':
      q += "\\\"";
      break;
    case '\\':
      q += "\\\\";
      break;
    case '\n':
      q += "\\n";
      break;
    case '\r':
      q += "\\r";
      break;
    case '\t':
      q += "\\t";
      break;
    default:
      if (c < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
        q += escaped;
      } else {
        q += char(c);
      }
    }
  }
  return q + "\"";
}

void JsonWriter::separate() {
  if (afterKey) {
    afterKey = false;
    return;
  }
  if (!hasMember.empty()) {
    if (hasMember.back())
      out += ',';
    hasMember.back() = true;
  }
}

JsonWriter &JsonWriter::open(char bracket) {
  separate();
  out += bracket;
  hasMember.push_back(false);
  return *this;
}

JsonWriter &JsonWriter::close(char bracket) {
  out += bracket;
  hasMember.pop_back();
  return *this;
}

JsonWriter &JsonWriter::key(std::string_view name) {
  separate();
  out += quote(name);
  out += ':';
  afterKey = true;
  return *this;
}

JsonWriter &JsonWriter::value(std::string_view text) {
  separate();
  out += quote(text);
  return *this;
}

JsonWriter &JsonWriter::value(int64_t number) {
  separate();
  out += std::to_string(number);
  return *this;
}

JsonWriter &JsonWriter::value(uint64_t number) {
  separate();
  out += std::to_string(number);
  return *this;
}

JsonWriter &JsonWriter::value(double number) {
  separate();
  if (!std::isfinite(number)) {
    out += "null"; // JSON has no NaN or infinity
    return *this;
  }
  char text[32];
  std::snprintf(text, sizeof(text), "%.17g", number);
  out += text;
  return *this;
}

JsonWriter &JsonWriter::value(bool flag) {
  separate();
  out += flag ? "true" : "false";
  return *this;
}

JsonWriter &JsonWriter::null() {
  separate();
  out += "null";
  return *this;
}

} // namespace tessel::capi
