#include "core/compiler/KernelCompiler.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/runtime/Kernel.h"
#include "core/runtime/Launch.h"
#include "core/runtime/Runtime.h"

namespace tessel::compiler {
namespace {

constexpr const char *kSource = R"py(
import triton
import triton.language as tl

@triton.jit
def scale_kernel(x_ptr, out_ptr, n, factor, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * factor, mask=mask)
)py";

const KernelSpecialization kScale{
    "scale_kernel", "*fp32,*fp32,u32,fp32", {{"BLOCK", "64"}}};

TEST(KernelCompiler, LowersAndNamesTheRuntimeParameters) {
  auto tile = lowerKernelSource("scale.py", kSource, kScale);
  ASSERT_TRUE(tile.ok()) << tile.status().message();
  EXPECT_FALSE(tile->bytecode.empty());
  EXPECT_EQ(tile->entryName, "scale_kernel");
  ASSERT_EQ(tile->params.size(), 4u); // BLOCK is a constexpr
  EXPECT_EQ(tile->params[0].name, "x_ptr");
  EXPECT_EQ(tile->params[0].type, "*fp32");
  EXPECT_TRUE(tile->params[0].isPointer);
  EXPECT_EQ(tile->params[0].dtype, TESSEL_DTYPE_FP32);
  EXPECT_EQ(tile->params[2].name, "n");
  EXPECT_FALSE(tile->params[2].isPointer);
  EXPECT_EQ(tile->params[2].dtype, TESSEL_DTYPE_U32); // unsigned kept apart
  EXPECT_EQ(tile->params[3].dtype, TESSEL_DTYPE_FP32);
}

TEST(KernelCompiler, KeepsTheTileIRTextAndThePassDumpOnRequest) {
  auto plain = lowerKernelSource("scale.py", kSource, kScale);
  ASSERT_TRUE(plain.ok()) << plain.status().message();
  EXPECT_NE(plain->tileIR.find("func.func @scale_kernel"), std::string::npos);
  EXPECT_NE(plain->tileIR.find("tile.store"), std::string::npos);
  EXPECT_TRUE(plain->passDump.empty());

  KernelSpecialization spec = kScale;
  spec.dumpPasses = true;
  auto dumped = lowerKernelSource("scale.py", kSource, spec);
  ASSERT_TRUE(dumped.ok()) << dumped.status().message();
  const std::string &dump = dumped->passDump;
  size_t canonicalize =
      dump.find("// -----// IR Dump After canonicalize (builtin.module) //----- //\n");
  size_t cse = dump.find("// -----// IR Dump After cse (builtin.module) //----- //\n");
  ASSERT_NE(canonicalize, std::string::npos) << dump;
  ASSERT_NE(cse, std::string::npos) << dump;
  EXPECT_LT(canonicalize, cse);
  EXPECT_NE(dump.find("tile.store", cse), std::string::npos);
  // The dump does not change what is compiled.
  EXPECT_EQ(dumped->bytecode, plain->bytecode);
}

TEST(KernelCompiler, ConstexprsChangeTheBytecode) {
  auto a = lowerKernelSource("scale.py", kSource, kScale);
  KernelSpecialization other = kScale;
  other.constexprs["BLOCK"] = "128";
  auto b = lowerKernelSource("scale.py", kSource, other);
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_NE(a->bytecode, b->bytecode);
}

TEST(KernelCompiler, DiagnosticsAreRenderedWithLocations) {
  KernelSpecialization missing = kScale;
  missing.constexprs.clear();
  auto tile = lowerKernelSource("scale.py", kSource, missing);
  ASSERT_FALSE(tile.ok());
  EXPECT_EQ(tile.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(tile.status().message().find("scale.py:6:"), std::string::npos)
      << tile.status().message();
  EXPECT_NE(tile.status().message().find("constexpr parameter 'BLOCK' needs a value"),
            std::string::npos)
      << tile.status().message();

  auto syntax =
      lowerKernelSource("bad.py", "@triton.jit\ndef k(x):\n    y = (\n", kScale);
  ASSERT_FALSE(syntax.ok());
  EXPECT_NE(syntax.status().message().find("bad.py:"), std::string::npos);
}

TEST(KernelCompiler, MissingFileIsNotFound) {
  auto tile = lowerKernelFile("no/such/kernel.py", kScale);
  ASSERT_FALSE(tile.ok());
  EXPECT_EQ(tile.status().code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_NE(tile.status().message().find("no/such/kernel.py"), std::string::npos);
}

// Through the runtime and the CPU plugin: a miss, then a hit of the same
// specialization, then a miss for another constexpr value; the kernel runs.
TEST(KernelCompiler, CompilesThroughTheCacheAndRuns) {
  runtime::RuntimeOptions options;
  options.pluginPaths = {"plugins/cpu/libtessel_cpu.so"};
  options.usePluginPathEnv = false;
  options.useDefaultPluginDir = false;
  options.cacheDir = std::string(std::getenv("TEST_TMPDIR")) + "/cache";
  auto rt = runtime::Runtime::create(options);
  ASSERT_TRUE(rt.ok()) << rt.status().toString();
  auto selection = rt->selectTarget("cpu:x86-64");
  ASSERT_TRUE(selection.ok()) << selection.status().toString();

  auto first = compileKernelSource(*rt, selection->target, "scale.py", kSource, kScale);
  ASSERT_TRUE(first.ok()) << first.status().toString();
  EXPECT_FALSE(first->artifact.record.cacheHit);
  auto second =
      compileKernelSource(*rt, selection->target, "scale.py", kSource, kScale);
  ASSERT_TRUE(second.ok());
  EXPECT_TRUE(second->artifact.record.cacheHit);
  KernelSpecialization other = kScale;
  other.constexprs["BLOCK"] = "32";
  auto third = compileKernelSource(*rt, selection->target, "scale.py", kSource, other);
  ASSERT_TRUE(third.ok());
  EXPECT_FALSE(third->artifact.record.cacheHit);

  auto device = rt->openDevice(*selection);
  ASSERT_TRUE(device.ok());
  auto kernel = runtime::Kernel::load(*device, second->artifact);
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  const int n = 100;
  auto x = device->allocateArray<float>(n);
  auto out = device->allocateArray<float>(n);
  ASSERT_TRUE(x.ok() && out.ok());
  std::vector<float> values(n);
  for (int i = 0; i < n; ++i)
    values[i] = float(i) - 50.0f;
  ASSERT_TRUE(x->write(values).ok());
  // The metadata sees u32 as a 32-bit integer; pass its bits.
  auto launched = runtime::launch(
      *kernel, {2, 1, 1}, {*x, *out, runtime::Arg::scalar(TESSEL_DTYPE_I32, n), 2.5f});
  ASSERT_TRUE(launched.ok()) << launched.toString();
  ASSERT_TRUE(device->synchronize().ok());
  auto result = out->read<float>(n);
  ASSERT_TRUE(result.ok());
  for (int i = 0; i < n; ++i)
    EXPECT_EQ((*result)[i], values[i] * 2.5f) << i;
}

TEST(KernelCompiler, CompileErrorsOfThePluginComeBack) {
  runtime::RuntimeOptions options;
  options.pluginPaths = {"plugins/cpu/libtessel_cpu.so"};
  options.usePluginPathEnv = false;
  options.useDefaultPluginDir = false;
  options.useCache = false;
  auto rt = runtime::Runtime::create(options);
  ASSERT_TRUE(rt.ok());
  plugin_host::Target target{"cpu", "pentium4", {}};
  auto compiled = compileKernelSource(*rt, target, "scale.py", kSource, kScale);
  ASSERT_FALSE(compiled.ok());
  EXPECT_NE(compiled.status().message().find("pentium4"), std::string::npos)
      << compiled.status().toString();
}

TEST(KernelCompiler, RefusesSourceFilesThatAreNotRegularOrTooLarge) {
  // /dev/zero never ends: reading it whole used to end in std::bad_alloc.
  auto zero = lowerKernelFile("/dev/zero", kScale);
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(zero.status().message(),
            "cannot read kernel file '/dev/zero': not a regular file");

  const char *dir = std::getenv("TEST_TMPDIR");
  std::string path = std::string(dir ? dir : ".") + "/scale.py";
  {
    std::FILE *f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs(kSource, f);
    std::fclose(f);
  }
  KernelSpecialization small = kScale;
  small.limits.sourceBytes = 64;
  auto refused = lowerKernelFile(path, small);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(refused.status().message().find("more than the limit of 64 bytes"),
            std::string::npos)
      << refused.status().message();
  auto read = lowerKernelFile(path, kScale);
  EXPECT_TRUE(read.ok()) << read.status().message();
}

} // namespace
} // namespace tessel::compiler
