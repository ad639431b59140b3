//===- LevelZeroDevice_test.cpp - The Level Zero devices over a fake loader ===//
//
// No Intel GPU or Level Zero driver is reachable where this runs: the
// plugin's platform opens testing/FakeLevelZero.cpp as its loader
// (TESSEL_LEVEL_ZERO_LOADER), which moves bytes for real but runs no
// kernel. What is checked is the plugin's side of the conversation: the
// device it lists, memory round trips, the SPIR-V form handed to
// zeModuleCreate, the arguments and group counts of a launch, the errors,
// and the timestamps' conversion.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "backends/intel/SpirvModule.h"
#include "plugins/common/Device.h"
#include "plugins/intel/LevelZeroDevice.h"
#include "tessel/plugin.hpp"
#include "gtest/gtest.h"

namespace tessel::intel_plugin {
namespace {

std::string journal() {
  void *fake = dlopen(std::getenv("TESSEL_LEVEL_ZERO_LOADER"), RTLD_NOW | RTLD_NOLOAD);
  if (fake == nullptr)
    return "(the fake loader is not loaded)";
  auto get = reinterpret_cast<const char *(*)()>(dlsym(fake, "fake_ze_journal"));
  return get ? get() : "(no journal)";
}

/// A module with the SPIR-V magic and `entry` as a literal string, which is
/// all the fake driver looks at.
std::string fakeSpirv(const std::string &entry) {
  std::string bytes("\x03\x02\x23\x07\x00\x04\x01\x00", 8);
  bytes += std::string(12, '\0') + entry + std::string(4, '\0');
  return bytes;
}

std::string bundleOf(const std::string &native) {
  return intel::spirv::writeBundle({native, "builtins-form-not-for-level-zero"});
}

std::string littleEndianHex(uint64_t value, unsigned bytes) {
  std::string s;
  char b[3];
  for (unsigned i = 0; i < bytes; ++i) {
    std::snprintf(b, sizeof b, "%02x", unsigned((value >> (8 * i)) & 0xff));
    s += b;
  }
  return s;
}

class LevelZeroDeviceTest : public ::testing::Test {
protected:
  void SetUp() override {
    platform = kit::createDevicePlatform();
    ASSERT_EQ(platform->enumerate(devices), nullptr);
    ASSERT_EQ(devices.size(), 1u) << platform->whyNoDevice();
    device = devices[0].get();
  }

  Tessel_Kernel_Metadata metadata(const char *entry) {
    Tessel_Kernel_Metadata md = sdk::Init<Tessel_Kernel_Metadata>();
    md.entry_name = entry;
    md.args = args;
    md.num_args = 2;
    md.num_warps = 8;
    md.warp_size = 16;
    md.threads_per_block = 128;
    return md;
  }

  std::unique_ptr<kit::DevicePlatform> platform;
  std::vector<std::unique_ptr<kit::Device>> devices;
  kit::Device *device = nullptr;
  Tessel_Kernel_Arg args[2] = {
      {"x", TESSEL_ARG_POINTER, TESSEL_DTYPE_FP32, 8, 8, 16, 0},
      {"n", TESSEL_ARG_SCALAR, TESSEL_DTYPE_I32, 4, 4, 1, 0},
  };
};

TEST_F(LevelZeroDeviceTest, ListsTheGpuWithItsPropertiesAndTarget) {
  Tessel_Device_Desc desc = device->describe();
  EXPECT_STREQ(desc.vendor, "Intel");
  EXPECT_STREQ(desc.name, "Fake Level Zero GPU");
  EXPECT_STREQ(desc.arch, "pvc"); // device id 0x0BD5
  EXPECT_EQ(desc.warp_size, 16u);
  EXPECT_EQ(desc.global_mem_bytes, 64ull << 30);
  EXPECT_EQ(desc.compute_units, 128u);
  EXPECT_EQ(desc.shared_mem_per_block, 128u * 1024);
  EXPECT_EQ(desc.max_threads_per_block, 1024u);
  bool gpuKind = false;
  for (size_t i = 0; i < desc.num_features; ++i)
    if (std::string(desc.features[i].key) == "device_kind")
      gpuKind = std::string(desc.features[i].string_value) == "gpu";
  EXPECT_TRUE(gpuKind);
  // The immediate list asked for in-order execution, for GPUs only.
  EXPECT_NE(journal().find("zeInit flags=1"), std::string::npos) << journal();
  EXPECT_NE(journal().find("zeCommandListCreateImmediate flags=2 mode=2"),
            std::string::npos)
      << journal();
}

TEST_F(LevelZeroDeviceTest, CopiesRoundTripThroughDeviceMemory) {
  // Larger than the staging buffer, so the copies go in pieces.
  std::vector<uint8_t> data((16u << 20) + 4099), back(data.size());
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = uint8_t(i * 131 + 7);
  uint64_t address = 0;
  ASSERT_EQ(device->allocate(data.size(), address), nullptr);
  ASSERT_NE(address, 0u);
  ASSERT_EQ(device->copyToDevice(address, data.data(), data.size()), nullptr);
  ASSERT_EQ(device->copyToHost(back.data(), address, back.size()), nullptr);
  EXPECT_EQ(data, back);
  EXPECT_EQ(device->release(address), nullptr);
  EXPECT_NE(journal().find("zeMemAllocDevice size=" + std::to_string(data.size())),
            std::string::npos);
}

TEST_F(LevelZeroDeviceTest, RefusesAnAllocationTheDeviceCannotHold) {
  uint64_t address = 0;
  Tessel_Error *e = device->allocate(1ull << 41, address);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->code, TESSEL_ERROR_RESOURCE_EXHAUSTED);
  EXPECT_NE(e->message.find("ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY"), std::string::npos)
      << e->message;
  delete e;
}

TEST_F(LevelZeroDeviceTest, LoadsTheNativeFormAndLaunchesWithTheArguments) {
  std::string native = fakeSpirv("add_kernel");
  std::string artifact = bundleOf(native);
  Tessel_Kernel_Metadata md = metadata("add_kernel");
  std::unique_ptr<kit::Executable> kernel;
  ASSERT_EQ(device->load(reinterpret_cast<const uint8_t *>(artifact.data()),
                         artifact.size(), md, kernel),
            nullptr);
  EXPECT_NE(journal().find("zeModuleCreate size=" + std::to_string(native.size()) +
                           " magic=03022307"),
            std::string::npos)
      << journal();
  uint64_t address = 0x123456789abcull;
  uint64_t n = 4096;
  void *params[2] = {&address, &n};
  uint32_t grid[3] = {3, 2, 1};
  ASSERT_EQ(kernel->launch(grid, params), nullptr);
  ASSERT_EQ(device->synchronize(), nullptr);
  std::string expected = "zeCommandListAppendLaunchKernel add_kernel groups=3,2,1 "
                         "group_size=128 arg0=" +
                         littleEndianHex(address, 8) + " arg1=" + littleEndianHex(n, 4);
  EXPECT_NE(journal().find(expected), std::string::npos) << journal();
  // An empty grid launches nothing.
  uint32_t empty[3] = {0, 1, 1};
  size_t before = journal().size();
  EXPECT_EQ(kernel->launch(empty, params), nullptr);
  EXPECT_EQ(journal().size(), before);
}

TEST_F(LevelZeroDeviceTest, ModuleBuildFailureCarriesTheDriversLog) {
  std::string artifact = bundleOf("not spir-v at all");
  Tessel_Kernel_Metadata md = metadata("add_kernel");
  std::unique_ptr<kit::Executable> kernel;
  Tessel_Error *e = device->load(reinterpret_cast<const uint8_t *>(artifact.data()),
                                 artifact.size(), md, kernel);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->code, TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(
      e->message.find("zeModuleCreate failed: ZE_RESULT_ERROR_MODULE_BUILD_FAILURE "
                      "(0x70000004): error: input is not a SPIR-V module"),
      std::string::npos)
      << e->message;
  delete e;
}

TEST_F(LevelZeroDeviceTest, AMissingEntryIsNotFound) {
  std::string artifact = bundleOf(fakeSpirv("add_kernel"));
  Tessel_Kernel_Metadata md = metadata("softmax_kernel");
  std::unique_ptr<kit::Executable> kernel;
  Tessel_Error *e = device->load(reinterpret_cast<const uint8_t *>(artifact.data()),
                                 artifact.size(), md, kernel);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->code, TESSEL_ERROR_NOT_FOUND);
  EXPECT_NE(e->message.find("'softmax_kernel'"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("ZE_RESULT_ERROR_INVALID_KERNEL_NAME"), std::string::npos);
  delete e;
}

TEST_F(LevelZeroDeviceTest, ANonBundleOrAPartialSubGroupIsRefused) {
  std::unique_ptr<kit::Executable> kernel;
  Tessel_Kernel_Metadata md = metadata("add_kernel");
  std::string junk = "junk";
  Tessel_Error *e = device->load(reinterpret_cast<const uint8_t *>(junk.data()),
                                 junk.size(), md, kernel);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->code, TESSEL_ERROR_INVALID_ARGUMENT);
  delete e;
  std::string artifact = bundleOf(fakeSpirv("add_kernel"));
  md.threads_per_block = 72;
  e = device->load(reinterpret_cast<const uint8_t *>(artifact.data()), artifact.size(),
                   md, kernel);
  ASSERT_NE(e, nullptr);
  EXPECT_NE(e->message.find("threads_per_block (72)"), std::string::npos) << e->message;
  delete e;
}

TEST_F(LevelZeroDeviceTest, TimersConvertTicksWithTheDevicesResolution) {
  std::unique_ptr<kit::Timer> start, stop;
  ASSERT_EQ(device->createTimer(start), nullptr);
  ASSERT_EQ(device->createTimer(stop), nullptr);
  ASSERT_EQ(start->record(), nullptr);
  ASSERT_EQ(stop->record(), nullptr);
  double ms = 0;
  ASSERT_EQ(stop->elapsedSince(*start, ms), nullptr);
  // The fake advances 100 ticks of 52 ns per timestamp.
  EXPECT_DOUBLE_EQ(ms, 100 * 52 / 1e6);
}

TEST(LevelZeroDeviceOlderDriver, FencesEachLaunchWithoutTheInOrderFlag) {
  setenv("FAKE_ZE_NO_IN_ORDER", "1", 1);
  auto platform = kit::createDevicePlatform();
  std::vector<std::unique_ptr<kit::Device>> devices;
  ASSERT_EQ(platform->enumerate(devices), nullptr);
  unsetenv("FAKE_ZE_NO_IN_ORDER");
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_NE(journal().find("zeCommandListCreateImmediate flags=0 mode=2"),
            std::string::npos)
      << journal();
  std::string artifact = bundleOf(fakeSpirv("k"));
  Tessel_Kernel_Arg none[1] = {};
  Tessel_Kernel_Metadata md = sdk::Init<Tessel_Kernel_Metadata>();
  md.entry_name = "k";
  md.args = none;
  md.num_args = 0;
  md.threads_per_block = 64;
  std::unique_ptr<kit::Executable> kernel;
  ASSERT_EQ(devices[0]->load(reinterpret_cast<const uint8_t *>(artifact.data()),
                             artifact.size(), md, kernel),
            nullptr);
  uint32_t grid[3] = {1, 1, 1};
  ASSERT_EQ(kernel->launch(grid, nullptr), nullptr);
  std::string j = journal();
  size_t launch = j.rfind("zeCommandListAppendLaunchKernel k ");
  ASSERT_NE(launch, std::string::npos) << j;
  EXPECT_EQ(j.find("zeCommandListAppendBarrier", launch), j.find('\n', launch) + 1)
      << j;
}

TEST(LevelZeroDeviceIpVersion, TheIpVersionNamesTheTargetBeforeThePciId) {
  // Xe2-HPG (20.1) on a device whose PCI id would say pvc.
  setenv("FAKE_ZE_IP_VERSION", std::to_string((20u << 22) | (1u << 14)).c_str(), 1);
  auto platform = kit::createDevicePlatform();
  std::vector<std::unique_ptr<kit::Device>> devices;
  ASSERT_EQ(platform->enumerate(devices), nullptr);
  unsetenv("FAKE_ZE_IP_VERSION");
  ASSERT_EQ(devices.size(), 1u);
  EXPECT_STREQ(devices[0]->describe().arch, "bmg");
}

TEST(ArchForDeviceId, NamesTheTargetOfKnownParts) {
  EXPECT_STREQ(archForDeviceId(0x0BD5), "pvc");
  EXPECT_STREQ(archForDeviceId(0x0BDA), "pvc");
  EXPECT_STREQ(archForDeviceId(0xE20B), "bmg");
  EXPECT_STREQ(archForDeviceId(0xE212), "bmg");
  EXPECT_STREQ(archForDeviceId(0x56A0), "xe"); // an Arc A-series part
}

} // namespace
} // namespace tessel::intel_plugin
