//===- RuntimeClient_test.cpp - Tests of the runtime half -----------------===//
//
// The runtime half through the host's RAII wrappers, against the C test
// plugin whose device memory is host memory.
//
//===----------------------------------------------------------------------===//

#include "core/plugin_host/RuntimeClient.h"

#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/testing/TestPaths.h"

namespace tessel::plugin_host {
namespace {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class RuntimeClientTest : public ::testing::Test {
protected:
  void SetUp() override {
    auto plugin = LoadedPlugin::load(testing::testPluginPath("libtessel_hostmem.so"));
    ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
    loadedPlugin = *plugin;
    auto devices = enumerateDevices(*loadedPlugin);
    ASSERT_TRUE(devices.ok()) << devices.status().toString();
    ASSERT_EQ(devices->size(), 1u);
    device = (*devices)[0];
  }

  std::shared_ptr<LoadedPlugin> loadedPlugin;
  DeviceInfo device;
};

TEST_F(RuntimeClientTest, DeviceCapabilities) {
  EXPECT_EQ(device.vendor, "Tessel test");
  EXPECT_EQ(device.arch, "hm1");
  EXPECT_EQ(device.warpSize, 32u);
  EXPECT_EQ(device.computeUnits, 4u);
  EXPECT_EQ(device.maxThreadsPerBlock, 1024u);
  EXPECT_EQ(device.sharedMemPerBlock, 49152u);
  EXPECT_EQ(device.sharedMemPerBlockOptin, 65536u);
  EXPECT_EQ(device.globalMemBytes, 1ull << 30);
  ASSERT_EQ(device.features.size(), 1u);
  EXPECT_EQ(device.features[0].toString(), "fp64=true");
}

TEST_F(RuntimeClientTest, BufferRoundTrip) {
  auto buffer = DeviceBuffer::allocate(loadedPlugin, device.handle, 16);
  ASSERT_TRUE(buffer.ok()) << buffer.status().toString();
  const uint8_t in[4] = {1, 2, 3, 4};
  ASSERT_TRUE(buffer->copyFromHost(in, sizeof(in), 8).ok());
  uint8_t out[8] = {};
  ASSERT_TRUE(buffer->copyToHost(out, sizeof(out), 8).ok());
  EXPECT_THAT(out, ElementsAre(1, 2, 3, 4, 0, 0, 0, 0));
  Status pastEnd = buffer->copyToHost(out, sizeof(out), 12);
  EXPECT_EQ(pastEnd.code(), TESSEL_ERROR_OUT_OF_RANGE);
  EXPECT_THAT(pastEnd.message(), HasSubstr(loadedPlugin->path()));
  EXPECT_TRUE(buffer->release().ok());
  EXPECT_EQ(buffer->handle(), nullptr);
}

TEST_F(RuntimeClientTest, CompileLoadLaunchAndTime) {
  CompileRequest request;
  request.target = Target{"hostmem", "hm1", {}};
  request.irVersionMajor = 1;
  request.entryName = "iota";
  auto kernel = compile(*loadedPlugin, request);
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();

  auto module = LoadedModule::load(loadedPlugin, device.handle, *kernel);
  ASSERT_TRUE(module.ok()) << module.status().toString();
  auto buffer = DeviceBuffer::allocate(loadedPlugin, device.handle, 4 * sizeof(float));
  ASSERT_TRUE(buffer.ok());
  auto start = DeviceEvent::create(loadedPlugin, device.handle);
  auto end = DeviceEvent::create(loadedPlugin, device.handle);
  ASSERT_TRUE(start.ok() && end.ok());

  ASSERT_TRUE(start->record().ok());
  Status launched =
      module->launch({4, 1, 1}, {LaunchArg::pointer(*buffer, TESSEL_DTYPE_FP32),
                                 LaunchArg::int32(10)});
  ASSERT_TRUE(launched.ok()) << launched.toString();
  ASSERT_TRUE(end->record().ok());
  ASSERT_TRUE(synchronize(*loadedPlugin, device.handle).ok());

  float out[4] = {};
  ASSERT_TRUE(buffer->copyToHost(out, sizeof(out)).ok());
  EXPECT_THAT(out, ElementsAre(10.f, 11.f, 12.f, 13.f));
  StatusOr<double> ms = DeviceEvent::elapsedMs(*start, *end);
  ASSERT_TRUE(ms.ok()) << ms.status().toString();
  EXPECT_GE(*ms, 0.0);

  // Arguments that do not match the metadata are refused by the plugin.
  Status wrong = module->launch({1, 1, 1}, {LaunchArg::int32(1)});
  EXPECT_EQ(wrong.code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(wrong.message(), HasSubstr("launch: 1 arguments given"));
}

TEST_F(RuntimeClientTest, WrappedHostMemoryIsCopiedAndLaunchedInPlace) {
  // Interior memory of a vector: a plugin that freed it on release would
  // hand the allocator a pointer it never returned, which aborts.
  std::vector<float> memory(6, -1.0f);
  float *data = memory.data() + 1;
  auto buffer = DeviceBuffer::wrap(loadedPlugin, device.handle,
                                   reinterpret_cast<uint64_t>(data), 4 * sizeof(float));
  ASSERT_TRUE(buffer.ok()) << buffer.status().toString();
  EXPECT_EQ(buffer->size(), 4 * sizeof(float));

  const float in[2] = {7.f, 8.f};
  ASSERT_TRUE(buffer->copyFromHost(in, sizeof(in), sizeof(float)).ok());
  EXPECT_THAT(memory, ElementsAre(-1.f, -1.f, 7.f, 8.f, -1.f, -1.f));
  float out[2] = {};
  ASSERT_TRUE(buffer->copyToHost(out, sizeof(out), 2 * sizeof(float)).ok());
  EXPECT_THAT(out, ElementsAre(8.f, -1.f));
  // Its size is the wrapped range's, not the vector's.
  Status pastEnd = buffer->copyToHost(out, sizeof(out), 3 * sizeof(float));
  EXPECT_EQ(pastEnd.code(), TESSEL_ERROR_OUT_OF_RANGE) << pastEnd.toString();

  CompileRequest request;
  request.target = Target{"hostmem", "hm1", {}};
  request.irVersionMajor = 1;
  request.entryName = "iota";
  auto kernel = compile(*loadedPlugin, request);
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  auto module = LoadedModule::load(loadedPlugin, device.handle, *kernel);
  ASSERT_TRUE(module.ok()) << module.status().toString();
  Status launched =
      module->launch({4, 1, 1}, {LaunchArg::pointer(*buffer, TESSEL_DTYPE_FP32),
                                 LaunchArg::int32(20)});
  ASSERT_TRUE(launched.ok()) << launched.toString();
  ASSERT_TRUE(synchronize(*loadedPlugin, device.handle).ok());
  EXPECT_THAT(memory, ElementsAre(-1.f, 20.f, 21.f, 22.f, 23.f, -1.f));

  EXPECT_TRUE(buffer->release().ok());
  EXPECT_EQ(buffer->handle(), nullptr);
  // The memory is still the vector's.
  EXPECT_THAT(memory, ElementsAre(-1.f, 20.f, 21.f, 22.f, 23.f, -1.f));
}

TEST_F(RuntimeClientTest, WrapErrorsComeFromThePlugin) {
  auto buffer = DeviceBuffer::wrap(loadedPlugin, device.handle, 0, 16);
  ASSERT_FALSE(buffer.ok());
  EXPECT_EQ(buffer.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(buffer.status().message(),
              AllOf(HasSubstr(loadedPlugin->path()),
                    HasSubstr("buffer_wrap: address 0 for 16 bytes")));
}

TEST(RuntimeClientMinorTest, WrapOnAnOlderMinorPluginNamesTheEntryAndMinor) {
  const std::string path = testing::testPluginPath("libminor_1.so");
  auto plugin = LoadedPlugin::load(path);
  ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
  auto devices = enumerateDevices(**plugin);
  ASSERT_TRUE(devices.ok()) << devices.status().toString();
  ASSERT_EQ(devices->size(), 1u);
  float memory[4] = {};
  auto buffer = DeviceBuffer::wrap(*plugin, (*devices)[0].handle,
                                   reinterpret_cast<uint64_t>(memory), sizeof(memory));
  ASSERT_FALSE(buffer.ok());
  EXPECT_EQ(buffer.status().code(), TESSEL_ERROR_UNIMPLEMENTED);
  EXPECT_EQ(buffer.status().message(),
            "plugin '" + path +
                "': entry 'buffer_wrap' requires ABI 1.2, but the plugin implements "
                "ABI 1.1");
  // The rest of its runtime half works.
  auto allocated = DeviceBuffer::allocate(*plugin, (*devices)[0].handle, 16);
  EXPECT_TRUE(allocated.ok()) << allocated.status().toString();
}

TEST_F(RuntimeClientTest, WrappersKeepThePluginLoaded) {
  auto buffer = DeviceBuffer::allocate(loadedPlugin, device.handle, 4);
  ASSERT_TRUE(buffer.ok());
  std::weak_ptr<LoadedPlugin> weak = loadedPlugin;
  loadedPlugin.reset();
  EXPECT_FALSE(weak.expired()); // the buffer still needs buffer_free
  DeviceBuffer moved = std::move(*buffer);
  EXPECT_TRUE(moved.release().ok());
}

} // namespace
} // namespace tessel::plugin_host
