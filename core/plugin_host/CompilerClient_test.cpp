//===- CompilerClient_test.cpp - Tests of the compiler half ---------------===//
//
// The compiler half through the host, in process and in a child process,
// against the C test plugin; and the child-process mode turning a plugin
// crash or hang into an error.
//
//===----------------------------------------------------------------------===//

#include "core/plugin_host/CompilerClient.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/plugin_host/IsolatedCalls.h"
#include "core/plugin_host/testing/TestPaths.h"

namespace tessel::plugin_host {
namespace {

// What a SIGSEGV kills a child with: a sanitizer build reports it and aborts.
#if defined(__SANITIZE_ADDRESS__)
constexpr const char *kSegvSignal = "(11|6) ";
#else
constexpr const char *kSegvSignal = "11 ";
#endif

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::testPluginPath;

std::shared_ptr<LoadedPlugin> loadOrDie(const std::string &file) {
  auto plugin = LoadedPlugin::load(testPluginPath(file));
  EXPECT_TRUE(plugin.ok()) << plugin.status().toString();
  return plugin.ok() ? *plugin : nullptr;
}

CompileRequest hostMemRequest() {
  CompileRequest request;
  request.target = Target{"hostmem", "hm1", {"wide"}};
  request.options.numWarps = 8;
  request.irVersionMajor = 1;
  request.irVersionMinor = 2;
  request.ir = {0xde, 0xad, 0xbe, 0xef};
  request.entryName = "add_kernel";
  return request;
}

void expectHostMemKernel(const CompiledKernel &kernel) {
  EXPECT_THAT(kernel.bytes, ElementsAre('H', 'M', 'E', 'C', 0xde, 0xad, 0xbe, 0xef));
  const KernelMetadata &m = kernel.metadata;
  EXPECT_EQ(m.entryName, "add_kernel");
  EXPECT_EQ(m.numWarps, 8u);
  EXPECT_EQ(m.warpSize, 32u);
  EXPECT_EQ(m.threadsPerBlock, 256u);
  EXPECT_EQ(m.sharedMemBytes, 1024u);
  ASSERT_EQ(m.args.size(), 2u);
  EXPECT_EQ(m.args[0].name, "x");
  EXPECT_EQ(m.args[0].kind, TESSEL_ARG_POINTER);
  EXPECT_EQ(m.args[0].dtype, TESSEL_DTYPE_FP32);
  EXPECT_EQ(m.args[0].divisibility, 16u);
  EXPECT_EQ(m.args[1].kind, TESSEL_ARG_SCALAR);
  EXPECT_EQ(m.args[1].dtype, TESSEL_DTYPE_I32);
  EXPECT_EQ(m.args[1].size, 4u);
}

TEST(CompilerClientTest, CompilerInfo) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  StatusOr<CompilerInfo> info = getCompilerInfo(*plugin);
  ASSERT_TRUE(info.ok()) << info.status().toString();
  ASSERT_EQ(info->targets.size(), 1u);
  EXPECT_EQ(info->targets[0].arch, "hm1");
  EXPECT_THAT(info->targets[0].features, ElementsAre("wide"));
  ASSERT_EQ(info->irFormats.size(), 1u);
  EXPECT_EQ(info->irFormats[0].format, TESSEL_IR_FORMAT_TILE_MLIRBC);
  EXPECT_EQ(info->irFormats[0].versionMajor, 1u);
  EXPECT_EQ(info->irFormats[0].maxVersionMinor, 3u);
  EXPECT_EQ(info->artifactFormat, "hm-echo");
  EXPECT_THAT(info->stages, ElementsAre("echo"));
}

TEST(CompilerClientTest, CompileCopiesArtifactAndMetadata) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  StatusOr<CompiledKernel> kernel = compile(*plugin, hostMemRequest());
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  expectHostMemKernel(*kernel);
}

TEST(CompilerClientTest, NoStagesUnlessAsked) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  StatusOr<CompiledKernel> kernel = compile(*plugin, hostMemRequest());
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  EXPECT_TRUE(kernel->stages.empty());
}

TEST(CompilerClientTest, StagesComeBackThroughTheArtifact) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  CompileRequest request = hostMemRequest();
  request.stageFlags = TESSEL_STAGES_KEEP | TESSEL_STAGES_PASSES;
  StatusOr<CompiledKernel> kernel = compile(*plugin, request);
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  expectHostMemKernel(*kernel);
  ASSERT_EQ(kernel->stages.size(), 1u);
  EXPECT_EQ(kernel->stages[0].name, "echo");
  EXPECT_EQ(kernel->stages[0].fileSuffix, ".echo");
  // The plugin saw the request's flags.
  EXPECT_EQ(kernel->stages[0].data, "flags=3");
}

TEST(CompilerClientTest, PluginOfMinor1GetsNoExtension) {
  auto plugin = loadOrDie("libminor_1.so");
  ASSERT_EQ(plugin->abiMinor(), 1u);
  CompileRequest request = hostMemRequest();
  request.stageFlags = TESSEL_STAGES_KEEP;
  StatusOr<CompiledKernel> kernel = compile(*plugin, request);
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  EXPECT_TRUE(kernel->stages.empty());
}

TEST(CompilerClientTest, CompileErrorNamesPluginAndEntry) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  CompileRequest request = hostMemRequest();
  request.target.arch = "hm9";
  StatusOr<CompiledKernel> kernel = compile(*plugin, request);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(kernel.status().message(),
              AllOf(HasSubstr(plugin->path()),
                    HasSubstr("compile: unknown target arch 'hm9'")));
}

TEST(CompilerClientTest, ValidateArtifact) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  StatusOr<CompiledKernel> kernel = compile(*plugin, hostMemRequest());
  ASSERT_TRUE(kernel.ok());
  const Target target{"hostmem", "hm1", {}};
  EXPECT_TRUE(validateArtifact(*plugin, target, kernel->bytes, &kernel->metadata).ok());
  Status bad = validateArtifact(*plugin, target, {1, 2, 3, 4}, nullptr);
  EXPECT_EQ(bad.code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(bad.message(), HasSubstr("bad magic"));
}

TEST(CompilerClientTest, TuningSpace) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  TuningRequest request;
  request.target = Target{"hostmem", "hm1", {}};
  request.entryName = "matmul";
  request.tunables = {"BLOCK_M", "BLOCK_N"};
  request.problem = {KeyValue::makeInt("M", 4096)};
  StatusOr<TuningSpace> space = getTuningSpace(*plugin, request);
  ASSERT_TRUE(space.ok()) << space.status().toString();
  ASSERT_EQ(space->defaults.size(), 2u);
  EXPECT_EQ(space->defaults[0].options.numWarps, 4);
  EXPECT_EQ(space->defaults[1].options.numWarps, 8);
  ASSERT_EQ(space->defaults[0].values.size(), 1u);
  EXPECT_EQ(space->defaults[0].values[0].key, "BLOCK_M");
  EXPECT_EQ(space->defaults[0].values[0].intValue, 64);
  ASSERT_EQ(space->params.size(), 2u);
  EXPECT_EQ(space->params[1].name, "BLOCK_N");
  EXPECT_THAT(space->params[1].values, ElementsAre(32, 64, 128));
}

TEST(IsolatedCallsTest, CompileInChildProcessReturnsTheSameResult) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  StatusOr<CompiledKernel> kernel = compileInChildProcess(*plugin, hostMemRequest());
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  expectHostMemKernel(*kernel);
}

TEST(IsolatedCallsTest, StagesCrossTheProcessBoundary) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  CompileRequest request = hostMemRequest();
  request.stageFlags = TESSEL_STAGES_KEEP | TESSEL_STAGES_PASSES;
  StatusOr<CompiledKernel> kernel = compileInChildProcess(*plugin, request);
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  expectHostMemKernel(*kernel);
  ASSERT_EQ(kernel->stages.size(), 1u);
  EXPECT_EQ(kernel->stages[0].name, "echo");
  EXPECT_EQ(kernel->stages[0].fileSuffix, ".echo");
  EXPECT_EQ(kernel->stages[0].data, "flags=3");
}

TEST(IsolatedCallsTest, CompileErrorCrossesTheProcessBoundary) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  CompileRequest request = hostMemRequest();
  request.irVersionMajor = 2;
  StatusOr<CompiledKernel> kernel = compileInChildProcess(*plugin, request);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(
      kernel.status().message(),
      AllOf(HasSubstr(plugin->path()), HasSubstr("unsupported IR tile-mlirbc 2.2")));
}

TEST(IsolatedCallsTest, CrashingCompileBecomesAnError) {
  auto plugin = loadOrDie("libcrash_in_compile.so");
  StatusOr<CompiledKernel> kernel = compileInChildProcess(*plugin, hostMemRequest());
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().code(), TESSEL_ERROR_ABORTED);
  EXPECT_THAT(kernel.status().message(),
              AllOf(HasSubstr("plugin '" + plugin->path() + "': compile"),
                    ::testing::ContainsRegex(std::string("crashed: killed by signal ") +
                                             kSegvSignal)));
  // The host is still alive and the plugin still usable for other entries.
  EXPECT_TRUE(getCompilerInfo(*plugin).ok());
}

TEST(IsolatedCallsTest, HangingCompileIsKilledAtTheDeadline) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  CompileRequest request = hostMemRequest();
  request.entryName = "hang";
  ChildProcessOptions options;
  options.timeoutMs = 300;
  StatusOr<CompiledKernel> kernel = compileInChildProcess(*plugin, request, options);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().code(), TESSEL_ERROR_DEADLINE_EXCEEDED);
  EXPECT_THAT(
      kernel.status().message(),
      AllOf(HasSubstr(plugin->path()), HasSubstr("did not finish within 300 ms")));
}

TEST(IsolatedCallsTest, ValidateInChildProcess) {
  auto plugin = loadOrDie("libtessel_hostmem.so");
  const Target target{"hostmem", "hm1", {}};
  EXPECT_TRUE(
      validateArtifactInChildProcess(*plugin, target, {'H', 'M', 'E', 'C'}, nullptr)
          .ok());
  Status bad = validateArtifactInChildProcess(*plugin, target, {0}, nullptr);
  EXPECT_EQ(bad.code(), TESSEL_ERROR_INVALID_ARGUMENT);
}

} // namespace
} // namespace tessel::plugin_host
