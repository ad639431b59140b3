// The runtime half through the host's RAII wrappers, against the C test
// plugin whose device memory is host memory.
#include "core/plugin_host/runtime_client.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/plugin_host/compiler_client.h"
#include "core/plugin_host/testing/test_paths.h"

namespace tessel::plugin_host {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

class RuntimeClientTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto plugin = LoadedPlugin::Load(
        testing::TestPluginPath("libtessel_hostmem.so"));
    ASSERT_TRUE(plugin.ok()) << plugin.status().ToString();
    plugin_ = *plugin;
    auto devices = EnumerateDevices(*plugin_);
    ASSERT_TRUE(devices.ok()) << devices.status().ToString();
    ASSERT_EQ(devices->size(), 1u);
    device_ = (*devices)[0];
  }

  std::shared_ptr<LoadedPlugin> plugin_;
  DeviceInfo device_;
};

TEST_F(RuntimeClientTest, DeviceCapabilities) {
  EXPECT_EQ(device_.vendor, "Tessel test");
  EXPECT_EQ(device_.arch, "hm1");
  EXPECT_EQ(device_.warp_size, 32u);
  EXPECT_EQ(device_.compute_units, 4u);
  EXPECT_EQ(device_.max_threads_per_block, 1024u);
  EXPECT_EQ(device_.shared_mem_per_block, 49152u);
  EXPECT_EQ(device_.shared_mem_per_block_optin, 65536u);
  EXPECT_EQ(device_.global_mem_bytes, 1ull << 30);
  ASSERT_EQ(device_.features.size(), 1u);
  EXPECT_EQ(device_.features[0].ToString(), "fp64=true");
}

TEST_F(RuntimeClientTest, BufferRoundTrip) {
  auto buffer = DeviceBuffer::Allocate(plugin_, device_.handle, 16);
  ASSERT_TRUE(buffer.ok()) << buffer.status().ToString();
  const uint8_t in[4] = {1, 2, 3, 4};
  ASSERT_TRUE(buffer->CopyFromHost(in, sizeof(in), 8).ok());
  uint8_t out[8] = {};
  ASSERT_TRUE(buffer->CopyToHost(out, sizeof(out), 8).ok());
  EXPECT_THAT(out, ElementsAre(1, 2, 3, 4, 0, 0, 0, 0));
  Status past_end = buffer->CopyToHost(out, sizeof(out), 12);
  EXPECT_EQ(past_end.code(), TESSEL_ERROR_OUT_OF_RANGE);
  EXPECT_THAT(past_end.message(), HasSubstr(plugin_->path()));
  EXPECT_TRUE(buffer->Release().ok());
  EXPECT_EQ(buffer->handle(), nullptr);
}

TEST_F(RuntimeClientTest, CompileLoadLaunchAndTime) {
  CompileRequest request;
  request.target = Target{"hostmem", "hm1", {}};
  request.ir_version_major = 1;
  request.entry_name = "iota";
  auto kernel = Compile(*plugin_, request);
  ASSERT_TRUE(kernel.ok()) << kernel.status().ToString();

  auto module = LoadedModule::Load(plugin_, device_.handle, *kernel);
  ASSERT_TRUE(module.ok()) << module.status().ToString();
  auto buffer = DeviceBuffer::Allocate(plugin_, device_.handle, 4 * sizeof(float));
  ASSERT_TRUE(buffer.ok());
  auto start = DeviceEvent::Create(plugin_, device_.handle);
  auto end = DeviceEvent::Create(plugin_, device_.handle);
  ASSERT_TRUE(start.ok() && end.ok());

  ASSERT_TRUE(start->Record().ok());
  Status launched = module->Launch(
      {4, 1, 1}, {LaunchArg::Pointer(*buffer, TESSEL_DTYPE_FP32),
                  LaunchArg::Int32(10)});
  ASSERT_TRUE(launched.ok()) << launched.ToString();
  ASSERT_TRUE(end->Record().ok());
  ASSERT_TRUE(Synchronize(*plugin_, device_.handle).ok());

  float out[4] = {};
  ASSERT_TRUE(buffer->CopyToHost(out, sizeof(out)).ok());
  EXPECT_THAT(out, ElementsAre(10.f, 11.f, 12.f, 13.f));
  StatusOr<double> ms = DeviceEvent::ElapsedMs(*start, *end);
  ASSERT_TRUE(ms.ok()) << ms.status().ToString();
  EXPECT_GE(*ms, 0.0);

  // Arguments that do not match the metadata are refused by the plugin.
  Status wrong = module->Launch({1, 1, 1}, {LaunchArg::Int32(1)});
  EXPECT_EQ(wrong.code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(wrong.message(), HasSubstr("launch: 1 arguments given"));
}

TEST_F(RuntimeClientTest, WrappersKeepThePluginLoaded) {
  auto buffer = DeviceBuffer::Allocate(plugin_, device_.handle, 4);
  ASSERT_TRUE(buffer.ok());
  std::weak_ptr<LoadedPlugin> weak = plugin_;
  plugin_.reset();
  EXPECT_FALSE(weak.expired());  // the buffer still needs buffer_free
  DeviceBuffer moved = std::move(*buffer);
  EXPECT_TRUE(moved.Release().ok());
}

}  // namespace
}  // namespace tessel::plugin_host
