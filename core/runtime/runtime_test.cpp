// End to end with the test plugins: select a target, compile through the
// cache, load, allocate, launch, read back; and the cache as the Runtime
// uses it (hits, corruption, concurrent processes, TESSEL_CACHE_DIR).
#include "core/runtime/runtime.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "core/runtime/kernel.h"
#include "core/runtime/launch.h"
#include "core/runtime/testing/test_support.h"

namespace tessel::runtime {
namespace {

using testing::ReadFile;
using testing::TestPlugin;
using testing::WriteFile;

RuntimeOptions Options(const std::string& cache_dir,
                       std::vector<std::string> plugins = {"cpu"}) {
  RuntimeOptions options;
  for (const std::string& p : plugins) options.plugin_paths.push_back(TestPlugin(p));
  options.use_plugin_path_env = false;
  options.use_default_plugin_dir = false;
  options.cache_dir = cache_dir;
  options.target_env = "";
  return options;
}

CompileRequest Saxpy(int delay_ms = 0) {
  CompileRequest request;
  request.ir = testing::TestIr("func @saxpy");
  request.entryName = "saxpy";
  if (delay_ms > 0) {
    request.options.extra = {plugin_host::KeyValue::makeInt("cpu.delay_ms", delay_ms)};
  }
  return request;
}

// Loads `artifact` on `device` and runs saxpy on 100 elements; returns y.
std::vector<float> RunSaxpy(const Device& device, const Artifact& artifact) {
  auto kernel = Kernel::Load(device, artifact);
  EXPECT_TRUE(kernel.ok()) << kernel.status().toString();
  if (!kernel.ok()) return {};
  std::vector<float> xs(100), ys(100);
  for (int i = 0; i < 100; ++i) {
    xs[i] = static_cast<float>(i);
    ys[i] = 1.0f;
  }
  auto x = device.AllocateArray<float>(100);
  auto y = device.AllocateArray<float>(100);
  EXPECT_TRUE(x.ok() && y.ok());
  EXPECT_TRUE(x->Write(xs).ok());
  EXPECT_TRUE(y->Write(ys).ok());
  Status launched = Launch(*kernel, {2, 1, 1}, {*y, *x, 0.5f, 100});
  EXPECT_TRUE(launched.ok()) << launched.toString();
  EXPECT_TRUE(device.Synchronize().ok());
  auto out = y->Read<float>(100);
  EXPECT_TRUE(out.ok());
  return out.ok() ? *out : std::vector<float>{};
}

std::vector<float> ExpectedSaxpy() {
  std::vector<float> out(100);
  for (int i = 0; i < 100; ++i) out[i] = 0.5f * static_cast<float>(i) + 1.0f;
  return out;
}

TEST(RuntimeTest, EndToEndThroughTheCache) {
  const std::string cache_dir = testing::MakeTempDir("cache");
  RuntimeOptions options = Options(cache_dir);
  options.target_env = "cpu:x86-64-v3";  // as if TESSEL_TARGET were set
  auto rt = Runtime::Create(options);
  ASSERT_TRUE(rt.ok()) << rt.status().toString();
  auto selection = rt->SelectTarget();
  ASSERT_TRUE(selection.ok()) << selection.status().toString();
  EXPECT_EQ(selection->target.toString(), "cpu:x86-64-v3");
  auto device = rt->OpenDevice(*selection);
  ASSERT_TRUE(device.ok()) << device.status().toString();

  auto cold = rt->Compile(selection->target, Saxpy());
  ASSERT_TRUE(cold.ok()) << cold.status().toString();
  EXPECT_FALSE(cold->record.cache_hit);
  EXPECT_TRUE(cold->record.note.empty()) << cold->record.note;
  EXPECT_EQ(cold->record.cache_key.size(), 64u);
  EXPECT_EQ(cold->record.cache_path.rfind(cache_dir + "/kernels/v1/", 0), 0u);
  struct stat info;
  EXPECT_EQ(stat(cold->record.cache_path.c_str(), &info), 0);
  EXPECT_EQ(cold->kernel.metadata.entryName, "saxpy");
  ASSERT_EQ(cold->kernel.metadata.args.size(), 4u);
  EXPECT_EQ(RunSaxpy(*device, *cold), ExpectedSaxpy());

  auto warm = rt->Compile(selection->target, Saxpy());
  ASSERT_TRUE(warm.ok()) << warm.status().toString();
  EXPECT_TRUE(warm->record.cache_hit);
  EXPECT_EQ(warm->record.cache_key, cold->record.cache_key);
  EXPECT_EQ(warm->kernel.bytes, cold->kernel.bytes);
  EXPECT_EQ(warm->kernel.metadata.args.size(), 4u);
  EXPECT_EQ(warm->record.Summary().rfind("cache hit in ", 0), 0u);
  EXPECT_EQ(RunSaxpy(*device, *warm), ExpectedSaxpy());
  std::printf("cold compile: %s; warm: %s\n", cold->record.Summary().c_str(),
              warm->record.Summary().c_str());

  // A new Runtime (a new process, as far as the cache is concerned) hits.
  auto again = Runtime::Create(options);
  ASSERT_TRUE(again.ok());
  auto third = again->Compile(selection->target, Saxpy());
  ASSERT_TRUE(third.ok());
  EXPECT_TRUE(third->record.cache_hit);
  const CacheStats stats = rt->cache()->stats();
  EXPECT_EQ(stats.hits, 1u);
  EXPECT_EQ(stats.misses, 1u);
  EXPECT_EQ(stats.stores, 1u);
}

// The plugin sleeps 300 ms per compile: a hit must not pay it.
TEST(RuntimeTest, ColdAndWarmCompileTimes) {
  auto rt = Runtime::Create(Options(testing::MakeTempDir("cache")));
  ASSERT_TRUE(rt.ok());
  const plugin_host::Target target{"cpu", "x86-64", {}};
  auto cold = rt->Compile(target, Saxpy(300));
  ASSERT_TRUE(cold.ok()) << cold.status().toString();
  auto warm = rt->Compile(target, Saxpy(300));
  ASSERT_TRUE(warm.ok());
  EXPECT_FALSE(cold->record.cache_hit);
  EXPECT_TRUE(warm->record.cache_hit);
  EXPECT_GE(cold->record.milliseconds, 300.0);
  EXPECT_LT(warm->record.milliseconds, 100.0);
  std::printf("with a 300 ms compile: %s; warm: %s\n",
              cold->record.Summary().c_str(), warm->record.Summary().c_str());
}

TEST(RuntimeTest, WhatChangesTheBinaryMisses) {
  auto rt = Runtime::Create(Options(testing::MakeTempDir("cache"), {"cpu", "amd"}));
  ASSERT_TRUE(rt.ok());
  const plugin_host::Target cpu{"cpu", "x86-64", {}};
  ASSERT_TRUE(rt->Compile(cpu, Saxpy()).ok());
  std::vector<std::pair<std::string, StatusOr<Artifact>>> variants;
  {
    CompileRequest r = Saxpy();
    r.ir.push_back('!');
    variants.emplace_back("ir", rt->Compile(cpu, r));
  }
  {
    CompileRequest r = Saxpy();
    r.irVersionMinor = 1;
    variants.emplace_back("ir version", rt->Compile(cpu, r));
  }
  {
    CompileRequest r = Saxpy();
    r.options.numWarps = 8;
    variants.emplace_back("num_warps", rt->Compile(cpu, r));
  }
  {
    CompileRequest r = Saxpy();
    r.entryName = "iota";
    variants.emplace_back("entry", rt->Compile(cpu, r));
  }
  variants.emplace_back("target", rt->Compile({"cpu", "native", {}}, Saxpy()));
  variants.emplace_back("plugin", rt->Compile({"amd", "gfx942", {}}, Saxpy()));
  std::vector<std::string> keys;
  for (auto& [what, artifact] : variants) {
    ASSERT_TRUE(artifact.ok()) << what << ": " << artifact.status().toString();
    EXPECT_FALSE(artifact->record.cache_hit) << what;
    keys.push_back(artifact->record.cache_key);
  }
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(std::unique(keys.begin(), keys.end()), keys.end());
  // num_warps reached the plugin: the metadata says so.
  EXPECT_EQ(variants[2].second->kernel.metadata.numWarps, 8u);
  EXPECT_TRUE(rt->Compile(cpu, Saxpy()).value().record.cache_hit);
}

TEST(RuntimeTest, CorruptedAndDeletedEntriesAreRecompiled) {
  auto rt = Runtime::Create(Options(testing::MakeTempDir("cache")));
  ASSERT_TRUE(rt.ok());
  auto selection = rt->SelectTarget("cpu:x86-64");
  auto device = rt->OpenDevice(*selection);
  ASSERT_TRUE(device.ok());
  auto first = rt->Compile(selection->target, Saxpy());
  ASSERT_TRUE(first.ok());
  const std::string path = first->record.cache_path;

  std::string bytes = ReadFile(path);
  bytes[bytes.size() / 2] ^= 0x01;
  WriteFile(path, bytes);
  auto after_corruption = rt->Compile(selection->target, Saxpy());
  ASSERT_TRUE(after_corruption.ok()) << after_corruption.status().toString();
  EXPECT_FALSE(after_corruption->record.cache_hit);
  EXPECT_NE(after_corruption->record.note.find("checksum mismatch"),
            std::string::npos)
      << after_corruption->record.note;
  EXPECT_EQ(RunSaxpy(*device, *after_corruption), ExpectedSaxpy());
  EXPECT_TRUE(rt->Compile(selection->target, Saxpy())->record.cache_hit);

  WriteFile(path, bytes.substr(0, 10));  // truncated
  EXPECT_FALSE(rt->Compile(selection->target, Saxpy())->record.cache_hit);
  ASSERT_EQ(unlink(path.c_str()), 0);
  auto after_delete = rt->Compile(selection->target, Saxpy());
  ASSERT_TRUE(after_delete.ok());
  EXPECT_FALSE(after_delete->record.cache_hit);
  EXPECT_TRUE(after_delete->record.note.empty());
  EXPECT_TRUE(rt->Compile(selection->target, Saxpy())->record.cache_hit);
  EXPECT_EQ(rt->cache()->stats().corrupt, 2u);
}

TEST(RuntimeTest, CacheDirFromTheEnvironment) {
  const std::string dir = testing::MakeTempDir("env-cache");
  ASSERT_EQ(setenv("TESSEL_CACHE_DIR", dir.c_str(), 1), 0);
  RuntimeOptions options = Options("");
  options.cache_dir.reset();
  auto rt = Runtime::Create(options);
  ASSERT_EQ(unsetenv("TESSEL_CACHE_DIR"), 0);
  ASSERT_TRUE(rt.ok());
  ASSERT_NE(rt->cache(), nullptr);
  EXPECT_EQ(rt->cache()->root(), dir);
  auto artifact = rt->Compile({"cpu", "x86-64", {}}, Saxpy());
  ASSERT_TRUE(artifact.ok());
  EXPECT_EQ(artifact->record.cache_path.rfind(dir + "/kernels/", 0), 0u);
}

TEST(RuntimeTest, CacheCanBeTurnedOff) {
  RuntimeOptions options = Options("");
  options.use_cache = false;
  auto rt = Runtime::Create(options);
  ASSERT_TRUE(rt.ok());
  EXPECT_EQ(rt->cache(), nullptr);
  for (int i = 0; i < 2; ++i) {
    auto artifact = rt->Compile({"cpu", "x86-64", {}}, Saxpy());
    ASSERT_TRUE(artifact.ok());
    EXPECT_FALSE(artifact->record.cache_hit);
    EXPECT_TRUE(artifact->record.cache_key.empty());
  }
}

int CountLines(const std::string& path) {
  const std::string text = ReadFile(path);
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// Two processes compile the same kernel at the same moment: both succeed and
// run it, and afterwards the entry is a hit.
TEST(RuntimeTest, TwoProcessesCompileTheSameKernelAtOnce) {
  const std::string cache_dir = testing::MakeTempDir("cache");
  const std::string log = testing::MakeTempDir("log") + "/compiles";
  ASSERT_EQ(setenv("RT_TEST_COMPILE_LOG", log.c_str(), 1), 0);
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  std::vector<pid_t> children;
  for (int p = 0; p < 2; ++p) {
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      close(ready[1]);
      char go;
      if (read(ready[0], &go, 1) != 1) _exit(10);
      auto rt = Runtime::Create(Options(cache_dir));
      if (!rt.ok()) _exit(11);
      auto selection = rt->SelectTarget("cpu:x86-64");
      if (!selection.ok()) _exit(12);
      auto artifact = rt->Compile(selection->target, Saxpy(200));
      if (!artifact.ok() || !artifact->record.note.empty()) _exit(13);
      auto device = rt->OpenDevice(*selection);
      if (!device.ok()) _exit(14);
      if (RunSaxpy(*device, *artifact) != ExpectedSaxpy()) _exit(15);
      _exit(artifact->record.cache_hit ? 1 : 0);
    }
    children.push_back(pid);
  }
  close(ready[0]);
  ASSERT_EQ(write(ready[1], "gg", 2), 2);
  close(ready[1]);
  int compiled = 0;
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_LE(WEXITSTATUS(status), 1) << "child failed at step "
                                      << WEXITSTATUS(status);
    compiled += WEXITSTATUS(status) == 0 ? 1 : 0;
  }
  // Both started before either finished its 200 ms compile: both compiled.
  EXPECT_EQ(compiled, 2);
  EXPECT_EQ(CountLines(log), 2);

  auto rt = Runtime::Create(Options(cache_dir));
  ASSERT_TRUE(rt.ok());
  auto artifact = rt->Compile({"cpu", "x86-64", {}}, Saxpy(200));
  ASSERT_TRUE(artifact.ok());
  EXPECT_TRUE(artifact->record.cache_hit);
  EXPECT_EQ(CountLines(log), 2);  // the plugin was not called again
  ASSERT_EQ(unsetenv("RT_TEST_COMPILE_LOG"), 0);
}

TEST(RuntimeTest, CompileInAChildProcess) {
  RuntimeOptions options = Options(testing::MakeTempDir("cache"));
  options.compile_in_child_process = true;
  auto rt = Runtime::Create(options);
  ASSERT_TRUE(rt.ok());
  auto selection = rt->SelectTarget("cpu:x86-64");
  auto device = rt->OpenDevice(*selection);
  ASSERT_TRUE(device.ok());
  auto artifact = rt->Compile(selection->target, Saxpy());
  ASSERT_TRUE(artifact.ok()) << artifact.status().toString();
  EXPECT_FALSE(artifact->record.cache_hit);
  EXPECT_EQ(RunSaxpy(*device, *artifact), ExpectedSaxpy());
  EXPECT_TRUE(rt->Compile(selection->target, Saxpy())->record.cache_hit);
}

TEST(RuntimeTest, CompileErrorsComeFromThePluginAndAreNotCached) {
  auto rt = Runtime::Create(Options(testing::MakeTempDir("cache")));
  ASSERT_TRUE(rt.ok());
  CompileRequest request = Saxpy();
  request.entryName = "no_such_kernel";
  auto failed = rt->Compile({"cpu", "x86-64", {}}, request);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.status().code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_NE(failed.status().message().find(TestPlugin("cpu/libtessel_cpu.so")),
            std::string::npos);
  EXPECT_NE(failed.status().message().find("no kernel 'no_such_kernel'"),
            std::string::npos);
  EXPECT_EQ(rt->cache()->stats().stores, 0u);

  auto absent = rt->Compile({"nope", "x", {}}, Saxpy());
  ASSERT_FALSE(absent.ok());
  EXPECT_NE(absent.status().message().find(
                "no plugin 'nope' for target 'nope:x'; available: cpu "
                "(cpu:x86-64, cpu:x86-64-v3, cpu:native) from "),
            std::string::npos)
      << absent.status().message();
}

// A runtime-only plugin cannot compile, but runs what the cache holds for it
// (as a machine without LLVM would with a cache filled elsewhere).
TEST(RuntimeTest, RuntimeOnlyPluginRunsFromTheCache) {
  const std::string cache_dir = testing::MakeTempDir("cache");
  auto rt = Runtime::Create(Options(cache_dir, {"runtime_only", "cpu"}));
  ASSERT_TRUE(rt.ok());
  auto selection = rt->SelectTarget("beta:b1");
  ASSERT_TRUE(selection.ok()) << selection.status().toString();
  auto missing = rt->Compile(selection->target, Saxpy());
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("has no compiler half"),
            std::string::npos);

  // Fill the entry the way a machine with the compiler would have: the code
  // (the test plugins share one format) under beta's key.
  auto code = rt->Compile({"cpu", "x86-64", {}}, Saxpy());
  ASSERT_TRUE(code.ok());
  const plugin_host::LoadedPlugin& beta = *rt->plugin(selection->plugin_index);
  CompileRequest request = Saxpy();
  CacheKeyFields fields;
  fields.ir = std::string_view(reinterpret_cast<const char*>(request.ir.data()),
                               request.ir.size());
  fields.ir_format = request.irFormat;
  fields.ir_version = tile::TileVersion{request.irVersionMajor, request.irVersionMinor};
  fields.target = "beta:b1";
  fields.options = request.options;
  fields.entry_name = request.entryName;
  fields.plugin_name = beta.name();
  fields.plugin_version = beta.version();
  fields.plugin_abi_major = beta.abiMajor();
  fields.plugin_abi_minor = beta.abiMinor();
  fields.host_abi_major = beta.hostAbi().major;
  fields.host_abi_minor = beta.hostAbi().minor;
  ASSERT_TRUE(rt->cache()
                  ->Store(ComputeCacheKey(fields), CacheEntry{"beta:b1", code->kernel})
                  .ok());

  auto hit = rt->Compile(selection->target, request);
  ASSERT_TRUE(hit.ok()) << hit.status().toString();
  EXPECT_TRUE(hit->record.cache_hit);
  auto device = rt->OpenDevice(*selection);
  ASSERT_TRUE(device.ok());
  EXPECT_EQ(RunSaxpy(*device, *hit), ExpectedSaxpy());
}

TEST(RuntimeTest, ObjectsOutliveTheRuntime) {
  std::optional<Device> device;
  std::optional<Artifact> artifact;
  {
    auto rt = Runtime::Create(Options(testing::MakeTempDir("cache")));
    ASSERT_TRUE(rt.ok());
    auto selection = rt->SelectTarget("cpu:x86-64");
    device.emplace(*rt->OpenDevice(*selection));
    artifact.emplace(*rt->Compile(selection->target, Saxpy()));
  }
  EXPECT_EQ(RunSaxpy(*device, *artifact), ExpectedSaxpy());
}

}  // namespace
}  // namespace tessel::runtime
