//===- SkeletonHost_test.cpp - The plugin loaded by the host --------------===//
//
// The template plugin as Bazel builds it: loads through the host, declares
// both halves, and every compiler and runtime entry answers with its
// UNIMPLEMENTED error (naming the plugin file and the entry), not a crash.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "core/plugin_host/CompilerClient.h"
#include "core/plugin_host/LoadedPlugin.h"
#include "core/plugin_host/RuntimeClient.h"
#include "core/plugin_host/testing/EveryEntry.h"
#include "core/plugin_host/testing/TestPaths.h"

namespace tessel::plugin_host {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

std::string skeletonPath() {
  return testing::runfilePath("sdk/template/libtessel_skeleton.so");
}

TEST(SkeletonPluginTest, LoadsWithBothHalves) {
  auto plugin = LoadedPlugin::load(skeletonPath());
  ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
  EXPECT_EQ((*plugin)->name(), "skeleton");
  EXPECT_EQ((*plugin)->abiMajor(), TESSEL_PLUGIN_ABI_MAJOR);
  EXPECT_TRUE((*plugin)->provides(Half::kCompiler));
  EXPECT_TRUE((*plugin)->provides(Half::kRuntime));
}

TEST(SkeletonPluginTest, EveryEntryIsUnimplemented) {
  auto plugin = LoadedPlugin::load(skeletonPath());
  ASSERT_TRUE(plugin.ok()) << plugin.status().toString();
  const auto results = testing::callEveryEntry(**plugin);
  // 8 compiler-half and 13 runtime-half entries in ABI 1.0, buffer_wrap
  // since 1.2.
  EXPECT_EQ(results.size(), 22u);
  for (const testing::EntryCallResult &r : results) {
    EXPECT_EQ(r.status.code(), TESSEL_ERROR_UNIMPLEMENTED) << r.entry;
    EXPECT_EQ(r.status.message(), "plugin '" + skeletonPath() + "': " + r.entry +
                                      ": skeleton: " + r.entry + " is not implemented");
  }
}

TEST(SkeletonPluginTest, TypedClientsReportUnimplemented) {
  auto plugin = LoadedPlugin::load(skeletonPath());
  ASSERT_TRUE(plugin.ok());
  auto info = getCompilerInfo(**plugin);
  EXPECT_EQ(info.status().code(), TESSEL_ERROR_UNIMPLEMENTED);
  CompileRequest request;
  request.target = Target{"skeleton", "chip", {}};
  auto kernel = compile(**plugin, request);
  EXPECT_THAT(
      kernel.status().message(),
      AllOf(HasSubstr(skeletonPath()), HasSubstr("compile is not implemented")));
  auto devices = enumerateDevices(**plugin);
  EXPECT_EQ(devices.status().code(), TESSEL_ERROR_UNIMPLEMENTED);
  auto buffer = DeviceBuffer::allocate(*plugin, nullptr, 16);
  EXPECT_EQ(buffer.status().code(), TESSEL_ERROR_UNIMPLEMENTED);
  auto wrapped = DeviceBuffer::wrap(*plugin, nullptr, 0, 0);
  EXPECT_EQ(wrapped.status().code(), TESSEL_ERROR_UNIMPLEMENTED);
  EXPECT_THAT(wrapped.status().message(), HasSubstr("buffer_wrap is not implemented"));
}

} // namespace
} // namespace tessel::plugin_host
