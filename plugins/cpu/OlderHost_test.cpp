//===- OlderHost_test.cpp - The CPU plugin driven by an older host --------===//
//
// The compatibility promise's other direction (plugin_api.h, "Compatibility
// promise"): a plugin of this ABI driven by a host of 1.0, 1.1 or 1.2. Such
// a host asks for the table with its own minor, reads only the table's
// prefix it knows, writes each args struct's `struct_size` as its header
// defined it, owns whatever memory follows that size, and hangs no
// extension on any call (the chain got its header in 1.2; a 1.2 host knows
// no DEVICE_ABSENCE). The plugin must answer every entry of the old table,
// write nothing past the struct_size it was given, and do what it did then
// for the requests it does not get (no kept stages, no bounds record).
//
// No args struct has grown since its introduction (only Tessel_Compiler_Info
// and the table, which the plugin fills, have), so the size an older host
// writes is each struct's _STRUCT_SIZE_MIN. When one grows, _MIN keeps the
// older size, and this test keeps driving the older layout.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>

#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "plugins/common/PluginAbiTesting.h"
#include "tessel/plugin.hpp"

namespace tessel::abitest {
namespace {

constexpr size_t kGuardBytes = 64;
constexpr unsigned char kGuard = 0xA5;

/// `Args` as an older host lays it out: `struct_size` = the older size, the
/// fields up to it zeroed, and host memory after it (guard bytes, which
/// also fill any field the older host did not have).
template <typename Args> class OlderArgs {
public:
  OlderArgs() {
    std::memset(storage, 0, size);
    std::memset(storage + size, kGuard, sizeof storage - size);
    get()->struct_size = size;
  }
  Args *get() { return reinterpret_cast<Args *>(storage); }
  Args *operator->() { return get(); }
  /// The offset of the first byte past struct_size that changed; -1 if none.
  long firstWrittenPastSize() const {
    for (size_t i = size; i < sizeof storage; ++i)
      if (storage[i] != kGuard)
        return long(i);
    return -1;
  }

private:
  static constexpr size_t size = sdk::StructSize<Args>::kMin;
  alignas(Args) unsigned char storage[sizeof(Args) + kGuardBytes];
};

#define EXPECT_NOTHING_PAST_SIZE(args)                                                 \
  EXPECT_EQ((args).firstWrittenPastSize(), -1)                                         \
      << "the plugin wrote past the struct_size an older host gave"

using GetApi = const Tessel_Plugin_Api *(*)(uint32_t, uint32_t);

/// The CPU plugin's table as a host of minor `hostMinor` asks for it.
const Tessel_Plugin_Api *apiForHostMinor(uint32_t hostMinor) {
  static void *handle = dlopen("plugins/cpu/libtessel_cpu.so", RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    ADD_FAILURE() << dlerror();
    return nullptr;
  }
  auto get = reinterpret_cast<GetApi>(dlsym(handle, TESSEL_PLUGIN_GET_API_SYMBOL));
  return get ? get(TESSEL_PLUGIN_ABI_MAJOR, hostMinor) : nullptr;
}

// An older host's message reader: error_inspect and error_destroy with
// args of the older size.
std::string olderMessage(const Tessel_Plugin_Api *api, Tessel_Error *error) {
  if (error == nullptr)
    return "";
  OlderArgs<Tessel_Error_Inspect_Args> inspect;
  inspect->error = error;
  api->error_inspect(inspect.get());
  EXPECT_NOTHING_PAST_SIZE(inspect);
  std::string text(inspect->message, inspect->message_size);
  OlderArgs<Tessel_Error_Destroy_Args> destroy;
  destroy->error = error;
  api->error_destroy(destroy.get());
  EXPECT_NOTHING_PAST_SIZE(destroy);
  return text;
}

class OlderHost : public ::testing::TestWithParam<uint32_t> {};

TEST_P(OlderHost, GetsATableWhosePrefixItKnowsIsComplete) {
  const Tessel_Plugin_Api *api = apiForHostMinor(GetParam());
  ASSERT_NE(api, nullptr);
  EXPECT_EQ(api->abi_major, uint32_t(TESSEL_PLUGIN_ABI_MAJOR));
  // The plugin says what it is; the host decides what to use of it.
  EXPECT_EQ(api->abi_minor, uint32_t(TESSEL_PLUGIN_ABI_MINOR));
  EXPECT_GE(api->struct_size, size_t(Tessel_Plugin_Api_STRUCT_SIZE_MIN));
  ASSERT_NE(api->info, nullptr);
  EXPECT_GE(api->info->struct_size, size_t(Tessel_Plugin_Info_STRUCT_SIZE_MIN));
  EXPECT_STREQ(api->info->name, "cpu");
  // Every 1.0 entry of both halves (all of them before buffer_wrap).
  const void *const *entry = reinterpret_cast<const void *const *>(&api->error_destroy);
  const void *const *end = reinterpret_cast<const void *const *>(&api->buffer_wrap);
  for (int i = 0; entry + i < end; ++i)
    EXPECT_NE(entry[i], nullptr) << "1.0 entry #" << i << " is missing";
  if (GetParam() >= 2) {
    EXPECT_NE(api->buffer_wrap, nullptr);
  }
}

TEST_P(OlderHost, CompilesLoadsAndRunsWithArgsOfTheOlderSize) {
  const Tessel_Plugin_Api *api = apiForHostMinor(GetParam());
  ASSERT_NE(api, nullptr);
  OlderArgs<Tessel_Plugin_Initialize_Args> init;
  ASSERT_EQ(olderMessage(api, api->plugin_initialize(init.get())), "");
  EXPECT_NOTHING_PAST_SIZE(init);

  OlderArgs<Tessel_Compiler_Get_Info_Args> info;
  ASSERT_EQ(olderMessage(api, api->compiler_get_info(info.get())), "");
  EXPECT_NOTHING_PAST_SIZE(info);
  ASSERT_NE(info->info, nullptr);
  // What a 1.0 or 1.1 host reads of it is there (stages came in 1.2).
  EXPECT_GE(info->info->struct_size, size_t(Tessel_Compiler_Info_STRUCT_SIZE_MIN));
  EXPECT_STREQ(info->info->artifact_format, "elf-so");

  // No extension: no stages requested, and no bounds checks (a flag a
  // 1.0 host does not know, so never sends).
  std::string ir = readTileBytecode("examples/tile-ir/vector_add.mlir");
  Tessel_Target target = sdk::Init<Tessel_Target>();
  target.struct_size = Tessel_Target_STRUCT_SIZE_MIN;
  target.plugin = "cpu";
  target.arch = "x86-64";
  Tessel_Compile_Args current = makeCompileArgs(target, ir, "add_kernel");
  OlderArgs<Tessel_Compile_Args> compile;
  std::memcpy(compile.get(), &current, Tessel_Compile_Args_STRUCT_SIZE_MIN);
  compile->struct_size = Tessel_Compile_Args_STRUCT_SIZE_MIN;
  compile->extension_start = nullptr;
  compile->options = nullptr;
  ASSERT_EQ(olderMessage(api, api->compile(compile.get())), "");
  EXPECT_NOTHING_PAST_SIZE(compile);
  ASSERT_NE(compile->artifact, nullptr);

  OlderArgs<Tessel_Artifact_Inspect_Args> inspect;
  inspect->artifact = compile->artifact;
  ASSERT_EQ(olderMessage(api, api->artifact_inspect(inspect.get())), "");
  EXPECT_NOTHING_PAST_SIZE(inspect);
  ASSERT_NE(inspect->metadata, nullptr);
  // x, y, out, n: no trailing bounds record.
  EXPECT_EQ(inspect->metadata->num_args, 4u);

  // Asked as a newer host would: nothing was kept, since nothing was asked.
  Tessel_Artifact_Stages kept{};
  kept.base = {Tessel_Artifact_Stages_STRUCT_SIZE, TESSEL_EXTENSION_ARTIFACT_STAGES, 0,
               nullptr};
  auto newer = sdk::Init<Tessel_Artifact_Inspect_Args>();
  newer.artifact = compile->artifact;
  newer.extension_start = &kept.base;
  ASSERT_EQ(olderMessage(api, api->artifact_inspect(&newer)), "");
  EXPECT_EQ(kept.num_stages, 0u);

  OlderArgs<Tessel_Validate_Artifact_Args> validate;
  validate->target = &target;
  validate->artifact = inspect->bytes;
  validate->artifact_size = inspect->size;
  validate->metadata = inspect->metadata;
  EXPECT_EQ(olderMessage(api, api->validate_artifact(validate.get())), "");
  EXPECT_NOTHING_PAST_SIZE(validate);

  // No DEVICE_ABSENCE extension (1.3): the device list as before.
  OlderArgs<Tessel_Device_Enumerate_Args> devices;
  ASSERT_EQ(olderMessage(api, api->device_enumerate(devices.get())), "");
  EXPECT_NOTHING_PAST_SIZE(devices);
  ASSERT_EQ(devices->num_devices, 1u);
  Tessel_Device *device = devices->devices[0]->device;
  EXPECT_GE(devices->devices[0]->struct_size,
            size_t(Tessel_Device_Desc_STRUCT_SIZE_MIN));

  OlderArgs<Tessel_Module_Load_Args> load;
  load->device = device;
  load->artifact = inspect->bytes;
  load->artifact_size = inspect->size;
  load->metadata = inspect->metadata;
  ASSERT_EQ(olderMessage(api, api->module_load(load.get())), "");
  EXPECT_NOTHING_PAST_SIZE(load);

  // Two blocks of 1024, the second ragged.
  const int32_t n = 1500;
  std::vector<float> x(n), y(n), out(n, -1.0f);
  for (int32_t i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = float(2 * i);
  }
  Tessel_Buffer *buffers[3] = {};
  for (Tessel_Buffer *&b : buffers) {
    OlderArgs<Tessel_Buffer_Alloc_Args> alloc;
    alloc->device = device;
    alloc->size = n * sizeof(float);
    ASSERT_EQ(olderMessage(api, api->buffer_alloc(alloc.get())), "");
    EXPECT_NOTHING_PAST_SIZE(alloc);
    b = alloc->buffer;
  }
  for (int i = 0; i < 2; ++i) {
    OlderArgs<Tessel_Buffer_Copy_To_Device_Args> copy;
    copy->dst = buffers[i];
    copy->src = i == 0 ? x.data() : y.data();
    copy->size = n * sizeof(float);
    ASSERT_EQ(olderMessage(api, api->buffer_copy_to_device(copy.get())), "");
    EXPECT_NOTHING_PAST_SIZE(copy);
  }
  Tessel_Launch_Arg args[4] = {};
  for (int i = 0; i < 3; ++i) {
    args[i].kind = TESSEL_ARG_POINTER;
    args[i].dtype = TESSEL_DTYPE_FP32;
    args[i].buffer = buffers[i];
  }
  args[3].kind = TESSEL_ARG_SCALAR;
  args[3].dtype = TESSEL_DTYPE_I32;
  args[3].scalar_bits = uint32_t(n);

  OlderArgs<Tessel_Event_Create_Args> begin, end;
  for (auto *e : {&begin, &end}) {
    (*e)->device = device;
    ASSERT_EQ(olderMessage(api, api->event_create(e->get())), "");
    EXPECT_NOTHING_PAST_SIZE(*e);
  }
  auto record = [&](Tessel_Event *event) {
    OlderArgs<Tessel_Event_Record_Args> r;
    r->event = event;
    EXPECT_EQ(olderMessage(api, api->event_record(r.get())), "");
    EXPECT_NOTHING_PAST_SIZE(r);
  };
  record(begin->event);
  OlderArgs<Tessel_Launch_Args> launch;
  launch->module = load->module;
  launch->args = args;
  launch->num_args = 4;
  launch->grid[0] = 2;
  launch->grid[1] = 1;
  launch->grid[2] = 1;
  ASSERT_EQ(olderMessage(api, api->launch(launch.get())), "");
  EXPECT_NOTHING_PAST_SIZE(launch);
  record(end->event);
  OlderArgs<Tessel_Device_Synchronize_Args> sync;
  sync->device = device;
  ASSERT_EQ(olderMessage(api, api->device_synchronize(sync.get())), "");
  EXPECT_NOTHING_PAST_SIZE(sync);
  OlderArgs<Tessel_Event_Elapsed_Args> elapsed;
  elapsed->start = begin->event;
  elapsed->end = end->event;
  EXPECT_EQ(olderMessage(api, api->event_elapsed(elapsed.get())), "");
  EXPECT_NOTHING_PAST_SIZE(elapsed);
  EXPECT_GE(elapsed->milliseconds, 0.0);

  OlderArgs<Tessel_Buffer_Copy_To_Host_Args> back;
  back->src = buffers[2];
  back->dst = out.data();
  back->size = n * sizeof(float);
  ASSERT_EQ(olderMessage(api, api->buffer_copy_to_host(back.get())), "");
  EXPECT_NOTHING_PAST_SIZE(back);
  int wrong = 0;
  for (int32_t i = 0; i < n; ++i)
    wrong += out[i] != float(3 * i);
  EXPECT_EQ(wrong, 0) << "out[1499] = " << out[n - 1];

  for (auto *e : {&begin, &end}) {
    OlderArgs<Tessel_Event_Destroy_Args> destroy;
    destroy->event = (*e)->event;
    EXPECT_EQ(olderMessage(api, api->event_destroy(destroy.get())), "");
    EXPECT_NOTHING_PAST_SIZE(destroy);
  }
  for (Tessel_Buffer *b : buffers) {
    OlderArgs<Tessel_Buffer_Free_Args> release;
    release->buffer = b;
    EXPECT_EQ(olderMessage(api, api->buffer_free(release.get())), "");
    EXPECT_NOTHING_PAST_SIZE(release);
  }
  OlderArgs<Tessel_Module_Unload_Args> unload;
  unload->module = load->module;
  EXPECT_EQ(olderMessage(api, api->module_unload(unload.get())), "");
  EXPECT_NOTHING_PAST_SIZE(unload);
  OlderArgs<Tessel_Artifact_Destroy_Args> destroy;
  destroy->artifact = compile->artifact;
  EXPECT_EQ(olderMessage(api, api->artifact_destroy(destroy.get())), "");
  EXPECT_NOTHING_PAST_SIZE(destroy);
}

// The refusal an older host can provoke reaches it through its own error
// entries, the message intact.
TEST_P(OlderHost, ReadsARefusalWithItsErrorEntries) {
  const Tessel_Plugin_Api *api = apiForHostMinor(GetParam());
  ASSERT_NE(api, nullptr);
  OlderArgs<Tessel_Buffer_Alloc_Args> alloc; // no device
  std::string refusal = olderMessage(api, api->buffer_alloc(alloc.get()));
  EXPECT_NE(refusal.find("buffer_alloc"), std::string::npos) << refusal;
  EXPECT_NOTHING_PAST_SIZE(alloc);
  EXPECT_EQ(alloc->buffer, nullptr);
}

INSTANTIATE_TEST_SUITE_P(Minors, OlderHost, ::testing::Values(0u, 1u, 2u),
                         [](const ::testing::TestParamInfo<uint32_t> &info) {
                           return "Abi1_" + std::to_string(info.param);
                         });

} // namespace
} // namespace tessel::abitest
