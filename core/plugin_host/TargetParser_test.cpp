//===- TargetParser_test.cpp - Tests of the target parser -----------------===//

#include "core/plugin_host/TargetParser.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tessel::plugin_host {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(TargetParserTest, PluginAndArch) {
  auto target = parseTarget("nvidia:sm_90a");
  ASSERT_TRUE(target.ok()) << target.status().toString();
  EXPECT_EQ(target->plugin, "nvidia");
  EXPECT_EQ(target->arch, "sm_90a");
  EXPECT_TRUE(target->features.empty());
}

TEST(TargetParserTest, Features) {
  auto target = parseTarget("cpu:x86-64-v3+avx512f,fma");
  ASSERT_TRUE(target.ok()) << target.status().toString();
  EXPECT_EQ(target->arch, "x86-64-v3");
  EXPECT_THAT(target->features, ElementsAre("avx512f", "fma"));
  EXPECT_EQ(target->toString(), "cpu:x86-64-v3+avx512f,fma");
}

TEST(TargetParserTest, Rejects) {
  for (const char *bad :
       {"sm_90a", ":sm_90a", "nvidia:", "NVIDIA:sm_90a", "nvidia:sm_90a+",
        "nvidia:sm_90a+a,,b", "nvidia:sm 90a", "auto"}) {
    auto target = parseTarget(bad);
    EXPECT_FALSE(target.ok()) << bad;
    EXPECT_EQ(target.status().code(), TESSEL_ERROR_INVALID_ARGUMENT);
    EXPECT_THAT(target.status().message(), HasSubstr(bad));
  }
}

} // namespace
} // namespace tessel::plugin_host
