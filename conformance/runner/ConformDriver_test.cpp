//===- ConformDriver_test.cpp - Tests of tessel conform -------------------===//
//
// `tessel conform` against plugins that hang or crash: every plugin call
// before a case runs is isolated and has a deadline, the deadline follows
// --timeout, and the report is still written.
//
//===----------------------------------------------------------------------===//

#include "conformance/runner/ConformDriver.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "core/plugin_host/testing/TestPaths.h"

namespace tessel::conformance {
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

std::string misbehaving(const std::string &name) {
  return testPluginPath("misbehaving/libtessel_" + name + ".so");
}

std::string tempPath(const std::string &name) {
  const char *dir = std::getenv("TEST_TMPDIR");
  return std::string(dir != nullptr ? dir : "/tmp") + "/" + name;
}

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct ConformRun {
  int status = -1;
  std::string out, err, report;
  double seconds = 0;
};

ConformRun conform(std::vector<std::string> args, const std::string &reportName) {
  const std::string report = tempPath(reportName);
  std::remove(report.c_str());
  args.push_back("--report-json");
  args.push_back(report);
  std::ostringstream out, err;
  const auto start = std::chrono::steady_clock::now();
  ConformRun run;
  run.status = runConformCommand(args, out, err);
  run.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.out = out.str();
  run.err = err.str();
  run.report = readFile(report);
  return run;
}

// Cases of one family without capabilities: hostmem "compiles" anything.
const std::vector<std::string> kOneCase = {"--filter", "arith/add/i32", "--no-cache"};

std::vector<std::string> with(std::vector<std::string> args) {
  args.insert(args.end(), kOneCase.begin(), kOneCase.end());
  return args;
}

TEST(ConformDriverTest, CompileDeadlineFollowsTimeout) {
  ConformRun run = conform(
      with({"--target", "hang_in_compile:hm1", "--plugin",
            misbehaving("hang_in_compile"), "--compile-only", "--timeout", "1"}),
      "compile_deadline.json");
  EXPECT_EQ(run.status, 1) << run.err;
  EXPECT_LT(run.seconds, 30);
  EXPECT_THAT(run.report, HasSubstr("did not finish within 1000 ms"));
  EXPECT_THAT(run.report, HasSubstr("\"error\": 1"));
}

TEST(ConformDriverTest, TimeoutOutOfRangeIsAnError) {
  for (const char *value : {"4294968", "0", "-1", "1.5", "ten", ""}) {
    ConformRun run =
        conform({"--target", "hostmem:hm1", "--timeout", value}, "range.json");
    EXPECT_EQ(run.status, 2) << value;
    EXPECT_THAT(run.err, HasSubstr("--timeout")) << value;
  }
}

struct SetUpFailure {
  const char *plugin;
  const char *mode; // "" runs the cases
  const char *expected;
};

class ConformSetUpTest : public ::testing::TestWithParam<SetUpFailure> {};

TEST_P(ConformSetUpTest, IsAReportedErrorAndTheReportIsWritten) {
  const SetUpFailure &f = GetParam();
  std::vector<std::string> args = {"--target",  std::string(f.plugin) + ":hm1",
                                   "--plugin",  misbehaving(f.plugin),
                                   "--timeout", "1"};
  if (*f.mode != '\0')
    args.push_back(f.mode);
  ConformRun run = conform(with(args), std::string(f.plugin) + ".json");
  EXPECT_EQ(run.status, 2);
  EXPECT_LT(run.seconds, 30);
  EXPECT_THAT(run.err, ContainsRegex(f.expected));
  EXPECT_THAT(run.err, HasSubstr(misbehaving(f.plugin)));
  EXPECT_THAT(run.report, HasSubstr("\"conformant\": false"));
  EXPECT_THAT(run.report, ContainsRegex(f.expected));
}

INSTANTIATE_TEST_SUITE_P(
    EveryStage, ConformSetUpTest,
    ::testing::Values(
        SetUpFailure{"hang_in_get_api", "",
                     "timed out after 1 s in tessel_plugin_get_api"},
        SetUpFailure{"segv_in_get_api", "",
                     "crashed \\(" SEGV_SIGNAL "\\) in tessel_plugin_get_api"},
        SetUpFailure{"hang_in_init", "--compile-only",
                     "timed out after 1 s in initialize"},
        SetUpFailure{"abort_in_init", "", "crashed \\(SIGABRT\\) in initialize"},
        SetUpFailure{"hang_in_enum", "", "timed out after 1 s in device enumeration"},
        SetUpFailure{"segv_in_enum", "--compile-only",
                     "crashed \\(" SEGV_SIGNAL "\\) in device enumeration"},
        SetUpFailure{"abort_in_ctor", "", "crashed \\(SIGABRT\\) in loading"}),
    [](const ::testing::TestParamInfo<SetUpFailure> &info) {
      return std::string(info.param.plugin) + (*info.param.mode ? "_compile_only" : "");
    });

TEST(ConformDriverTest, DiscoveryLoadsOnlyThePluginTheTargetNames) {
  // Every misbehaving plugin is on the path, before the one wanted.
  const std::string dir = misbehaving("x").substr(0, misbehaving("x").rfind('/'));
  const std::string good = testPluginPath("libtessel_hostmem.so");
  ::setenv("TESSEL_PLUGIN_PATH", (dir + ":" + good).c_str(), 1);
  ConformRun run =
      conform(with({"--target", "hostmem:hm1", "--compile-only"}), "discovery.json");
  ::unsetenv("TESSEL_PLUGIN_PATH");
  EXPECT_EQ(run.status, 0) << run.err << run.out;
  EXPECT_THAT(run.report, HasSubstr("\"validated\": 1"));
}

} // namespace
} // namespace tessel::conformance
