// Target selection: argument > TESSEL_TARGET > auto, the auto order, and the
// errors, first on hand-written plugin lists, then on the test plugins.
#include "core/runtime/target_selection.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include "core/runtime/runtime.h"
#include "core/runtime/testing/test_support.h"

namespace tessel::runtime {
namespace {

using testing::TestPlugin;

PluginOffer Offer(std::string name, std::vector<std::string> targets,
                  std::vector<std::string> devices) {
  PluginOffer offer;
  offer.path = "/p/libtessel_" + name + ".so";
  offer.name = std::move(name);
  offer.has_compiler = !targets.empty();
  offer.has_runtime = true;
  offer.target_archs = std::move(targets);
  offer.device_archs = std::move(devices);
  // What the real plugins of these names report; the kind comes from a
  // device, so a plugin without one has none.
  const std::string& n = offer.name;
  if (!offer.device_archs.empty())
    offer.device_kind = n == "nvidia" || n == "amd" || n == "intel" ? "gpu"
                        : n == "cpu"                                ? "cpu"
                                                                    : "";
  return offer;
}

std::string Selected(const StatusOr<TargetSelection>& s) {
  return s.ok() ? s->target.toString() : "error: " + s.status().message();
}

TEST(TargetSelectionTest, ArgumentBeatsEnvironmentBeatsAuto) {
  const std::vector<PluginOffer> offers = {
      Offer("cpu", {"x86-64", "native"}, {"znver4"}),
      Offer("amd", {"gfx90a", "gfx942"}, {"gfx942"})};
  auto arg = SelectTarget("cpu:native", std::string("amd:gfx90a"), offers);
  EXPECT_EQ(Selected(arg), "cpu:native");
  EXPECT_EQ(arg->source, TargetSource::kArgument);
  auto env = SelectTarget("", std::string("amd:gfx90a"), offers);
  EXPECT_EQ(Selected(env), "amd:gfx90a");
  EXPECT_EQ(env->source, TargetSource::kEnvironment);
  auto none = SelectTarget("", std::nullopt, offers);
  EXPECT_EQ(Selected(none), "amd:gfx942");
  EXPECT_EQ(none->source, TargetSource::kAuto);
  // Empty means unset; "auto" anywhere means auto, and an explicit "auto"
  // argument is not overridden by the environment.
  EXPECT_EQ(Selected(SelectTarget("", std::string(""), offers)), "amd:gfx942");
  EXPECT_EQ(Selected(SelectTarget("auto", std::string("cpu:native"), offers)),
            "amd:gfx942");
  EXPECT_EQ(Selected(SelectTarget("", std::string("auto"), offers)), "amd:gfx942");
  EXPECT_STREQ(TargetSourceName(TargetSource::kEnvironment), "TESSEL_TARGET");
}

TEST(TargetSelectionTest, AutoOrder) {
  EXPECT_EQ(AutoOrderRank("gpu"), 0);
  EXPECT_EQ(AutoOrderRank("npu"), 1);
  EXPECT_EQ(AutoOrderRank("cpu"), 2);
  EXPECT_EQ(AutoOrderRank(""), 3);

  const PluginOffer nvidia = Offer("nvidia", {"sm_80", "sm_90a"}, {"sm_90a"});
  const PluginOffer amd = Offer("amd", {"gfx942"}, {"gfx942"});
  const PluginOffer intel = Offer("intel", {"pvc"}, {"pvc"});
  const PluginOffer cpu = Offer("cpu", {"x86-64"}, {"x86-64"});
  const PluginOffer zeta = Offer("zeta", {"z1"}, {"z1"});
  const PluginOffer acme = Offer("acme", {"a1"}, {"a1"});
  const PluginOffer nvidia_no_gpu = Offer("nvidia", {"sm_80"}, {});
  struct Case {
    std::vector<PluginOffer> offers;  // in discovery order
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
      {{nvidia_no_gpu, zeta}, "zeta:z1"},
      {{nvidia_no_gpu, cpu}, "cpu:x86-64"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(Selected(SelectTarget("", std::nullopt, c.offers)), c.expected);
  }
}

TEST(TargetSelectionTest, AutoTargetMatchesTheDeviceArchElseTheDefault) {
  auto match = SelectTarget("", std::nullopt,
                            {Offer("amd", {"gfx90a", "gfx942"}, {"gfx942", "gfx90a"})});
  EXPECT_EQ(Selected(match), "amd:gfx942");
  EXPECT_EQ(match->device_index, 0u);
  EXPECT_EQ(Selected(SelectTarget("", std::nullopt,
                                  {Offer("cpu", {"x86-64", "native"}, {"znver4"})})),
            "cpu:x86-64");
  // A runtime-only plugin: the device's arch.
  PluginOffer runtime_only = Offer("beta", {}, {"b1"});
  EXPECT_EQ(Selected(SelectTarget("", std::nullopt, {runtime_only})), "beta:b1");
}

TEST(TargetSelectionTest, ExplicitTargetPicksAMatchingDevice) {
  const std::vector<PluginOffer> offers = {
      Offer("amd", {"gfx90a", "gfx942"}, {"gfx90a", "gfx942"})};
  auto second = SelectTarget("amd:gfx942+wave64", std::nullopt, offers);
  ASSERT_TRUE(second.ok()) << second.status().toString();
  EXPECT_EQ(second->device_index, 1u);
  EXPECT_EQ(second->target.features, std::vector<std::string>{"wave64"});
  auto no_device = SelectTarget("amd:gfx90a", std::nullopt,
                                {Offer("amd", {"gfx90a"}, {})});
  ASSERT_TRUE(no_device.ok());
  EXPECT_FALSE(no_device->device_index.has_value());
}

TEST(TargetSelectionTest, UnknownPluginListsWhatIsAvailable) {
  PluginOffer cpu = Offer("cpu", {"x86-64", "x86-64-v3", "native"}, {"znver4"});
  cpu.path = "/path/libtessel_cpu.so";
  auto s = SelectTarget("", std::string("nope:x"), {cpu});
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), TESSEL_ERROR_NOT_FOUND);
  EXPECT_EQ(s.status().message(),
            "no plugin 'nope' for target 'nope:x' (from TESSEL_TARGET); "
            "available: cpu (cpu:x86-64, cpu:x86-64-v3, cpu:native) from "
            "/path/libtessel_cpu.so");
}

TEST(TargetSelectionTest, OtherErrors) {
  PluginOffer amd = Offer("amd", {"gfx90a", "gfx942"}, {"gfx942"});
  PluginOffer runtime_only = Offer("beta", {}, {"b1"});
  runtime_only.has_compiler = false;
  PluginOffer broken = Offer("intel", {}, {});
  broken.has_compiler = true;
  broken.problem = "INTERNAL: driver exploded";

  auto bad_syntax = SelectTarget("gfx942", std::nullopt, {amd});
  ASSERT_FALSE(bad_syntax.ok());
  EXPECT_EQ(bad_syntax.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(bad_syntax.status().message().find("invalid target 'gfx942'"),
            std::string::npos);
  EXPECT_NE(bad_syntax.status().message().find("from the argument"),
            std::string::npos);

  auto bad_arch = SelectTarget("amd:gfx1200", std::nullopt, {amd});
  ASSERT_FALSE(bad_arch.ok());
  EXPECT_EQ(bad_arch.status().message(),
            "plugin 'amd' (/p/libtessel_amd.so) does not offer target "
            "'amd:gfx1200' (from the argument); its targets: amd:gfx90a, "
            "amd:gfx942");
  // Runtime-only plugins cannot say which archs they take: accepted.
  EXPECT_EQ(Selected(SelectTarget("beta:b9", std::nullopt, {runtime_only})),
            "beta:b9");

  auto nothing = SelectTarget("x:y", std::nullopt, {});
  ASSERT_FALSE(nothing.ok());
  EXPECT_NE(nothing.status().message().find("available: none"), std::string::npos);

  auto listing = SelectTarget("x:y", std::nullopt, {runtime_only, broken},
                              {"/p/libtessel_bad.so: not an ELF file"});
  ASSERT_FALSE(listing.ok());
  EXPECT_NE(listing.status().message().find(
                "beta (runtime only) from /p/libtessel_beta.so; intel (targets "
                "unavailable: INTERNAL: driver exploded) from "
                "/p/libtessel_intel.so; not loaded: /p/libtessel_bad.so: not an "
                "ELF file"),
            std::string::npos)
      << listing.status().message();

  auto no_device = SelectTarget("", std::nullopt,
                                {Offer("nvidia", {"sm_80"}, {}), broken});
  ASSERT_FALSE(no_device.ok());
  EXPECT_NE(no_device.status().message().find(
                "no plugin reports a device (checked intel: INTERNAL: driver "
                "exploded, nvidia: 0 devices)"),
            std::string::npos)
      << no_device.status().message();
}

// ---- the same rules through Runtime, with the test plugins ------------------

RuntimeOptions Only(std::vector<std::string> paths) {
  RuntimeOptions options;
  options.plugin_paths = std::move(paths);
  options.use_plugin_path_env = false;
  options.use_default_plugin_dir = false;
  options.use_cache = false;
  options.target_env = "";
  return options;
}

std::string AutoWith(std::vector<std::string> dirs) {
  std::vector<std::string> paths;
  for (const std::string& d : dirs) paths.push_back(TestPlugin(d));
  auto rt = Runtime::Create(Only(paths));
  if (!rt.ok()) return "create failed: " + rt.status().message();
  return Selected(rt->SelectTarget());
}

TEST(RuntimeTargetSelectionTest, AutoOrderWithPlugins) {
  EXPECT_EQ(AutoWith({"other", "cpu", "intel", "amd", "nvidia"}), "amd:gfx942");
  EXPECT_EQ(AutoWith({"nvidia", "amd", "intel", "cpu", "other"}), "amd:gfx942");
  EXPECT_EQ(AutoWith({"other", "intel", "cpu", "nvidia"}), "cpu:x86-64");
  EXPECT_EQ(AutoWith({"other", "nvidia", "intel"}), "alpha:a1");
  EXPECT_EQ(AutoWith({"runtime_only", "nvidia"}), "beta:b1");
  const std::string none = AutoWith({"nvidia", "intel"});
  // Without devices neither reports a kind: by name.
  EXPECT_NE(none.find("no plugin reports a device (checked intel: no runtime half, "
                      "nvidia: 0 devices)"),
            std::string::npos)
      << none;
}

TEST(RuntimeTargetSelectionTest, EnvironmentVariableAndErrorListing) {
  RuntimeOptions options = Only({TestPlugin("cpu"), TestPlugin("amd")});
  options.target_env.reset();  // read the real environment
  auto rt = Runtime::Create(options);
  ASSERT_TRUE(rt.ok()) << rt.status().toString();

  ASSERT_EQ(setenv("TESSEL_TARGET", "cpu:x86-64-v3", 1), 0);
  auto from_env = rt->SelectTarget();
  EXPECT_EQ(Selected(from_env), "cpu:x86-64-v3");
  EXPECT_EQ(from_env->source, TargetSource::kEnvironment);
  EXPECT_EQ(Selected(rt->SelectTarget("amd:gfx90a")), "amd:gfx90a");

  ASSERT_EQ(setenv("TESSEL_TARGET", "nope:x", 1), 0);
  auto missing = rt->SelectTarget();
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(),
            "no plugin 'nope' for target 'nope:x' (from TESSEL_TARGET); "
            "available: amd (amd:gfx90a, amd:gfx942) from " +
                TestPlugin("amd/libtessel_amd.so") +
                "; cpu (cpu:x86-64, cpu:x86-64-v3, cpu:native) from " +
                TestPlugin("cpu/libtessel_cpu.so"));
  ASSERT_EQ(unsetenv("TESSEL_TARGET"), 0);
  EXPECT_EQ(Selected(rt->SelectTarget()), "amd:gfx942");
}

TEST(RuntimeTargetSelectionTest, PluginPathEnvironmentIsSearched) {
  RuntimeOptions options = Only({});
  options.use_plugin_path_env = true;
  options.plugin_path_env = TestPlugin("other") + ":" + TestPlugin("cpu");
  auto rt = Runtime::Create(options);
  ASSERT_TRUE(rt.ok());
  EXPECT_EQ(rt->plugins().size(), 3u);
  EXPECT_EQ(Selected(rt->SelectTarget()), "cpu:x86-64");
}

TEST(RuntimeTargetSelectionTest, FirstFileOfANameWins) {
  auto rt = Runtime::Create(Only({TestPlugin("shadow"), TestPlugin("amd")}));
  ASSERT_TRUE(rt.ok());
  ASSERT_EQ(rt->plugins().size(), 1u);
  EXPECT_EQ(rt->plugins()[0].path, TestPlugin("shadow/libtessel_amd.so"));
  EXPECT_EQ(Selected(rt->SelectTarget()), "amd:gfx1100");
  ASSERT_EQ(rt->warnings().size(), 1u);
  EXPECT_NE(rt->warnings()[0].find("ignored"), std::string::npos);
}

TEST(RuntimeTargetSelectionTest, UnloadablePlugins) {
  const std::string dir = testing::MakeTempDir("plugins");
  const std::string junk = dir + "/libtessel_junk.so";
  testing::WriteFile(junk, "not a shared object");
  // Named explicitly: an error of Create.
  auto named = Runtime::Create(Only({junk}));
  ASSERT_FALSE(named.ok());
  EXPECT_NE(named.status().message().find(junk), std::string::npos);
  // Found in a directory: listed, and quoted by selection errors.
  auto scanned = Runtime::Create(Only({dir, TestPlugin("nvidia")}));
  ASSERT_TRUE(scanned.ok()) << scanned.status().toString();
  ASSERT_EQ(scanned->load_failures().size(), 1u);
  auto s = scanned->SelectTarget();
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("not loaded: " + junk), std::string::npos)
      << s.status().message();
}

TEST(RuntimeTargetSelectionTest, OpenDevice) {
  auto rt = Runtime::Create(Only({TestPlugin("cpu"), TestPlugin("nvidia")}));
  ASSERT_TRUE(rt.ok());
  auto cpu = rt->SelectTarget("cpu:native");
  ASSERT_TRUE(cpu.ok());
  auto device = rt->OpenDevice(*cpu);
  ASSERT_TRUE(device.ok()) << device.status().toString();
  EXPECT_EQ(device->info().arch, "znver4");
  EXPECT_EQ(device->Describe(), "cpu device 0 (cpu test device 0, znver4)");
  // nvidia lists sm_90a but has no GPU here: compile-only.
  auto nvidia = rt->SelectTarget("nvidia:sm_90a");
  ASSERT_TRUE(nvidia.ok());
  auto none = rt->OpenDevice(*nvidia);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().code(), TESSEL_ERROR_FAILED_PRECONDITION);
  EXPECT_NE(none.status().message().find("reports no device"), std::string::npos);
}

}  // namespace
}  // namespace tessel::runtime
