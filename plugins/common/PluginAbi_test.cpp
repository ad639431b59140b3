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
// first kernel). On each device the plugin lists, buffer_wrap refuses
// address 0 for a non-empty range and wraps an empty one; on a device of
// host memory (device_kind "cpu") kernels write wrapped host arrays in
// place and buffer_free leaves them to their owner. `tessel_plugin`
// (plugin.bzl) runs it for every plugin that lists abi_test_kernels:
//
//   PluginAbi_test --plugin=LIB --name=NAME --target=ARCH...
//       --kernel=FILE:ENTRY:NUM_ARGS[:shared]... --warp-size=N --num-warps=N,...
//   (--target=ARCH:N gives one target its own warp size)
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <map>
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
  /// Targets whose warp size differs from warpSize (`--target=ARCH:N`):
  /// RDNA's 32-lane waves beside CDNA's 64 in one plugin.
  std::map<std::string, uint32_t> targetWarpSizes;

  uint32_t getWarpSize(const std::string &arch) const {
    auto it = targetWarpSizes.find(arch);
    return it == targetWarpSizes.end() ? warpSize : it->second;
  }
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
    EXPECT_EQ(md.warp_size, config.getWarpSize(arch));
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

/// buffer_wrap on every device of the plugin (see the file comment).
class BufferWrapTest : public ::testing::Test {
public:
  explicit BufferWrapTest(const Config &config) : config(config) {}

  void TestBody() override {
    api = loadPlugin(config.plugin);
    ASSERT_NE(api, nullptr);
    ASSERT_NE(api->buffer_wrap, nullptr);
    auto enumerate = sdk::Init<Tessel_Device_Enumerate_Args>();
    ASSERT_EQ(message(api, api->device_enumerate(&enumerate)), "");
    for (size_t d = 0; d < enumerate.num_devices; ++d) {
      const Tessel_Device_Desc &desc = *enumerate.devices[d];
      SCOPED_TRACE("device " + std::to_string(d));
      checkRefusals(desc.device);
      if (isHostMemory(desc))
        checkHostArrays(desc.device);
    }
  }

private:
  static bool isHostMemory(const Tessel_Device_Desc &desc) {
    for (size_t f = 0; f < desc.num_features; ++f) {
      const Tessel_Key_Value &kv = desc.features[f];
      if (std::string(kv.key) == "device_kind" && kv.type == TESSEL_VALUE_STRING)
        return std::string(kv.string_value) == "cpu";
    }
    return false;
  }

  Tessel_Buffer *wrap(Tessel_Device *device, const void *data, uint64_t size) {
    auto args = sdk::Init<Tessel_Buffer_Wrap_Args>();
    args.device = device;
    args.address = reinterpret_cast<uint64_t>(data);
    args.size = size;
    EXPECT_EQ(message(api, api->buffer_wrap(&args)), "");
    return args.buffer;
  }

  void freeBuffer(Tessel_Buffer *buffer) {
    auto args = sdk::Init<Tessel_Buffer_Free_Args>();
    args.buffer = buffer;
    EXPECT_EQ(message(api, api->buffer_free(&args)), "");
  }

  void checkRefusals(Tessel_Device *device) {
    auto args = sdk::Init<Tessel_Buffer_Wrap_Args>();
    args.device = device;
    args.address = 0;
    args.size = 16;
    Tessel_Error *error = api->buffer_wrap(&args);
    ASSERT_NE(error, nullptr);
    auto inspect = sdk::Init<Tessel_Error_Inspect_Args>();
    inspect.error = error;
    api->error_inspect(&inspect);
    EXPECT_EQ(inspect.code, TESSEL_ERROR_INVALID_ARGUMENT);
    EXPECT_NE(message(api, error).find("buffer_wrap"), std::string::npos);
    EXPECT_EQ(args.buffer, nullptr);

    // An empty tensor may have no storage.
    Tessel_Buffer *empty = wrap(device, nullptr, 0);
    EXPECT_NE(empty, nullptr);
    freeBuffer(empty);
  }

  /// add_kernel of examples/tile-ir/vector_add.mlir on wrapped host arrays,
  /// when the plugin's kernels include it.
  void checkHostArrays(Tessel_Device *device) {
    std::vector<float> data(8, -1.0f);
    Tessel_Buffer *buffer = wrap(device, data.data() + 2, 4 * sizeof(float));
    ASSERT_NE(buffer, nullptr);
    const float in[2] = {5, 6};
    auto toDevice = sdk::Init<Tessel_Buffer_Copy_To_Device_Args>();
    toDevice.dst = buffer;
    toDevice.dst_offset = sizeof(float);
    toDevice.src = in;
    toDevice.size = sizeof(in);
    ASSERT_EQ(message(api, api->buffer_copy_to_device(&toDevice)), "");
    EXPECT_EQ(data, (std::vector<float>{-1, -1, -1, 5, 6, -1, -1, -1}));
    toDevice.dst_offset = 3 * sizeof(float); // one float past the range
    EXPECT_NE(message(api, api->buffer_copy_to_device(&toDevice)), "");
    EXPECT_EQ(data[6], -1.0f);
    freeBuffer(buffer);

    auto kernel = std::find_if(config.kernels.begin(), config.kernels.end(),
                               [](const Kernel &k) { return k.entry == "add_kernel"; });
    if (kernel == config.kernels.end())
      return;
    std::string ir = readTileBytecode(kernel->path);
    Tessel_Target target = sdk::Init<Tessel_Target>();
    target.plugin = config.name.c_str();
    target.arch = config.targets.front().c_str();
    auto compile = makeCompileArgs(target, ir, "add_kernel");
    ASSERT_EQ(message(api, api->compile(&compile)), "");
    auto inspect = sdk::Init<Tessel_Artifact_Inspect_Args>();
    inspect.artifact = compile.artifact;
    ASSERT_EQ(message(api, api->artifact_inspect(&inspect)), "");
    auto load = sdk::Init<Tessel_Module_Load_Args>();
    load.device = device;
    load.artifact = inspect.bytes;
    load.artifact_size = inspect.size;
    load.metadata = inspect.metadata;
    ASSERT_EQ(message(api, api->module_load(&load)), "");

    // Two blocks of 1024, the second ragged.
    const int32_t n = 1500;
    std::vector<float> x(n), y(n), out(n, -1.0f);
    for (int32_t i = 0; i < n; ++i) {
      x[i] = float(i);
      y[i] = float(2 * i);
    }
    Tessel_Buffer *buffers[3] = {wrap(device, x.data(), n * sizeof(float)),
                                 wrap(device, y.data(), n * sizeof(float)),
                                 wrap(device, out.data(), n * sizeof(float))};
    Tessel_Launch_Arg args[4] = {};
    for (int i = 0; i < 3; ++i) {
      ASSERT_NE(buffers[i], nullptr);
      args[i].kind = TESSEL_ARG_POINTER;
      args[i].dtype = TESSEL_DTYPE_FP32;
      args[i].buffer = buffers[i];
    }
    args[3].kind = TESSEL_ARG_SCALAR;
    args[3].dtype = TESSEL_DTYPE_I32;
    args[3].scalar_bits = uint32_t(n);
    auto launch = sdk::Init<Tessel_Launch_Args>();
    launch.module = load.module;
    launch.args = args;
    launch.num_args = 4;
    launch.grid[0] = 2;
    launch.grid[1] = 1;
    launch.grid[2] = 1;
    ASSERT_EQ(message(api, api->launch(&launch)), "");
    auto sync = sdk::Init<Tessel_Device_Synchronize_Args>();
    sync.device = device;
    ASSERT_EQ(message(api, api->device_synchronize(&sync)), "");
    // The results are in the host array itself: nothing was copied back.
    int wrong = 0;
    for (int32_t i = 0; i < n; ++i)
      wrong += out[i] != float(3 * i);
    EXPECT_EQ(wrong, 0) << "out[1499] = " << out[n - 1];

    for (Tessel_Buffer *b : buffers)
      freeBuffer(b);
    EXPECT_EQ(x[n - 1], float(n - 1)); // still the vector's
    auto unload = sdk::Init<Tessel_Module_Unload_Args>();
    unload.module = load.module;
    EXPECT_EQ(message(api, api->module_unload(&unload)), "");
    auto destroy = sdk::Init<Tessel_Artifact_Destroy_Args>();
    destroy.artifact = compile.artifact;
    EXPECT_EQ(message(api, api->artifact_destroy(&destroy)), "");
  }

  const Config &config;
  const Tessel_Plugin_Api *api = nullptr;
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
      std::vector<std::string> parts = split(value, ':');
      config.targets.push_back(parts.empty() ? value : parts[0]);
      if (parts.size() == 2)
        config.targetWarpSizes[parts[0]] = uint32_t(std::atoi(parts[1].c_str()));
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
              << " --plugin=LIB --name=NAME --target=ARCH[:WARP_SIZE]... "
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
  ::testing::RegisterTest(
      "Runtime", "BufferWrap", nullptr, nullptr, __FILE__, __LINE__,
      []() -> ::testing::Test * { return new BufferWrapTest(config); });
  return RUN_ALL_TESTS();
}
