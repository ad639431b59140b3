//===- CApiSupport.cpp - What both C interfaces parse ---------------------===//

#include "core/runtime/capi/CApiSupport.h"

#include <cstring>
#include <sstream>

namespace tessel::capi {

std::vector<std::string> splitList(const char *text, char separator) {
  std::vector<std::string> parts;
  if (text == nullptr)
    return parts;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, separator))
    if (!item.empty())
      parts.push_back(item);
  return parts;
}

bool parseCacheKey(const char *hex, runtime::CacheKey &key) {
  if (hex == nullptr || std::strlen(hex) != 64)
    return false;
  for (size_t i = 0; i < 32; ++i) {
    unsigned byte = 0;
    for (size_t j = 0; j < 2; ++j) {
      char c = hex[2 * i + j];
      if (c >= '0' && c <= '9')
        byte = byte * 16 + unsigned(c - '0');
      else if (c >= 'a' && c <= 'f')
        byte = byte * 16 + unsigned(c - 'a' + 10);
      else
        return false;
    }
    key.digest[i] = uint8_t(byte);
  }
  key.hex = hex;
  return true;
}

} // namespace tessel::capi
