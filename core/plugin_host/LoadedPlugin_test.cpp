//===- LoadedPlugin_test.cpp - Tests of loading and negotiation -----------===//
//
// Loading and negotiation: the well-behaved C plugin loads; every broken
// plugin is refused with a message that names the plugin file and the
// problem; ABI minors in both directions.
//
//===----------------------------------------------------------------------===//

#include "core/plugin_host/LoadedPlugin.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/plugin_host/testing/TestPaths.h"
#include "tessel/struct_size.hpp"

namespace tessel::plugin_host {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using testing::testPluginPath;

// Loads `file` (from testdata) and expects refusal with `code` and a message
// that names the file and contains `problem`.
void expectRefused(const std::string &path, int code, const std::string &problem) {
  StatusOr<std::shared_ptr<LoadedPlugin>> plugin = LoadedPlugin::load(path);
  ASSERT_FALSE(plugin.ok()) << path << " loaded";
  EXPECT_EQ(plugin.status().code(), code) << plugin.status().toString();
  EXPECT_THAT(plugin.status().message(),
              AllOf(HasSubstr("plugin '" + path + "'"), HasSubstr(problem)));
}

TEST(LoadedPluginTest, LoadsWellBehavedCPlugin) {
  const std::string path = testPluginPath("libtessel_hostmem.so");
  StatusOr<std::shared_ptr<LoadedPlugin>> plugin = LoadedPlugin::load(path);
  ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
  EXPECT_EQ((*plugin)->name(), "hostmem");
  EXPECT_EQ((*plugin)->version(), "1.2.3");
  EXPECT_EQ((*plugin)->abiMajor(), TESSEL_PLUGIN_ABI_MAJOR);
  EXPECT_EQ((*plugin)->abiMinor(), TESSEL_PLUGIN_ABI_MINOR);
  EXPECT_TRUE((*plugin)->provides(Half::kCompiler));
  EXPECT_TRUE((*plugin)->provides(Half::kRuntime));
  EXPECT_EQ((*plugin)->path(), path);
}

TEST(LoadedPluginTest, MissingFile) {
  expectRefused(testPluginPath("libtessel_does_not_exist.so"), TESSEL_ERROR_NOT_FOUND,
                "file not found");
}

TEST(LoadedPluginTest, NotASharedObject) {
  expectRefused(testPluginPath("not_elf.so"), TESSEL_ERROR_INVALID_ARGUMENT,
                "not a shared object (no ELF header)");
}

TEST(LoadedPluginTest, DirectoryIsNotASharedObject) {
  expectRefused(::testing::TempDir(), TESSEL_ERROR_INVALID_ARGUMENT,
                "is a directory, not a shared object");
}

TEST(LoadedPluginTest, ElfButNotSharedObject) {
  // A relocatable object: ELF, but of type ET_REL. Synthesised, so the test
  // needs no compiler: a 64-bit little-endian ELF header with e_type = 1.
  const std::string path = ::testing::TempDir() + "/libtessel_relocatable.so";
  {
    std::ofstream out(path, std::ios::binary);
    unsigned char header[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1};
    header[16] = 1; // ET_REL
    out.write(reinterpret_cast<const char *>(header), sizeof(header));
  }
  expectRefused(path, TESSEL_ERROR_INVALID_ARGUMENT,
                "not a shared object (ELF type 1, expected ET_DYN)");
}

TEST(LoadedPluginTest, TruncatedSharedObject) {
  // The ELF header of a real shared object, cut short: dlopen must fail and
  // the host must say so instead of crashing.
  const std::string source = testPluginPath("libtessel_hostmem.so");
  const std::string path = ::testing::TempDir() + "/libtessel_truncated.so";
  {
    std::ifstream in(source, std::ios::binary);
    std::string bytes(256, '\0');
    in.read(bytes.data(), bytes.size());
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), bytes.size());
  }
  expectRefused(path, TESSEL_ERROR_INVALID_ARGUMENT,
                "cannot be loaded as a shared object");
}

TEST(LoadedPluginTest, SymbolMissing) {
  expectRefused(testPluginPath("libbroken_no_symbol.so"), TESSEL_ERROR_NOT_FOUND,
                "does not export 'tessel_plugin_get_api'");
}

// "1.0": the version as messages write it.
std::string abi(int major, int minor) {
  return std::to_string(major) + "." + std::to_string(minor);
}

TEST(LoadedPluginTest, NullTable) {
  expectRefused(testPluginPath("libbroken_null_table.so"),
                TESSEL_ERROR_FAILED_PRECONDITION, "returned a NULL function table");
}

TEST(LoadedPluginTest, MajorMismatch) {
  expectRefused(testPluginPath("libbroken_major_mismatch.so"),
                TESSEL_ERROR_FAILED_PRECONDITION,
                "ABI major version mismatch: the plugin implements ABI " +
                    abi(TESSEL_PLUGIN_ABI_MAJOR + 1, TESSEL_PLUGIN_ABI_MINOR) +
                    ", this host implements ABI " +
                    abi(TESSEL_PLUGIN_ABI_MAJOR, TESSEL_PLUGIN_ABI_MINOR));
}

TEST(LoadedPluginTest, TableSmallerThanHeader) {
  expectRefused(testPluginPath("libbroken_table_too_small.so"),
                TESSEL_ERROR_FAILED_PRECONDITION,
                "function table struct_size 16 is too small: smaller than the "
                "table header");
}

TEST(LoadedPluginTest, TableTooSmallForClaimedMinor) {
  expectRefused(
      testPluginPath("libbroken_short_for_minor.so"), TESSEL_ERROR_FAILED_PRECONDITION,
      "is too small for the ABI " +
          abi(TESSEL_PLUGIN_ABI_MAJOR, TESSEL_PLUGIN_ABI_MINOR) + " it claims");
}

TEST(LoadedPluginTest, NullEntryOfDeclaredHalf) {
  expectRefused(testPluginPath("libbroken_null_entry.so"),
                TESSEL_ERROR_FAILED_PRECONDITION,
                "entry 'compile' of the compiler half is NULL");
}

TEST(LoadedPluginTest, NoHalfDeclared) {
  expectRefused(testPluginPath("libbroken_no_halves.so"),
                TESSEL_ERROR_FAILED_PRECONDITION,
                "declares neither the compiler nor the runtime half");
}

TEST(LoadedPluginTest, InfoStructSizeTooSmall) {
  expectRefused(testPluginPath("libbroken_small_info.so"),
                TESSEL_ERROR_FAILED_PRECONDITION,
                "Tessel_Plugin_Info struct_size 8 is too small");
}

TEST(LoadedPluginTest, InitializeFailure) {
  expectRefused(testPluginPath("libbroken_init_fails.so"), TESSEL_ERROR_UNAVAILABLE,
                "plugin_initialize: driver library not found");
}

TEST(LoadedPluginTest, ReturnedStructSizeTooSmall) {
  const std::string path = testPluginPath("libbroken_small_output.so");
  auto plugin = LoadedPlugin::load(path);
  ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
  StatusOr<CompilerInfo> info = getCompilerInfo(**plugin);
  ASSERT_FALSE(info.ok());
  EXPECT_THAT(info.status().message(),
              AllOf(HasSubstr("plugin '" + path + "'"),
                    HasSubstr("compiler_get_info: returned a "
                              "Tessel_Compiler_Info whose struct_size 16 is "
                              "too small")));
}

TEST(LoadedPluginTest, UndeclaredHalfIsRefusedPerEntry) {
  // The plugin fills runtime pointers but declares only the compiler half:
  // the host goes by the declaration.
  const std::string path = testPluginPath("libcompiler_only.so");
  auto plugin = LoadedPlugin::load(path);
  ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
  EXPECT_TRUE(getCompilerInfo(**plugin).ok());
  StatusOr<std::vector<DeviceInfo>> devices = enumerateDevices(**plugin);
  ASSERT_FALSE(devices.ok());
  EXPECT_EQ(devices.status().code(), TESSEL_ERROR_UNIMPLEMENTED);
  EXPECT_THAT(devices.status().message(),
              AllOf(HasSubstr("plugin '" + path + "'"),
                    HasSubstr("'device_enumerate' is not available: the "
                              "plugin does not provide the runtime half")));
}

TEST(LoadedPluginTest, PluginErrorsNameFileAndEntry) {
  const std::string path = testPluginPath("libtessel_hostmem.so");
  auto plugin = LoadedPlugin::load(path);
  ASSERT_TRUE(plugin.ok());
  auto args = sdk::Init<Tessel_Validate_Artifact_Args>();
  const uint8_t junk[] = {1, 2, 3, 4, 5};
  args.artifact = junk;
  args.artifact_size = sizeof(junk);
  Status status = (*plugin)->call(&Tessel_Plugin_Api::validate_artifact, &args);
  EXPECT_EQ(status.code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(status.message(), "plugin '" + path +
                                  "': validate_artifact: validate_artifact: "
                                  "bad magic, not an hm-echo artifact");
}

TEST(LoadedPluginTest, PluginRefusesArgsShorterThanMinimum) {
  // What a plugin sees from a caller whose args struct is too short: the C
  // plugin checks struct_size before anything else.
  auto plugin = LoadedPlugin::load(testPluginPath("libtessel_hostmem.so"));
  ASSERT_TRUE(plugin.ok());
  auto args = sdk::Init<Tessel_Compiler_Get_Info_Args>();
  args.struct_size = Tessel_Compiler_Get_Info_Args_STRUCT_SIZE_MIN - 8;
  Status status = (*plugin)->call(&Tessel_Plugin_Api::compiler_get_info, &args);
  EXPECT_EQ(status.code(), TESSEL_ERROR_INVALID_ARGUMENT);
  EXPECT_THAT(status.message(), HasSubstr("args struct_size 16 below minimum 24"));
  EXPECT_EQ(args.info, nullptr);
}

// ---- ABI minor compatibility ----------------------------------------------

// A host one minor ahead of this header: the same table plus one entry
// appended after the last 1.0 entry. A plugin built against 1.0 has a
// table that ends before it.
HostAbi nextMinorHost() {
  HostAbi abi = HostAbi::current();
  abi.minor = TESSEL_PLUGIN_ABI_MINOR + 1;
  abi.entries.push_back(
      EntryInfo{"future_entry", sizeof(Tessel_Plugin_Api), Half::kRuntime, abi.minor});
  return abi;
}

TEST(AbiCompatibilityTest, HostOfMinorNLoadsPluginOfMinorNMinus1) {
  static const HostAbi kHost = nextMinorHost();
  const std::string path = testPluginPath("libtessel_hostmem.so");
  auto plugin = LoadedPlugin::load(path, kHost);
  ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
  EXPECT_EQ((*plugin)->abiMinor(), kHost.minor - 1);

  // The entry the plugin lacks is refused, naming the minor it requires...
  StatusOr<LoadedPlugin::GenericFn> future =
      (*plugin)->resolve(*kHost.findByName("future_entry"));
  ASSERT_FALSE(future.ok());
  EXPECT_EQ(future.status().code(), TESSEL_ERROR_UNIMPLEMENTED);
  EXPECT_EQ(future.status().message(),
            "plugin '" + path + "': entry 'future_entry' requires ABI 1." +
                std::to_string(kHost.minor) + ", but the plugin implements ABI 1." +
                std::to_string(kHost.minor - 1));

  // ...and only that one: every entry of the older minor resolves and works.
  for (const EntryInfo &entry : kHost.entries) {
    if (entry.name == "future_entry")
      continue;
    EXPECT_TRUE((*plugin)->resolve(entry).ok()) << entry.name;
  }
  StatusOr<std::vector<DeviceInfo>> devices = enumerateDevices(**plugin);
  ASSERT_TRUE(devices.ok()) << devices.status().toString();
  EXPECT_EQ(devices->size(), 1u);
}

TEST(AbiCompatibilityTest, Minor1PluginLoadsAndOnlyBufferWrapIsRefused) {
  const std::string path = testPluginPath("libminor_1.so");
  auto plugin = LoadedPlugin::load(path);
  ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
  EXPECT_EQ((*plugin)->abiMinor(), 1u);
  const HostAbi &host = HostAbi::current();
  for (const EntryInfo &entry : host.entries) {
    StatusOr<LoadedPlugin::GenericFn> fn = (*plugin)->resolve(entry);
    if (entry.name != "buffer_wrap") {
      EXPECT_TRUE(fn.ok()) << entry.name << ": " << fn.status().toString();
      continue;
    }
    // The plugin fills the field past its table's end; it must not be read.
    ASSERT_FALSE(fn.ok());
    EXPECT_EQ(fn.status().code(), TESSEL_ERROR_UNIMPLEMENTED);
    EXPECT_EQ(fn.status().message(),
              "plugin '" + path +
                  "': entry 'buffer_wrap' requires ABI 1.2, but the plugin "
                  "implements ABI 1.1");
  }
  EXPECT_NE(host.findByName("buffer_wrap"), nullptr);
  EXPECT_EQ(host.findByName("buffer_wrap")->minor, 2u);
}

TEST(AbiCompatibilityTest, CurrentMinorPluginWithoutBufferWrapIsRefused) {
  // Built against the 1.2 header, its table has the field: NULL there is a
  // broken runtime half, not an older plugin.
  expectRefused(testPluginPath("libnull_buffer_wrap.so"),
                TESSEL_ERROR_FAILED_PRECONDITION,
                "entry 'buffer_wrap' of the runtime half is NULL");
}

TEST(AbiCompatibilityTest, PluginOfLaterMinorLoadsAndIsReadUpToHostMinor) {
  auto plugin = LoadedPlugin::load(testPluginPath("libnewer_minor.so"));
  ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
  EXPECT_EQ((*plugin)->abiMinor(), TESSEL_PLUGIN_ABI_MINOR + 1u);
  EXPECT_GT((*plugin)->api().struct_size, sizeof(Tessel_Plugin_Api));
  StatusOr<CompilerInfo> info = getCompilerInfo(**plugin);
  ASSERT_TRUE(info.ok()) << info.status().toString();
  EXPECT_EQ(info->artifactFormat, "hm-echo");
}

TEST(AbiCompatibilityTest, RequiredTableSizeGrowsWithMinor) {
  const HostAbi host = nextMinorHost();
  EXPECT_EQ(host.requiredTableSize(TESSEL_PLUGIN_ABI_MINOR),
            Tessel_Plugin_Api_STRUCT_SIZE);
  EXPECT_EQ(host.requiredTableSize(host.minor),
            sizeof(Tessel_Plugin_Api) + sizeof(void *));
}

TEST(AbiCompatibilityTest, HostCatalogueMatchesTable) {
  // The entry list in plugin_api.h must name every function field in
  // order, with no gap: otherwise presence checks would skip an entry.
  const HostAbi &abi = HostAbi::current();
  size_t expectedOffset = TESSEL_PLUGIN_API_HEADER_SIZE;
  for (const EntryInfo &entry : abi.entries) {
    EXPECT_EQ(entry.offset, expectedOffset) << entry.name;
    expectedOffset += sizeof(void (*)(void));
  }
  EXPECT_EQ(expectedOffset, Tessel_Plugin_Api_STRUCT_SIZE);
}

} // namespace
} // namespace tessel::plugin_host
