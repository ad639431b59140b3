//===- JsonWriter.h - Minimal JSON output for the C interfaces --*- C++ -*-===//
//
// The C interfaces describe objects as JSON text, which every language
// binding already parses. This writes just what they need: objects, arrays,
// strings (escaped per RFC 8259), integers, doubles and booleans. Commas
// are placed automatically.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_RUNTIME_CAPI_JSONWRITER_H
#define TESSEL_CORE_RUNTIME_CAPI_JSONWRITER_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tessel::capi {

class JsonWriter {
public:
  JsonWriter &beginObject() { return open('{'); }
  JsonWriter &endObject() { return close('}'); }
  JsonWriter &beginArray() { return open('['); }
  JsonWriter &endArray() { return close(']'); }
  /// The key of the next value in an object.
  JsonWriter &key(std::string_view name);
  JsonWriter &value(std::string_view text);
  JsonWriter &value(const char *text) { return value(std::string_view(text)); }
  JsonWriter &value(int64_t number);
  JsonWriter &value(uint64_t number);
  JsonWriter &value(int number) { return value(int64_t(number)); }
  JsonWriter &value(unsigned number) { return value(uint64_t(number)); }
  JsonWriter &value(double number);
  JsonWriter &value(bool flag);
  JsonWriter &null();

  const std::string &text() const { return out; }

  /// `text` as a quoted JSON string.
  static std::string quote(std::string_view text);

private:
  JsonWriter &open(char bracket);
  JsonWriter &close(char bracket);
  void separate();

  std::string out;
  // Per open container: whether it has a member yet.
  std::vector<bool> hasMember;
  bool afterKey = false;
};

} // namespace tessel::capi

#endif // TESSEL_CORE_RUNTIME_CAPI_JSONWRITER_H
