#include "tools/tileir-read/TileIrReader.h"

#include <gtest/gtest.h>

#include <vector>

namespace tessel::tileir_read {
namespace {

// A 13.1 file of NVIDIA's format tests (a kernel `basic` computing negi of
// a constant tile<2xi32> twice), byte for byte: header; the function
// section (aligned to 8, padded with 0xCB); the constant section (one blob
// of two i32); the type section (() -> (), i32, tile<2xi32>); the string
// section; the end byte.
std::vector<uint8_t> negiFile() {
  return {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00, 0x0D, 0x01, 0x00, 0x00,
          // function section: 24 bytes aligned to 8
          0x82, 0x18, 0x08, 0xCB, 0x01, 0x00, 0x00, 0x02, 0x00, 0x0C, 0x10, 0x02, 0x00,
          0x50, 0x02, 0x00, 0x50, 0x02, 0x00, 0x5C, 0x00, 0x00, 0xCB, 0xCB, 0xCB, 0xCB,
          0xCB, 0xCB,
          // constant section: 25 bytes aligned to 8
          0x84, 0x19, 0x08, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0x01, 0xCB, 0xCB, 0xCB, 0xCB,
          0xCB, 0xCB, 0xCB, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x08, 0x01,
          0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00,
          // type section: 31 bytes aligned to 4
          0x85, 0x1F, 0x04, 0x03, 0xCB, 0xCB, 0xCB, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00,
          0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x03, 0x0D, 0x01, 0x01,
          0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
          // string section: 13 bytes aligned to 4
          0x81, 0x0D, 0x04, 0xCB, 0xCB, 0x01, 0xCB, 0xCB, 0xCB, 0x00, 0x00, 0x00, 0x00,
          'b', 'a', 's', 'i', 'c', 0x00};
}

TEST(TileIrReader, ReadsAFileOfTheFormatsOwnTests) {
  std::vector<uint8_t> file = negiFile();
  ASSERT_EQ(file.size(), 126u);
  Module m;
  std::string error;
  ASSERT_TRUE(read(file.data(), file.size(), m, error)) << error;
  EXPECT_EQ(m.major, 13u);
  EXPECT_EQ(m.minor, 1u);
  ASSERT_EQ(m.functions.size(), 1u);
  EXPECT_EQ(m.functions[0].name, "basic");
  EXPECT_TRUE(m.functions[0].entry);
  EXPECT_EQ(m.functions[0].numOps, 4u);
  EXPECT_EQ(m.types, (std::vector<std::string>{"() -> ()", "i32", "tile<2xi32>"}));
  EXPECT_EQ(m.numConstants, 1u);
  EXPECT_EQ(m.opCounts["negi"], 2u);
  EXPECT_NE(m.text.find("%0 = constant {value = c0} : tile<2xi32>"), std::string::npos)
      << m.text;
  EXPECT_NE(m.text.find("%2 = negi %0 : tile<2xi32>"), std::string::npos) << m.text;
  EXPECT_NE(m.text.find("  return\n}"), std::string::npos) << m.text;
}

// Each corruption is refused with what is wrong.
TEST(TileIrReader, RefusesMalformedFiles) {
  auto refuse = [](std::vector<uint8_t> file, const std::string &expected) {
    Module m;
    std::string error;
    EXPECT_FALSE(read(file.data(), file.size(), m, error));
    EXPECT_NE(error.find(expected), std::string::npos) << error;
  };
  std::vector<uint8_t> bad = negiFile();
  bad[1] = 'X';
  refuse(bad, "bad magic");
  bad = negiFile();
  bad[9] = 2;
  refuse(bad, "version 13.2");
  bad = negiFile();
  bad.push_back(0);
  refuse(bad, "after the end-of-bytecode marker");
  bad = negiFile();
  bad.pop_back();
  refuse(bad, "unexpected end of data");
  // negi's operand %0 -> %5: no such value.
  bad = negiFile();
  bad[0x1B] = 5;
  refuse(bad, "operand %5 names no visible value");
  // negi's opcode -> an unassigned one.
  bad = negiFile();
  bad[0x19] = 0x20;
  refuse(bad, "opcode 0x20 is unknown");
  // The function's entry flag cleared.
  bad = negiFile();
  bad[0x13] = 0x00;
  refuse(bad, "is not an entry");
  // The tile's dimension 2 -> 3.
  bad = negiFile();
  bad[0x63] = 3;
  refuse(bad, "not a power of two");
}

} // namespace
} // namespace tessel::tileir_read
