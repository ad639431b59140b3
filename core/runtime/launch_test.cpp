// Launch arguments are checked against the kernel's metadata before the
// plugin sees them; good launches run and can be timed.
#include "core/runtime/launch.h"

#include <gtest/gtest.h>

#include <cstring>
#include <optional>

#include "core/runtime/kernel.h"
#include "core/runtime/runtime.h"
#include "core/runtime/testing/test_support.h"

namespace tessel::runtime {
namespace {

using testing::TestPlugin;

class LaunchTest : public ::testing::Test {
 protected:
  void SetUp() override {
    RuntimeOptions options;
    options.plugin_paths = {TestPlugin("cpu"), TestPlugin("amd")};
    options.use_plugin_path_env = false;
    options.use_default_plugin_dir = false;
    options.cache_dir = testing::MakeTempDir("cache");
    options.target_env = "";
    auto rt = Runtime::Create(options);
    ASSERT_TRUE(rt.ok()) << rt.status().toString();
    rt_.emplace(std::move(rt).value());
    auto selection = rt_->SelectTarget("cpu:x86-64");
    ASSERT_TRUE(selection.ok()) << selection.status().toString();
    target_ = selection->target;
    auto device = rt_->OpenDevice(*selection);
    ASSERT_TRUE(device.ok()) << device.status().toString();
    device_.emplace(*device);
  }

  Kernel Load(const std::string& entry) {
    CompileRequest request;
    request.ir = testing::TestIr(entry);
    request.entryName = entry;
    auto artifact = rt_->Compile(target_, request);
    EXPECT_TRUE(artifact.ok()) << artifact.status().toString();
    auto kernel = Kernel::Load(*device_, *artifact);
    EXPECT_TRUE(kernel.ok()) << kernel.status().toString();
    return std::move(kernel).value();
  }

  Buffer Floats(const std::vector<float>& values) {
    auto buffer = device_->AllocateArray<float>(values.size());
    EXPECT_TRUE(buffer.ok());
    EXPECT_TRUE(buffer->Write(values).ok());
    return std::move(buffer).value();
  }

  std::string LaunchError(const Kernel& kernel, const Grid& grid,
                          const std::vector<Arg>& args) {
    Status status = Launch(kernel, grid, args);
    EXPECT_FALSE(status.ok());
    EXPECT_EQ(status.code(), TESSEL_ERROR_INVALID_ARGUMENT);
    return status.message();
  }

  std::optional<Runtime> rt_;
  plugin_host::Target target_;
  std::optional<Device> device_;
};

TEST_F(LaunchTest, SaxpyRunsAndReadsBack) {
  Kernel saxpy = Load("saxpy");
  Buffer y = Floats({1, 2, 3, 4, 5});
  Buffer x = Floats({10, 20, 30, 40, 50});
  ASSERT_TRUE(Launch(saxpy, {1, 1, 1}, {y, x, 2.0f, int32_t{4}}).ok());
  ASSERT_TRUE(device_->Synchronize().ok());
  auto out = y.Read<float>(5);
  ASSERT_TRUE(out.ok());
  // n = 4: the fifth element is untouched.
  EXPECT_EQ(*out, (std::vector<float>{21, 42, 63, 84, 5}));
}

TEST_F(LaunchTest, ScalarsOfEveryWidth) {
  Kernel fill = Load("fill_f64");
  auto out = device_->AllocateArray<double>(3);
  ASSERT_TRUE(out.ok());
  ASSERT_TRUE(Launch(fill, {}, {*out, 0.1, int64_t{3}}).ok());
  EXPECT_EQ(*out->Read<double>(3), (std::vector<double>{0.1, 0.1, 0.1}));
  // The same through Arg::Scalar with explicit bits.
  uint64_t bits;
  const double v = -2.5;
  std::memcpy(&bits, &v, sizeof(bits));
  ASSERT_TRUE(Launch(fill, {}, {*out, Arg::Scalar(TESSEL_DTYPE_FP64, bits),
                                Arg::Scalar(TESSEL_DTYPE_I64, 2)})
                  .ok());
  EXPECT_EQ(*out->Read<double>(3), (std::vector<double>{-2.5, -2.5, 0.1}));
}

TEST_F(LaunchTest, GridAndOffsets) {
  Kernel iota = Load("iota");
  auto x = device_->Allocate(8 * sizeof(float));  // untyped: accepted
  ASSERT_TRUE(x.ok());
  ASSERT_TRUE(x->CopyFromHost(std::vector<float>(8, -1).data(), 8 * sizeof(float)).ok());
  ASSERT_TRUE(Launch(iota, {2, 2, 1}, {Arg::At(*x, 2 * sizeof(float)), 100}).ok());
  std::vector<float> out(8);
  ASSERT_TRUE(x->CopyToHost(out.data(), out.size() * sizeof(float)).ok());
  EXPECT_EQ(out, (std::vector<float>{-1, -1, 100, 101, 102, 103, -1, -1}));

  EXPECT_NE(LaunchError(iota, {0, 1, 1}, {*x, 1}).find(
                "grid {0, 1, 1}: every dimension must be at least 1"),
            std::string::npos);
  EXPECT_NE(LaunchError(iota, {1, 1, 1}, {Arg::At(*x, 33), 1})
                .find("argument 0 ('x'): offset 33 is past the end of the "
                      "32-byte buffer"),
            std::string::npos);
}

// A kernel compiled for `*fp32:16,i32:16` refuses arguments that break
// those facts, and runs with ones that keep them.
TEST_F(LaunchTest, DivisibilityFactsAreChecked) {
  Kernel iota = Load("iota16");
  auto x = device_->Allocate(64 * sizeof(float));
  ASSERT_TRUE(x.ok());
  EXPECT_TRUE(Launch(iota, {1, 1, 1}, {Arg::At(*x, 16), int32_t{32}}).ok());
  EXPECT_NE(LaunchError(iota, {1, 1, 1}, {*x, int32_t{30}})
                .find("argument 1 ('n') is 30, but the kernel was compiled for a "
                      "multiple of 16 (its signature says :16)"),
            std::string::npos);
  EXPECT_NE(LaunchError(iota, {1, 1, 1}, {*x, int32_t{-17}}).find("is -17"),
            std::string::npos);
  EXPECT_NE(LaunchError(iota, {1, 1, 1}, {Arg::At(*x, 8), int32_t{16}})
                .find("argument 0 ('x'): offset 8 is not a multiple of 16 bytes"),
            std::string::npos);
}

TEST_F(LaunchTest, ArgumentErrors) {
  Kernel saxpy = Load("saxpy");
  Buffer y = Floats({1});
  Buffer x = Floats({1});
  EXPECT_EQ(LaunchError(saxpy, {}, {y, x, 2.0f}),
            "kernel 'saxpy': takes 4 arguments (y, x, a, n), got 3");
  EXPECT_EQ(LaunchError(saxpy, {}, {y, x, 2.0f, 1.0f}),
            "kernel 'saxpy': argument 3 ('n') expects i32, got fp32");
  EXPECT_EQ(LaunchError(saxpy, {}, {y, x, 2.0, 1}),
            "kernel 'saxpy': argument 2 ('a') expects fp32, got fp64");
  EXPECT_EQ(LaunchError(saxpy, {}, {y, x, 2.0f, int64_t{1}}),
            "kernel 'saxpy': argument 3 ('n') expects i32, got i64");
  EXPECT_EQ(LaunchError(saxpy, {}, {7, x, 2.0f, 1}),
            "kernel 'saxpy': argument 0 ('y') expects a buffer of fp32, got i32");
  EXPECT_EQ(LaunchError(saxpy, {}, {y, x, x, 1}),
            "kernel 'saxpy': argument 2 ('a') expects fp32, got a buffer of fp32");
  auto ints = device_->AllocateArray<int32_t>(1);
  ASSERT_TRUE(ints.ok());
  EXPECT_EQ(LaunchError(saxpy, {}, {*ints, x, 2.0f, 1}),
            "kernel 'saxpy': argument 0 ('y') expects a buffer of fp32, got a "
            "buffer of i32");
  ASSERT_TRUE(ints->Release().ok());
  EXPECT_EQ(LaunchError(saxpy, {}, {y, *ints, 2.0f, 1}),
            "kernel 'saxpy': argument 1 ('x') expects a buffer of fp32, got a "
            "buffer of i32");
}

TEST_F(LaunchTest, BuffersOfOtherDevicesAndReleasedBuffers) {
  Kernel iota = Load("iota");
  // The cpu test plugin has two devices.
  auto other = rt_->OpenDevice(TargetSelection{target_, TargetSource::kArgument,
                                               rt_->SelectTarget("cpu:x86-64")->plugin_index,
                                               1});
  ASSERT_TRUE(other.ok()) << other.status().toString();
  auto elsewhere = other->AllocateArray<float>(4);
  ASSERT_TRUE(elsewhere.ok());
  EXPECT_NE(LaunchError(iota, {}, {*elsewhere, 1})
                .find("argument 0 ('x') is a buffer of another device; the "
                      "kernel is loaded on cpu device 0"),
            std::string::npos);
  Buffer x = Floats({0});
  ASSERT_TRUE(x.Release().ok());
  EXPECT_NE(LaunchError(iota, {}, {x, 1}).find("argument 0 ('x') is a released buffer"),
            std::string::npos);
}

TEST_F(LaunchTest, TypedBufferCopiesCheckTheElementType) {
  Buffer y = Floats({1, 2});
  Status wrong = y.Write(std::vector<int32_t>{1, 2});
  EXPECT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.message(), "buffer holds fp32 elements, not i32");
  EXPECT_FALSE(y.Read<double>(1).ok());
  EXPECT_EQ(y.Read<float>(3).status().code(), TESSEL_ERROR_OUT_OF_RANGE);
}

TEST_F(LaunchTest, TimeLaunch) {
  Kernel saxpy = Load("saxpy");
  Buffer y = Floats(std::vector<float>(1 << 16, 1));
  Buffer x = Floats(std::vector<float>(1 << 16, 2));
  auto ms = TimeLaunch(saxpy, {(1 << 16) / 64, 1, 1}, {y, x, 3.0f, 1 << 16});
  ASSERT_TRUE(ms.ok()) << ms.status().toString();
  EXPECT_GE(*ms, 0.0);
  EXPECT_LT(*ms, 10000.0);
  EXPECT_EQ((*y.Read<float>(1, (1 << 16) - 1))[0], 7.0f);
  // A bad launch is refused before any event is made.
  EXPECT_EQ(TimeLaunch(saxpy, {}, {y}).status().code(),
            TESSEL_ERROR_INVALID_ARGUMENT);
}

TEST_F(LaunchTest, KernelForAnotherPluginIsRefused) {
  auto amd = rt_->SelectTarget("amd:gfx942");
  ASSERT_TRUE(amd.ok());
  CompileRequest request;
  request.ir = testing::TestIr("iota");
  request.entryName = "iota";
  auto artifact = rt_->Compile(amd->target, request);
  ASSERT_TRUE(artifact.ok()) << artifact.status().toString();
  auto kernel = Kernel::Load(*device_, *artifact);
  ASSERT_FALSE(kernel.ok());
  EXPECT_EQ(kernel.status().message(),
            "kernel 'iota' was compiled for 'amd:gfx942' and cannot be loaded "
            "on cpu device 0 (cpu test device 0, znver4)");
}

}  // namespace
}  // namespace tessel::runtime
