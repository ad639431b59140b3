// The runtime's C interface used as a C caller (the Python package) uses
// it: a kernel compiled through the compiler's C interface (loaded with
// dlopen, as a runtime-only installation would lack it), loaded from the
// entry bytes, launched on borrowed host memory of the CPU plugin.
#include "core/runtime/capi/tessel_runtime.h"

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "core/compiler/capi/tessel_compiler.h"

namespace {

constexpr char kPlugin[] = "plugins/cpu/libtessel_cpu.so";
constexpr char kKey[] =
    "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
constexpr char kSource[] = R"(import tessel
import tessel.language as tl


@tessel.jit
def scale_kernel(x_ptr, out_ptr, n, factor, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * factor, mask=mask)
)";

struct CompilerLib {
  void *handle = nullptr;
  decltype(&tessel_compile) compile = nullptr;
  decltype(&tessel_cc_last_error) lastError = nullptr;
  decltype(&tessel_compiled_entry) entry = nullptr;
  decltype(&tessel_compiled_info) info = nullptr;
  decltype(&tessel_compiled_num_files) numFiles = nullptr;
  decltype(&tessel_compiled_file) file = nullptr;
  decltype(&tessel_compiled_destroy) destroy = nullptr;

  CompilerLib() {
    handle = dlopen("core/compiler/capi/libtessel_compiler.so", RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr)
      return;
    compile = reinterpret_cast<decltype(compile)>(dlsym(handle, "tessel_compile"));
    lastError =
        reinterpret_cast<decltype(lastError)>(dlsym(handle, "tessel_cc_last_error"));
    entry = reinterpret_cast<decltype(entry)>(dlsym(handle, "tessel_compiled_entry"));
    info = reinterpret_cast<decltype(info)>(dlsym(handle, "tessel_compiled_info"));
    numFiles = reinterpret_cast<decltype(numFiles)>(
        dlsym(handle, "tessel_compiled_num_files"));
    file = reinterpret_cast<decltype(file)>(dlsym(handle, "tessel_compiled_file"));
    destroy =
        reinterpret_cast<decltype(destroy)>(dlsym(handle, "tessel_compiled_destroy"));
  }
};

CompilerLib &compilerLib() {
  static CompilerLib lib;
  return lib;
}

std::string take(char *text) {
  std::string out = text;
  tessel_rt_free_string(text);
  return out;
}

class RuntimeCApi : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_NE(compilerLib().handle, nullptr) << dlerror();
    ASSERT_EQ(tessel_rt_create(kPlugin, nullptr, TESSEL_RT_NO_CACHE, &rt), 0)
        << tessel_rt_last_error();
    ASSERT_EQ(tessel_rt_open_device(rt, "cpu", &device), 0) << tessel_rt_last_error();
  }
  void TearDown() override {
    tessel_rt_device_destroy(device);
    tessel_rt_destroy(rt);
  }

  // The compiled entry of scale_kernel.
  std::string compileScale(const char *signature = "*fp32:16,*fp32:16,i32,fp32") {
    CompilerLib &cc = compilerLib();
    Tessel_Compiled *compiled = nullptr;
    int code = cc.compile(kPlugin, "", "scale.py", kSource, "scale_kernel", signature,
                          "BLOCK=64", 0, 0, TESSEL_CC_KEEP_STAGES, kKey, &compiled);
    EXPECT_EQ(code, 0) << cc.lastError();
    if (code != 0)
      return {};
    const uint8_t *data = nullptr;
    size_t size = 0;
    cc.entry(compiled, &data, &size);
    std::string entry(reinterpret_cast<const char *>(data), size);
    files.clear();
    for (size_t i = 0; i < cc.numFiles(compiled); ++i) {
      const char *name = nullptr;
      cc.file(compiled, i, &name, &data, &size);
      files.push_back(name);
    }
    info = cc.info(compiled);
    cc.destroy(compiled);
    return entry;
  }

  Tessel_Rt *rt = nullptr;
  Tessel_Rt_Device *device = nullptr;
  std::vector<std::string> files;
  std::string info;
};

TEST_F(RuntimeCApi, SelectsDescribesAndListsTheCpuPlugin) {
  char *json = nullptr;
  ASSERT_EQ(tessel_rt_select_target(rt, "cpu", &json), 0) << tessel_rt_last_error();
  std::string sel = take(json);
  EXPECT_NE(sel.find("\"target\":\"cpu:"), std::string::npos) << sel;
  EXPECT_NE(sel.find("\"has_device\":true"), std::string::npos) << sel;
  ASSERT_EQ(tessel_rt_device_describe(device, &json), 0);
  EXPECT_NE(take(json).find("\"plugin\":\"cpu\""), std::string::npos);
  ASSERT_EQ(tessel_rt_plugins(rt, &json), 0);
  EXPECT_NE(take(json).find("\"name\":\"cpu\""), std::string::npos);
}

TEST_F(RuntimeCApi, CompilesLoadsAndLaunchesOnBorrowedMemory) {
  std::string entry = compileScale();
  ASSERT_FALSE(entry.empty());
  EXPECT_NE(info.find("\"entry\":\"scale_kernel\""), std::string::npos) << info;
  // The tile IR, the artifact and the CPU plugin's kept stages.
  auto has = [&](const std::string &name) {
    return std::find(files.begin(), files.end(), name) != files.end();
  };
  EXPECT_TRUE(has("scale_kernel.tile.mlir"));
  EXPECT_TRUE(has("scale_kernel.so"));

  Tessel_Rt_Kernel *kernel = nullptr;
  ASSERT_EQ(tessel_rt_kernel_load(device,
                                  reinterpret_cast<const uint8_t *>(entry.data()),
                                  entry.size(), kKey, &kernel),
            0)
      << tessel_rt_last_error();
  alignas(64) static float x[100], out[100];
  for (int i = 0; i < 100; ++i) {
    x[i] = float(i);
    out[i] = -1;
  }
  float factor = 2.5f;
  uint32_t factorBits;
  std::memcpy(&factorBits, &factor, 4);
  const uint64_t values[] = {reinterpret_cast<uint64_t>(x),
                             reinterpret_cast<uint64_t>(out), 100, factorBits};
  const uint64_t sizes[] = {sizeof x, sizeof out, 0, 0};
  ASSERT_EQ(tessel_rt_launch(kernel, 2, 1, 1, 4, values, sizes), 0)
      << tessel_rt_last_error();
  ASSERT_EQ(tessel_rt_device_synchronize(device), 0);
  for (int i = 0; i < 100; ++i)
    ASSERT_EQ(out[i], 2.5f * float(i)) << i;

  double ms = -1;
  ASSERT_EQ(tessel_rt_time(kernel, 2, 1, 1, 4, values, sizes, 1, 5, &ms), 0)
      << tessel_rt_last_error();
  EXPECT_GE(ms, 0.0);

  // A wrong argument count is refused with the parameters' names.
  EXPECT_EQ(tessel_rt_launch(kernel, 2, 1, 1, 3, values, sizes),
            TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tessel_rt_last_error()).find("takes 4 arguments, got 3"),
            std::string::npos)
      << tessel_rt_last_error();
  // An address that breaks the :16 the kernel was compiled for is refused.
  const uint64_t misaligned[] = {reinterpret_cast<uint64_t>(x) + 4,
                                 reinterpret_cast<uint64_t>(out), 99, factorBits};
  const uint64_t misalignedSizes[] = {sizeof x - 4, sizeof out, 0, 0};
  EXPECT_EQ(tessel_rt_launch(kernel, 2, 1, 1, 4, misaligned, misalignedSizes),
            TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(tessel_rt_last_error()).find("not a multiple of 16"),
            std::string::npos)
      << tessel_rt_last_error();
  tessel_rt_kernel_destroy(kernel);
}

TEST_F(RuntimeCApi, RuntimeBuffersAreArgumentsByHandle) {
  std::string entry = compileScale("*fp32,*fp32,i32,fp32");
  Tessel_Rt_Kernel *kernel = nullptr;
  ASSERT_EQ(tessel_rt_kernel_load(device,
                                  reinterpret_cast<const uint8_t *>(entry.data()),
                                  entry.size(), kKey, &kernel),
            0)
      << tessel_rt_last_error();
  Tessel_Rt_Buffer *in = nullptr, *out = nullptr;
  ASSERT_EQ(tessel_rt_buffer_alloc(device, 16, &in), 0);
  ASSERT_EQ(tessel_rt_buffer_alloc(device, 16, &out), 0);
  EXPECT_EQ(tessel_rt_buffer_size(in), 16u);
  const float host[4] = {1, 2, 3, 4};
  ASSERT_EQ(tessel_rt_buffer_write(in, 0, host, 16), 0);
  const uint64_t values[] = {reinterpret_cast<uint64_t>(in),
                             reinterpret_cast<uint64_t>(out), 4, 0x40000000 /* 2.0f */};
  const uint64_t sizes[] = {TESSEL_RT_BUFFER_HANDLE, TESSEL_RT_BUFFER_HANDLE, 0, 0};
  ASSERT_EQ(tessel_rt_launch(kernel, 1, 1, 1, 4, values, sizes), 0)
      << tessel_rt_last_error();
  float result[4] = {};
  ASSERT_EQ(tessel_rt_buffer_read(out, 0, result, 16), 0);
  EXPECT_EQ(result[3], 8.0f);
  EXPECT_EQ(tessel_rt_buffer_read(out, 8, result, 16), TESSEL_ERROR_OUT_OF_RANGE);
  tessel_rt_buffer_free(in);
  tessel_rt_buffer_free(out);
  tessel_rt_kernel_destroy(kernel);
}

TEST_F(RuntimeCApi, AnEntryIsCheckedAgainstItsKey) {
  std::string entry = compileScale();
  Tessel_Rt_Kernel *kernel = nullptr;
  std::string otherKey(kKey);
  otherKey[0] = 'f';
  EXPECT_EQ(tessel_rt_kernel_load(device,
                                  reinterpret_cast<const uint8_t *>(entry.data()),
                                  entry.size(), otherKey.c_str(), &kernel),
            TESSEL_ERROR_DATA_LOSS);
  entry[entry.size() - 1] ^= 1;
  EXPECT_EQ(tessel_rt_kernel_load(device,
                                  reinterpret_cast<const uint8_t *>(entry.data()),
                                  entry.size(), kKey, &kernel),
            TESSEL_ERROR_DATA_LOSS);
  EXPECT_EQ(tessel_rt_kernel_load(device, nullptr, 0, "not hex", &kernel),
            TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(kernel, nullptr);
}

TEST_F(RuntimeCApi, CompileErrorsCarryTheDiagnostics) {
  CompilerLib &cc = compilerLib();
  Tessel_Compiled *compiled = nullptr;
  const char *bad = "import tessel\n\n@tessel.jit\ndef k(x_ptr):\n    tl.nope(x_ptr)\n";
  EXPECT_EQ(cc.compile(kPlugin, "", "bad.py", bad, "k", "*fp32", "", 0, 0, 0, kKey,
                       &compiled),
            TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(cc.lastError()).find("bad.py:5:"), std::string::npos)
      << cc.lastError();
  EXPECT_EQ(compiled, nullptr);
}

TEST_F(RuntimeCApi, TuningSpaceComesFromThePlugin) {
  char *json = nullptr;
  ASSERT_EQ(tessel_rt_tuning_space(rt, "cpu", "scale_kernel", "BLOCK", "n=4096", &json),
            0)
      << tessel_rt_last_error();
  std::string space = take(json);
  EXPECT_NE(space.find("\"defaults\":[{"), std::string::npos) << space;
  EXPECT_NE(space.find("\"BLOCK\":["), std::string::npos) << space;
  EXPECT_EQ(tessel_rt_tuning_space(rt, "cpu", "k", "", "n", &json),
            TESSEL_ERROR_INVALID_ARGUMENT);
}

} // namespace
