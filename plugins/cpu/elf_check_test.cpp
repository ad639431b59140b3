#include "plugins/cpu/elf_check.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace tessel::cpu_plugin {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The runtime-only plugin is itself an x86-64 shared object exporting one
// known function: a real ELF file to check against.
std::string PluginBytes() { return ReadFile("plugins/cpu/runtime_only/libtessel_cpu.so"); }

const uint8_t* Data(const std::string& s) {
  return reinterpret_cast<const uint8_t*>(s.data());
}

TEST(ElfCheck, AcceptsASharedObjectWithTheEntry) {
  std::string so = PluginBytes();
  ASSERT_GT(so.size(), 64u);
  EXPECT_EQ(CheckKernelSharedObject(Data(so), so.size(), "tessel_plugin_get_api"), "");
  EXPECT_EQ(CheckKernelSharedObject(Data(so), so.size(), ""), "");
}

TEST(ElfCheck, ReportsAMissingEntry) {
  std::string so = PluginBytes();
  EXPECT_EQ(CheckKernelSharedObject(Data(so), so.size(), "add_kernel"),
            "artifact does not export the entry 'add_kernel'");
}

TEST(ElfCheck, RejectsNonElfAndTruncatedInput) {
  std::string text(200, 'x');
  EXPECT_EQ(CheckKernelSharedObject(Data(text), text.size(), "k"),
            "artifact is not an ELF file (bad magic)");
  EXPECT_NE(CheckKernelSharedObject(nullptr, 0, "k").find("too small"), std::string::npos);
  std::string so = PluginBytes();
  // Every prefix must be rejected or accepted without reading out of bounds.
  for (size_t cut : {size_t{16}, size_t{64}, so.size() / 3, so.size() - 8}) {
    std::string prefix = so.substr(0, cut);
    EXPECT_NE(CheckKernelSharedObject(Data(prefix), prefix.size(), "tessel_plugin_get_api"),
              "")
        << "cut at " << cut;
  }
}

TEST(ElfCheck, RejectsAnExecutableOrForeignMachine) {
  std::string so = PluginBytes();
  std::string exec = so;
  exec[16] = 2;  // e_type = ET_EXEC
  exec[17] = 0;
  EXPECT_EQ(CheckKernelSharedObject(Data(exec), exec.size(), ""),
            "artifact is an ELF file but not a shared object");
  std::string arm = so;
  arm[18] = static_cast<char>(183);  // EM_AARCH64
  arm[19] = 0;
  EXPECT_EQ(CheckKernelSharedObject(Data(arm), arm.size(), ""), "artifact is not x86-64 code");
}

}  // namespace
}  // namespace tessel::cpu_plugin
