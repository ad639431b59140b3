//===- RuntimeIsolation_test.cpp - Plugins that fail while set up ---------===//
//
// A plugin on the search path that aborts, crashes or hangs while it is
// loaded, initialised or asked for its devices is a load failure of that
// plugin; it neither ends the host nor keeps another plugin's target from
// working, and the host never loads it.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "core/plugin_host/testing/TestPaths.h"
#include "core/runtime/Runtime.h"

namespace tessel::runtime {
namespace {

// The signal a SIGSEGV shows as: a sanitizer build reports it and aborts.
#if defined(__SANITIZE_ADDRESS__)
#define SEGV_SIGNAL "(SIGSEGV|SIGABRT)"
#else
#define SEGV_SIGNAL "SIGSEGV"
#endif

using plugin_host::testing::testPluginPath;
using ::testing::ContainsRegex;
using ::testing::HasSubstr;

// A fresh plugin directory holding links to `plugins` (test plugin files).
std::string pluginDirectory(const std::string &name,
                            const std::vector<std::string> &plugins) {
  const char *tmp = std::getenv("TEST_TMPDIR");
  const std::string dir = std::string(tmp != nullptr ? tmp : "/tmp") + "/" + name;
  std::string command = "rm -rf '" + dir + "' && mkdir -p '" + dir + "'";
  EXPECT_EQ(std::system(command.c_str()), 0);
  for (const std::string &p : plugins) {
    const std::string target = testPluginPath(p);
    const std::string link = dir + "/" + target.substr(target.rfind('/') + 1);
    EXPECT_EQ(::symlink(target.c_str(), link.c_str()), 0) << link;
  }
  return dir;
}

bool loadedHere(const std::string &path) {
  // RTLD_NOLOAD: only asks whether the library is in this process.
  void *handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (handle != nullptr)
    ::dlclose(handle);
  return handle != nullptr;
}

RuntimeOptions only(const std::string &dir) {
  RuntimeOptions options;
  options.pluginPaths = {dir};
  options.usePluginPathEnv = false;
  options.useDefaultPluginDir = false;
  options.useCache = false;
  options.targetEnv = "";
  return options;
}

TEST(RuntimeIsolationTest, APluginAbortingWhileLoadedIsOnlyALoadFailure) {
  const std::string dir = pluginDirectory(
      "abort", {"misbehaving/libtessel_abort_in_ctor.so", "libtessel_hostmem.so"});
  auto rt = Runtime::create(only(dir));
  ASSERT_TRUE(rt.ok()) << rt.status().toString();
  ASSERT_EQ(rt->loadFailures().size(), 1u);
  EXPECT_THAT(rt->loadFailures()[0],
              ContainsRegex("libtessel_abort_in_ctor.so.* crashed \\(SIGABRT\\) in "
                            "loading \\(dlopen\\)"));
  auto selection = rt->selectTarget("hostmem:hm1");
  ASSERT_TRUE(selection.ok()) << selection.status().toString();
  auto device = rt->openDevice(*selection);
  ASSERT_TRUE(device.ok()) << device.status().toString();
  EXPECT_FALSE(loadedHere(dir + "/libtessel_abort_in_ctor.so"));
}

TEST(RuntimeIsolationTest, AutoSelectionSurvivesEveryMisbehaviour) {
  const std::string dir = pluginDirectory(
      "every",
      {"misbehaving/libtessel_abort_in_ctor.so",
       "misbehaving/libtessel_segv_in_get_api.so",
       "misbehaving/libtessel_abort_in_init.so",
       "misbehaving/libtessel_hang_in_init.so", "misbehaving/libtessel_segv_in_enum.so",
       "misbehaving/libtessel_hang_in_enum.so", "libtessel_hostmem.so"});
  RuntimeOptions options = only(dir);
  options.setupTimeoutMs = 1000;
  auto rt = Runtime::create(options);
  ASSERT_TRUE(rt.ok()) << rt.status().toString();
  EXPECT_EQ(rt->loadFailures().size(), 6u);
  std::string failures;
  for (const std::string &f : rt->loadFailures())
    failures += f + "\n";
  EXPECT_THAT(failures, HasSubstr("timed out after 1 s in initialize"));
  EXPECT_THAT(failures, HasSubstr("timed out after 1 s in device enumeration"));
  EXPECT_THAT(failures, ContainsRegex("crashed \\(" SEGV_SIGNAL "\\) in "
                                      "tessel_plugin_get_api"));
  auto selection = rt->selectTarget("auto");
  ASSERT_TRUE(selection.ok()) << selection.status().toString();
  EXPECT_EQ(selection->target.toString(), "hostmem:hm1");
  // Probing loaded nothing here; using the selection loads its plugin only.
  EXPECT_FALSE(loadedHere(dir + "/libtessel_hostmem.so"));
  ASSERT_TRUE(rt->openDevice(*selection).ok());
  EXPECT_TRUE(loadedHere(dir + "/libtessel_hostmem.so"));
  EXPECT_FALSE(loadedHere(dir + "/libtessel_segv_in_enum.so"));
}

TEST(RuntimeIsolationTest, AnExplicitTargetProbesOnlyItsPlugin) {
  // Probing the hanging plugin would take the whole default deadline.
  const std::string dir = pluginDirectory(
      "explicit", {"misbehaving/libtessel_hang_in_init.so", "libtessel_hostmem.so"});
  const auto start = std::chrono::steady_clock::now();
  auto rt = Runtime::create(only(dir));
  ASSERT_TRUE(rt.ok()) << rt.status().toString();
  auto selection = rt->selectTarget("hostmem:hm1");
  ASSERT_TRUE(selection.ok()) << selection.status().toString();
  ASSERT_TRUE(rt->openDevice(*selection).ok());
  EXPECT_LT(std::chrono::steady_clock::now() - start,
            std::chrono::milliseconds(plugin_host::kDefaultSetupTimeoutMs / 2));
}

} // namespace
} // namespace tessel::runtime
