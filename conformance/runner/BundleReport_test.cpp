//===- BundleReport_test.cpp - Tests of bundles and reports ---------------===//

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "conformance/cases/Registry.h"
#include "conformance/runner/Bundle.h"
#include "conformance/runner/Report.h"
#include "conformance/runner/RunIdentity.h"

namespace tessel::conformance {
namespace {

Bundle sample() {
  Bundle b;
  b.suiteVersion = kSuiteVersion;
  b.target = "cpu:x86-64";
  b.pluginName = "cpu";
  b.pluginVersion = "0.1.0";
  b.producer = "test";
  BundleEntry compiled = describeCase(allCases().front());
  compiled.kernel.bytes = {1, 2, 3};
  compiled.kernel.metadata.entryName = "k";
  plugin_host::KernelArg arg;
  arg.name = "x";
  arg.kind = TESSEL_ARG_POINTER;
  arg.dtype = TESSEL_DTYPE_FP32;
  compiled.kernel.metadata.args.push_back(arg);
  b.entries.push_back(compiled);
  BundleEntry verdict;
  verdict.id = "compile_fail/x";
  verdict.kind = BundleEntry::kVerdict;
  verdict.outcome = Outcome::kFail;
  verdict.message = "compiled without error";
  b.entries.push_back(verdict);
  BundleEntry error = describeCase(allCases().back());
  error.kind = BundleEntry::kCompileError;
  error.message = "boom";
  b.entries.push_back(error);
  return b;
}

TEST(Bundle, RoundTrips) {
  const std::string bytes = encodeBundle(sample());
  auto back = decodeBundle(bytes, "b.tslb");
  ASSERT_TRUE(back.ok()) << back.status().toString();
  ASSERT_EQ(back->entries.size(), 3u);
  EXPECT_EQ(back->target, "cpu:x86-64");
  EXPECT_EQ(back->entries[0].kernel.bytes, (std::vector<uint8_t>{1, 2, 3}));
  EXPECT_EQ(back->entries[0].kernel.metadata.args.at(0).dtype, TESSEL_DTYPE_FP32);
  EXPECT_EQ(checkEntryMatches(back->entries[0], allCases().front()), "");
  EXPECT_NE(checkEntryMatches(back->entries[0], allCases().back()), "");
  EXPECT_EQ(back->entries[1].outcome, Outcome::kFail);
  EXPECT_EQ(back->entries[2].message, "boom");
}

TEST(Bundle, RejectsDamage) {
  std::string bytes = encodeBundle(sample());
  EXPECT_FALSE(decodeBundle("not a bundle", "b").ok());
  for (size_t cut : {size_t(9), bytes.size() / 2, bytes.size() - 1}) {
    auto r = decodeBundle(bytes.substr(0, cut), "b");
    EXPECT_FALSE(r.ok()) << cut;
  }
  std::string newer = bytes;
  newer[8] = 99; // the format version
  auto r = decodeBundle(newer, "b");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("format version 99"), std::string::npos);
}

RunSummary summary() {
  RunSummary s;
  s.suiteVersion = "1.0";
  s.target = "cpu:x86-64";
  s.pluginName = "cpu";
  s.mode = "run";
  s.results = {{"a/pass", Outcome::kPass, "", "", 0.5},
               {"b/fail", Outcome::kFail, "out[3]: got \"1\" <2>", "", 0.1},
               {"c/ns", Outcome::kNotSupported, "missing capability 'fp64'", "fp64", 0},
               {"d/skip", Outcome::kSkipped, "no fp8", "", 0},
               {"e/err", Outcome::kError, "crashed\nsignal 11", "", 0}};
  return s;
}

TEST(Report, JsonHasCountsAndEscapes) {
  const std::string j = toJson(summary());
  EXPECT_NE(j.find("\"conformant\": false"), std::string::npos);
  EXPECT_NE(j.find("\"fail\": 1"), std::string::npos);
  EXPECT_NE(j.find("\"capability\": \"fp64\""), std::string::npos);
  EXPECT_NE(j.find("got \\\"1\\\" <2>"), std::string::npos);
  EXPECT_NE(j.find("crashed\\nsignal 11"), std::string::npos);
}

TEST(Report, JUnitMapsOutcomes) {
  const std::string x = toJUnit(summary());
  EXPECT_NE(x.find("tests=\"5\" failures=\"1\" errors=\"1\""), std::string::npos) << x;
  EXPECT_NE(x.find("<failure message=\"out[3]: got &quot;1&quot; &lt;2&gt;\"/>"),
            std::string::npos)
      << x;
  EXPECT_NE(x.find("<skipped message=\"not-supported: missing capability"),
            std::string::npos);
  EXPECT_NE(x.find("<error message=\"crashed&#10;signal 11\"/>"), std::string::npos);
}

TEST(Report, SummaryTableAndVerdict) {
  std::ostringstream out;
  printSummary(summary(), out);
  EXPECT_NE(out.str().find("FAIL  b/fail"), std::string::npos);
  EXPECT_NE(out.str().find("1 case(s) need capability 'fp64'"), std::string::npos);
  EXPECT_NE(out.str().find("NOT CONFORMANT"), std::string::npos);
  RunSummary ok;
  ok.results = {{"a", Outcome::kPass, "", "", 0}, {"b", Outcome::kSkipped, "r", "", 0}};
  EXPECT_TRUE(ok.clean());
}

TEST(Report, NamesTheDriverWhenThePluginSaysIt) {
  RunSummary s = summary();
  s.device = "NVIDIA H200 (NVIDIA, sm_90a)";
  s.driver = "13.0";
  std::ostringstream out;
  printSummary(s, out);
  EXPECT_NE(toJson(s).find("\"driver\": \"13.0\",\n"), std::string::npos);
  EXPECT_NE(out.str().find("  device NVIDIA H200 (NVIDIA, sm_90a)\n  driver 13.0\n"),
            std::string::npos)
      << out.str();
  EXPECT_NE(toJUnit(s).find("<property name=\"driver\" value=\"13.0\"/>"),
            std::string::npos);
  // Not said: the field is there, empty, and the header has no line for it.
  s.driver = "";
  std::ostringstream none;
  printSummary(s, none);
  EXPECT_NE(toJson(s).find("\"driver\": \"\",\n"), std::string::npos);
  EXPECT_EQ(none.str().find("  driver"), std::string::npos) << none.str();
}

TEST(RunIdentity, TheDriverIsTheDevicesStringFeatureDriverVersion) {
  plugin_host::DeviceInfo device;
  device.name = "GPU";
  device.vendor = "V";
  device.arch = "a";
  EXPECT_EQ(driverVersion(device), "");
  device.features = {plugin_host::KeyValue::makeString("device_kind", "gpu"),
                     plugin_host::KeyValue::makeString("driver_version", "12.8")};
  EXPECT_EQ(driverVersion(device), "12.8");
  RunSummary s;
  identifyDevice(s, device);
  EXPECT_EQ(s.driver, "12.8");
  EXPECT_EQ(s.device, "GPU (V, a)");
  // A version sent as a number is not the documented string: not read.
  device.features = {plugin_host::KeyValue::makeInt("driver_version", 13000)};
  EXPECT_EQ(driverVersion(device), "");
}

TEST(Report, OnlyAFullUnfilteredExecuteRunIsConformant) {
  RunSummary s;
  s.suiteCases = 2;
  s.results = {{"a/x", Outcome::kPass, "", "", 0},
               {"b/y", Outcome::kSkipped, "r", "", 0}};
  s.mode = "run";
  EXPECT_EQ(s.verdict(), RunVerdict::kConformant);
  s.mode = "bundle"; // tessel-conform-run executes too
  EXPECT_EQ(s.verdict(), RunVerdict::kConformant);
  for (const char *mode : {"compile-only", "emit-bundle"}) {
    s.mode = mode;
    EXPECT_EQ(s.verdict(), RunVerdict::kValidated) << mode;
  }
  s.mode = "run";
  s.filters = {"a/*"};
  EXPECT_EQ(s.verdict(), RunVerdict::kPartialPass);
  s.filters.clear();
  s.suiteCases = 3; // a bundle that holds part of the suite
  EXPECT_EQ(s.verdict(), RunVerdict::kPartialPass);
  s.results.push_back({"c/z", Outcome::kError, "launch: failed", "", 0});
  EXPECT_EQ(s.verdict(), RunVerdict::kNotConformant);
  s.filters = {"c/*"};
  EXPECT_EQ(s.verdict(), RunVerdict::kPartialFail);
  s.mode = "compile-only";
  EXPECT_EQ(s.verdict(), RunVerdict::kNotValidated);
  // A run whose set-up failed ran nothing: not conformant, not partial.
  RunSummary setup;
  setup.mode = "run";
  setup.suiteCases = 803;
  setup.results = {{"setup", Outcome::kError, "no device", "", 0}};
  EXPECT_EQ(setup.verdict(), RunVerdict::kNotConformant);

  std::ostringstream out;
  s.mode = "run";
  printSummary(s, out);
  EXPECT_NE(out.str().find("PARTIAL RUN FAILED"), std::string::npos) << out.str();
  EXPECT_EQ(out.str().find("\nCONFORMANT"), std::string::npos) << out.str();
  const std::string j = toJson(s);
  EXPECT_NE(j.find("\"verdict\": \"partial-fail\""), std::string::npos) << j;
  EXPECT_NE(j.find("\"conformant\": false"), std::string::npos) << j;
  EXPECT_NE(j.find("\"filters\": [\"c/*\"]"), std::string::npos) << j;
}

TEST(Report, ErrorsAreGroupedByTheStepThatFailed) {
  RunSummary s;
  s.mode = "run";
  for (int i = 0; i < 12; ++i)
    s.results.push_back({"memory/" + std::to_string(i), Outcome::kError,
                         "compile: the plugin crashed", "", 0});
  s.results.push_back({"dot/a", Outcome::kError, "timeout after 120 s", "", 0});
  std::ostringstream out;
  printSummary(s, out);
  EXPECT_NE(out.str().find("ERROR compile: 12 case(s)"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("... and 4 more"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("ERROR timeout after 120 s: 1 case(s)"), std::string::npos)
      << out.str();
}

// A symbolic link planted where the bundle or a report goes is replaced by
// the new file; the file it pointed to keeps its contents.
std::string slurp(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Outputs, ArePlacedNotWrittenThroughPlantedLinks) {
  const char *tmp = std::getenv("TEST_TMPDIR");
  std::string dir = std::string(tmp ? tmp : "/tmp") + "/planted";
  std::string cleanup = "rm -rf '" + dir + "'";
  ASSERT_EQ(std::system(cleanup.c_str()), 0);
  ASSERT_EQ(::mkdir(dir.c_str(), 0755), 0);
  const std::string victim = dir + "/victim";
  std::ofstream(victim) << "precious";
  for (const std::string name : {"out.tslb", "out.tslb.tmp", "report.json"})
    ASSERT_EQ(::symlink(victim.c_str(), (dir + "/" + name).c_str()), 0) << name;

  ASSERT_TRUE(writeBundleFile(sample(), dir + "/out.tslb").ok());
  ASSERT_TRUE(writeTextFile(dir + "/report.json", "{}\n").ok());

  EXPECT_EQ(slurp(victim), "precious");
  for (const std::string name : {"out.tslb", "report.json"}) {
    struct stat st;
    ASSERT_EQ(::lstat((dir + "/" + name).c_str(), &st), 0);
    EXPECT_TRUE(S_ISREG(st.st_mode)) << name << " is still a link";
  }
  EXPECT_EQ(slurp(dir + "/report.json"), "{}\n");
  EXPECT_TRUE(readBundleFile(dir + "/out.tslb").ok());
}

} // namespace
} // namespace tessel::conformance
