//===- Runtime_test.cpp - Tests of the host API entry point ---------------===//
//
// End to end with the test plugins: select a target, compile through the
// cache, load, allocate, launch, read back; and the cache as the Runtime
// uses it (hits, corruption, concurrent processes, TESSEL_CACHE_DIR).
//
//===----------------------------------------------------------------------===//

#include "core/runtime/Runtime.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "core/runtime/Kernel.h"
#include "core/runtime/Launch.h"
#include "core/runtime/testing/TestSupport.h"

namespace tessel::runtime {
namespace {

using testing::readFile;
using testing::testPlugin;
using testing::writeFile;

RuntimeOptions testOptions(const std::string &cacheDir,
                           std::vector<std::string> plugins = {"cpu"}) {
  RuntimeOptions options;
  for (const std::string &p : plugins)
    options.pluginPaths.push_back(testPlugin(p));
  options.usePluginPathEnv = false;
  options.useDefaultPluginDir = false;
  options.cacheDir = cacheDir;
  options.targetEnv = "";
  return options;
}

CompileRequest saxpy(int delayMs = 0) {
  CompileRequest request;
  request.ir = testing::testIr("func @saxpy");
  request.entryName = "saxpy";
  if (delayMs > 0) {
    request.options.extra = {plugin_host::KeyValue::makeInt("cpu.delay_ms", delayMs)};
  }
  return request;
}

// Loads `artifact` on `device` and runs saxpy on 100 elements; returns y.
std::vector<float> runSaxpy(const Device &device, const Artifact &artifact) {
  auto kernel = Kernel::load(device, artifact);
  EXPECT_TRUE(kernel.ok()) << kernel.status().toString();
  if (!kernel.ok())
    return {};
  std::vector<float> xs(100), ys(100);
  for (int i = 0; i < 100; ++i) {
    xs[i] = static_cast<float>(i);
    ys[i] = 1.0f;
  }
  auto x = device.allocateArray<float>(100);
  auto y = device.allocateArray<float>(100);
  EXPECT_TRUE(x.ok() && y.ok());
  EXPECT_TRUE(x->write(xs).ok());
  EXPECT_TRUE(y->write(ys).ok());
  Status launched = launch(*kernel, {2, 1, 1}, {*y, *x, 0.5f, 100});
  EXPECT_TRUE(launched.ok()) << launched.toString();
  EXPECT_TRUE(device.synchronize().ok());
  auto out = y->read<float>(100);
  EXPECT_TRUE(out.ok());
  return out.ok() ? *out : std::vector<float>{};
}

std::vector<float> expectedSaxpy() {
  std::vector<float> out(100);
  for (int i = 0; i < 100; ++i)
    out[i] = 0.5f * static_cast<float>(i) + 1.0f;
  return out;
}

TEST(RuntimeTest, EndToEndThroughTheCache) {
  const std::string cacheDir = testing::makeTempDir("cache");
  RuntimeOptions options = testOptions(cacheDir);
  options.targetEnv = "cpu:x86-64-v3"; // as if TESSEL_TARGET were set
  auto rt = Runtime::create(options);
  ASSERT_TRUE(rt.ok()) << rt.status().toString();
  auto selection = rt->selectTarget();
  ASSERT_TRUE(selection.ok()) << selection.status().toString();
  EXPECT_EQ(selection->target.toString(), "cpu:x86-64-v3");
  auto device = rt->openDevice(*selection);
  ASSERT_TRUE(device.ok()) << device.status().toString();

  auto cold = rt->compile(selection->target, saxpy());
  ASSERT_TRUE(cold.ok()) << cold.status().toString();
  EXPECT_FALSE(cold->record.cacheHit);
  EXPECT_TRUE(cold->record.note.empty()) << cold->record.note;
  EXPECT_EQ(cold->record.cacheKey.size(), 64u);
  EXPECT_EQ(cold->record.cachePath.rfind(cacheDir + "/kernels/v1/", 0), 0u);
  struct stat info;
  EXPECT_EQ(stat(cold->record.cachePath.c_str(), &info), 0);
  EXPECT_EQ(cold->kernel.metadata.entryName, "saxpy");
  ASSERT_EQ(cold->kernel.metadata.args.size(), 4u);
  EXPECT_EQ(runSaxpy(*device, *cold), expectedSaxpy());

  auto warm = rt->compile(selection->target, saxpy());
  ASSERT_TRUE(warm.ok()) << warm.status().toString();
  EXPECT_TRUE(warm->record.cacheHit);
  EXPECT_EQ(warm->record.cacheKey, cold->record.cacheKey);
  EXPECT_EQ(warm->kernel.bytes, cold->kernel.bytes);
  EXPECT_EQ(warm->kernel.metadata.args.size(), 4u);
  EXPECT_EQ(warm->record.summary().rfind("cache hit in ", 0), 0u);
  EXPECT_EQ(runSaxpy(*device, *warm), expectedSaxpy());
  std::printf("cold compile: %s; warm: %s\n", cold->record.summary().c_str(),
              warm->record.summary().c_str());

  // A new Runtime (a new process, as far as the cache is concerned) hits.
  auto again = Runtime::create(options);
  ASSERT_TRUE(again.ok());
  auto third = again->compile(selection->target, saxpy());
  ASSERT_TRUE(third.ok());
  EXPECT_TRUE(third->record.cacheHit);
  const CacheStats stats = rt->cache()->stats();
  EXPECT_EQ(stats.hits, 1u);
  EXPECT_EQ(stats.misses, 1u);
  EXPECT_EQ(stats.stores, 1u);
}

// The plugin sleeps 300 ms per compile: a hit must not pay it.
// A cache entry keeps no stages: asking for them compiles (the test plugin
// keeps none; CompilerClient_test checks that stages come back), under the
// same key, and leaves the entry usable by plain requests.
TEST(RuntimeTest, StagesAreCompiledEvenWhenCached) {
  const std::string cacheDir = testing::makeTempDir("cache");
  auto rt = Runtime::create(testOptions(cacheDir));
  ASSERT_TRUE(rt.ok()) << rt.status().toString();
  const plugin_host::Target cpu{"cpu", "x86-64", {}};
  auto cold = rt->compile(cpu, saxpy());
  ASSERT_TRUE(cold.ok()) << cold.status().toString();
  EXPECT_TRUE(cold->kernel.stages.empty());
  CompileRequest withStages = saxpy();
  withStages.stageFlags = TESSEL_STAGES_KEEP;
  auto kept = rt->compile(cpu, withStages);
  ASSERT_TRUE(kept.ok()) << kept.status().toString();
  EXPECT_FALSE(kept->record.cacheHit);
  EXPECT_EQ(kept->record.cacheKey, cold->record.cacheKey);
  EXPECT_EQ(kept->kernel.bytes, cold->kernel.bytes);
  EXPECT_TRUE(rt->compile(cpu, saxpy())->record.cacheHit);
}

TEST(RuntimeTest, ColdAndWarmCompileTimes) {
  auto rt = Runtime::create(testOptions(testing::makeTempDir("cache")));
  ASSERT_TRUE(rt.ok());
  const plugin_host::Target target{"cpu", "x86-64", {}};
  auto cold = rt->compile(target, saxpy(300));
  ASSERT_TRUE(cold.ok()) << cold.status().toString();
  auto warm = rt->compile(target, saxpy(300));
  ASSERT_TRUE(warm.ok());
  EXPECT_FALSE(cold->record.cacheHit);
  EXPECT_TRUE(warm->record.cacheHit);
  EXPECT_GE(cold->record.milliseconds, 300.0);
  EXPECT_LT(warm->record.milliseconds, 100.0);
  std::printf("with a 300 ms compile: %s; warm: %s\n", cold->record.summary().c_str(),
              warm->record.summary().c_str());
}

TEST(RuntimeTest, WhatChangesTheBinaryMisses) {
  auto rt = Runtime::create(testOptions(testing::makeTempDir("cache"), {"cpu", "amd"}));
  ASSERT_TRUE(rt.ok());
  const plugin_host::Target cpu{"cpu", "x86-64", {}};
  ASSERT_TRUE(rt->compile(cpu, saxpy()).ok());
  std::vector<std::pair<std::string, StatusOr<Artifact>>> variants;
  {
    CompileRequest r = saxpy();
    r.ir.push_back('!');
    variants.emplace_back("ir", rt->compile(cpu, r));
  }
  {
    CompileRequest r = saxpy();
    r.irVersionMinor = tile::kTileVersion.minor + 1;
    variants.emplace_back("ir version", rt->compile(cpu, r));
  }
  {
    CompileRequest r = saxpy();
    r.options.numWarps = 8;
    variants.emplace_back("num_warps", rt->compile(cpu, r));
  }
  {
    CompileRequest r = saxpy();
    r.entryName = "iota";
    variants.emplace_back("entry", rt->compile(cpu, r));
  }
  variants.emplace_back("target", rt->compile({"cpu", "native", {}}, saxpy()));
  variants.emplace_back("plugin", rt->compile({"amd", "gfx942", {}}, saxpy()));
  std::vector<std::string> keys;
  for (auto &[what, artifact] : variants) {
    ASSERT_TRUE(artifact.ok()) << what << ": " << artifact.status().toString();
    EXPECT_FALSE(artifact->record.cacheHit) << what;
    keys.push_back(artifact->record.cacheKey);
  }
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(std::unique(keys.begin(), keys.end()), keys.end());
  // num_warps reached the plugin: the metadata says so.
  EXPECT_EQ(variants[2].second->kernel.metadata.numWarps, 8u);
  EXPECT_TRUE(rt->compile(cpu, saxpy()).value().record.cacheHit);
}

TEST(RuntimeTest, ABarePluginNameStandsForItsDeviceTarget) {
  auto rt = Runtime::create(testOptions(testing::makeTempDir("cache")));
  ASSERT_TRUE(rt.ok());
  auto bare = rt->selectTarget("cpu");
  ASSERT_TRUE(bare.ok()) << bare.status().toString();
  EXPECT_EQ(bare->target.plugin, "cpu");
  // This plugin names its device by the CPU's own arch, which is not one of
  // its targets: the bare name then means its first target.
  const PluginOffer &offer = rt->plugins()[bare->pluginIndex];
  ASSERT_FALSE(offer.targetArchs.empty());
  const bool deviceIsATarget =
      !offer.deviceArchs.empty() &&
      std::find(offer.targetArchs.begin(), offer.targetArchs.end(),
                offer.deviceArchs.front()) != offer.targetArchs.end();
  EXPECT_EQ(bare->target.arch,
            deviceIsATarget ? offer.deviceArchs.front() : offer.targetArchs.front());
  // An unknown name is an error that names what there is.
  auto unknown = rt->selectTarget("acme");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_NE(unknown.status().message().find("no plugin named 'acme' is installed "
                                            "(plugins: cpu)"),
            std::string::npos)
      << unknown.status().message();
}

TEST(RuntimeTest, CorruptedAndDeletedEntriesAreRecompiled) {
  auto rt = Runtime::create(testOptions(testing::makeTempDir("cache")));
  ASSERT_TRUE(rt.ok());
  auto selection = rt->selectTarget("cpu:x86-64");
  auto device = rt->openDevice(*selection);
  ASSERT_TRUE(device.ok());
  auto first = rt->compile(selection->target, saxpy());
  ASSERT_TRUE(first.ok());
  const std::string path = first->record.cachePath;

  std::string bytes = readFile(path);
  bytes[bytes.size() / 2] ^= 0x01;
  writeFile(path, bytes);
  auto afterCorruption = rt->compile(selection->target, saxpy());
  ASSERT_TRUE(afterCorruption.ok()) << afterCorruption.status().toString();
  EXPECT_FALSE(afterCorruption->record.cacheHit);
  EXPECT_NE(afterCorruption->record.note.find("checksum mismatch"), std::string::npos)
      << afterCorruption->record.note;
  EXPECT_EQ(runSaxpy(*device, *afterCorruption), expectedSaxpy());
  EXPECT_TRUE(rt->compile(selection->target, saxpy())->record.cacheHit);

  writeFile(path, bytes.substr(0, 10)); // truncated
  EXPECT_FALSE(rt->compile(selection->target, saxpy())->record.cacheHit);
  ASSERT_EQ(unlink(path.c_str()), 0);
  auto afterDelete = rt->compile(selection->target, saxpy());
  ASSERT_TRUE(afterDelete.ok());
  EXPECT_FALSE(afterDelete->record.cacheHit);
  EXPECT_TRUE(afterDelete->record.note.empty());
  EXPECT_TRUE(rt->compile(selection->target, saxpy())->record.cacheHit);
  EXPECT_EQ(rt->cache()->stats().corrupt, 2u);
}

TEST(RuntimeTest, CacheDirFromTheEnvironment) {
  const std::string dir = testing::makeTempDir("env-cache");
  ASSERT_EQ(setenv("TESSEL_CACHE_DIR", dir.c_str(), 1), 0);
  RuntimeOptions options = testOptions("");
  options.cacheDir.reset();
  auto rt = Runtime::create(options);
  ASSERT_EQ(unsetenv("TESSEL_CACHE_DIR"), 0);
  ASSERT_TRUE(rt.ok());
  ASSERT_NE(rt->cache(), nullptr);
  EXPECT_EQ(rt->cache()->root(), dir);
  auto artifact = rt->compile({"cpu", "x86-64", {}}, saxpy());
  ASSERT_TRUE(artifact.ok());
  EXPECT_EQ(artifact->record.cachePath.rfind(dir + "/kernels/", 0), 0u);
}

TEST(RuntimeTest, CacheCanBeTurnedOff) {
  RuntimeOptions options = testOptions("");
  options.useCache = false;
  auto rt = Runtime::create(options);
  ASSERT_TRUE(rt.ok());
  EXPECT_EQ(rt->cache(), nullptr);
  for (int i = 0; i < 2; ++i) {
    auto artifact = rt->compile({"cpu", "x86-64", {}}, saxpy());
    ASSERT_TRUE(artifact.ok());
    EXPECT_FALSE(artifact->record.cacheHit);
    EXPECT_TRUE(artifact->record.cacheKey.empty());
  }
}

int countLines(const std::string &path) {
  const std::string text = readFile(path);
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

// Two processes compile the same kernel at the same moment: both succeed and
// run it, and afterwards the entry is a hit.
TEST(RuntimeTest, TwoProcessesCompileTheSameKernelAtOnce) {
  const std::string cacheDir = testing::makeTempDir("cache");
  const std::string log = testing::makeTempDir("log") + "/compiles";
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
      if (read(ready[0], &go, 1) != 1)
        _exit(10);
      auto rt = Runtime::create(testOptions(cacheDir));
      if (!rt.ok())
        _exit(11);
      auto selection = rt->selectTarget("cpu:x86-64");
      if (!selection.ok())
        _exit(12);
      auto artifact = rt->compile(selection->target, saxpy(200));
      if (!artifact.ok() || !artifact->record.note.empty())
        _exit(13);
      auto device = rt->openDevice(*selection);
      if (!device.ok())
        _exit(14);
      if (runSaxpy(*device, *artifact) != expectedSaxpy())
        _exit(15);
      _exit(artifact->record.cacheHit ? 1 : 0);
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
    ASSERT_LE(WEXITSTATUS(status), 1) << "child failed at step " << WEXITSTATUS(status);
    compiled += WEXITSTATUS(status) == 0 ? 1 : 0;
  }
  // Both started before either finished its 200 ms compile: both compiled.
  EXPECT_EQ(compiled, 2);
  EXPECT_EQ(countLines(log), 2);

  auto rt = Runtime::create(testOptions(cacheDir));
  ASSERT_TRUE(rt.ok());
  auto artifact = rt->compile({"cpu", "x86-64", {}}, saxpy(200));
  ASSERT_TRUE(artifact.ok());
  EXPECT_TRUE(artifact->record.cacheHit);
  EXPECT_EQ(countLines(log), 2); // the plugin was not called again
  ASSERT_EQ(unsetenv("RT_TEST_COMPILE_LOG"), 0);
}

TEST(RuntimeTest, CompileInAChildProcess) {
  RuntimeOptions options = testOptions(testing::makeTempDir("cache"));
  options.compileInChildProcess = true;
  auto rt = Runtime::create(options);
  ASSERT_TRUE(rt.ok());
  auto selection = rt->selectTarget("cpu:x86-64");
  auto device = rt->openDevice(*selection);
  ASSERT_TRUE(device.ok());
  auto artifact = rt->compile(selection->target, saxpy());
  ASSERT_TRUE(artifact.ok()) << artifact.status().toString();
  EXPECT_FALSE(artifact->record.cacheHit);
  EXPECT_EQ(runSaxpy(*device, *artifact), expectedSaxpy());
  EXPECT_TRUE(rt->compile(selection->target, saxpy())->record.cacheHit);
}

TEST(RuntimeTest, CompileErrorsComeFromThePluginAndAreNotCached) {
  auto rt = Runtime::create(testOptions(testing::makeTempDir("cache")));
  ASSERT_TRUE(rt.ok());
  CompileRequest request = saxpy();
  request.entryName = "no_such_kernel";
  auto failed = rt->compile({"cpu", "x86-64", {}}, request);
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.status().code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_NE(failed.status().message().find(testPlugin("cpu/libtessel_cpu.so")),
            std::string::npos);
  EXPECT_NE(failed.status().message().find("no kernel 'no_such_kernel'"),
            std::string::npos);
  EXPECT_EQ(rt->cache()->stats().stores, 0u);

  auto absent = rt->compile({"nope", "x", {}}, saxpy());
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
  const std::string cacheDir = testing::makeTempDir("cache");
  auto rt = Runtime::create(testOptions(cacheDir, {"runtime_only", "cpu"}));
  ASSERT_TRUE(rt.ok());
  auto selection = rt->selectTarget("beta:b1");
  ASSERT_TRUE(selection.ok()) << selection.status().toString();
  auto missing = rt->compile(selection->target, saxpy());
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find("has no compiler half"), std::string::npos);

  // Fill the entry the way a machine with the compiler would have: the code
  // (the test plugins share one format) under beta's key.
  auto code = rt->compile({"cpu", "x86-64", {}}, saxpy());
  ASSERT_TRUE(code.ok());
  const plugin_host::LoadedPlugin &beta = *rt->plugin(selection->pluginIndex);
  CompileRequest request = saxpy();
  CacheKeyFields fields;
  fields.ir = std::string_view(reinterpret_cast<const char *>(request.ir.data()),
                               request.ir.size());
  fields.irFormat = request.irFormat;
  fields.irVersion = tile::TileVersion{request.irVersionMajor, request.irVersionMinor};
  fields.target = "beta:b1";
  fields.options = request.options;
  fields.entryName = request.entryName;
  fields.pluginName = beta.name();
  fields.pluginVersion = beta.version();
  fields.pluginAbiMajor = beta.abiMajor();
  fields.pluginAbiMinor = beta.abiMinor();
  fields.hostAbiMajor = beta.hostAbi().major;
  fields.hostAbiMinor = beta.hostAbi().minor;
  ASSERT_TRUE(rt->cache()
                  ->store(computeCacheKey(fields), CacheEntry{"beta:b1", code->kernel})
                  .ok());

  auto hit = rt->compile(selection->target, request);
  ASSERT_TRUE(hit.ok()) << hit.status().toString();
  EXPECT_TRUE(hit->record.cacheHit);
  auto device = rt->openDevice(*selection);
  ASSERT_TRUE(device.ok());
  EXPECT_EQ(runSaxpy(*device, *hit), expectedSaxpy());
}

TEST(RuntimeTest, ObjectsOutliveTheRuntime) {
  std::optional<Device> device;
  std::optional<Artifact> artifact;
  {
    auto rt = Runtime::create(testOptions(testing::makeTempDir("cache")));
    ASSERT_TRUE(rt.ok());
    auto selection = rt->selectTarget("cpu:x86-64");
    device.emplace(*rt->openDevice(*selection));
    artifact.emplace(*rt->compile(selection->target, saxpy()));
  }
  EXPECT_EQ(runSaxpy(*device, *artifact), expectedSaxpy());
}

} // namespace
} // namespace tessel::runtime
