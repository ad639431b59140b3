#include "core/runtime/capi/JsonWriter.h"

#include <gtest/gtest.h>

namespace tessel::capi {
namespace {

TEST(JsonWriter, PlacesCommasAndColons) {
  JsonWriter w;
  w.beginObject().key("a").value(int64_t(1)).key("b").beginArray();
  w.value("x").value(true).null().endArray().key("c").beginObject().endObject();
  w.endObject();
  EXPECT_EQ(w.text(), R"({"a":1,"b":["x",true,null],"c":{}})");
}

TEST(JsonWriter, EscapesStrings) {
  EXPECT_EQ(JsonWriter::quote("a\"b\\c\n\t\x01"), R"("a\"b\\c\n\t\u0001")");
  // UTF-8 passes through unchanged.
  EXPECT_EQ(JsonWriter::quote("\xc3\xa9"), "\"\xc3\xa9\"");
}

TEST(JsonWriter, NonFiniteNumbersAreNull) {
  JsonWriter w;
  w.beginArray().value(1.5).value(1.0 / 0.0).endArray();
  EXPECT_EQ(w.text(), "[1.5,null]");
}

} // namespace
} // namespace tessel::capi
