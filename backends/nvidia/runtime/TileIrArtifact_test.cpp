#include "backends/nvidia/runtime/TileIrArtifact.h"

#include <gtest/gtest.h>

namespace tessel::nvidia {
namespace {

TEST(TileIrArtifact, RecognizesTheMagic) {
  const uint8_t bytecode[] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00, 13, 1};
  EXPECT_TRUE(isTileIrBytecode(bytecode, sizeof(bytecode)));
  EXPECT_FALSE(isTileIrBytecode(bytecode, 7));
  const uint8_t elf[] = {0x7F, 'E', 'L', 'F', 2, 1, 1, 0};
  EXPECT_FALSE(isTileIrBytecode(elf, sizeof(elf)));
  EXPECT_FALSE(isTileIrBytecode(nullptr, 0));
}

// A 13.0 driver (the H200's today) is refused with both versions named;
// 13.1 and later load it.
TEST(TileIrArtifact, RefusesDriversBefore13_1) {
  std::string why = checkTileIrDriver(13000);
  EXPECT_NE(why.find("CUDA 13.1 (13010)"), std::string::npos) << why;
  EXPECT_NE(why.find("this driver is CUDA 13.0 (13000)"), std::string::npos) << why;
  EXPECT_NE(why.find("without +tileir"), std::string::npos) << why;
  EXPECT_NE(checkTileIrDriver(0).find("did not report its version"), std::string::npos);
  EXPECT_EQ(checkTileIrDriver(13010), "");
  EXPECT_EQ(checkTileIrDriver(13020), "");
}

} // namespace
} // namespace tessel::nvidia
