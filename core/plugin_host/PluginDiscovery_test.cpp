//===- PluginDiscovery_test.cpp - Tests of plugin discovery ---------------===//

#include "core/plugin_host/PluginDiscovery.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

namespace tessel::plugin_host {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// A fresh directory tree under the test's temporary directory.
class PluginDiscoveryTest : public ::testing::Test {
protected:
  void SetUp() override {
    root = ::testing::TempDir() + "/" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name();
    makeDir(root);
  }

  static void makeDir(const std::string &dir) { ::mkdir(dir.c_str(), 0755); }
  static void touch(const std::string &path) { std::ofstream(path) << "x"; }

  std::string root;
};

std::vector<std::string> paths(const DiscoveryResult &result) {
  std::vector<std::string> paths;
  for (const auto &c : result.plugins)
    paths.push_back(c.path);
  return paths;
}

DiscoveryOptions isolated() {
  DiscoveryOptions options;
  options.pluginPathEnv = "";
  options.executablePath = "";
  return options;
}

TEST_F(PluginDiscoveryTest, ScansDirectoriesForPluginFilesInNameOrder) {
  touch(root + "/libtessel_b.so");
  touch(root + "/libtessel_a.so");
  touch(root + "/libother.so");        // wrong prefix
  touch(root + "/libtessel_c.so.txt"); // wrong suffix
  makeDir(root + "/libtessel_dir.so"); // not a file
  DiscoveryOptions options = isolated();
  options.explicitPaths = {root};
  DiscoveryResult result = discoverPlugins(options);
  EXPECT_THAT(paths(result),
              ElementsAre(root + "/libtessel_a.so", root + "/libtessel_b.so"));
}

TEST_F(PluginDiscoveryTest, ExplicitFileIsTakenAsIsEvenIfMissing) {
  DiscoveryOptions options = isolated();
  options.explicitPaths = {root + "/custom_name.so", root + "/missing.so"};
  touch(root + "/custom_name.so");
  DiscoveryResult result = discoverPlugins(options);
  EXPECT_THAT(paths(result),
              ElementsAre(root + "/custom_name.so", root + "/missing.so"));
  EXPECT_EQ(result.plugins[0].source, PluginSource::kExplicit);
}

TEST_F(PluginDiscoveryTest, EnvironmentEntriesAndPriority) {
  makeDir(root + "/env");
  touch(root + "/env/libtessel_x.so");
  touch(root + "/libtessel_y.so");
  DiscoveryOptions options = isolated();
  options.explicitPaths = {root + "/env/libtessel_x.so"};
  options.pluginPathEnv = root + "/env:" + root + "/libtessel_y.so";
  DiscoveryResult result = discoverPlugins(options);
  // x is found twice and keeps its first (explicit) place.
  ASSERT_THAT(paths(result),
              ElementsAre(root + "/env/libtessel_x.so", root + "/libtessel_y.so"));
  EXPECT_EQ(result.plugins[0].source, PluginSource::kExplicit);
  EXPECT_EQ(result.plugins[1].source, PluginSource::kEnvironment);
  EXPECT_THAT(result.warnings, IsEmpty());
}

TEST_F(PluginDiscoveryTest, NeverSearchesTheWorkingDirectoryImplicitly) {
  touch(root + "/libtessel_cwd.so");
  char previous[4096];
  ASSERT_NE(::getcwd(previous, sizeof(previous)), nullptr);
  ASSERT_EQ(::chdir(root.c_str()), 0);
  DiscoveryOptions options = isolated();
  // Empty and relative entries would both mean the working directory.
  options.pluginPathEnv = ":.:libtessel_cwd.so:";
  DiscoveryResult result = discoverPlugins(options);
  ASSERT_EQ(::chdir(previous), 0);
  EXPECT_THAT(result.plugins, IsEmpty());
  ASSERT_EQ(result.warnings.size(), 4u);
  EXPECT_THAT(result.warnings[0], HasSubstr("empty entry ignored"));
  EXPECT_THAT(result.warnings[1], HasSubstr("relative entry '.' ignored"));
  EXPECT_THAT(result.warnings[2],
              HasSubstr("relative entry 'libtessel_cwd.so' ignored"));
  EXPECT_THAT(result.warnings[3], HasSubstr("empty entry ignored"));
}

TEST_F(PluginDiscoveryTest, MissingEnvironmentEntryIsAWarning) {
  DiscoveryOptions options = isolated();
  options.pluginPathEnv = root + "/nowhere";
  DiscoveryResult result = discoverPlugins(options);
  EXPECT_THAT(result.plugins, IsEmpty());
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_THAT(result.warnings[0], HasSubstr("nowhere' does not exist"));
}

TEST_F(PluginDiscoveryTest, DefaultDirectoryBesideTheExecutable) {
  EXPECT_EQ(defaultPluginDirectory("/usr/local/bin/tessel"),
            "/usr/local/lib/tessel/plugins");
  EXPECT_EQ(defaultPluginDirectory("/bin/tessel"), "/lib/tessel/plugins");
  EXPECT_EQ(defaultPluginDirectory("tessel"), "");

  makeDir(root + "/bin");
  makeDir(root + "/lib");
  makeDir(root + "/lib/tessel");
  makeDir(root + "/lib/tessel/plugins");
  touch(root + "/lib/tessel/plugins/libtessel_installed.so");
  DiscoveryOptions options = isolated();
  options.executablePath = root + "/bin/tessel";
  DiscoveryResult result = discoverPlugins(options);
  ASSERT_THAT(paths(result),
              ElementsAre(root + "/lib/tessel/plugins/libtessel_installed.so"));
  EXPECT_EQ(result.plugins[0].source, PluginSource::kDefaultDirectory);

  options.useDefaultDirectory = false;
  EXPECT_THAT(discoverPlugins(options).plugins, IsEmpty());
}

TEST_F(PluginDiscoveryTest, ReadsTheRealEnvironmentVariable) {
  touch(root + "/libtessel_env.so");
  ASSERT_EQ(::setenv(kPluginPathEnvVar, root.c_str(), 1), 0);
  DiscoveryOptions options;
  options.executablePath = "";
  DiscoveryResult result = discoverPlugins(options);
  ::unsetenv(kPluginPathEnvVar);
  EXPECT_THAT(paths(result), ElementsAre(root + "/libtessel_env.so"));
}

TEST(PluginFileNameTest, NameComesFromTheFileName) {
  EXPECT_EQ(pluginNameFromFileName("/usr/lib/tessel/plugins/libtessel_cpu.so"), "cpu");
  EXPECT_EQ(pluginNameFromFileName("libtessel_my_gpu2.so"), "my_gpu2");
  EXPECT_EQ(pluginNameFromFileName("/p/libtessel_.so"), "");
  EXPECT_EQ(pluginNameFromFileName("/p/libtessel_Cpu.so"), "");
  EXPECT_EQ(pluginNameFromFileName("/p/libtessel_a-b.so"), "");
  EXPECT_EQ(pluginNameFromFileName("/p/libfoo.so"), "");
  EXPECT_EQ(pluginNameFromFileName("/libtessel_x.so/other.so"), "");
}

} // namespace
} // namespace tessel::plugin_host
