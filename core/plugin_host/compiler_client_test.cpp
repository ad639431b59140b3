// The compiler half through the host, in process and in a child process,
// against the C test plugin; and the child-process mode turning a plugin
// crash or hang into an error.
#include "core/plugin_host/compiler_client.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/plugin_host/isolated_calls.h"
#include "core/plugin_host/testing/test_paths.h"

namespace tessel::plugin_host {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::TestPluginPath;

std::shared_ptr<LoadedPlugin> LoadOrDie(const std::string& file) {
  auto plugin = LoadedPlugin::Load(TestPluginPath(file));
  EXPECT_TRUE(plugin.ok()) << plugin.status().ToString();
  return plugin.ok() ? *plugin : nullptr;
}

CompileRequest HostMemRequest() {
  CompileRequest request;
  request.target = Target{"hostmem", "hm1", {"wide"}};
  request.options.num_warps = 8;
  request.ir_version_major = 1;
  request.ir_version_minor = 2;
  request.ir = {0xde, 0xad, 0xbe, 0xef};
  request.entry_name = "add_kernel";
  return request;
}

void ExpectHostMemKernel(const CompiledKernel& kernel) {
  EXPECT_THAT(kernel.bytes,
              ElementsAre('H', 'M', 'E', 'C', 0xde, 0xad, 0xbe, 0xef));
  const KernelMetadata& m = kernel.metadata;
  EXPECT_EQ(m.entry_name, "add_kernel");
  EXPECT_EQ(m.num_warps, 8u);
  EXPECT_EQ(m.warp_size, 32u);
  EXPECT_EQ(m.threads_per_block, 256u);
  EXPECT_EQ(m.shared_mem_bytes, 1024u);
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
  auto plugin = LoadOrDie("libtessel_hostmem.so");
  StatusOr<CompilerInfo> info = GetCompilerInfo(*plugin);
  ASSERT_TRUE(info.ok()) << info.status().ToString();
  ASSERT_EQ(info->targets.size(), 1u);
  EXPECT_EQ(info->targets[0].arch, "hm1");
  EXPECT_THAT(info->targets[0].features, ElementsAre("wide"));
  ASSERT_EQ(info->ir_formats.size(), 1u);
  EXPECT_EQ(info->ir_formats[0].format, TESSEL_IR_FORMAT_TILE_MLIRBC);
  EXPECT_EQ(info->ir_formats[0].version_major, 1u);
  EXPECT_EQ(info->ir_formats[0].max_version_minor, 3u);
  EXPECT_EQ(info->artifact_format, "hm-echo");
}

TEST(CompilerClientTest, CompileCopiesArtifactAndMetadata) {
  auto plugin = LoadOrDie("libtessel_hostmem.so");
  StatusOr<CompiledKernel> kernel = Compile(*plugin, HostMemRequest());
  ASSERT_TRUE(kernel.ok()) << kernel.status().ToString();
  ExpectHostMemKernel(*kernel);
}

TEST(CompilerClientTest, CompileErrorNamesPluginAndEntry) {
  auto plugin = LoadOrDie("libtessel_hostmem.so");
  CompileRequest request = HostMemRequest();
  request.target.arch = "hm9";
  StatusOr<CompiledKernel> kernel = Compile(*plugin, request);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(kernel.status().message(),
              AllOf(HasSubstr(plugin->path()),
                    HasSubstr("compile: unknown target arch 'hm9'")));
}

TEST(CompilerClientTest, ValidateArtifact) {
  auto plugin = LoadOrDie("libtessel_hostmem.so");
  StatusOr<CompiledKernel> kernel = Compile(*plugin, HostMemRequest());
  ASSERT_TRUE(kernel.ok());
  const Target target{"hostmem", "hm1", {}};
  EXPECT_TRUE(
      ValidateArtifact(*plugin, target, kernel->bytes, &kernel->metadata).ok());
  Status bad = ValidateArtifact(*plugin, target, {1, 2, 3, 4}, nullptr);
  EXPECT_EQ(bad.code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(bad.message(), HasSubstr("bad magic"));
}

TEST(CompilerClientTest, TuningSpace) {
  auto plugin = LoadOrDie("libtessel_hostmem.so");
  TuningRequest request;
  request.target = Target{"hostmem", "hm1", {}};
  request.entry_name = "matmul";
  request.tunables = {"BLOCK_M", "BLOCK_N"};
  request.problem = {KeyValue::Int("M", 4096)};
  StatusOr<TuningSpace> space = GetTuningSpace(*plugin, request);
  ASSERT_TRUE(space.ok()) << space.status().ToString();
  ASSERT_EQ(space->defaults.size(), 2u);
  EXPECT_EQ(space->defaults[0].options.num_warps, 4);
  EXPECT_EQ(space->defaults[1].options.num_warps, 8);
  ASSERT_EQ(space->defaults[0].values.size(), 1u);
  EXPECT_EQ(space->defaults[0].values[0].key, "BLOCK_M");
  EXPECT_EQ(space->defaults[0].values[0].int_value, 64);
  ASSERT_EQ(space->params.size(), 2u);
  EXPECT_EQ(space->params[1].name, "BLOCK_N");
  EXPECT_THAT(space->params[1].values, ElementsAre(32, 64, 128));
}

TEST(IsolatedCallsTest, CompileInChildProcessReturnsTheSameResult) {
  auto plugin = LoadOrDie("libtessel_hostmem.so");
  StatusOr<CompiledKernel> kernel =
      CompileInChildProcess(*plugin, HostMemRequest());
  ASSERT_TRUE(kernel.ok()) << kernel.status().ToString();
  ExpectHostMemKernel(*kernel);
}

TEST(IsolatedCallsTest, CompileErrorCrossesTheProcessBoundary) {
  auto plugin = LoadOrDie("libtessel_hostmem.so");
  CompileRequest request = HostMemRequest();
  request.ir_version_major = 2;
  StatusOr<CompiledKernel> kernel = CompileInChildProcess(*plugin, request);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(kernel.status().message(),
              AllOf(HasSubstr(plugin->path()),
                    HasSubstr("unsupported IR tile-mlirbc 2.2")));
}

TEST(IsolatedCallsTest, CrashingCompileBecomesAnError) {
  auto plugin = LoadOrDie("libcrash_in_compile.so");
  StatusOr<CompiledKernel> kernel =
      CompileInChildProcess(*plugin, HostMemRequest());
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().code(), TESSEL_ERROR_ABORTED);
  EXPECT_THAT(kernel.status().message(),
              AllOf(HasSubstr("plugin '" + plugin->path() + "': compile"),
                    HasSubstr("crashed: killed by signal 11")));
  // The host is still alive and the plugin still usable for other entries.
  EXPECT_TRUE(GetCompilerInfo(*plugin).ok());
}

TEST(IsolatedCallsTest, HangingCompileIsKilledAtTheDeadline) {
  auto plugin = LoadOrDie("libtessel_hostmem.so");
  CompileRequest request = HostMemRequest();
  request.entry_name = "hang";
  ChildProcessOptions options;
  options.timeout_ms = 300;
  StatusOr<CompiledKernel> kernel =
      CompileInChildProcess(*plugin, request, options);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().code(), TESSEL_ERROR_DEADLINE_EXCEEDED);
  EXPECT_THAT(kernel.status().message(),
              AllOf(HasSubstr(plugin->path()),
                    HasSubstr("did not finish within 300 ms")));
}

TEST(IsolatedCallsTest, ValidateInChildProcess) {
  auto plugin = LoadOrDie("libtessel_hostmem.so");
  const Target target{"hostmem", "hm1", {}};
  EXPECT_TRUE(ValidateArtifactInChildProcess(*plugin, target,
                                             {'H', 'M', 'E', 'C'}, nullptr)
                  .ok());
  Status bad = ValidateArtifactInChildProcess(*plugin, target, {0}, nullptr);
  EXPECT_EQ(bad.code(), TESSEL_ERROR_INVALID_ARGUMENT);
}

}  // namespace
}  // namespace tessel::plugin_host
