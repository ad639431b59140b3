//===- RuntimeHalf_test.cpp - The kit's runtime entries over a test device -===//
//
// The runtime half of the kit (RuntimeHalf.cpp) over a device whose memory
// is host memory and which counts what it allocates and releases. Its one
// kernel, on grid (g, 1, 1), writes x[b] = n + b for every block b of its
// (float *x, int32 n) arguments. The memory of buffer_wrap's buffers is
// the test's own: a buffer_free that released it would show in the counts
// (and as a bad free).
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstring>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "plugins/common/Device.h"
#include "tessel/plugin.hpp"

namespace tessel::kit {
namespace {

using sdk::Init;
using sdk::MakeErrorF;
using sdk::Ok;

/// What the test device saw, for the tests to read.
struct Counts {
  int allocations = 0;
  int releases = 0;
  std::set<uint64_t> released;
};
Counts gCounts;

class FillKernel : public Executable {
public:
  Tessel_Error *launch(const uint32_t grid[3], void **params) override {
    uint64_t address = 0;
    uint64_t bits = 0;
    std::memcpy(&address, params[0], sizeof(address));
    std::memcpy(&bits, params[1], sizeof(bits));
    auto *x = reinterpret_cast<float *>(address);
    for (uint32_t b = 0; b < grid[0]; ++b)
      x[b] = float(int32_t(uint32_t(bits))) + float(b);
    return Ok();
  }
};

class HostDevice : public Device {
public:
  Tessel_Device_Desc describe() override {
    auto desc = Init<Tessel_Device_Desc>();
    desc.vendor = "Tessel test";
    desc.name = "counting host memory device";
    desc.arch = "test";
    desc.warp_size = 1;
    desc.compute_units = 1;
    desc.max_threads_per_block = 1;
    return desc;
  }
  Tessel_Error *allocate(uint64_t bytes, uint64_t &address) override {
    ++gCounts.allocations;
    address = reinterpret_cast<uint64_t>(new char[bytes == 0 ? 1 : bytes]);
    return Ok();
  }
  Tessel_Error *release(uint64_t address) override {
    ++gCounts.releases;
    gCounts.released.insert(address);
    delete[] reinterpret_cast<char *>(address);
    return Ok();
  }
  Tessel_Error *copyToDevice(uint64_t dst, const void *src, uint64_t size) override {
    std::memcpy(reinterpret_cast<void *>(dst), src, size);
    return Ok();
  }
  Tessel_Error *copyToHost(void *dst, uint64_t src, uint64_t size) override {
    std::memcpy(dst, reinterpret_cast<const void *>(src), size);
    return Ok();
  }
  Tessel_Error *load(const uint8_t *, size_t, const Tessel_Kernel_Metadata &,
                     std::unique_ptr<Executable> &out) override {
    out = std::make_unique<FillKernel>();
    return Ok();
  }
  Tessel_Error *synchronize() override { return Ok(); }
  Tessel_Error *createTimer(std::unique_ptr<Timer> &) override {
    return MakeErrorF(TESSEL_ERROR_UNIMPLEMENTED, "no timers");
  }
};

class OneDevice : public DevicePlatform {
public:
  Tessel_Error *enumerate(std::vector<std::unique_ptr<Device>> &out) override {
    out.push_back(std::make_unique<HostDevice>());
    return Ok();
  }
};

class RuntimeHalfTest : public ::testing::Test {
protected:
  void SetUp() override {
    fillRuntimeHalf(api);
    api.error_destroy = &sdk::ErrorDestroy;
    api.error_inspect = &sdk::ErrorInspect;
    auto args = Init<Tessel_Device_Enumerate_Args>();
    ASSERT_EQ(message(api.device_enumerate(&args)), "");
    ASSERT_EQ(args.num_devices, 1u);
    device = args.devices[0]->device;
    gCounts = Counts();
  }

  /// The message of `error`, which this destroys: "" for no error.
  std::string message(Tessel_Error *error, int32_t *code = nullptr) {
    if (error == nullptr)
      return "";
    auto inspect = Init<Tessel_Error_Inspect_Args>();
    inspect.error = error;
    api.error_inspect(&inspect);
    std::string text(inspect.message, inspect.message_size);
    if (code != nullptr)
      *code = inspect.code;
    auto destroy = Init<Tessel_Error_Destroy_Args>();
    destroy.error = error;
    api.error_destroy(&destroy);
    return text;
  }

  Tessel_Buffer *wrap(void *data, uint64_t size) {
    auto args = Init<Tessel_Buffer_Wrap_Args>();
    args.device = device;
    args.address = reinterpret_cast<uint64_t>(data);
    args.size = size;
    EXPECT_EQ(message(api.buffer_wrap(&args)), "");
    return args.buffer;
  }

  std::string freeBuffer(Tessel_Buffer *buffer) {
    auto args = Init<Tessel_Buffer_Free_Args>();
    args.buffer = buffer;
    return message(api.buffer_free(&args));
  }

  /// The fill kernel, loaded on the device.
  Tessel_Module *loadFill() {
    Tessel_Kernel_Arg args[2] = {};
    args[0].kind = TESSEL_ARG_POINTER;
    args[0].dtype = TESSEL_DTYPE_FP32;
    args[0].size = 8;
    args[0].alignment = 8;
    args[1].kind = TESSEL_ARG_SCALAR;
    args[1].dtype = TESSEL_DTYPE_I32;
    args[1].size = 4;
    args[1].alignment = 4;
    auto metadata = Init<Tessel_Kernel_Metadata>();
    metadata.entry_name = "fill";
    metadata.args = args;
    metadata.num_args = 2;
    metadata.num_warps = 1;
    metadata.warp_size = 1;
    metadata.threads_per_block = 1;
    static const uint8_t kArtifact[] = {0};
    auto load = Init<Tessel_Module_Load_Args>();
    load.device = device;
    load.artifact = kArtifact;
    load.artifact_size = sizeof(kArtifact);
    load.metadata = &metadata;
    EXPECT_EQ(message(api.module_load(&load)), "");
    return load.module;
  }

  std::string launchFill(Tessel_Module *module, Tessel_Buffer *x, uint64_t offset,
                         int32_t n, uint32_t blocks, int32_t *code = nullptr) {
    Tessel_Launch_Arg args[2] = {};
    args[0].kind = TESSEL_ARG_POINTER;
    args[0].dtype = TESSEL_DTYPE_FP32;
    args[0].buffer = x;
    args[0].offset = offset;
    args[1].kind = TESSEL_ARG_SCALAR;
    args[1].dtype = TESSEL_DTYPE_I32;
    args[1].scalar_bits = uint32_t(n);
    auto launch = Init<Tessel_Launch_Args>();
    launch.module = module;
    launch.args = args;
    launch.num_args = 2;
    launch.grid[0] = blocks;
    launch.grid[1] = 1;
    launch.grid[2] = 1;
    return message(api.launch(&launch), code);
  }

  void unload(Tessel_Module *module) {
    auto args = Init<Tessel_Module_Unload_Args>();
    args.module = module;
    EXPECT_EQ(message(api.module_unload(&args)), "");
  }

  Tessel_Plugin_Api api{};
  Tessel_Device *device = nullptr;
};

TEST_F(RuntimeHalfTest, FillsBufferWrap) { EXPECT_NE(api.buffer_wrap, nullptr); }

TEST_F(RuntimeHalfTest, WrappedMemoryIsCopiedInAndOutInPlace) {
  std::vector<float> memory(8, -1.0f);
  Tessel_Buffer *buffer = wrap(memory.data(), memory.size() * sizeof(float));
  ASSERT_NE(buffer, nullptr);

  const float in[2] = {3.5f, 4.5f};
  auto toDevice = Init<Tessel_Buffer_Copy_To_Device_Args>();
  toDevice.dst = buffer;
  toDevice.dst_offset = 2 * sizeof(float);
  toDevice.src = in;
  toDevice.size = sizeof(in);
  ASSERT_EQ(message(api.buffer_copy_to_device(&toDevice)), "");
  EXPECT_EQ(memory, (std::vector<float>{-1, -1, 3.5f, 4.5f, -1, -1, -1, -1}));

  memory[7] = 9.0f;
  float out[2] = {0, 0};
  auto toHost = Init<Tessel_Buffer_Copy_To_Host_Args>();
  toHost.src = buffer;
  toHost.src_offset = 6 * sizeof(float);
  toHost.dst = out;
  toHost.size = sizeof(out);
  ASSERT_EQ(message(api.buffer_copy_to_host(&toHost)), "");
  EXPECT_EQ(out[0], -1.0f);
  EXPECT_EQ(out[1], 9.0f);

  EXPECT_EQ(freeBuffer(buffer), "");
}

TEST_F(RuntimeHalfTest, CopiesAreCheckedAgainstTheWrappedSize) {
  std::vector<float> memory(8, 0.0f);
  // Wrap only the first four floats: the rest is not the buffer's.
  Tessel_Buffer *buffer = wrap(memory.data(), 4 * sizeof(float));
  ASSERT_NE(buffer, nullptr);
  const float in[2] = {1, 2};
  auto toDevice = Init<Tessel_Buffer_Copy_To_Device_Args>();
  toDevice.dst = buffer;
  toDevice.dst_offset = 3 * sizeof(float);
  toDevice.src = in;
  toDevice.size = sizeof(in);
  int32_t code = 0;
  EXPECT_EQ(message(api.buffer_copy_to_device(&toDevice), &code),
            "buffer_copy_to_device: range [12, 20) is outside the 16-byte buffer");
  EXPECT_EQ(code, TESSEL_ERROR_OUT_OF_RANGE);
  EXPECT_EQ(memory[4], 0.0f);

  float out[5];
  auto toHost = Init<Tessel_Buffer_Copy_To_Host_Args>();
  toHost.src = buffer;
  toHost.dst = out;
  toHost.size = sizeof(out);
  EXPECT_EQ(message(api.buffer_copy_to_host(&toHost), &code),
            "buffer_copy_to_host: range [0, 20) is outside the 16-byte buffer");
  EXPECT_EQ(code, TESSEL_ERROR_OUT_OF_RANGE);
  EXPECT_EQ(freeBuffer(buffer), "");
}

TEST_F(RuntimeHalfTest, KernelsWriteWrappedMemory) {
  std::vector<float> memory(6, 0.0f);
  Tessel_Buffer *buffer = wrap(memory.data(), memory.size() * sizeof(float));
  Tessel_Module *module = loadFill();
  ASSERT_NE(buffer, nullptr);
  ASSERT_NE(module, nullptr);
  ASSERT_EQ(launchFill(module, buffer, sizeof(float), 10, 4), "");
  EXPECT_EQ(memory, (std::vector<float>{0, 10, 11, 12, 13, 0}));

  int32_t code = 0;
  EXPECT_EQ(launchFill(module, buffer, 7 * sizeof(float), 0, 1, &code),
            "launch: argument 0 offset is past the buffer's end");
  EXPECT_EQ(code, TESSEL_ERROR_OUT_OF_RANGE);
  unload(module);
  EXPECT_EQ(freeBuffer(buffer), "");
}

TEST_F(RuntimeHalfTest, FreeReleasesOnlyTheHandleOfAWrappedBuffer) {
  std::vector<float> memory(4, 2.0f);
  Tessel_Buffer *wrapped = wrap(memory.data(), memory.size() * sizeof(float));
  ASSERT_NE(wrapped, nullptr);
  EXPECT_EQ(freeBuffer(wrapped), "");
  EXPECT_EQ(gCounts.releases, 0);
  EXPECT_EQ(gCounts.released.count(reinterpret_cast<uint64_t>(memory.data())), 0u);
  EXPECT_EQ(memory, (std::vector<float>(4, 2.0f)));

  // An allocated buffer is still released, by the device.
  auto alloc = Init<Tessel_Buffer_Alloc_Args>();
  alloc.device = device;
  alloc.size = 16;
  ASSERT_EQ(message(api.buffer_alloc(&alloc)), "");
  EXPECT_EQ(gCounts.allocations, 1);
  EXPECT_EQ(freeBuffer(alloc.buffer), "");
  EXPECT_EQ(gCounts.releases, 1);
}

TEST_F(RuntimeHalfTest, WrapsAnEmptyRange) {
  // An empty tensor may have no storage at all.
  Tessel_Buffer *empty = wrap(nullptr, 0);
  ASSERT_NE(empty, nullptr);
  auto toHost = Init<Tessel_Buffer_Copy_To_Host_Args>();
  toHost.src = empty;
  float out = 0;
  toHost.dst = &out;
  toHost.size = 0;
  EXPECT_EQ(message(api.buffer_copy_to_host(&toHost)), "");
  EXPECT_EQ(freeBuffer(empty), "");
  EXPECT_EQ(gCounts.releases, 0);
}

TEST_F(RuntimeHalfTest, WrapRefusesBadArguments) {
  float memory[4];
  struct Case {
    const char *why;
    Tessel_Device *device;
    uint64_t address;
    uint64_t size;
    const char *message;
  };
  Tessel_Device *unknown = reinterpret_cast<Tessel_Device *>(memory);
  const Case cases[] = {
      {"no device", nullptr, reinterpret_cast<uint64_t>(memory), 16,
       "buffer_wrap: device is NULL"},
      {"not one of the plugin's devices", unknown, reinterpret_cast<uint64_t>(memory),
       16, "buffer_wrap: unknown device handle"},
      {"address 0", device, 0, 16, "buffer_wrap: address 0 for a 16-byte buffer"},
      {"wraps around", device, UINT64_MAX - 7, 16,
       "buffer_wrap: 16 bytes at 0xfffffffffffffff8 run past the end of the address "
       "space"},
  };
  for (const Case &c : cases) {
    auto args = Init<Tessel_Buffer_Wrap_Args>();
    args.device = c.device;
    args.address = c.address;
    args.size = c.size;
    int32_t code = 0;
    EXPECT_EQ(message(api.buffer_wrap(&args), &code), c.message) << c.why;
    EXPECT_EQ(code, TESSEL_ERROR_INVALID_ARGUMENT) << c.why;
    EXPECT_EQ(args.buffer, nullptr) << c.why;
  }

  auto shortArgs = Init<Tessel_Buffer_Wrap_Args>();
  shortArgs.struct_size = Tessel_Buffer_Wrap_Args_STRUCT_SIZE_MIN - 8;
  shortArgs.device = device;
  EXPECT_NE(message(api.buffer_wrap(&shortArgs)).find("struct_size"),
            std::string::npos);
  EXPECT_EQ(shortArgs.buffer, nullptr);
}

} // namespace

std::unique_ptr<DevicePlatform> createDevicePlatform() {
  return std::make_unique<OneDevice>();
}

} // namespace tessel::kit
