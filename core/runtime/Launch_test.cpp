//===- Launch_test.cpp - Tests of kernel launches -------------------------===//
//
// Launch arguments are checked against the kernel's metadata before the
// plugin sees them; good launches run and can be timed.
//
//===----------------------------------------------------------------------===//

#include "core/runtime/Launch.h"

#include <gtest/gtest.h>

#include <cstring>
#include <optional>

#include "core/runtime/Kernel.h"
#include "core/runtime/Runtime.h"
#include "core/runtime/testing/TestSupport.h"

namespace tessel::runtime {
namespace {

using testing::testPlugin;

class LaunchTest : public ::testing::Test {
protected:
  void SetUp() override {
    RuntimeOptions options;
    options.pluginPaths = {testPlugin("cpu"), testPlugin("amd")};
    options.usePluginPathEnv = false;
    options.useDefaultPluginDir = false;
    options.cacheDir = testing::makeTempDir("cache");
    options.targetEnv = "";
    auto rt = Runtime::create(options);
    ASSERT_TRUE(rt.ok()) << rt.status().toString();
    testRuntime.emplace(std::move(rt).value());
    auto selection = testRuntime->selectTarget("cpu:x86-64");
    ASSERT_TRUE(selection.ok()) << selection.status().toString();
    storedTarget = selection->target;
    auto device = testRuntime->openDevice(*selection);
    ASSERT_TRUE(device.ok()) << device.status().toString();
    storedDevice.emplace(*device);
  }

  Kernel load(const std::string &entry) {
    CompileRequest request;
    request.ir = testing::testIr(entry);
    request.entryName = entry;
    auto artifact = testRuntime->compile(storedTarget, request);
    EXPECT_TRUE(artifact.ok()) << artifact.status().toString();
    auto kernel = Kernel::load(*storedDevice, *artifact);
    EXPECT_TRUE(kernel.ok()) << kernel.status().toString();
    return std::move(kernel).value();
  }

  Buffer floats(const std::vector<float> &values) {
    auto buffer = storedDevice->allocateArray<float>(values.size());
    EXPECT_TRUE(buffer.ok());
    EXPECT_TRUE(buffer->write(values).ok());
    return std::move(buffer).value();
  }

  std::string launchError(const Kernel &kernel, const Grid &grid,
                          const std::vector<Arg> &args) {
    Status status = launch(kernel, grid, args);
    EXPECT_FALSE(status.ok());
    EXPECT_EQ(status.code(), TESSEL_ERROR_INVALID_ARGUMENT);
    return status.message();
  }

  std::optional<Runtime> testRuntime;
  plugin_host::Target storedTarget;
  std::optional<Device> storedDevice;
};

TEST_F(LaunchTest, SaxpyRunsAndReadsBack) {
  Kernel saxpy = load("saxpy");
  Buffer y = floats({1, 2, 3, 4, 5});
  Buffer x = floats({10, 20, 30, 40, 50});
  ASSERT_TRUE(launch(saxpy, {1, 1, 1}, {y, x, 2.0f, int32_t{4}}).ok());
  ASSERT_TRUE(storedDevice->synchronize().ok());
  auto out = y.read<float>(5);
  ASSERT_TRUE(out.ok());
  // n = 4: the fifth element is untouched.
  EXPECT_EQ(*out, (std::vector<float>{21, 42, 63, 84, 5}));
}

TEST_F(LaunchTest, ScalarsOfEveryWidth) {
  Kernel fill = load("fill_f64");
  auto out = storedDevice->allocateArray<double>(3);
  ASSERT_TRUE(out.ok());
  ASSERT_TRUE(launch(fill, {}, {*out, 0.1, int64_t{3}}).ok());
  EXPECT_EQ(*out->read<double>(3), (std::vector<double>{0.1, 0.1, 0.1}));
  // The same through Arg::scalar with explicit bits.
  uint64_t bits;
  const double v = -2.5;
  std::memcpy(&bits, &v, sizeof(bits));
  ASSERT_TRUE(launch(fill, {},
                     {*out, Arg::scalar(TESSEL_DTYPE_FP64, bits),
                      Arg::scalar(TESSEL_DTYPE_I64, 2)})
                  .ok());
  EXPECT_EQ(*out->read<double>(3), (std::vector<double>{-2.5, -2.5, 0.1}));
}

TEST_F(LaunchTest, GridAndOffsets) {
  Kernel iota = load("iota");
  auto x = storedDevice->allocate(8 * sizeof(float)); // untyped: accepted
  ASSERT_TRUE(x.ok());
  ASSERT_TRUE(
      x->copyFromHost(std::vector<float>(8, -1).data(), 8 * sizeof(float)).ok());
  ASSERT_TRUE(launch(iota, {2, 2, 1}, {Arg::at(*x, 2 * sizeof(float)), 100}).ok());
  std::vector<float> out(8);
  ASSERT_TRUE(x->copyToHost(out.data(), out.size() * sizeof(float)).ok());
  EXPECT_EQ(out, (std::vector<float>{-1, -1, 100, 101, 102, 103, -1, -1}));

  EXPECT_NE(launchError(iota, {0, 1, 1}, {*x, 1})
                .find("grid {0, 1, 1}: every dimension must be at least 1"),
            std::string::npos);
  EXPECT_NE(launchError(iota, {1, 1, 1}, {Arg::at(*x, 33), 1})
                .find("argument 0 ('x'): offset 33 is past the end of the "
                      "32-byte buffer"),
            std::string::npos);
}

// A kernel compiled for `*fp32:16,i32:16` refuses arguments that break
// those facts, and runs with ones that keep them.
TEST_F(LaunchTest, DivisibilityFactsAreChecked) {
  Kernel iota = load("iota16");
  auto x = storedDevice->allocate(64 * sizeof(float));
  ASSERT_TRUE(x.ok());
  EXPECT_TRUE(launch(iota, {1, 1, 1}, {Arg::at(*x, 16), int32_t{32}}).ok());
  EXPECT_NE(launchError(iota, {1, 1, 1}, {*x, int32_t{30}})
                .find("argument 1 ('n') is 30, but the kernel was compiled for a "
                      "multiple of 16 (its signature says :16)"),
            std::string::npos);
  EXPECT_NE(launchError(iota, {1, 1, 1}, {*x, int32_t{-17}}).find("is -17"),
            std::string::npos);
  EXPECT_NE(launchError(iota, {1, 1, 1}, {Arg::at(*x, 8), int32_t{16}})
                .find("argument 0 ('x'): offset 8 is not a multiple of 16 bytes"),
            std::string::npos);
}

TEST_F(LaunchTest, ArgumentErrors) {
  Kernel saxpy = load("saxpy");
  Buffer y = floats({1});
  Buffer x = floats({1});
  EXPECT_EQ(launchError(saxpy, {}, {y, x, 2.0f}),
            "kernel 'saxpy': takes 4 arguments (y, x, a, n), got 3");
  EXPECT_EQ(launchError(saxpy, {}, {y, x, 2.0f, 1.0f}),
            "kernel 'saxpy': argument 3 ('n') expects i32, got fp32");
  EXPECT_EQ(launchError(saxpy, {}, {y, x, 2.0, 1}),
            "kernel 'saxpy': argument 2 ('a') expects fp32, got fp64");
  EXPECT_EQ(launchError(saxpy, {}, {y, x, 2.0f, int64_t{1}}),
            "kernel 'saxpy': argument 3 ('n') expects i32, got i64");
  EXPECT_EQ(launchError(saxpy, {}, {7, x, 2.0f, 1}),
            "kernel 'saxpy': argument 0 ('y') expects a buffer of fp32, got i32");
  EXPECT_EQ(launchError(saxpy, {}, {y, x, x, 1}),
            "kernel 'saxpy': argument 2 ('a') expects fp32, got a buffer of fp32");
  auto ints = storedDevice->allocateArray<int32_t>(1);
  ASSERT_TRUE(ints.ok());
  EXPECT_EQ(launchError(saxpy, {}, {*ints, x, 2.0f, 1}),
            "kernel 'saxpy': argument 0 ('y') expects a buffer of fp32, got a "
            "buffer of i32");
  ASSERT_TRUE(ints->release().ok());
  EXPECT_EQ(launchError(saxpy, {}, {y, *ints, 2.0f, 1}),
            "kernel 'saxpy': argument 1 ('x') expects a buffer of fp32, got a "
            "buffer of i32");
}

TEST_F(LaunchTest, BuffersOfOtherDevicesAndReleasedBuffers) {
  Kernel iota = load("iota");
  // The cpu test plugin has two devices.
  auto other = testRuntime->openDevice(
      TargetSelection{storedTarget, TargetSource::kArgument,
                      testRuntime->selectTarget("cpu:x86-64")->pluginIndex, 1});
  ASSERT_TRUE(other.ok()) << other.status().toString();
  auto elsewhere = other->allocateArray<float>(4);
  ASSERT_TRUE(elsewhere.ok());
  EXPECT_NE(launchError(iota, {}, {*elsewhere, 1})
                .find("argument 0 ('x') is a buffer of another device; the "
                      "kernel is loaded on cpu device 0"),
            std::string::npos);
  Buffer x = floats({0});
  ASSERT_TRUE(x.release().ok());
  EXPECT_NE(launchError(iota, {}, {x, 1}).find("argument 0 ('x') is a released buffer"),
            std::string::npos);
}

TEST_F(LaunchTest, TypedBufferCopiesCheckTheElementType) {
  Buffer y = floats({1, 2});
  Status wrong = y.write(std::vector<int32_t>{1, 2});
  EXPECT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.message(), "buffer holds fp32 elements, not i32");
  EXPECT_FALSE(y.read<double>(1).ok());
  EXPECT_EQ(y.read<float>(3).status().code(), TESSEL_ERROR_OUT_OF_RANGE);
}

TEST_F(LaunchTest, TimeLaunch) {
  Kernel saxpy = load("saxpy");
  Buffer y = floats(std::vector<float>(1 << 16, 1));
  Buffer x = floats(std::vector<float>(1 << 16, 2));
  auto ms = timeLaunch(saxpy, {(1 << 16) / 64, 1, 1}, {y, x, 3.0f, 1 << 16});
  ASSERT_TRUE(ms.ok()) << ms.status().toString();
  EXPECT_GE(*ms, 0.0);
  EXPECT_LT(*ms, 10000.0);
  EXPECT_EQ((*y.read<float>(1, (1 << 16) - 1))[0], 7.0f);
  // A bad launch is refused before any event is made.
  EXPECT_EQ(timeLaunch(saxpy, {}, {y}).status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
}

TEST_F(LaunchTest, KernelForAnotherPluginIsRefused) {
  auto amd = testRuntime->selectTarget("amd:gfx942");
  ASSERT_TRUE(amd.ok());
  CompileRequest request;
  request.ir = testing::testIr("iota");
  request.entryName = "iota";
  auto artifact = testRuntime->compile(amd->target, request);
  ASSERT_TRUE(artifact.ok()) << artifact.status().toString();
  auto kernel = Kernel::load(*storedDevice, *artifact);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().message(),
            "kernel 'iota' was compiled for 'amd:gfx942' and cannot be loaded "
            "on cpu device 0 (cpu test device 0, znver4)");
}

} // namespace
} // namespace tessel::runtime
