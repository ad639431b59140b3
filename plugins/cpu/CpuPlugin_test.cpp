//===- CpuPlugin_test.cpp - The CPU plugin's kept stages ------------------===//
//
// What the CPU plugin does through its C ABI beyond what every plugin does
// (PluginAbi_test): the stages it keeps on request.
//
//===----------------------------------------------------------------------===//

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "plugins/common/PluginAbiTesting.h"
#include "tessel/plugin.hpp"

namespace tessel::abitest {
namespace {

TEST(CpuPlugin, KeepsLLVMAndAssemblyStages) {
  const Tessel_Plugin_Api *api = loadPlugin("plugins/cpu/libtessel_cpu.so");
  ASSERT_NE(api, nullptr);
  auto info = sdk::Init<Tessel_Compiler_Get_Info_Args>();
  ASSERT_EQ(message(api, api->compiler_get_info(&info)), "");
  EXPECT_EQ(std::vector<std::string>(info.info->stages,
                                     info.info->stages + info.info->num_stages),
            (std::vector<std::string>{"llvm", "asm", "passes"}));
  std::string ir = readTileBytecode("examples/tile-ir/vector_add.mlir");
  Tessel_Target target = sdk::Init<Tessel_Target>();
  target.plugin = "cpu";
  target.arch = "x86-64";
  std::map<std::string, std::string> suffixes;
  std::map<std::string, std::string> stages =
      compileStages(api, target, ir, "add_kernel", TESSEL_STAGES_KEEP, &suffixes);
  ASSERT_EQ(stages.size(), 2u);
  EXPECT_NE(stages["llvm"].find("define"), std::string::npos);
  EXPECT_NE(stages["llvm"].find("add_kernel"), std::string::npos);
  EXPECT_NE(stages["asm"].find("add_kernel:"), std::string::npos);
  EXPECT_EQ(suffixes["llvm"], ".ll");
  EXPECT_EQ(suffixes["asm"], ".s");
  // The pass dump alone: the IR after the CPU pipeline's passes.
  std::map<std::string, std::string> passes =
      compileStages(api, target, ir, "add_kernel", TESSEL_STAGES_PASSES);
  ASSERT_EQ(passes.size(), 1u);
  EXPECT_NE(passes["passes"].find("// -----// IR Dump After"), std::string::npos);
  EXPECT_NE(passes["passes"].find("llvm.func"), std::string::npos);
}

} // namespace
} // namespace tessel::abitest
