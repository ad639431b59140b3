//===- PluginAbi_test.cpp - A plugin's compile entries through the ABI ----===//
//
// What every plugin does through its C ABI, as the host uses it: each given
// kernel compiles for each given target (a backend that runs an assembler
// in compile, as NVIDIA's runs ptxas, thereby validates it), the metadata is
// filled (entry, argument count, 8-byte pointers, warp size, warps, threads
// per block = warps x warp size, shared memory exactly when the kernel uses
// it), validate_artifact accepts the artifact and rejects a wrong entry,
// and the artifact is destroyed cleanly; every target feature the plugin
// lists is accepted in a target string and an unknown one refused (with the
// first kernel). `tessel_plugin` (plugin.bzl) runs
// it for every plugin that lists abi_test_kernels:
//
//   PluginAbi_test --plugin=LIB --name=NAME --target=ARCH...
//       --kernel=FILE:ENTRY:NUM_ARGS[:shared]... --warp-size=N --num-warps=N,...
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "plugins/common/PluginAbiTesting.h"
#include "tessel/plugin.hpp"

namespace tessel::abitest {
namespace {

struct Kernel {
  std::string path, entry;
  unsigned numArgs = 0;
  bool usesSharedMemory = false;
};

struct Config {
  std::string plugin, name;
  std::vector<std::string> targets;
  std::vector<Kernel> kernels;
  uint32_t warpSize = 0;
  std::vector<uint32_t> numWarps;
};

std::vector<std::string> split(const std::string &text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, separator);)
    parts.push_back(part);
  return parts;
}

class CompileTest : public ::testing::Test {
public:
  CompileTest(const Config &config, Kernel kernel, std::string arch)
      : config(config), kernel(std::move(kernel)), arch(std::move(arch)) {}

  void TestBody() override {
    const Tessel_Plugin_Api *api = loadPlugin(config.plugin);
    ASSERT_NE(api, nullptr);
    std::string ir = readTileBytecode(kernel.path);
    ASSERT_FALSE(ir.empty());

    Tessel_Target target = sdk::Init<Tessel_Target>();
    target.plugin = config.name.c_str();
    target.arch = arch.c_str();
    auto args = makeCompileArgs(target, ir, kernel.entry.c_str());
    ASSERT_EQ(message(api, api->compile(&args)), "") << kernel.path << " for " << arch;

    auto inspect = sdk::Init<Tessel_Artifact_Inspect_Args>();
    inspect.artifact = args.artifact;
    ASSERT_EQ(message(api, api->artifact_inspect(&inspect)), "");
    const Tessel_Kernel_Metadata &md = *inspect.metadata;
    EXPECT_STREQ(md.entry_name, kernel.entry.c_str());
    EXPECT_EQ(md.num_args, kernel.numArgs);
    EXPECT_EQ(md.warp_size, config.warpSize);
    EXPECT_NE(std::count(config.numWarps.begin(), config.numWarps.end(), md.num_warps),
              0)
        << md.num_warps;
    EXPECT_EQ(md.threads_per_block, md.num_warps * md.warp_size);
    EXPECT_EQ(md.shared_mem_bytes > 0, kernel.usesSharedMemory) << md.shared_mem_bytes;
    for (size_t i = 0; i < md.num_args; ++i) {
      if (md.args[i].kind == TESSEL_ARG_POINTER) {
        EXPECT_EQ(md.args[i].size, 8u) << "argument " << i;
      }
    }

    auto validate = sdk::Init<Tessel_Validate_Artifact_Args>();
    validate.target = &target;
    validate.artifact = inspect.bytes;
    validate.artifact_size = inspect.size;
    validate.metadata = &md;
    EXPECT_EQ(message(api, api->validate_artifact(&validate)), "");

    Tessel_Kernel_Metadata wrong = md;
    wrong.entry_name = "no_such_kernel";
    validate.metadata = &wrong;
    EXPECT_NE(message(api, api->validate_artifact(&validate))
                  .find("does not define the kernel 'no_such_kernel'"),
              std::string::npos);

    auto destroy = sdk::Init<Tessel_Artifact_Destroy_Args>();
    destroy.artifact = args.artifact;
    EXPECT_EQ(message(api, api->artifact_destroy(&destroy)), "");
  }

private:
  const Config &config;
  Kernel kernel;
  std::string arch;
};

/// Every feature compiler_get_info lists for a target is accepted in a
/// target string, alone, by compile; a feature it does not list is refused.
class TargetFeaturesTest : public ::testing::Test {
public:
  explicit TargetFeaturesTest(const Config &config) : config(config) {}

  void TestBody() override {
    const Tessel_Plugin_Api *api = loadPlugin(config.plugin);
    ASSERT_NE(api, nullptr);
    auto info = sdk::Init<Tessel_Compiler_Get_Info_Args>();
    ASSERT_EQ(message(api, api->compiler_get_info(&info)), "");
    const Kernel &kernel = config.kernels.front();
    std::string ir = readTileBytecode(kernel.path);
    for (size_t t = 0; t < info.info->num_targets; ++t) {
      const Tessel_Target_Desc &desc = *info.info->targets[t];
      std::vector<std::string> features(desc.features,
                                        desc.features + desc.num_features);
      features.push_back("no_such_feature");
      for (const std::string &feature : features) {
        const char *list[] = {feature.c_str()};
        Tessel_Target target = sdk::Init<Tessel_Target>();
        target.plugin = config.name.c_str();
        target.arch = desc.arch;
        target.features = list;
        target.num_features = 1;
        auto args = makeCompileArgs(target, ir, kernel.entry.c_str());
        std::string error = message(api, api->compile(&args));
        if (feature == "no_such_feature") {
          EXPECT_NE(error.find("'+no_such_feature'"), std::string::npos) << error;
          continue;
        }
        EXPECT_EQ(error, "") << desc.arch << "+" << feature;
        auto destroy = sdk::Init<Tessel_Artifact_Destroy_Args>();
        destroy.artifact = args.artifact;
        api->artifact_destroy(&destroy);
      }
    }
  }

private:
  const Config &config;
};

/// Reads the flags of the file comment; false (and why, on stderr) when
/// one is malformed or missing.
bool parseFlags(int argc, char **argv, Config &config) {
  for (int i = 1; i < argc; ++i) {
    std::string flag = argv[i];
    size_t eq = flag.find('=');
    std::string key = flag.substr(0, eq),
                value = eq == flag.npos ? "" : flag.substr(eq + 1);
    if (key == "--plugin") {
      config.plugin = value;
    } else if (key == "--name") {
      config.name = value;
    } else if (key == "--target") {
      config.targets.push_back(value);
    } else if (key == "--warp-size") {
      config.warpSize = uint32_t(std::atoi(value.c_str()));
    } else if (key == "--num-warps") {
      for (const std::string &n : split(value, ','))
        config.numWarps.push_back(uint32_t(std::atoi(n.c_str())));
    } else if (key == "--kernel") {
      std::vector<std::string> parts = split(value, ':');
      if (parts.size() < 3 || parts.size() > 4 ||
          (parts.size() == 4 && parts[3] != "shared")) {
        std::cerr << "malformed " << flag << "\n";
        return false;
      }
      config.kernels.push_back({parts[0], parts[1],
                                unsigned(std::atoi(parts[2].c_str())),
                                parts.size() == 4});
    } else {
      std::cerr << "unknown flag " << flag << "\n";
      return false;
    }
  }
  if (config.plugin.empty() || config.name.empty() || config.targets.empty() ||
      config.kernels.empty() || config.warpSize == 0 || config.numWarps.empty()) {
    std::cerr << "usage: " << argv[0]
              << " --plugin=LIB --name=NAME --target=ARCH... "
                 "--kernel=FILE:ENTRY:NUM_ARGS[:shared]... --warp-size=N "
                 "--num-warps=N,...\n";
    return false;
  }
  return true;
}

} // namespace
} // namespace tessel::abitest

int main(int argc, char **argv) {
  using namespace tessel::abitest;
  ::testing::InitGoogleTest(&argc, argv);
  static Config config;
  if (!parseFlags(argc, argv, config))
    return 2;
  for (const Kernel &kernel : config.kernels) {
    for (const std::string &arch : config.targets) {
      std::string name = kernel.path + "/" + arch;
      std::replace_if(
          name.begin(), name.end(), [](char c) { return !std::isalnum(c); }, '_');
      ::testing::RegisterTest("Compile", name.c_str(), nullptr, nullptr, __FILE__,
                              __LINE__, [kernel, arch]() -> ::testing::Test * {
                                return new CompileTest(config, kernel, arch);
                              });
    }
  }
  ::testing::RegisterTest(
      "Targets", "Features", nullptr, nullptr, __FILE__, __LINE__,
      []() -> ::testing::Test * { return new TargetFeaturesTest(config); });
  return RUN_ALL_TESTS();
}
