// CheckCubin on things that are not cubins; real cubins are checked in
// nvidia_plugin_test (validate_artifact and the wrong-entry case).
#include "plugins/nvidia/cubin_check.h"

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace tessel::nvidia_plugin {
namespace {

TEST(CubinCheck, RejectsNonElf) {
  std::string text = "not an ELF file at all, but long enough for a header.........";
  EXPECT_EQ(CheckCubin(reinterpret_cast<const uint8_t*>(text.data()), text.size(), "k"),
            "the artifact is not an ELF file");
  EXPECT_EQ(CheckCubin(nullptr, 0, "k"), "the artifact is not an ELF file");
}

TEST(CubinCheck, RejectsHostElf) {
  // This test binary is an x86-64 ELF, not EM_CUDA.
  std::ifstream in("/proc/self/exe", std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 64u);
  std::string problem =
      CheckCubin(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), "main");
  EXPECT_NE(problem.find("is not a cubin"), std::string::npos) << problem;
}

TEST(CubinCheck, RejectsTruncatedSectionTable) {
  std::vector<uint8_t> bytes(64, 0);
  const uint8_t ident[] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
  std::copy(std::begin(ident), std::end(ident), bytes.begin());
  bytes[18] = 190;              // e_machine = EM_CUDA
  bytes[40] = 0xff;             // e_shoff far past the end
  bytes[58] = 64;               // e_shentsize
  bytes[60] = 3;                // e_shnum
  EXPECT_EQ(CheckCubin(bytes.data(), bytes.size(), "k"),
            "the cubin's section table is truncated");
}

}  // namespace
}  // namespace tessel::nvidia_plugin
