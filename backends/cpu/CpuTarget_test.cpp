//===- CpuTarget_test.cpp - Typed CPU targets -----------------------------===//

#include "backends/cpu/CpuTarget.h"

#include "gtest/gtest.h"

using namespace tessel::cpu;

TEST(CpuTarget, ParsesEveryNameAndPrintsItBack) {
  for (const char *name : {"x86-64", "x86-64-v3", "native"}) {
    std::optional<CpuTarget> target = CpuTarget::parse(name);
    ASSERT_TRUE(target.has_value()) << name;
    EXPECT_EQ(target->getName(), name);
  }
}

TEST(CpuTarget, RejectsUnknownNames) {
  EXPECT_FALSE(CpuTarget::parse("").has_value());
  EXPECT_FALSE(CpuTarget::parse("x86-64-v4x").has_value());
  EXPECT_FALSE(CpuTarget::parse("cpu:native").has_value());
  EXPECT_FALSE(CpuTarget::parse("sm_90a").has_value());
}

TEST(CpuTarget, LevelsAreLLVMCpuNamesWithoutExtraFeatures) {
  CpuTarget v3{CpuArch::X86_64_V3};
  EXPECT_EQ(v3.getLLVMCpuName(), "x86-64-v3");
  EXPECT_EQ(v3.getLLVMFeatures(), "");
  CpuTarget base{CpuArch::X86_64};
  EXPECT_EQ(base.getLLVMCpuName(), "x86-64");
}

TEST(CpuTarget, NativeNamesTheHostAndItsFeatures) {
  CpuTarget native{CpuArch::Native};
  EXPECT_FALSE(native.getLLVMCpuName().empty());
  std::string features = native.getLLVMFeatures();
  // Every x86-64 host reports SSE2 as present.
  EXPECT_NE(features.find("+sse2"), std::string::npos) << features;
}
