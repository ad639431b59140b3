//===- RunBundle_test.cpp - Tests of tessel-conform-run -------------------===//

#include "conformance/runner/RunBundle.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "conformance/cases/Registry.h"
#include "conformance/runner/Bundle.h"
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

// A bundle for `target` with one verdict entry.
std::string writeBundle(const std::string &target) {
  Bundle bundle;
  bundle.suiteVersion = kSuiteVersion;
  bundle.target = target;
  bundle.pluginName = target.substr(0, target.find(':'));
  bundle.producer = "test";
  BundleEntry entry;
  entry.id = "compile_fail/dot_too_small";
  entry.kind = BundleEntry::kVerdict;
  entry.outcome = Outcome::kPass;
  bundle.entries.push_back(entry);
  const std::string path = tempPath(bundle.pluginName + ".tslb");
  EXPECT_TRUE(writeBundleFile(bundle, path).ok());
  return path;
}

int run(const std::vector<std::string> &args, std::string *err) {
  std::ostringstream out, errors;
  const int status = runBundleCommand(args, out, errors);
  *err = errors.str();
  return status;
}

TEST(RunBundleTest, TimeoutOutOfRangeIsAnError) {
  const std::string bundle = writeBundle("hostmem:hm1");
  // 4294968 s is 2^32 ms and a little more: it must not wrap to 704 ms.
  for (const char *value : {"4294968", "99999999999", "0", "-5", "2x", ""}) {
    std::string err;
    EXPECT_EQ(run({bundle, "--plugin", testPluginPath("libtessel_hostmem.so"),
                   "--timeout", value},
                  &err),
              2)
        << value;
    EXPECT_THAT(err, HasSubstr("--timeout")) << value;
  }
}

TEST(RunBundleTest, ASetUpCrashIsReportedAndTheReportWritten) {
  const std::string plugin = testPluginPath("misbehaving/libtessel_segv_in_init.so");
  const std::string bundle = writeBundle("segv_in_init:hm1");
  const std::string report = tempPath("segv_in_init.json");
  std::string err;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(run({bundle, "--plugin", plugin, "--report-json", report}, &err), 2);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
  EXPECT_THAT(err, ContainsRegex("crashed \\(" SEGV_SIGNAL "\\) in initialize"));
  EXPECT_THAT(readFile(report), ContainsRegex("crashed .* in initialize"));
}

TEST(RunBundleTest, ASetUpHangTimesOut) {
  const std::string plugin = testPluginPath("misbehaving/libtessel_hang_in_enum.so");
  const std::string bundle = writeBundle("hang_in_enum:hm1");
  std::string err;
  EXPECT_EQ(run({bundle, "--plugin", plugin, "--timeout", "1"}, &err), 2);
  EXPECT_THAT(err, HasSubstr("timed out after 1 s in device enumeration"));
}

} // namespace
} // namespace tessel::conformance
