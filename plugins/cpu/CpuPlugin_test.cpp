//===- CpuPlugin_test.cpp - The CPU plugin's kept stages ------------------===//
//
// What the CPU plugin does through its C ABI beyond what every plugin does
// (PluginAbi_test): the stages it keeps on request, and modules of
// different kernels loaded side by side.
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
  // By-products only: the LLVM IR, not the assembly (a second code
  // generation).
  std::map<std::string, std::string> cheap =
      compileStages(api, target, ir, "add_kernel",
                    TESSEL_STAGES_KEEP | TESSEL_STAGES_BY_PRODUCTS_ONLY);
  EXPECT_EQ(cheap.size(), 1u);
  EXPECT_EQ(cheap.count("llvm"), 1u);
  // The pass dump alone: the IR after the CPU pipeline's passes.
  std::map<std::string, std::string> passes =
      compileStages(api, target, ir, "add_kernel", TESSEL_STAGES_PASSES);
  ASSERT_EQ(passes.size(), 1u);
  EXPECT_NE(passes["passes"].find("// -----// IR Dump After"), std::string::npos);
  EXPECT_NE(passes["passes"].find("llvm.func"), std::string::npos);
}

// The module's bytes compiled from `file`'s `entry`, with the metadata
// loading needs (valid while `artifact` lives).
Tessel_Artifact *compileFile(const Tessel_Plugin_Api *api, const char *file,
                             const char *entry, const Tessel_Kernel_Metadata **metadata,
                             const uint8_t **bytes, size_t *size) {
  std::string ir = readTileBytecode(file);
  Tessel_Target target = sdk::Init<Tessel_Target>();
  target.plugin = "cpu";
  target.arch = "x86-64";
  Tessel_Compile_Args args = makeCompileArgs(target, ir, entry);
  EXPECT_EQ(message(api, api->compile(&args)), "");
  auto inspect = sdk::Init<Tessel_Artifact_Inspect_Args>();
  inspect.artifact = args.artifact;
  EXPECT_EQ(message(api, api->artifact_inspect(&inspect)), "");
  *metadata = inspect.metadata;
  *bytes = inspect.bytes;
  *size = inspect.size;
  return args.artifact;
}

// Each module is loaded from an anonymous file named /proc/self/fd/N. With
// the descriptor closed after loading, the second module's file got the
// same N, and dlopen, which matches loaded libraries by name, returned the
// first module: "no entry 'softmax_kernel'".
TEST(CpuPlugin, ModulesOfDifferentKernelsLoadSideBySide) {
  const Tessel_Plugin_Api *api = loadPlugin("plugins/cpu/libtessel_cpu.so");
  ASSERT_NE(api, nullptr);
  auto devices = sdk::Init<Tessel_Device_Enumerate_Args>();
  ASSERT_EQ(message(api, api->device_enumerate(&devices)), "");
  ASSERT_GE(devices.num_devices, 1u);
  Tessel_Device *device = devices.devices[0]->device;
  const char *files[] = {"examples/tile-ir/vector_add.mlir",
                         "examples/tile-ir/softmax.mlir",
                         "examples/tile-ir/matmul.mlir"};
  const char *entries[] = {"add_kernel", "softmax_kernel", "matmul_kernel"};
  std::vector<Tessel_Module *> modules;
  for (int i = 0; i < 3; ++i) {
    const Tessel_Kernel_Metadata *metadata = nullptr;
    const uint8_t *bytes = nullptr;
    size_t size = 0;
    Tessel_Artifact *artifact =
        compileFile(api, files[i], entries[i], &metadata, &bytes, &size);
    auto load = sdk::Init<Tessel_Module_Load_Args>();
    load.device = device;
    load.artifact = bytes;
    load.artifact_size = size;
    load.metadata = metadata;
    EXPECT_EQ(message(api, api->module_load(&load)), "") << entries[i];
    modules.push_back(load.module);
    auto destroy = sdk::Init<Tessel_Artifact_Destroy_Args>();
    destroy.artifact = artifact;
    EXPECT_EQ(message(api, api->artifact_destroy(&destroy)), "");
  }
  for (Tessel_Module *module : modules) {
    auto unload = sdk::Init<Tessel_Module_Unload_Args>();
    unload.module = module;
    EXPECT_EQ(message(api, api->module_unload(&unload)), "");
  }
}

} // namespace
} // namespace tessel::abitest
