#include "core/plugin_host/plugin_discovery.h"

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
    root_ = ::testing::TempDir() + "/" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name();
    MakeDir(root_);
  }

  static void MakeDir(const std::string& dir) { ::mkdir(dir.c_str(), 0755); }
  static void Touch(const std::string& path) { std::ofstream(path) << "x"; }

  std::string root_;
};

std::vector<std::string> Paths(const DiscoveryResult& result) {
  std::vector<std::string> paths;
  for (const auto& c : result.plugins) paths.push_back(c.path);
  return paths;
}

DiscoveryOptions Isolated() {
  DiscoveryOptions options;
  options.plugin_path_env = "";
  options.executable_path = "";
  return options;
}

TEST_F(PluginDiscoveryTest, ScansDirectoriesForPluginFilesInNameOrder) {
  Touch(root_ + "/libtessel_b.so");
  Touch(root_ + "/libtessel_a.so");
  Touch(root_ + "/libother.so");        // wrong prefix
  Touch(root_ + "/libtessel_c.so.txt"); // wrong suffix
  MakeDir(root_ + "/libtessel_dir.so"); // not a file
  DiscoveryOptions options = Isolated();
  options.explicit_paths = {root_};
  DiscoveryResult result = DiscoverPlugins(options);
  EXPECT_THAT(Paths(result), ElementsAre(root_ + "/libtessel_a.so",
                                         root_ + "/libtessel_b.so"));
}

TEST_F(PluginDiscoveryTest, ExplicitFileIsTakenAsIsEvenIfMissing) {
  DiscoveryOptions options = Isolated();
  options.explicit_paths = {root_ + "/custom_name.so", root_ + "/missing.so"};
  Touch(root_ + "/custom_name.so");
  DiscoveryResult result = DiscoverPlugins(options);
  EXPECT_THAT(Paths(result), ElementsAre(root_ + "/custom_name.so",
                                         root_ + "/missing.so"));
  EXPECT_EQ(result.plugins[0].source, PluginSource::kExplicit);
}

TEST_F(PluginDiscoveryTest, EnvironmentEntriesAndPriority) {
  MakeDir(root_ + "/env");
  Touch(root_ + "/env/libtessel_x.so");
  Touch(root_ + "/libtessel_y.so");
  DiscoveryOptions options = Isolated();
  options.explicit_paths = {root_ + "/env/libtessel_x.so"};
  options.plugin_path_env = root_ + "/env:" + root_ + "/libtessel_y.so";
  DiscoveryResult result = DiscoverPlugins(options);
  // x is found twice and keeps its first (explicit) place.
  ASSERT_THAT(Paths(result), ElementsAre(root_ + "/env/libtessel_x.so",
                                         root_ + "/libtessel_y.so"));
  EXPECT_EQ(result.plugins[0].source, PluginSource::kExplicit);
  EXPECT_EQ(result.plugins[1].source, PluginSource::kEnvironment);
  EXPECT_THAT(result.warnings, IsEmpty());
}

TEST_F(PluginDiscoveryTest, NeverSearchesTheWorkingDirectoryImplicitly) {
  Touch(root_ + "/libtessel_cwd.so");
  char previous[4096];
  ASSERT_NE(::getcwd(previous, sizeof(previous)), nullptr);
  ASSERT_EQ(::chdir(root_.c_str()), 0);
  DiscoveryOptions options = Isolated();
  // Empty and relative entries would both mean the working directory.
  options.plugin_path_env = ":.:libtessel_cwd.so:";
  DiscoveryResult result = DiscoverPlugins(options);
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
  DiscoveryOptions options = Isolated();
  options.plugin_path_env = root_ + "/nowhere";
  DiscoveryResult result = DiscoverPlugins(options);
  EXPECT_THAT(result.plugins, IsEmpty());
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_THAT(result.warnings[0], HasSubstr("nowhere' does not exist"));
}

TEST_F(PluginDiscoveryTest, DefaultDirectoryBesideTheExecutable) {
  EXPECT_EQ(DefaultPluginDirectory("/usr/local/bin/tessel"),
            "/usr/local/lib/tessel/plugins");
  EXPECT_EQ(DefaultPluginDirectory("/bin/tessel"), "/lib/tessel/plugins");
  EXPECT_EQ(DefaultPluginDirectory("tessel"), "");

  MakeDir(root_ + "/bin");
  MakeDir(root_ + "/lib");
  MakeDir(root_ + "/lib/tessel");
  MakeDir(root_ + "/lib/tessel/plugins");
  Touch(root_ + "/lib/tessel/plugins/libtessel_installed.so");
  DiscoveryOptions options = Isolated();
  options.executable_path = root_ + "/bin/tessel";
  DiscoveryResult result = DiscoverPlugins(options);
  ASSERT_THAT(Paths(result),
              ElementsAre(root_ + "/lib/tessel/plugins/libtessel_installed.so"));
  EXPECT_EQ(result.plugins[0].source, PluginSource::kDefaultDirectory);

  options.use_default_directory = false;
  EXPECT_THAT(DiscoverPlugins(options).plugins, IsEmpty());
}

TEST_F(PluginDiscoveryTest, ReadsTheRealEnvironmentVariable) {
  Touch(root_ + "/libtessel_env.so");
  ASSERT_EQ(::setenv(kPluginPathEnvVar, root_.c_str(), 1), 0);
  DiscoveryOptions options;
  options.executable_path = "";
  DiscoveryResult result = DiscoverPlugins(options);
  ::unsetenv(kPluginPathEnvVar);
  EXPECT_THAT(Paths(result), ElementsAre(root_ + "/libtessel_env.so"));
}

}  // namespace
}  // namespace tessel::plugin_host
