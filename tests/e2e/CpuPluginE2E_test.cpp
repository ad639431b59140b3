//===- CpuPluginE2E_test.cpp - The CPU plugin end to end ------------------===//
//
// End to end through the public path: kernel source -> frontend -> tile IR
// bytecode -> the CPU plugin's compile (through the C ABI host) -> module
// load and launch -> results, including a run on the runtime-only build of
// the plugin (split mode: compiled by one plugin build, run by another).
//
//===----------------------------------------------------------------------===//

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "core/frontend/Diagnostics.h"
#include "core/frontend/SourceManager.h"
#include "core/frontend/lowering/KernelLowering.h"
#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/plugin_host/TargetParser.h"
#include "dialects/tile/Bytecode/Bytecode.h"
#include "dialects/tile/IR/TileVersion.h"
#include "mlir/IR/MLIRContext.h"

namespace tessel {
namespace {

constexpr const char *kFullPlugin = "plugins/cpu/libtessel_cpu.so";
constexpr const char *kRuntimeOnlyPlugin = "plugins/cpu/runtime_only/libtessel_cpu.so";

constexpr const char *kSource = R"py(
import triton
import triton.language as tl

@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)

@triton.jit
def row_max_kernel(in_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * stride + cols, mask=cols < n_cols, other=-float("inf"))
    tl.store(out_ptr + row, tl.max(x, axis=0))
)py";

// Compiles `kernel` of kSource to tile IR bytecode.
std::vector<uint8_t> compileToBytecode(const std::string &kernel,
                                       const std::string &signature,
                                       std::map<std::string, std::string> constexprs) {
  frontend::SourceManager sources;
  frontend::DiagnosticEngine diags(sources);
  mlir::MLIRContext context;
  frontend::KernelSpec spec{kernel, signature, std::move(constexprs)};
  auto module = frontend::compileKernelSource("kernels.py", kSource, sources, diags,
                                              context, spec);
  EXPECT_TRUE(module) << diags.renderAll();
  if (!module)
    return {};
  std::string bytes;
  EXPECT_TRUE(mlir::succeeded(tile::writeTileBytecode(*module, bytes)));
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

std::shared_ptr<plugin_host::LoadedPlugin> load(const char *path) {
  auto plugin = plugin_host::LoadedPlugin::load(path);
  EXPECT_TRUE(plugin.ok()) << plugin.status().toString();
  return plugin.ok() ? *plugin : nullptr;
}

plugin_host::CompiledKernel compileOnPlugin(const plugin_host::LoadedPlugin &plugin,
                                            std::vector<uint8_t> ir,
                                            const std::string &entry,
                                            const std::string &arch = "x86-64-v3") {
  plugin_host::CompileRequest request;
  request.target = *plugin_host::parseTarget("cpu:" + arch);
  request.ir = std::move(ir);
  request.irVersionMajor = tile::kTileVersion.major;
  request.irVersionMinor = tile::kTileVersion.minor;
  request.entryName = entry;
  auto compiled = plugin_host::compile(plugin, request);
  EXPECT_TRUE(compiled.ok()) << compiled.status().toString();
  return compiled.ok() ? *compiled : plugin_host::CompiledKernel{};
}

// Runs vector add of n elements on `plugin` and checks every element,
// including that nothing past n was written.
void runVectorAdd(std::shared_ptr<plugin_host::LoadedPlugin> plugin,
                  const plugin_host::CompiledKernel &kernel, int32_t n, int32_t block) {
  auto devices = plugin_host::enumerateDevices(*plugin);
  ASSERT_TRUE(devices.ok()) << devices.status().toString();
  ASSERT_EQ(devices->size(), 1u);
  Tessel_Device *device = (*devices)[0].handle;
  int32_t padded = (n + block - 1) / block * block + 64;
  std::vector<float> x(padded), y(padded), out(padded, -7.0f);
  std::mt19937 rng(42);
  std::uniform_real_distribution<float> dist(-100, 100);
  for (int32_t i = 0; i < padded; ++i)
    x[i] = dist(rng), y[i] = dist(rng);
  auto bx = plugin_host::DeviceBuffer::allocate(plugin, device, padded * 4);
  auto by = plugin_host::DeviceBuffer::allocate(plugin, device, padded * 4);
  auto bo = plugin_host::DeviceBuffer::allocate(plugin, device, padded * 4);
  ASSERT_TRUE(bx.ok() && by.ok() && bo.ok());
  ASSERT_TRUE(bx->copyFromHost(x.data(), padded * 4).ok());
  ASSERT_TRUE(by->copyFromHost(y.data(), padded * 4).ok());
  ASSERT_TRUE(bo->copyFromHost(out.data(), padded * 4).ok());
  auto module = plugin_host::LoadedModule::load(plugin, device, kernel);
  ASSERT_TRUE(module.ok()) << module.status().toString();
  std::vector<plugin_host::LaunchArg> args = {
      plugin_host::LaunchArg::pointer(*bx, TESSEL_DTYPE_FP32),
      plugin_host::LaunchArg::pointer(*by, TESSEL_DTYPE_FP32),
      plugin_host::LaunchArg::pointer(*bo, TESSEL_DTYPE_FP32),
      plugin_host::LaunchArg::int32(n)};
  uint32_t grid = static_cast<uint32_t>((n + block - 1) / block);
  auto launched = module->launch({grid, 1, 1}, args);
  ASSERT_TRUE(launched.ok()) << launched.toString();
  ASSERT_TRUE(plugin_host::synchronize(*plugin, device).ok());
  ASSERT_TRUE(bo->copyToHost(out.data(), padded * 4).ok());
  for (int32_t i = 0; i < n; ++i)
    ASSERT_EQ(out[i], x[i] + y[i]) << "element " << i;
  for (int32_t i = n; i < padded; ++i)
    ASSERT_EQ(out[i], -7.0f) << "wrote past n at " << i;
}

TEST(CpuPluginEndToEnd, VectorAddWithRaggedEdge) {
  auto plugin = load(kFullPlugin);
  ASSERT_TRUE(plugin);
  auto ir =
      compileToBytecode("add_kernel", "*fp32,*fp32,*fp32,i32", {{"BLOCK", "256"}});
  ASSERT_FALSE(ir.empty());
  plugin_host::CompiledKernel kernel = compileOnPlugin(*plugin, ir, "add_kernel");
  ASSERT_FALSE(kernel.bytes.empty());
  EXPECT_EQ(kernel.metadata.entryName, "add_kernel");
  ASSERT_EQ(kernel.metadata.args.size(), 4u);
  EXPECT_EQ(kernel.metadata.args[0].kind, TESSEL_ARG_POINTER);
  EXPECT_EQ(kernel.metadata.args[3].dtype, TESSEL_DTYPE_I32);
  for (int32_t n : {1, 255, 256, 1000, 4097})
    runVectorAdd(plugin, kernel, n, 256);
}

TEST(CpuPluginEndToEnd, SplitModeRunsOnTheRuntimeOnlyBuild) {
  auto full = load(kFullPlugin);
  auto runtimeOnly = load(kRuntimeOnlyPlugin);
  ASSERT_TRUE(full && runtimeOnly);
  EXPECT_FALSE(runtimeOnly->provides(plugin_host::Half::kCompiler));
  auto ir =
      compileToBytecode("add_kernel", "*fp32,*fp32,*fp32,i32", {{"BLOCK", "128"}});
  plugin_host::CompiledKernel kernel =
      compileOnPlugin(*full, ir, "add_kernel", "x86-64");
  runVectorAdd(runtimeOnly, kernel, 1000, 128);
}

TEST(CpuPluginEndToEnd, ReductionWithOtherFillsMaskedLanes) {
  auto plugin = load(kFullPlugin);
  ASSERT_TRUE(plugin);
  auto ir =
      compileToBytecode("row_max_kernel", "*fp32,*fp32,i32,i32", {{"BLOCK", "64"}});
  plugin_host::CompiledKernel kernel = compileOnPlugin(*plugin, ir, "row_max_kernel");
  auto devices = plugin_host::enumerateDevices(*plugin);
  ASSERT_TRUE(devices.ok());
  Tessel_Device *device = (*devices)[0].handle;
  const int rows = 7, cols = 50, stride = 64;
  std::vector<float> in(rows * stride, 1e30f); // padding must never win
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      in[r * stride + c] = -1000.0f + r * 3 + (c * 7919 % cols);
  auto bi = plugin_host::DeviceBuffer::allocate(plugin, device, in.size() * 4);
  auto bo = plugin_host::DeviceBuffer::allocate(plugin, device, rows * 4);
  ASSERT_TRUE(bi.ok() && bo.ok());
  ASSERT_TRUE(bi->copyFromHost(in.data(), in.size() * 4).ok());
  auto module = plugin_host::LoadedModule::load(plugin, device, kernel);
  ASSERT_TRUE(module.ok()) << module.status().toString();
  auto launched = module->launch(
      {rows, 1, 1},
      {plugin_host::LaunchArg::pointer(*bi, TESSEL_DTYPE_FP32),
       plugin_host::LaunchArg::pointer(*bo, TESSEL_DTYPE_FP32),
       plugin_host::LaunchArg::int32(cols), plugin_host::LaunchArg::int32(stride)});
  ASSERT_TRUE(launched.ok()) << launched.toString();
  std::vector<float> out(rows);
  ASSERT_TRUE(bo->copyToHost(out.data(), rows * 4).ok());
  for (int r = 0; r < rows; ++r) {
    float want = -INFINITY;
    for (int c = 0; c < cols; ++c)
      want = std::max(want, in[r * stride + c]);
    EXPECT_EQ(out[r], want) << "row " << r;
  }
}

TEST(CpuPluginEndToEnd, LaunchChecksArgumentsAgainstMetadata) {
  auto plugin = load(kFullPlugin);
  ASSERT_TRUE(plugin);
  auto ir = compileToBytecode("add_kernel", "*fp32,*fp32,*fp32,i32", {{"BLOCK", "64"}});
  plugin_host::CompiledKernel kernel = compileOnPlugin(*plugin, ir, "add_kernel");
  auto devices = plugin_host::enumerateDevices(*plugin);
  Tessel_Device *device = (*devices)[0].handle;
  auto module = plugin_host::LoadedModule::load(plugin, device, kernel);
  ASSERT_TRUE(module.ok());
  auto b = plugin_host::DeviceBuffer::allocate(plugin, device, 256);
  ASSERT_TRUE(b.ok());
  auto tooFew = module->launch(
      {1, 1, 1}, {plugin_host::LaunchArg::pointer(*b, TESSEL_DTYPE_FP32)});
  EXPECT_FALSE(tooFew.ok());
  EXPECT_NE(tooFew.message().find("takes 4 arguments, 1 given"), std::string::npos)
      << tooFew.toString();
  auto wrongType =
      module->launch({1, 1, 1}, {plugin_host::LaunchArg::pointer(*b, TESSEL_DTYPE_FP32),
                                 plugin_host::LaunchArg::pointer(*b, TESSEL_DTYPE_FP32),
                                 plugin_host::LaunchArg::pointer(*b, TESSEL_DTYPE_FP32),
                                 plugin_host::LaunchArg::float32(1.0f)});
  EXPECT_FALSE(wrongType.ok());
  EXPECT_NE(wrongType.message().find("argument 3"), std::string::npos)
      << wrongType.toString();
}

TEST(CpuPluginEndToEnd, CompileErrorsAreClear) {
  auto plugin = load(kFullPlugin);
  ASSERT_TRUE(plugin);
  plugin_host::CompileRequest request;
  request.target = *plugin_host::parseTarget("cpu:pentium4");
  request.ir = {1, 2, 3};
  request.irVersionMajor = tile::kTileVersion.major;
  request.entryName = "k";
  auto badTarget = plugin_host::compile(*plugin, request);
  ASSERT_FALSE(badTarget.ok());
  EXPECT_NE(badTarget.status().message().find("unknown cpu target 'pentium4'"),
            std::string::npos);
  request.target = *plugin_host::parseTarget("cpu:x86-64");
  auto badIr = plugin_host::compile(*plugin, request);
  ASSERT_FALSE(badIr.ok());
  EXPECT_NE(badIr.status().message().find("cannot read the IR"), std::string::npos)
      << badIr.status().toString();
}

// The plugin kit's checks (plugins/common/CompilerHalf.cpp), seen through
// the CPU plugin: each refusal names what was wrong, with the ABI's code.
TEST(CpuPluginEndToEnd, KitRefusesBadRequests) {
  auto plugin = load(kFullPlugin);
  ASSERT_TRUE(plugin);
  auto ir = compileToBytecode("add_kernel", "*fp32,*fp32,*fp32,i32", {{"BLOCK", "64"}});
  plugin_host::CompileRequest good;
  good.target = *plugin_host::parseTarget("cpu:x86-64");
  good.ir = ir;
  good.entryName = "add_kernel";
  auto expectRefused = [&](plugin_host::CompileRequest r, int32_t code,
                           const char *text) {
    auto result = plugin_host::compile(*plugin, r);
    ASSERT_FALSE(result.ok()) << text;
    EXPECT_EQ(result.status().code(), code) << result.status().toString();
    EXPECT_NE(result.status().message().find(text), std::string::npos)
        << result.status().toString();
  };
  plugin_host::CompileRequest r = good;
  r.target = *plugin_host::parseTarget("cpu:x86-64+avx512");
  expectRefused(r, TESSEL_ERROR_INVALID_ARGUMENT,
                "target features are not supported by cpu (got '+avx512')");
  r = good;
  r.irVersionMajor = tile::kTileVersion.major + 1;
  expectRefused(r, TESSEL_ERROR_FAILED_PRECONDITION, "is not supported (cpu reads");
  r = good;
  r.irFormat = "spirv";
  expectRefused(r, TESSEL_ERROR_INVALID_ARGUMENT, "IR format 'spirv' is not supported");
  r = good;
  r.entryName = "no_such_kernel";
  expectRefused(r, TESSEL_ERROR_NOT_FOUND, "the IR has no function 'no_such_kernel'");
  r = good;
  r.options.numWarps = 3;
  expectRefused(r, TESSEL_ERROR_INVALID_ARGUMENT, "num_warps must be a power of two");
  r = good;
  r.options.extra = {plugin_host::KeyValue::makeInt("cpu.unrolling", 4)};
  expectRefused(r, TESSEL_ERROR_INVALID_ARGUMENT, "unknown option 'cpu.unrolling'");
  // Another plugin's options are not this plugin's business.
  r = good;
  r.options.extra = {plugin_host::KeyValue::makeInt("nvidia.min_blocks_per_sm", 2)};
  EXPECT_TRUE(plugin_host::compile(*plugin, r).ok());
}

// The kit's tuning space from the CPU's heuristics: one default at -O3, and
// block-size candidates for every tunable whose name has BLOC in it (the
// seed kernels' BLOC_M as well as BLOCK_SIZE).
TEST(CpuPluginEndToEnd, TuningSpaceFromTheHeuristics) {
  auto plugin = load(kFullPlugin);
  ASSERT_TRUE(plugin);
  plugin_host::TuningRequest request;
  request.target = *plugin_host::parseTarget("cpu:x86-64");
  request.entryName = "matmul";
  request.tunables = {"BLOCK_SIZE", "BLOC_M", "GROUP"};
  auto space = plugin_host::getTuningSpace(*plugin, request);
  ASSERT_TRUE(space.ok()) << space.status().toString();
  ASSERT_EQ(space->defaults.size(), 1u);
  EXPECT_EQ(space->defaults[0].options.optLevel, 3);
  ASSERT_EQ(space->params.size(), 2u);
  EXPECT_EQ(space->params[0].name, "BLOCK_SIZE");
  EXPECT_EQ(space->params[1].name, "BLOC_M");
  EXPECT_EQ(space->params[1].values, (std::vector<int64_t>{16, 32, 64, 128, 256}));
  request.target = *plugin_host::parseTarget("cpu:pentium4");
  EXPECT_FALSE(plugin_host::getTuningSpace(*plugin, request).ok());
}

} // namespace
} // namespace tessel
