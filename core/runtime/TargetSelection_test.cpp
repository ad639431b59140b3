//===- TargetSelection_test.cpp - Tests of target selection ---------------===//
//
// Target selection: argument > TESSEL_TARGET > auto, the auto order, and the
// errors, first on hand-written plugin lists, then on the test plugins.
//
//===----------------------------------------------------------------------===//

#include "core/runtime/TargetSelection.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include "core/runtime/Runtime.h"
#include "core/runtime/testing/TestSupport.h"

namespace tessel::runtime {
namespace {

using testing::testPlugin;

PluginOffer offer(std::string name, std::vector<std::string> targets,
                  std::vector<std::string> devices) {
  PluginOffer offer;
  offer.path = "/p/libtessel_" + name + ".so";
  offer.name = std::move(name);
  offer.hasCompiler = !targets.empty();
  offer.hasRuntime = true;
  offer.targetArchs = std::move(targets);
  offer.deviceArchs = std::move(devices);
  // What the real plugins of these names report; the kind comes from a
  // device, so a plugin without one has none.
  const std::string &n = offer.name;
  if (!offer.deviceArchs.empty())
    offer.deviceKind = n == "nvidia" || n == "amd" || n == "intel" ? "gpu"
                       : n == "cpu"                                ? "cpu"
                                                                   : "";
  return offer;
}

std::string selected(const StatusOr<TargetSelection> &s) {
  return s.ok() ? s->target.toString() : "error: " + s.status().message();
}

TEST(TargetSelectionTest, ArgumentBeatsEnvironmentBeatsAuto) {
  const std::vector<PluginOffer> offers = {
      offer("cpu", {"x86-64", "native"}, {"znver4"}),
      offer("amd", {"gfx90a", "gfx942"}, {"gfx942"})};
  auto arg = selectTarget("cpu:native", std::string("amd:gfx90a"), offers);
  EXPECT_EQ(selected(arg), "cpu:native");
  EXPECT_EQ(arg->source, TargetSource::kArgument);
  auto env = selectTarget("", std::string("amd:gfx90a"), offers);
  EXPECT_EQ(selected(env), "amd:gfx90a");
  EXPECT_EQ(env->source, TargetSource::kEnvironment);
  auto none = selectTarget("", std::nullopt, offers);
  EXPECT_EQ(selected(none), "amd:gfx942");
  EXPECT_EQ(none->source, TargetSource::kAuto);
  // Empty means unset; "auto" anywhere means auto, and an explicit "auto"
  // argument is not overridden by the environment.
  EXPECT_EQ(selected(selectTarget("", std::string(""), offers)), "amd:gfx942");
  EXPECT_EQ(selected(selectTarget("auto", std::string("cpu:native"), offers)),
            "amd:gfx942");
  EXPECT_EQ(selected(selectTarget("", std::string("auto"), offers)), "amd:gfx942");
  EXPECT_STREQ(targetSourceName(TargetSource::kEnvironment), "TESSEL_TARGET");
}

TEST(TargetSelectionTest, AutoOrder) {
  EXPECT_EQ(autoOrderRank("gpu"), 0);
  EXPECT_EQ(autoOrderRank("npu"), 1);
  EXPECT_EQ(autoOrderRank("cpu"), 2);
  EXPECT_EQ(autoOrderRank("emulator"), 3);
  EXPECT_EQ(autoOrderRank(""), 4);

  const PluginOffer nvidia = offer("nvidia", {"sm_80", "sm_90a"}, {"sm_90a"});
  const PluginOffer amd = offer("amd", {"gfx942"}, {"gfx942"});
  const PluginOffer intel = offer("intel", {"pvc"}, {"pvc"});
  const PluginOffer cpu = offer("cpu", {"x86-64"}, {"x86-64"});
  const PluginOffer zeta = offer("zeta", {"z1"}, {"z1"});
  const PluginOffer acme = offer("acme", {"a1"}, {"a1"});
  const PluginOffer nvidiaNoGpu = offer("nvidia", {"sm_80"}, {});
  // The Intel plugin on a machine without an Intel GPU: its PoCL device.
  PluginOffer intelEmulated = offer("intel", {"pvc"}, {"pvc"});
  intelEmulated.deviceKind = "emulator";
  struct Case {
    std::vector<PluginOffer> offers; // in discovery order
    std::string expected;
  };
  const std::vector<Case> cases = {
      // GPUs first, by plugin name.
      {{cpu, zeta, amd, nvidia, intel}, "amd:gfx942"},
      {{cpu, zeta, nvidia, intel}, "intel:pvc"},
      {{cpu, zeta, nvidia}, "nvidia:sm_90a"},
      {{cpu, intel, amd}, "amd:gfx942"},
      {{zeta, cpu, intel}, "intel:pvc"},
      {{zeta, acme, cpu}, "cpu:x86-64"},
      {{zeta, acme}, "acme:a1"},
      {{acme, zeta}, "acme:a1"},
      {{nvidiaNoGpu, zeta}, "zeta:z1"},
      {{nvidiaNoGpu, cpu}, "cpu:x86-64"},
      // An emulator never displaces the host's CPU plugin or a GPU; it
      // still beats plugins whose devices name no kind.
      {{intelEmulated, cpu}, "cpu:x86-64"},
      {{intelEmulated, amd}, "amd:gfx942"},
      {{acme, zeta, intelEmulated}, "intel:pvc"},
      {{intelEmulated, nvidiaNoGpu}, "intel:pvc"},
  };
  for (const Case &c : cases) {
    EXPECT_EQ(selected(selectTarget("", std::nullopt, c.offers)), c.expected);
  }
}

TEST(TargetSelectionTest, AutoTargetMatchesTheDeviceArchElseTheDefault) {
  auto match = selectTarget("", std::nullopt,
                            {offer("amd", {"gfx90a", "gfx942"}, {"gfx942", "gfx90a"})});
  EXPECT_EQ(selected(match), "amd:gfx942");
  EXPECT_EQ(match->deviceIndex, 0u);
  EXPECT_EQ(selected(selectTarget("", std::nullopt,
                                  {offer("cpu", {"x86-64", "native"}, {"znver4"})})),
            "cpu:x86-64");
  // A runtime-only plugin: the device's arch.
  PluginOffer runtimeOnly = offer("beta", {}, {"b1"});
  EXPECT_EQ(selected(selectTarget("", std::nullopt, {runtimeOnly})), "beta:b1");
}

TEST(TargetSelectionTest, ExplicitTargetPicksAMatchingDevice) {
  const std::vector<PluginOffer> offers = {
      offer("amd", {"gfx90a", "gfx942"}, {"gfx90a", "gfx942"})};
  auto second = selectTarget("amd:gfx942+wave64", std::nullopt, offers);
  ASSERT_TRUE(second.ok()) << second.status().toString();
  EXPECT_EQ(second->deviceIndex, 1u);
  EXPECT_EQ(second->target.features, std::vector<std::string>{"wave64"});
  auto noDevice =
      selectTarget("amd:gfx90a", std::nullopt, {offer("amd", {"gfx90a"}, {})});
  ASSERT_TRUE(noDevice.ok());
  EXPECT_FALSE(noDevice->deviceIndex.has_value());
}

TEST(TargetSelectionTest, UnknownPluginListsWhatIsAvailable) {
  PluginOffer cpu = offer("cpu", {"x86-64", "x86-64-v3", "native"}, {"znver4"});
  cpu.path = "/path/libtessel_cpu.so";
  auto s = selectTarget("", std::string("nope:x"), {cpu});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_EQ(s.status().message(),
            "no plugin 'nope' for target 'nope:x' (from TESSEL_TARGET); "
            "available: cpu (cpu:x86-64, cpu:x86-64-v3, cpu:native) from "
            "/path/libtessel_cpu.so");
}

TEST(TargetSelectionTest, OtherErrors) {
  PluginOffer amd = offer("amd", {"gfx90a", "gfx942"}, {"gfx942"});
  PluginOffer runtimeOnly = offer("beta", {}, {"b1"});
  runtimeOnly.hasCompiler = false;
  PluginOffer broken = offer("intel", {}, {});
  broken.hasCompiler = true;
  broken.problem = "INTERNAL: driver exploded";

  auto badSyntax = selectTarget("gfx942", std::nullopt, {amd});
  ASSERT_FALSE(badSyntax.ok());
  EXPECT_EQ(badSyntax.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(badSyntax.status().message().find("invalid target 'gfx942'"),
            std::string::npos);
  EXPECT_NE(badSyntax.status().message().find("from the argument"), std::string::npos);

  auto badArch = selectTarget("amd:gfx1200", std::nullopt, {amd});
  ASSERT_FALSE(badArch.ok());
  EXPECT_EQ(badArch.status().message(),
            "plugin 'amd' (/p/libtessel_amd.so) does not offer target "
            "'amd:gfx1200' (from the argument); its targets: amd:gfx90a, "
            "amd:gfx942");
  // Runtime-only plugins cannot say which archs they take: accepted.
  EXPECT_EQ(selected(selectTarget("beta:b9", std::nullopt, {runtimeOnly})), "beta:b9");

  auto nothing = selectTarget("x:y", std::nullopt, {});
  ASSERT_FALSE(nothing.ok());
  EXPECT_NE(nothing.status().message().find("available: none"), std::string::npos);

  auto listing = selectTarget("x:y", std::nullopt, {runtimeOnly, broken},
                              {"/p/libtessel_bad.so: not an ELF file"});
  ASSERT_FALSE(listing.ok());
  EXPECT_NE(listing.status().message().find(
                "beta (runtime only) from /p/libtessel_beta.so; intel (targets "
                "unavailable: INTERNAL: driver exploded) from "
                "/p/libtessel_intel.so; not loaded: /p/libtessel_bad.so: not an "
                "ELF file"),
            std::string::npos)
      << listing.status().message();

  auto noDevice =
      selectTarget("", std::nullopt, {offer("nvidia", {"sm_80"}, {}), broken});
  ASSERT_FALSE(noDevice.ok());
  EXPECT_NE(noDevice.status().message().find(
                "no plugin reports a device (checked intel: INTERNAL: driver "
                "exploded, nvidia: 0 devices)"),
            std::string::npos)
      << noDevice.status().message();
}

// ---- the same rules through Runtime, with the test plugins ------------------

RuntimeOptions only(std::vector<std::string> paths) {
  RuntimeOptions options;
  options.pluginPaths = std::move(paths);
  options.usePluginPathEnv = false;
  options.useDefaultPluginDir = false;
  options.useCache = false;
  options.targetEnv = "";
  return options;
}

std::string autoWith(std::vector<std::string> dirs) {
  std::vector<std::string> paths;
  for (const std::string &d : dirs)
    paths.push_back(testPlugin(d));
  auto rt = Runtime::create(only(paths));
  if (!rt.ok())
    return "create failed: " + rt.status().message();
  return selected(rt->selectTarget());
}

TEST(RuntimeTargetSelectionTest, AutoOrderWithPlugins) {
  EXPECT_EQ(autoWith({"other", "cpu", "intel", "amd", "nvidia"}), "amd:gfx942");
  EXPECT_EQ(autoWith({"nvidia", "amd", "intel", "cpu", "other"}), "amd:gfx942");
  EXPECT_EQ(autoWith({"other", "intel", "cpu", "nvidia"}), "cpu:x86-64");
  EXPECT_EQ(autoWith({"other", "nvidia", "intel"}), "alpha:a1");
  EXPECT_EQ(autoWith({"runtime_only", "nvidia"}), "beta:b1");
  const std::string none = autoWith({"nvidia", "intel"});
  // Without devices neither reports a kind: by name.
  EXPECT_NE(none.find("no plugin reports a device (checked intel: no runtime half, "
                      "nvidia: 0 devices)"),
            std::string::npos)
      << none;
}

TEST(RuntimeTargetSelectionTest, EnvironmentVariableAndErrorListing) {
  RuntimeOptions options = only({testPlugin("cpu"), testPlugin("amd")});
  options.targetEnv.reset(); // read the real environment
  auto rt = Runtime::create(options);
  ASSERT_TRUE(rt.ok()) << rt.status().toString();

  ASSERT_EQ(setenv("TESSEL_TARGET", "cpu:x86-64-v3", 1), 0);
  auto fromEnv = rt->selectTarget();
  EXPECT_EQ(selected(fromEnv), "cpu:x86-64-v3");
  EXPECT_EQ(fromEnv->source, TargetSource::kEnvironment);
  EXPECT_EQ(selected(rt->selectTarget("amd:gfx90a")), "amd:gfx90a");

  ASSERT_EQ(setenv("TESSEL_TARGET", "nope:x", 1), 0);
  auto missing = rt->selectTarget();
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(),
            "no plugin 'nope' for target 'nope:x' (from TESSEL_TARGET); "
            "available: amd (amd:gfx90a, amd:gfx942) from " +
                testPlugin("amd/libtessel_amd.so") +
                "; cpu (cpu:x86-64, cpu:x86-64-v3, cpu:native) from " +
                testPlugin("cpu/libtessel_cpu.so"));
  ASSERT_EQ(unsetenv("TESSEL_TARGET"), 0);
  EXPECT_EQ(selected(rt->selectTarget()), "amd:gfx942");
}

TEST(RuntimeTargetSelectionTest, PluginPathEnvironmentIsSearched) {
  RuntimeOptions options = only({});
  options.usePluginPathEnv = true;
  options.pluginPathEnv = testPlugin("other") + ":" + testPlugin("cpu");
  auto rt = Runtime::create(options);
  ASSERT_TRUE(rt.ok());
  EXPECT_EQ(rt->plugins().size(), 3u);
  EXPECT_EQ(selected(rt->selectTarget()), "cpu:x86-64");
}

TEST(RuntimeTargetSelectionTest, FirstFileOfANameWins) {
  auto rt = Runtime::create(only({testPlugin("shadow"), testPlugin("amd")}));
  ASSERT_TRUE(rt.ok());
  ASSERT_EQ(rt->plugins().size(), 1u);
  EXPECT_EQ(rt->plugins()[0].path, testPlugin("shadow/libtessel_amd.so"));
  EXPECT_EQ(selected(rt->selectTarget()), "amd:gfx1100");
  ASSERT_EQ(rt->warnings().size(), 1u);
  EXPECT_NE(rt->warnings()[0].find("ignored"), std::string::npos);
}

TEST(RuntimeTargetSelectionTest, UnloadablePlugins) {
  const std::string dir = testing::makeTempDir("plugins");
  const std::string junk = dir + "/libtessel_junk.so";
  testing::writeFile(junk, "not a shared object");
  // Named explicitly: an error of Create.
  auto named = Runtime::create(only({junk}));
  ASSERT_FALSE(named.ok());
  EXPECT_NE(named.status().message().find(junk), std::string::npos);
  // Found in a directory: listed, and quoted by selection errors.
  auto scanned = Runtime::create(only({dir, testPlugin("nvidia")}));
  ASSERT_TRUE(scanned.ok()) << scanned.status().toString();
  ASSERT_EQ(scanned->loadFailures().size(), 1u);
  auto s = scanned->selectTarget();
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("not loaded: " + junk), std::string::npos)
      << s.status().message();
}

TEST(RuntimeTargetSelectionTest, OpenDevice) {
  auto rt = Runtime::create(only({testPlugin("cpu"), testPlugin("nvidia")}));
  ASSERT_TRUE(rt.ok());
  auto cpu = rt->selectTarget("cpu:native");
  ASSERT_TRUE(cpu.ok());
  auto device = rt->openDevice(*cpu);
  ASSERT_TRUE(device.ok()) << device.status().toString();
  EXPECT_EQ(device->info().arch, "znver4");
  EXPECT_EQ(device->describe(), "cpu device 0 (cpu test device 0, znver4)");
  // nvidia lists sm_90a but has no GPU here: compile-only.
  auto nvidia = rt->selectTarget("nvidia:sm_90a");
  ASSERT_TRUE(nvidia.ok());
  auto none = rt->openDevice(*nvidia);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().code(), TESSEL_ERROR_FAILED_PRECONDITION);
  EXPECT_NE(none.status().message().find("reports no device"), std::string::npos);
}

} // namespace
} // namespace tessel::runtime
