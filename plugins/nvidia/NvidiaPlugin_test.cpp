// What the NVIDIA plugin does through its C ABI beyond what every plugin
// does (the kit's PluginAbi_test compiles every example kernel for sm_80
// and sm_90a, see BUILD.bazel): the num_warps option and its errors, an
// unknown target, a clean error for an unsupported op, and with no CUDA
// driver the runtime half reports zero devices.
#include <dlfcn.h>

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "plugins/common/PluginAbiTesting.h"
#include "tessel/plugin.hpp"

namespace tessel::abitest {
namespace {

const Tessel_Plugin_Api *loadNvidia() {
  return loadPlugin("plugins/nvidia/libtessel_nvidia.so");
}

TEST(NvidiaPlugin, NumWarpsOptionAndErrors) {
  const Tessel_Plugin_Api *api = loadNvidia();
  ASSERT_NE(api, nullptr);
  std::string ir = readTileBytecode("examples/tile-ir/vector_add.mlir");
  Tessel_Target target = sdk::Init<Tessel_Target>();
  target.plugin = "nvidia";
  target.arch = "sm_90a";
  auto options = sdk::Init<Tessel_Compile_Options>();
  options.num_warps = 8;
  options.opt_level = TESSEL_OPT_LEVEL_DEFAULT;
  auto args = makeCompileArgs(target, ir, "add_kernel");
  args.options = &options;
  ASSERT_EQ(message(api, api->compile(&args)), "");
  auto inspect = sdk::Init<Tessel_Artifact_Inspect_Args>();
  inspect.artifact = args.artifact;
  api->artifact_inspect(&inspect);
  EXPECT_EQ(inspect.metadata->num_warps, 8u);
  EXPECT_EQ(inspect.metadata->threads_per_block, 256u);
  auto destroy = sdk::Init<Tessel_Artifact_Destroy_Args>();
  destroy.artifact = args.artifact;
  api->artifact_destroy(&destroy);

  options.num_warps = 3;
  EXPECT_NE(message(api, api->compile(&args)).find("num_warps must be a power of two"),
            std::string::npos);
  options.num_warps = 4;
  target.arch = "sm_75";
  EXPECT_NE(message(api, api->compile(&args)).find("unknown nvidia target 'sm_75'"),
            std::string::npos);
}

// tuning_space_get with the problem's extents: the first default is the
// GEMM choice (backends/nvidia/Heuristics.h), its tiles given for the
// tunables that size M, N and K; without extents, the generic defaults.
TEST(NvidiaPlugin, TuningSpaceFollowsTheProblem) {
  const Tessel_Plugin_Api *api = loadNvidia();
  ASSERT_NE(api, nullptr);
  Tessel_Target target = sdk::Init<Tessel_Target>();
  target.plugin = "nvidia";
  target.arch = "sm_90a";
  const char *tunables[] = {"BLOCK_SIZE_M", "BLOCK_SIZE_N", "BLOCK_SIZE_K",
                            "GROUP_SIZE_M"};
  Tessel_Key_Value problem[3] = {};
  const char *keys[] = {"M", "N", "K"};
  for (int i = 0; i < 3; ++i) {
    problem[i].key = keys[i];
    problem[i].type = TESSEL_VALUE_INT;
    problem[i].int_value = 1024;
  }
  auto get = sdk::Init<Tessel_Tuning_Space_Get_Args>();
  get.target = &target;
  get.entry_name = "matmul_kernel";
  get.tunables = tunables;
  get.num_tunables = 4;
  get.problem = problem;
  get.num_problem = 3;
  ASSERT_EQ(message(api, api->tuning_space_get(&get)), "");
  auto inspect = sdk::Init<Tessel_Tuning_Space_Inspect_Args>();
  inspect.space = get.space;
  ASSERT_EQ(message(api, api->tuning_space_inspect(&inspect)), "");
  ASSERT_EQ(inspect.num_defaults, 3u);
  const Tessel_Tuning_Config *first = inspect.defaults[0];
  EXPECT_EQ(first->options->num_warps, 4);
  EXPECT_EQ(first->options->num_stages, 4);
  std::map<std::string, int64_t> values;
  for (size_t i = 0; i < first->num_values; ++i)
    values[first->values[i].key] = first->values[i].int_value;
  // 1024^3 has too few 128x128 tiles for 132 SMs: 64 rows, 64-deep K steps.
  EXPECT_EQ(values,
            (std::map<std::string, int64_t>{
                {"BLOCK_SIZE_M", 64}, {"BLOCK_SIZE_N", 128}, {"BLOCK_SIZE_K", 64}}));
  EXPECT_EQ(inspect.defaults[1]->num_values, 0u);
  auto destroy = sdk::Init<Tessel_Tuning_Space_Destroy_Args>();
  destroy.space = get.space;
  api->tuning_space_destroy(&destroy);

  get.num_problem = 0;
  get.space = nullptr;
  ASSERT_EQ(message(api, api->tuning_space_get(&get)), "");
  inspect.space = get.space;
  ASSERT_EQ(message(api, api->tuning_space_inspect(&inspect)), "");
  EXPECT_EQ(inspect.num_defaults, 2u);
  EXPECT_EQ(inspect.defaults[0]->num_values, 0u);
  destroy.space = get.space;
  api->tuning_space_destroy(&destroy);
}

// Kept stages: the optimized LLVM IR and the PTX the cubin was assembled
// from, listed by compiler_get_info; nothing kept unless asked.
TEST(NvidiaPlugin, KeepsLLVMAndPtxStages) {
  const Tessel_Plugin_Api *api = loadNvidia();
  ASSERT_NE(api, nullptr);
  auto info = sdk::Init<Tessel_Compiler_Get_Info_Args>();
  ASSERT_EQ(message(api, api->compiler_get_info(&info)), "");
  EXPECT_EQ(std::vector<std::string>(info.info->stages,
                                     info.info->stages + info.info->num_stages),
            (std::vector<std::string>{"llvm", "ptx", "passes"}));
  std::string ir = readTileBytecode("examples/tile-ir/vector_add.mlir");
  Tessel_Target target = sdk::Init<Tessel_Target>();
  target.plugin = "nvidia";
  target.arch = "sm_90a";
  std::map<std::string, std::string> suffixes;
  std::map<std::string, std::string> stages =
      compileStages(api, target, ir, "add_kernel",
                    TESSEL_STAGES_KEEP | TESSEL_STAGES_PASSES, &suffixes);
  ASSERT_EQ(stages.size(), 3u);
  EXPECT_NE(stages["ptx"].find(".target sm_90a"), std::string::npos);
  EXPECT_NE(stages["ptx"].find(".entry add_kernel"), std::string::npos);
  EXPECT_NE(stages["llvm"].find("define"), std::string::npos);
  EXPECT_NE(stages["llvm"].find("nvvm"), std::string::npos);
  EXPECT_NE(stages["passes"].find("// -----// IR Dump After"), std::string::npos);
  EXPECT_EQ(suffixes["llvm"], ".ll");
  EXPECT_EQ(suffixes["ptx"], ".ptx");
  EXPECT_EQ(suffixes["passes"], ".passes.mlir");
  EXPECT_TRUE(compileStages(api, target, ir, "add_kernel", 0).empty());
}

// Each target lists what its GPU description says it has (the kit's ABI
// test checks that a target string may require each and nothing else).
TEST(NvidiaPlugin, TargetFeaturesComeFromTheDescription) {
  const Tessel_Plugin_Api *api = loadNvidia();
  ASSERT_NE(api, nullptr);
  auto info = sdk::Init<Tessel_Compiler_Get_Info_Args>();
  ASSERT_EQ(message(api, api->compiler_get_info(&info)), "");
  std::map<std::string, std::vector<std::string>> features;
  for (size_t i = 0; i < info.info->num_targets; ++i) {
    const Tessel_Target_Desc *t = info.info->targets[i];
    features[t->arch].assign(t->features, t->features + t->num_features);
  }
  EXPECT_EQ(features["sm_80"],
            (std::vector<std::string>{"async_copy", "matrix.mma.sync.m16n8k16"}));
  // (`tileir`: the artifact is CUDA Tile IR bytecode instead of a cubin.)
  EXPECT_EQ(
      features["sm_90a"],
      (std::vector<std::string>{"async_copy", "bulk_copy", "matrix.wgmma.m64n256k16",
                                "matrix.mma.sync.m16n8k16", "tileir"}));
  EXPECT_EQ(features["sm_100a"],
            (std::vector<std::string>{"async_copy", "bulk_copy",
                                      "matrix.tcgen05.mma.m64n256k16",
                                      "matrix.mma.sync.m16n8k16", "tileir"}));
}

// nvidia.matrix_loads=0 takes the shared fragment path instead of ldmatrix,
// nvidia.fp8_fast_accumulation=1 fp8 dots on the fp8 instructions,
// nvidia.fp_fusion=1 lets multiplies and adds fuse, nvidia.flush_denormals=1
// flushes f32 subnormals, nvidia.warp_specialize=1 gives the copies a
// producer warp where the loop qualifies; the GEMM still compiles to a valid
// cubin; other values are refused.
TEST(NvidiaPlugin, MatrixLoadsOption) {
  const Tessel_Plugin_Api *api = loadNvidia();
  ASSERT_NE(api, nullptr);
  std::string ir = readTileBytecode("examples/tile-ir/matmul.mlir");
  Tessel_Target target = sdk::Init<Tessel_Target>();
  target.plugin = "nvidia";
  target.arch = "sm_90a";
  for (const char *key :
       {"nvidia.matrix_loads", "nvidia.fp8_fast_accumulation", "nvidia.fp_fusion",
        "nvidia.flush_denormals", "nvidia.warp_specialize"})
    for (int64_t value : {0, 1, 2}) {
      Tessel_Key_Value kv{};
      kv.key = key;
      kv.type = TESSEL_VALUE_INT;
      kv.int_value = value;
      auto options = sdk::Init<Tessel_Compile_Options>();
      options.opt_level = TESSEL_OPT_LEVEL_DEFAULT;
      options.extra = &kv;
      options.num_extra = 1;
      auto args = makeCompileArgs(target, ir, "matmul_kernel");
      args.options = &options;
      std::string error = message(api, api->compile(&args));
      if (value == 2) {
        EXPECT_NE(error.find("nvidia.matrix_loads, nvidia.fp8_fast_accumulation, "
                             "nvidia.fp_fusion, nvidia.flush_denormals and "
                             "nvidia.warp_specialize (int, 0 or 1)"),
                  std::string::npos)
            << error;
        continue;
      }
      ASSERT_EQ(error, "") << key << "=" << value;
      auto destroy = sdk::Init<Tessel_Artifact_Destroy_Args>();
      destroy.artifact = args.artifact;
      api->artifact_destroy(&destroy);
    }
}

TEST(NvidiaPlugin, UnsupportedOpIsACleanError) {
  const Tessel_Plugin_Api *api = loadNvidia();
  ASSERT_NE(api, nullptr);
  mlir::MLIRContext context;
  context.loadDialect<tile::TileDialect, mlir::func::FuncDialect>();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "func.func @k(%x: i32) { tile.print \"x = \" %x : i32\n return }", &context);
  ASSERT_TRUE(module);
  std::string ir;
  ASSERT_TRUE(mlir::succeeded(tile::writeTileBytecode(*module, ir)));
  Tessel_Target target = sdk::Init<Tessel_Target>();
  target.plugin = "nvidia";
  target.arch = "sm_80";
  auto args = makeCompileArgs(target, ir, "k");
  EXPECT_NE(message(api, api->compile(&args))
                .find("tile.print is not supported by the nvidia backend yet"),
            std::string::npos);
}

TEST(NvidiaPlugin, NoDriverMeansNoDevices) {
  const Tessel_Plugin_Api *api = loadNvidia();
  ASSERT_NE(api, nullptr);
  void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (cuda != nullptr) {
    dlclose(cuda);
    GTEST_SKIP()
        << "a CUDA driver is installed here; this case needs a machine without one";
  }
  auto args = sdk::Init<Tessel_Device_Enumerate_Args>();
  EXPECT_EQ(message(api, api->device_enumerate(&args)), "");
  EXPECT_EQ(args.num_devices, 0u);
  // A host of 1.3 on asks why (Tessel_Device_Absence); the answer names the
  // missing library. A host that does not ask (above) gets the same list.
  Tessel_Device_Absence absence{};
  absence.base.struct_size = sizeof(absence);
  absence.base.type = TESSEL_EXTENSION_DEVICE_ABSENCE;
  args = sdk::Init<Tessel_Device_Enumerate_Args>();
  args.extension_start = &absence;
  EXPECT_EQ(message(api, api->device_enumerate(&args)), "");
  EXPECT_EQ(args.num_devices, 0u);
  ASSERT_NE(absence.reason, nullptr);
  EXPECT_NE(std::string(absence.reason).find("libcuda.so.1"), std::string::npos)
      << absence.reason;
  // An extension too short to hold the out field is left alone.
  Tessel_Device_Absence shortOne{};
  shortOne.base.struct_size = sizeof(Tessel_Extension);
  shortOne.base.type = TESSEL_EXTENSION_DEVICE_ABSENCE;
  args = sdk::Init<Tessel_Device_Enumerate_Args>();
  args.extension_start = &shortOne;
  EXPECT_EQ(message(api, api->device_enumerate(&args)), "");
  EXPECT_EQ(shortOne.reason, nullptr);
}

} // namespace
} // namespace tessel::abitest
