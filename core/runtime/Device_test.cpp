//===- Device_test.cpp - Tests of Device: wrapping memory -----------------===//
//
// Device::wrap with the test plugins, whose devices address host memory: a
// std::vector's storage is launched on and copied to in place, its range
// bounds launches and copies, destroying the Buffer leaves the memory to
// the vector, and a plugin of ABI 1.1 refuses with the entry and minor.
//
//===----------------------------------------------------------------------===//

#include "core/runtime/Device.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/runtime/Kernel.h"
#include "core/runtime/Launch.h"
#include "core/runtime/Runtime.h"
#include "core/runtime/testing/TestSupport.h"

namespace tessel::runtime {
namespace {

using testing::testPlugin;

RuntimeOptions testOptions(const std::string &plugin) {
  RuntimeOptions options;
  options.pluginPaths = {testPlugin(plugin)};
  options.usePluginPathEnv = false;
  options.useDefaultPluginDir = false;
  options.cacheDir = testing::makeTempDir("cache");
  options.targetEnv = "";
  return options;
}

uint64_t addressOf(const void *p) { return reinterpret_cast<uint64_t>(p); }

class DeviceWrapTest : public ::testing::Test {
protected:
  void SetUp() override { open("cpu", "cpu:x86-64"); }

  void open(const std::string &plugin, const std::string &target) {
    auto rt = Runtime::create(testOptions(plugin));
    ASSERT_TRUE(rt.ok()) << rt.status().toString();
    testRuntime.emplace(std::move(rt).value());
    auto selection = testRuntime->selectTarget(target);
    ASSERT_TRUE(selection.ok()) << selection.status().toString();
    storedTarget = selection->target;
    auto device = testRuntime->openDevice(*selection);
    ASSERT_TRUE(device.ok()) << device.status().toString();
    storedDevice.emplace(*device);
  }

  /// The test plugin's iota: x[b] = n + b for every block b.
  Kernel loadIota() {
    CompileRequest request;
    request.ir = testing::testIr("func @iota");
    request.entryName = "iota";
    auto artifact = testRuntime->compile(storedTarget, request);
    EXPECT_TRUE(artifact.ok()) << artifact.status().toString();
    auto kernel = Kernel::load(*storedDevice, *artifact);
    EXPECT_TRUE(kernel.ok()) << kernel.status().toString();
    return std::move(kernel).value();
  }

  std::optional<Runtime> testRuntime;
  plugin_host::Target storedTarget;
  std::optional<Device> storedDevice;
};

TEST_F(DeviceWrapTest, KernelsWriteTheWrappedVectorInPlace) {
  Kernel iota = loadIota();
  std::vector<float> host(8, -1.0f);
  // Interior storage of the vector: had the Buffer freed it, the allocator
  // would be handed a pointer it never returned, and abort.
  auto x = storedDevice->wrapArray<float>(addressOf(host.data() + 1), 6);
  ASSERT_TRUE(x.ok()) << x.status().toString();
  EXPECT_EQ(x->size(), 6 * sizeof(float));
  EXPECT_EQ(x->dtype(), TESSEL_DTYPE_FP32);
  EXPECT_EQ(x->device(), storedDevice->handle());

  ASSERT_TRUE(launch(iota, {4, 1, 1}, {Arg::at(*x, sizeof(float)), 7}).ok());
  ASSERT_TRUE(storedDevice->synchronize().ok());
  // No copy back: the vector itself holds the results.
  EXPECT_EQ(host, (std::vector<float>{-1, -1, 7, 8, 9, 10, -1, -1}));

  // Copies go to the same memory, and are typed as the buffer is.
  ASSERT_TRUE(x->write(std::vector<float>{42}).ok());
  EXPECT_EQ(host[1], 42.0f);
  host[6] = 5.0f;
  auto read = x->read<float>(1, 5);
  ASSERT_TRUE(read.ok()) << read.status().toString();
  EXPECT_EQ(*read, (std::vector<float>{5}));
  EXPECT_EQ(x->write(std::vector<int32_t>{1}).message(),
            "buffer holds fp32 elements, not i32");

  ASSERT_TRUE(x->release().ok());
  EXPECT_EQ(host, (std::vector<float>{-1, 42, 7, 8, 9, 10, 5, -1}));
}

TEST_F(DeviceWrapTest, TheWrappedRangeBoundsLaunchesAndCopies) {
  Kernel iota = loadIota();
  std::vector<float> host(8, 0.0f);
  auto x = storedDevice->wrap(addressOf(host.data()), 4 * sizeof(float));
  ASSERT_TRUE(x.ok()) << x.status().toString();
  EXPECT_EQ(x->dtype(), TESSEL_DTYPE_INVALID); // untyped: any pointer argument

  Status past = launch(iota, {1, 1, 1}, {Arg::at(*x, 20), 1});
  EXPECT_EQ(past.code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(past.message().find(
                "argument 0 ('x'): offset 20 is past the end of the 16-byte buffer"),
            std::string::npos)
      << past.message();
  // The plugin's own check: four blocks from element 1 reach past the range.
  Status tooMany = launch(iota, {4, 1, 1}, {Arg::at(*x, 4), 1});
  EXPECT_EQ(tooMany.code(), TESSEL_ERROR_OUT_OF_RANGE) << tooMany.toString();
  EXPECT_EQ(host[4], 0.0f);

  const float five[5] = {1, 2, 3, 4, 5};
  EXPECT_EQ(x->copyFromHost(five, sizeof(five)).code(), TESSEL_ERROR_OUT_OF_RANGE);
  EXPECT_EQ(host[4], 0.0f);
}

TEST_F(DeviceWrapTest, DestroyingTheBufferLeavesTheMemory) {
  std::vector<float> host = {1, 2, 3};
  {
    auto x = storedDevice->wrapArray<float>(addressOf(host.data() + 1), 2);
    ASSERT_TRUE(x.ok()) << x.status().toString();
    ASSERT_TRUE(x->write(std::vector<float>{20, 30}).ok());
  }
  EXPECT_EQ(host, (std::vector<float>{1, 20, 30}));
}

TEST_F(DeviceWrapTest, BadWrapsAreRefused) {
  auto null = storedDevice->wrap(0, 16);
  ASSERT_FALSE(null.ok());
  EXPECT_EQ(null.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(null.status().message().find("buffer_wrap: address 0 for 16 bytes"),
            std::string::npos)
      << null.status().message();
  // An empty tensor may have no storage.
  auto empty = storedDevice->wrap(0, 0);
  EXPECT_TRUE(empty.ok()) << empty.status().toString();

  float one = 0;
  auto huge = storedDevice->wrapArray<float>(addressOf(&one), UINT64_MAX / 2);
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(huge.status().message().find("does not fit in 64 bits"), std::string::npos)
      << huge.status().message();
}

TEST_F(DeviceWrapTest, AnOlderMinorPluginRefusesNamingEntryAndMinor) {
  open("minor_1", "old:o1");
  EXPECT_EQ(storedDevice->plugin()->abiMinor(), 1u);
  // Everything of its own minor works.
  auto allocated = storedDevice->allocateArray<float>(4);
  ASSERT_TRUE(allocated.ok()) << allocated.status().toString();

  std::vector<float> host(4);
  auto x = storedDevice->wrapArray<float>(addressOf(host.data()), host.size());
  ASSERT_FALSE(x.ok());
  EXPECT_EQ(x.status().code(), TESSEL_ERROR_UNIMPLEMENTED);
  EXPECT_NE(x.status().message().find("entry 'buffer_wrap' requires ABI 1.2, but the "
                                      "plugin implements ABI 1.1"),
            std::string::npos)
      << x.status().message();
}

} // namespace
} // namespace tessel::runtime
