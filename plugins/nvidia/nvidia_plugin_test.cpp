// The NVIDIA plugin through its C ABI, as the host uses it: every example
// kernel (examples/tile-ir and the frontend-made kernels of
// backends/nvidia/test/kernels) compiles for sm_80 and sm_90a (ptxas runs
// inside compile, so success means "validated"), the metadata is filled,
// validate_artifact accepts the cubin and rejects a wrong entry, and with
// no CUDA driver the runtime half reports zero devices.
#include <dlfcn.h>

#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileVersion.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "tessel/plugin.hpp"

namespace {

const Tessel_Plugin_Api* LoadPlugin() {
  static const Tessel_Plugin_Api* api = [] () -> const Tessel_Plugin_Api* {
    void* handle = dlopen("plugins/nvidia/libtessel_nvidia.so", RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      ADD_FAILURE() << dlerror();
      return nullptr;
    }
    auto get = reinterpret_cast<const Tessel_Plugin_Api* (*)(uint32_t, uint32_t)>(
        dlsym(handle, "tessel_plugin_get_api"));
    return get ? get(TESSEL_PLUGIN_ABI_MAJOR, TESSEL_PLUGIN_ABI_MINOR) : nullptr;
  }();
  return api;
}

std::string Message(const Tessel_Plugin_Api* api, Tessel_Error* error) {
  if (error == nullptr) return "";
  auto inspect = tessel::sdk::Init<Tessel_Error_Inspect_Args>();
  inspect.error = error;
  api->error_inspect(&inspect);
  std::string text(inspect.message, inspect.message_size);
  auto destroy = tessel::sdk::Init<Tessel_Error_Destroy_Args>();
  destroy.error = error;
  api->error_destroy(&destroy);
  return text.empty() ? "(error without message)" : text;
}

// The tile IR bytecode of a text file, as the core sends it.
std::string Bytecode(const std::string& path) {
  mlir::MLIRContext context;
  context.loadDialect<tessel::tile::TileDialect, mlir::arith::ArithDialect,
                      mlir::func::FuncDialect, mlir::math::MathDialect, mlir::scf::SCFDialect>();
  std::ifstream in(path);
  if (!in) {
    ADD_FAILURE() << "cannot open " << path;
    return "";
  }
  std::stringstream text;
  text << in.rdbuf();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text.str(), &context);
  std::string bytes;
  if (!module || mlir::failed(tessel::tile::writeTileBytecode(*module, bytes))) {
    ADD_FAILURE() << "cannot read " << path;
    return "";
  }
  return bytes;
}

struct Kernel {
  const char* path;
  const char* entry;
  unsigned numArgs;
  bool usesSharedMemory;
};

const Kernel kKernels[] = {
    {"examples/tile-ir/vector_add.mlir", "add_kernel", 4, false},
    {"examples/tile-ir/softmax.mlir", "softmax_kernel", 5, true},
    {"examples/tile-ir/matmul.mlir", "matmul_kernel", 6, true},
    {"backends/nvidia/test/kernels/vector_add.mlir", "add_kernel", 4, false},
    {"backends/nvidia/test/kernels/fused_softmax.mlir", "softmax_kernel", 6, true},
    {"backends/nvidia/test/kernels/layer_norm_fwd.mlir", "_layer_norm_fwd_fused", 9, true},
    {"backends/nvidia/test/kernels/matmul.mlir", "matmul_kernel", 12, true},
    {"backends/nvidia/test/kernels/flash_attention_fwd.mlir", "attn_fwd", 15, true},
};

class CompileTest : public ::testing::TestWithParam<std::tuple<Kernel, const char*>> {};

TEST_P(CompileTest, CompilesAndValidates) {
  const Tessel_Plugin_Api* api = LoadPlugin();
  ASSERT_NE(api, nullptr);
  auto [kernel, arch] = GetParam();
  std::string ir = Bytecode(kernel.path);
  ASSERT_FALSE(ir.empty());

  Tessel_Target target = tessel::sdk::Init<Tessel_Target>();
  target.plugin = "nvidia";
  target.arch = arch;
  auto args = tessel::sdk::Init<Tessel_Compile_Args>();
  args.target = &target;
  args.ir_format = TESSEL_IR_FORMAT_TILE_MLIRBC;
  args.ir = reinterpret_cast<const uint8_t*>(ir.data());
  args.ir_size = ir.size();
  args.entry_name = kernel.entry;
  args.ir_version_major = tessel::tile::kTileVersion.major;
  args.ir_version_minor = tessel::tile::kTileVersion.minor;
  ASSERT_EQ(Message(api, api->compile(&args)), "") << kernel.path << " for " << arch;

  auto inspect = tessel::sdk::Init<Tessel_Artifact_Inspect_Args>();
  inspect.artifact = args.artifact;
  ASSERT_EQ(Message(api, api->artifact_inspect(&inspect)), "");
  const Tessel_Kernel_Metadata& md = *inspect.metadata;
  EXPECT_STREQ(md.entry_name, kernel.entry);
  EXPECT_EQ(md.num_args, kernel.numArgs);
  EXPECT_EQ(md.warp_size, 32u);
  EXPECT_TRUE(md.num_warps == 4 || md.num_warps == 8) << md.num_warps;
  EXPECT_EQ(md.threads_per_block, md.num_warps * 32);
  EXPECT_EQ(md.shared_mem_bytes > 0, kernel.usesSharedMemory) << md.shared_mem_bytes;
  for (size_t i = 0; i < md.num_args; ++i) {
    if (md.args[i].kind == TESSEL_ARG_POINTER) {
      EXPECT_EQ(md.args[i].size, 8u);
    }
  }

  auto validate = tessel::sdk::Init<Tessel_Validate_Artifact_Args>();
  validate.target = &target;
  validate.artifact = inspect.bytes;
  validate.artifact_size = inspect.size;
  validate.metadata = &md;
  EXPECT_EQ(Message(api, api->validate_artifact(&validate)), "");

  Tessel_Kernel_Metadata wrong = md;
  wrong.entry_name = "no_such_kernel";
  validate.metadata = &wrong;
  EXPECT_NE(Message(api, api->validate_artifact(&validate)).find("does not define the kernel"),
            std::string::npos);

  auto destroy = tessel::sdk::Init<Tessel_Artifact_Destroy_Args>();
  destroy.artifact = args.artifact;
  EXPECT_EQ(Message(api, api->artifact_destroy(&destroy)), "");
}

INSTANTIATE_TEST_SUITE_P(Kernels, CompileTest,
                         ::testing::Combine(::testing::ValuesIn(kKernels),
                                            ::testing::Values("sm_80", "sm_90a")));

TEST(NvidiaPlugin, NumWarpsOptionAndErrors) {
  const Tessel_Plugin_Api* api = LoadPlugin();
  ASSERT_NE(api, nullptr);
  std::string ir = Bytecode("examples/tile-ir/vector_add.mlir");
  Tessel_Target target = tessel::sdk::Init<Tessel_Target>();
  target.plugin = "nvidia";
  target.arch = "sm_90a";
  auto options = tessel::sdk::Init<Tessel_Compile_Options>();
  options.num_warps = 8;
  options.opt_level = TESSEL_OPT_LEVEL_DEFAULT;
  auto args = tessel::sdk::Init<Tessel_Compile_Args>();
  args.target = &target;
  args.options = &options;
  args.ir_format = TESSEL_IR_FORMAT_TILE_MLIRBC;
  args.ir = reinterpret_cast<const uint8_t*>(ir.data());
  args.ir_size = ir.size();
  args.entry_name = "add_kernel";
  args.ir_version_major = tessel::tile::kTileVersion.major;
  ASSERT_EQ(Message(api, api->compile(&args)), "");
  auto inspect = tessel::sdk::Init<Tessel_Artifact_Inspect_Args>();
  inspect.artifact = args.artifact;
  api->artifact_inspect(&inspect);
  EXPECT_EQ(inspect.metadata->num_warps, 8u);
  EXPECT_EQ(inspect.metadata->threads_per_block, 256u);
  auto destroy = tessel::sdk::Init<Tessel_Artifact_Destroy_Args>();
  destroy.artifact = args.artifact;
  api->artifact_destroy(&destroy);

  options.num_warps = 3;
  EXPECT_NE(Message(api, api->compile(&args)).find("num_warps must be a power of two"),
            std::string::npos);
  options.num_warps = 4;
  target.arch = "sm_75";
  EXPECT_NE(Message(api, api->compile(&args)).find("unknown nvidia target 'sm_75'"),
            std::string::npos);
}

TEST(NvidiaPlugin, UnsupportedOpIsACleanError) {
  const Tessel_Plugin_Api* api = LoadPlugin();
  ASSERT_NE(api, nullptr);
  mlir::MLIRContext context;
  context.loadDialect<tessel::tile::TileDialect, mlir::func::FuncDialect>();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(
      "func.func @k(%x: i32) { tile.print \"x = \" %x : i32\n return }", &context);
  ASSERT_TRUE(module);
  std::string ir;
  ASSERT_TRUE(mlir::succeeded(tessel::tile::writeTileBytecode(*module, ir)));
  Tessel_Target target = tessel::sdk::Init<Tessel_Target>();
  target.plugin = "nvidia";
  target.arch = "sm_80";
  auto args = tessel::sdk::Init<Tessel_Compile_Args>();
  args.target = &target;
  args.ir_format = TESSEL_IR_FORMAT_TILE_MLIRBC;
  args.ir = reinterpret_cast<const uint8_t*>(ir.data());
  args.ir_size = ir.size();
  args.entry_name = "k";
  args.ir_version_major = tessel::tile::kTileVersion.major;
  EXPECT_NE(Message(api, api->compile(&args))
                .find("tile.print is not supported by the nvidia backend yet"),
            std::string::npos);
}

TEST(NvidiaPlugin, NoDriverMeansNoDevices) {
  const Tessel_Plugin_Api* api = LoadPlugin();
  ASSERT_NE(api, nullptr);
  void* cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (cuda != nullptr) {
    dlclose(cuda);
    GTEST_SKIP() << "a CUDA driver is installed here; this case needs a machine without one";
  }
  auto args = tessel::sdk::Init<Tessel_Device_Enumerate_Args>();
  EXPECT_EQ(Message(api, api->device_enumerate(&args)), "");
  EXPECT_EQ(args.num_devices, 0u);
}

}  // namespace
