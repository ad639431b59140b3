//===- MalformedAnswers_test.cpp - Plugin answers the host refuses --------===//
//
// A plugin whose entries answer with a positive count and a NULL array, or an
// absurd count, must be refused with an error naming the plugin, the entry and
// the field, never dereferenced. Each case replays the malformation of a
// reproducer in fuzz/findings/ through the table-forwarding fuzz plugin, which
// the host loads like any plugin.
//
//===----------------------------------------------------------------------===//

#include <dlfcn.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/plugin_host/testing/TestPaths.h"
#include "tessel/struct_size.hpp"

namespace tessel::plugin_host {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// ---- The fake plugin's answers ---------------------------------------------

// What the entries hand back; each test starts from well-formed answers and
// breaks one field.
struct Answers {
  Tessel_Target_Desc target = sdk::Init<Tessel_Target_Desc>();
  const Tessel_Target_Desc *targetList[1] = {&target};
  Tessel_Ir_Format format = sdk::Init<Tessel_Ir_Format>();
  const Tessel_Ir_Format *formatList[1] = {&format};
  Tessel_Compiler_Info info = sdk::Init<Tessel_Compiler_Info>();

  uint8_t artifactBytes[4] = {1, 2, 3, 4};
  const uint8_t *bytes = artifactBytes;
  size_t size = sizeof(artifactBytes);
  Tessel_Kernel_Arg arg{};
  Tessel_Kernel_Metadata metadata = sdk::Init<Tessel_Kernel_Metadata>();

  Tessel_Key_Value value{};
  Tessel_Compile_Options options = sdk::Init<Tessel_Compile_Options>();
  Tessel_Tuning_Config config = sdk::Init<Tessel_Tuning_Config>();
  const Tessel_Tuning_Config *configList[1] = {&config};
  const Tessel_Tuning_Config *const *defaults = configList;
  size_t numDefaults = 1;
  int64_t paramValues[2] = {64, 128};
  Tessel_Tuning_Param param{};
  const Tessel_Tuning_Param *params = &param;
  size_t numParams = 1;

  Tessel_Device_Desc device = sdk::Init<Tessel_Device_Desc>();
  const Tessel_Device_Desc *deviceList[1] = {&device};
  const Tessel_Device_Desc *const *devices = deviceList;
  size_t numDevices = 1;

  // An error from compile, whose message is errorMessage/errorMessageSize.
  bool compileFails = false;
  const char *errorMessage = "bad";
  size_t errorMessageSize = 3;

  // The arrays point into the object itself.
  Answers(const Answers &) = delete;
  Answers &operator=(const Answers &) = delete;

  Answers() {
    target.arch = "fz1";
    target.description = "";
    info.targets = targetList;
    info.num_targets = 1;
    format.format = TESSEL_IR_FORMAT_TILE_MLIRBC;
    format.version_major = 1;
    info.ir_formats = formatList;
    info.num_ir_formats = 1;
    info.artifact_format = "fz";
    arg.name = "x";
    arg.kind = TESSEL_ARG_POINTER;
    metadata.entry_name = "kern";
    metadata.args = &arg;
    metadata.num_args = 1;
    value.key = "BLOCK";
    value.type = TESSEL_VALUE_INT;
    value.int_value = 64;
    options.extra = &value;
    options.num_extra = 1;
    config.options = &options;
    config.values = &value;
    config.num_values = 1;
    param.name = "BLOCK";
    param.values = paramValues;
    param.num_values = 2;
    device.device = reinterpret_cast<Tessel_Device *>(&device);
    device.arch = "fz1";
    device.features = &value;
    device.num_features = 1;
  }
};

Answers *answers = nullptr;
int errorObject, artifactObject, spaceObject;

void errorDestroy(Tessel_Error_Destroy_Args *) {}
void errorInspect(Tessel_Error_Inspect_Args *args) {
  args->code = TESSEL_ERROR_INVALID_ARGUMENT;
  args->message = answers->errorMessage;
  args->message_size = answers->errorMessageSize;
}
Tessel_Error *compilerGetInfo(Tessel_Compiler_Get_Info_Args *args) {
  args->info = &answers->info;
  return nullptr;
}
Tessel_Error *compile(Tessel_Compile_Args *args) {
  if (answers->compileFails)
    return reinterpret_cast<Tessel_Error *>(&errorObject);
  args->artifact = reinterpret_cast<Tessel_Artifact *>(&artifactObject);
  return nullptr;
}
Tessel_Error *artifactInspect(Tessel_Artifact_Inspect_Args *args) {
  args->bytes = answers->bytes;
  args->size = answers->size;
  args->metadata = &answers->metadata;
  return nullptr;
}
Tessel_Error *tuningSpaceGet(Tessel_Tuning_Space_Get_Args *args) {
  args->space = reinterpret_cast<Tessel_Tuning_Space *>(&spaceObject);
  return nullptr;
}
Tessel_Error *tuningSpaceInspect(Tessel_Tuning_Space_Inspect_Args *args) {
  args->defaults = answers->defaults;
  args->num_defaults = answers->numDefaults;
  args->params = answers->params;
  args->num_params = answers->numParams;
  return nullptr;
}
Tessel_Error *deviceEnumerate(Tessel_Device_Enumerate_Args *args) {
  args->devices = answers->devices;
  args->num_devices = answers->numDevices;
  return nullptr;
}
template <typename Args> Tessel_Error *succeed(Args *) { return nullptr; }

Tessel_Plugin_Info pluginInfo = [] {
  auto info = sdk::Init<Tessel_Plugin_Info>();
  info.name = "fuzz";
  info.version = "1";
  info.description = "";
  return info;
}();

Tessel_Plugin_Api table = [] {
  Tessel_Plugin_Api t{};
  t.struct_size = sizeof(t);
  t.abi_major = TESSEL_PLUGIN_ABI_MAJOR;
  t.abi_minor = TESSEL_PLUGIN_ABI_MINOR;
  t.halves = TESSEL_PLUGIN_HALF_COMPILER | TESSEL_PLUGIN_HALF_RUNTIME;
  t.info = &pluginInfo;
  t.error_destroy = errorDestroy;
  t.error_inspect = errorInspect;
  t.plugin_initialize = succeed<Tessel_Plugin_Initialize_Args>;
  t.compiler_get_info = compilerGetInfo;
  t.compile = compile;
  t.artifact_inspect = artifactInspect;
  t.artifact_destroy = succeed<Tessel_Artifact_Destroy_Args>;
  t.validate_artifact = succeed<Tessel_Validate_Artifact_Args>;
  t.tuning_space_get = tuningSpaceGet;
  t.tuning_space_inspect = tuningSpaceInspect;
  t.tuning_space_destroy = succeed<Tessel_Tuning_Space_Destroy_Args>;
  t.device_enumerate = deviceEnumerate;
  t.buffer_alloc = succeed<Tessel_Buffer_Alloc_Args>;
  t.buffer_free = succeed<Tessel_Buffer_Free_Args>;
  t.buffer_copy_to_device = succeed<Tessel_Buffer_Copy_To_Device_Args>;
  t.buffer_copy_to_host = succeed<Tessel_Buffer_Copy_To_Host_Args>;
  t.module_load = succeed<Tessel_Module_Load_Args>;
  t.module_unload = succeed<Tessel_Module_Unload_Args>;
  t.launch = succeed<Tessel_Launch_Args>;
  t.device_synchronize = succeed<Tessel_Device_Synchronize_Args>;
  t.event_create = succeed<Tessel_Event_Create_Args>;
  t.event_destroy = succeed<Tessel_Event_Destroy_Args>;
  t.event_record = succeed<Tessel_Event_Record_Args>;
  t.event_elapsed = succeed<Tessel_Event_Elapsed_Args>;
  t.buffer_wrap = succeed<Tessel_Buffer_Wrap_Args>;
  return t;
}();

class MalformedAnswersTest : public ::testing::Test {
protected:
  void SetUp() override {
    answers = &current;
    path = testing::runfilePath("core/plugin_host/fuzz/libabi_fuzz_plugin.so");
    handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    ASSERT_NE(handle, nullptr) << ::dlerror();
    using SetTable = void(const Tessel_Plugin_Api *);
    auto *setTable =
        reinterpret_cast<SetTable *>(::dlsym(handle, "tessel_abi_fuzz_set_table"));
    ASSERT_NE(setTable, nullptr);
    setTable(&table);
    auto loaded = LoadedPlugin::load(path);
    ASSERT_TRUE(loaded.ok()) << loaded.status().toString();
    plugin = *loaded;
  }
  void TearDown() override {
    plugin.reset();
    if (handle != nullptr)
      ::dlclose(handle);
    answers = nullptr;
  }

  /// The error `status` must be: naming the plugin, then `what`.
  void expectRefused(const Status &status, const std::string &what) {
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.code(), TESSEL_ERROR_INTERNAL);
    EXPECT_THAT(status.message(),
                AllOf(StartsWith("plugin '" + path + "': "), HasSubstr(what)));
  }

  StatusOr<CompiledKernel> compileOne() {
    CompileRequest request;
    request.target = Target{"fuzz", "fz1", {}};
    request.ir = {1, 2, 3, 4};
    request.entryName = "kern";
    return compile(*plugin, request);
  }
  StatusOr<TuningSpace> tuningSpace() {
    TuningRequest request;
    request.target = Target{"fuzz", "fz1", {}};
    request.entryName = "kern";
    return getTuningSpace(*plugin, request);
  }

  Answers current;
  std::string path;
  void *handle = nullptr;
  std::shared_ptr<LoadedPlugin> plugin;
};

constexpr size_t kAbsurd = (size_t(1) << 20) + 1;

TEST_F(MalformedAnswersTest, WellFormedAnswersAreRead) {
  StatusOr<CompilerInfo> info = getCompilerInfo(*plugin);
  ASSERT_TRUE(info.ok()) << info.status().toString();
  EXPECT_EQ(info->targets.size(), 1u);
  StatusOr<CompiledKernel> kernel = compileOne();
  ASSERT_TRUE(kernel.ok()) << kernel.status().toString();
  EXPECT_EQ(kernel->bytes.size(), 4u);
  EXPECT_EQ(kernel->metadata.args.size(), 1u);
  StatusOr<TuningSpace> space = tuningSpace();
  ASSERT_TRUE(space.ok()) << space.status().toString();
  ASSERT_EQ(space->defaults.size(), 1u);
  EXPECT_EQ(space->defaults[0].values.size(), 1u);
  EXPECT_EQ(space->defaults[0].options.extra.size(), 1u);
  ASSERT_EQ(space->params.size(), 1u);
  EXPECT_EQ(space->params[0].values.size(), 2u);
  StatusOr<std::vector<DeviceInfo>> devices = enumerateDevices(*plugin);
  ASSERT_TRUE(devices.ok()) << devices.status().toString();
  ASSERT_EQ(devices->size(), 1u);
  EXPECT_EQ((*devices)[0].features.size(), 1u);
}

// Finding info-null-targets.
TEST_F(MalformedAnswersTest, InfoNullTargets) {
  current.info.targets = nullptr;
  current.info.num_targets = 3;
  expectRefused(getCompilerInfo(*plugin).status(),
                "compiler_get_info returned num_targets = 3 with targets = NULL");
}

// Finding info-null-ir-formats.
TEST_F(MalformedAnswersTest, InfoNullIrFormats) {
  current.info.ir_formats = nullptr;
  current.info.num_ir_formats = 2;
  expectRefused(getCompilerInfo(*plugin).status(),
                "compiler_get_info returned num_ir_formats = 2 with ir_formats = NULL");
}

// Finding target-null-features.
TEST_F(MalformedAnswersTest, TargetNullFeatures) {
  current.target.features = nullptr;
  current.target.num_features = 2;
  expectRefused(getCompilerInfo(*plugin).status(),
                "compiler_get_info returned targets[0]->num_features = 2 with "
                "targets[0]->features = NULL");
}

// Finding artifact-null-bytes.
TEST_F(MalformedAnswersTest, ArtifactNullBytes) {
  current.bytes = nullptr;
  current.size = 106;
  expectRefused(compileOne().status(),
                "artifact_inspect returned size = 106 with bytes = NULL");
}

// Finding tuning-null-defaults.
TEST_F(MalformedAnswersTest, TuningNullDefaults) {
  current.defaults = nullptr;
  current.numDefaults = 2;
  expectRefused(tuningSpace().status(),
                "tuning_space_inspect returned num_defaults = 2 with defaults = NULL");
}

// Finding devices-null-array.
TEST_F(MalformedAnswersTest, DevicesNullArray) {
  current.devices = nullptr;
  current.numDevices = 3;
  expectRefused(enumerateDevices(*plugin).status(),
                "device_enumerate returned num_devices = 3 with devices = NULL");
}

// The other count/array pairs a plugin hands back.
TEST_F(MalformedAnswersTest, KernelMetadataNullArgs) {
  current.metadata.args = nullptr;
  current.metadata.num_args = 2;
  expectRefused(compileOne().status(),
                "artifact_inspect returned metadata->num_args = 2 with "
                "metadata->args = NULL");
}

TEST_F(MalformedAnswersTest, TuningConfigNullValues) {
  current.config.values = nullptr;
  current.config.num_values = 2;
  expectRefused(tuningSpace().status(),
                "tuning_space_inspect returned defaults[0]->num_values = 2 with "
                "defaults[0]->values = NULL");
}

TEST_F(MalformedAnswersTest, TuningOptionsNullExtra) {
  current.options.extra = nullptr;
  current.options.num_extra = 2;
  expectRefused(tuningSpace().status(),
                "tuning_space_inspect returned defaults[0]->options->num_extra = 2 "
                "with defaults[0]->options->extra = NULL");
}

TEST_F(MalformedAnswersTest, TuningNullParams) {
  current.params = nullptr;
  current.numParams = 2;
  expectRefused(tuningSpace().status(),
                "tuning_space_inspect returned num_params = 2 with params = NULL");
}

TEST_F(MalformedAnswersTest, TuningParamNullValues) {
  current.param.values = nullptr;
  current.param.num_values = 2;
  expectRefused(tuningSpace().status(),
                "tuning_space_inspect returned params[0].num_values = 2 with "
                "params[0].values = NULL");
}

TEST_F(MalformedAnswersTest, DeviceNullFeatures) {
  current.device.features = nullptr;
  current.device.num_features = 2;
  expectRefused(enumerateDevices(*plugin).status(),
                "device_enumerate returned devices[0]->num_features = 2 with "
                "devices[0]->features = NULL");
}

// Counts no plugin means: refused before anything is read or allocated.
TEST_F(MalformedAnswersTest, AbsurdTargetCount) {
  current.info.num_targets = kAbsurd;
  expectRefused(getCompilerInfo(*plugin).status(),
                "compiler_get_info returned num_targets = 1048577, more than the "
                "1048576 the host accepts");
}

TEST_F(MalformedAnswersTest, AbsurdFeatureCount) {
  const char *feature = "wide";
  current.target.features = &feature;
  current.target.num_features = kAbsurd;
  expectRefused(getCompilerInfo(*plugin).status(),
                "compiler_get_info returned targets[0]->num_features = 1048577");
}

TEST_F(MalformedAnswersTest, AbsurdDeviceCount) {
  current.numDevices = SIZE_MAX;
  expectRefused(enumerateDevices(*plugin).status(),
                "device_enumerate returned num_devices = " + std::to_string(SIZE_MAX));
}

TEST_F(MalformedAnswersTest, AbsurdArgCount) {
  current.metadata.num_args = kAbsurd;
  expectRefused(compileOne().status(),
                "artifact_inspect returned metadata->num_args = 1048577");
}

TEST_F(MalformedAnswersTest, AbsurdParamValueCount) {
  current.param.num_values = kAbsurd;
  expectRefused(tuningSpace().status(),
                "tuning_space_inspect returned params[0].num_values = 1048577");
}

// An artifact is bytes, not entries: a large one is fine, but not one larger
// than any address space holds.
TEST_F(MalformedAnswersTest, ArtifactSizeBeyondAddressSpace) {
  current.size = SIZE_MAX;
  expectRefused(compileOne().status(),
                "artifact_inspect returned size = " + std::to_string(SIZE_MAX));
}

// A buffer entry that succeeds must hand back a handle.
TEST_F(MalformedAnswersTest, BufferWithoutHandle) {
  expectRefused(DeviceBuffer::allocate(plugin, nullptr, 16).status(),
                "buffer_alloc: succeeded without a buffer");
  float memory[4] = {};
  expectRefused(DeviceBuffer::wrap(plugin, nullptr, reinterpret_cast<uint64_t>(memory),
                                   sizeof(memory))
                    .status(),
                "buffer_wrap: succeeded without a buffer");
}

// An error message whose size the plugin got wrong is not read past.
TEST_F(MalformedAnswersTest, ErrorMessageSizeAbsurd) {
  current.compileFails = true;
  current.errorMessageSize = SIZE_MAX - 1;
  Status status = compileOne().status();
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(status.message(),
              AllOf(StartsWith("plugin '" + path + "': compile: "),
                    HasSubstr("error_inspect returned message_size = " +
                              std::to_string(SIZE_MAX - 1))));
}

} // namespace
} // namespace tessel::plugin_host
