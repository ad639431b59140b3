//===- PluginProbe_test.cpp - Tests of isolated plugin set-up -------------===//

#include "core/plugin_host/PluginProbe.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>

#include "core/plugin_host/testing/TestPaths.h"

namespace tessel::plugin_host {
namespace {

// The signal a SIGSEGV shows as: a sanitizer build reports it and aborts.
#if defined(__SANITIZE_ADDRESS__)
#define SEGV_SIGNAL "(SIGSEGV|SIGABRT)"
#else
#define SEGV_SIGNAL "SIGSEGV"
#endif

using ::testing::HasSubstr;
using ::testing::MatchesRegex;
using testing::testPluginPath;

std::string misbehaving(const std::string &name) {
  return testPluginPath("misbehaving/libtessel_" + name + ".so");
}

ProbeOptions quick() {
  ProbeOptions options;
  options.timeoutMs = 1000;
  return options;
}

TEST(PluginProbeTest, ReportsAWellBehavedPlugin) {
  auto probe = probePlugin(testPluginPath("libtessel_hostmem.so"));
  ASSERT_TRUE(probe.ok()) << probe.status().toString();
  EXPECT_EQ(probe->name, "hostmem");
  EXPECT_EQ(probe->version, "1.2.3");
  EXPECT_TRUE(probe->provides(Half::kCompiler));
  EXPECT_TRUE(probe->provides(Half::kRuntime));
  EXPECT_EQ(probe->targetArchs, std::vector<std::string>{"hm1"});
  ASSERT_EQ(probe->devices.size(), 1u);
  EXPECT_EQ(probe->devices[0].arch, "hm1");
  EXPECT_TRUE(probe->compilerProblem.empty());
  EXPECT_TRUE(probe->deviceProblem.empty());
}

TEST(PluginProbeTest, LoadErrorsAreThoseOfLoading) {
  auto probe = probePlugin(testPluginPath("libbroken_init_fails.so"));
  ASSERT_FALSE(probe.ok());
  EXPECT_EQ(probe.status().code(), TESSEL_ERROR_UNAVAILABLE);
  EXPECT_THAT(probe.status().message(),
              HasSubstr("plugin_initialize: driver library not found"));
}

struct Misbehaviour {
  const char *plugin;
  const char *stage;
  bool hangs;
};

class MisbehavingSetUpTest : public ::testing::TestWithParam<Misbehaviour> {};

TEST_P(MisbehavingSetUpTest, IsAnErrorNamingPluginStageAndCause) {
  const Misbehaviour &m = GetParam();
  const std::string path = misbehaving(m.plugin);
  const auto start = std::chrono::steady_clock::now();
  auto probe = probePlugin(path, quick());
  const auto took = std::chrono::steady_clock::now() - start;
  ASSERT_FALSE(probe.ok());
  EXPECT_LT(took, std::chrono::seconds(20));
  const std::string &message = probe.status().message();
  EXPECT_THAT(message, HasSubstr("plugin '" + path + "'"));
  if (m.hangs) {
    EXPECT_EQ(probe.status().code(), TESSEL_ERROR_DEADLINE_EXCEEDED);
    EXPECT_THAT(message, HasSubstr(std::string("timed out after 1 s in ") + m.stage));
  } else {
    EXPECT_EQ(probe.status().code(), TESSEL_ERROR_ABORTED);
    const bool aborts = std::string(m.plugin).rfind("abort_", 0) == 0;
    EXPECT_THAT(message, MatchesRegex(std::string(".* crashed \\(") +
                                      (aborts ? "SIGABRT" : SEGV_SIGNAL) + "\\) in " +
                                      m.stage + " .*"));
  }
}

INSTANTIATE_TEST_SUITE_P(
    EveryStage, MisbehavingSetUpTest,
    ::testing::Values(Misbehaviour{"hang_in_get_api", "tessel_plugin_get_api", true},
                      Misbehaviour{"segv_in_get_api", "tessel_plugin_get_api", false},
                      Misbehaviour{"abort_in_get_api", "tessel_plugin_get_api", false},
                      Misbehaviour{"hang_in_init", "initialize", true},
                      Misbehaviour{"segv_in_init", "initialize", false},
                      Misbehaviour{"abort_in_init", "initialize", false},
                      Misbehaviour{"hang_in_enum", "device enumeration", true},
                      Misbehaviour{"segv_in_enum", "device enumeration", false},
                      Misbehaviour{"abort_in_enum", "device enumeration", false},
                      Misbehaviour{"abort_in_ctor", "loading \\(dlopen\\)", false}),
    [](const ::testing::TestParamInfo<Misbehaviour> &info) {
      return std::string(info.param.plugin);
    });

TEST(PluginProbeTest, DeviceEnumerationCanBeLeftOut) {
  ProbeOptions options = quick();
  options.enumerateDevices = false;
  auto probe = probePlugin(misbehaving("hang_in_enum"), options);
  ASSERT_TRUE(probe.ok()) << probe.status().toString();
  EXPECT_EQ(probe->name, "hang_in_enum");
  EXPECT_TRUE(probe->devices.empty());
}

TEST(PluginProbeTest, DescribesTimeouts) {
  EXPECT_EQ(describeTimeout(30000), "30 s");
  EXPECT_EQ(describeTimeout(1500), "1.5 s");
  EXPECT_EQ(describeTimeout(250), "250 ms");
}

} // namespace
} // namespace tessel::plugin_host
