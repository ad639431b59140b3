//===- PluginsCommand_test.cpp - Tests of tessel plugins ------------------===//
//
// `tessel plugins` over the host test plugins: what it lists for a working
// plugin, and how it reports one that cannot be loaded.
//
//===----------------------------------------------------------------------===//

#include "tools/tessel/PluginsCommand.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "core/plugin_host/testing/TestPaths.h"
#include "tessel/plugin_api.h"

namespace tessel::cli {
namespace {

using tessel::plugin_host::testing::testPluginPath;
using ::testing::HasSubstr;
using ::testing::Not;

struct Output {
  int status;
  std::string out;
  std::string err;
};

Output runPlugins(std::vector<std::string> args) {
  args.push_back("--no-env");
  args.push_back("--no-default-dir");
  std::ostringstream out, err;
  const int status = runPluginsCommand(args, out, err);
  return {status, out.str(), err.str()};
}

TEST(PluginsCommandTest, ListsAWorkingPlugin) {
  const std::string path = testPluginPath("libtessel_hostmem.so");
  Output o = runPlugins({"--plugin", path});
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_THAT(o.out, HasSubstr(path + "  (explicit)"));
  EXPECT_THAT(o.out, HasSubstr("name:       hostmem"));
  EXPECT_THAT(o.out, HasSubstr("version:    1.2.3"));
  const std::string abi = std::to_string(TESSEL_PLUGIN_ABI_MAJOR) + "." +
                          std::to_string(TESSEL_PLUGIN_ABI_MINOR);
  EXPECT_THAT(o.out, HasSubstr("abi:        " + abi + " (host " + abi + ")"));
  EXPECT_THAT(o.out, HasSubstr("halves:     compiler, runtime"));
  EXPECT_THAT(o.out, HasSubstr("targets:    hostmem:hm1[+wide]"));
  EXPECT_THAT(o.out, HasSubstr("ir:         tile-mlirbc 1.0-1.3"));
  EXPECT_THAT(o.out, HasSubstr("emits:      tile-ir, bytecode, echo, hm-echo\n"));
  EXPECT_THAT(o.out, HasSubstr("devices:    1"));
  EXPECT_THAT(o.out, HasSubstr("[0] host memory device (Tessel test hm1): 4 "
                               "compute units, warp 32"));
  EXPECT_THAT(o.out, HasSubstr("fp64=true"));
}

TEST(PluginsCommandTest, ListsAPluginOfAnOlderMinor) {
  // A 1.1 plugin works with this host; the listing shows both versions.
  Output o = runPlugins({"--plugin", testPluginPath("libminor_1.so")});
  EXPECT_EQ(o.status, 0) << o.out << o.err;
  EXPECT_THAT(o.out, HasSubstr("abi:        1.1 (host " +
                               std::to_string(TESSEL_PLUGIN_ABI_MAJOR) + "." +
                               std::to_string(TESSEL_PLUGIN_ABI_MINOR) + ")"));
  EXPECT_THAT(o.out, HasSubstr("devices:    1"));
}

TEST(PluginsCommandTest, CompilerOnlyPluginListsNoDevices) {
  Output o = runPlugins({"--plugin", testPluginPath("libcompiler_only.so")});
  EXPECT_EQ(o.status, 0);
  EXPECT_THAT(o.out, HasSubstr("halves:     compiler\n"));
  EXPECT_THAT(o.out, Not(HasSubstr("devices:")));
}

TEST(PluginsCommandTest, ReportsPluginsThatFailToLoad) {
  const std::string bad = testPluginPath("libbroken_major_mismatch.so");
  Output o =
      runPlugins({"--plugin", testPluginPath("libtessel_hostmem.so"), "--plugin", bad});
  EXPECT_EQ(o.status, 1);
  EXPECT_THAT(o.out, HasSubstr("name:       hostmem"));
  EXPECT_THAT(o.out, HasSubstr("error:      FAILED_PRECONDITION: plugin '" + bad +
                               "': ABI major version mismatch"));
}

TEST(PluginsCommandTest, NothingFound) {
  Output o = runPlugins({});
  EXPECT_EQ(o.status, 0);
  EXPECT_EQ(o.out, "no plugins found\n");
}

TEST(PluginsCommandTest, UsageErrors) {
  Output o = runPlugins({"--bogus"});
  EXPECT_EQ(o.status, 2);
  EXPECT_THAT(o.err, HasSubstr("unexpected argument '--bogus'"));
}

} // namespace
TEST(PluginsCommandTest, APluginCrashingInSetUpIsReportedNotFatal) {
  const std::string ctor = testPluginPath("misbehaving/libtessel_abort_in_ctor.so");
  const std::string enumerate = testPluginPath("misbehaving/libtessel_segv_in_enum.so");
  Output o = runPlugins({"--plugin", ctor, "--plugin", enumerate, "--plugin",
                         testPluginPath("libtessel_hostmem.so")});
  EXPECT_EQ(o.status, 1) << o.out << o.err;
  EXPECT_THAT(o.out, HasSubstr("plugin '" + ctor + "' crashed (SIGABRT) in loading"));
  EXPECT_THAT(o.out, ::testing::ContainsRegex("crashed \\((SIGSEGV|SIGABRT)\\) in "
                                              "device enumeration"));
  EXPECT_THAT(o.out, HasSubstr("name:       hostmem"));
}

} // namespace tessel::cli
