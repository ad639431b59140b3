#include "backends/intel/SpirvModule.h"

#include <cstring>
#include <vector>

#include <gtest/gtest.h>

namespace tessel::intel::spirv {
namespace {

/// A hand-assembled module: Kernel capability, one extension, an entry
/// "k" with LocalSize 64 1 1 and SubgroupSize 16, an int type and an
/// OpConstantNull of it.
std::string sampleModule() {
  std::vector<uint32_t> w = {0x07230203, 0x00010400, 0, 20, 0};
  auto add = [&](uint32_t op, std::vector<uint32_t> operands) {
    w.push_back(uint32_t(operands.size() + 1) << 16 | op);
    w.insert(w.end(), operands.begin(), operands.end());
  };
  auto str = [](const char *s) {
    std::vector<uint32_t> words((std::strlen(s) + 4) / 4, 0);
    std::memcpy(words.data(), s, std::strlen(s));
    return words;
  };
  add(OpCapability, {CapabilityKernel});
  add(OpExtension, str("SPV_INTEL_subgroups"));
  std::vector<uint32_t> entry = {6 /*Kernel*/, 1};
  for (uint32_t x : str("k"))
    entry.push_back(x);
  add(OpEntryPoint, entry);
  add(OpExecutionMode, {1, ExecutionModeLocalSize, 64, 1, 1});
  add(OpExecutionMode, {1, ExecutionModeSubgroupSize, 16});
  add(OpTypeInt, {2, 64, 0});
  add(OpConstantNull, {2, 3});
  std::string bytes(w.size() * 4, '\0');
  std::memcpy(bytes.data(), w.data(), bytes.size());
  return bytes;
}

TEST(SpirvModule, ReadsTheStructure) {
  std::string error;
  std::optional<ModuleSummary> s = readModule(sampleModule(), error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_EQ(s->version, 0x00010400u);
  EXPECT_TRUE(s->hasCapability(CapabilityKernel));
  EXPECT_TRUE(s->hasExtension("SPV_INTEL_subgroups"));
  ASSERT_NE(s->findEntryPoint("k"), nullptr);
  EXPECT_EQ(s->findEntryPoint("k")->localSize[0], 64u);
  EXPECT_EQ(s->findEntryPoint("k")->subgroupSize, 16u);
  EXPECT_EQ(s->count(OpConstantNull), 1u);
  EXPECT_EQ(checkKernelModule(*s, "k", 64, 16), "");
  EXPECT_NE(checkKernelModule(*s, "k", 128, 16), "");
  EXPECT_NE(checkKernelModule(*s, "other", 64, 16), "");
}

TEST(SpirvModule, BlockLoadsNeedTheirExtensionAndCapability) {
  std::string error;
  std::optional<ModuleSummary> s = readModule(sampleModule(), error);
  ASSERT_TRUE(s.has_value()) << error;
  s->opcodeCounts[OpSubgroup2DBlockLoadINTEL] = 2;
  EXPECT_NE(checkKernelModule(*s, "k", 64, 16).find("SPV_INTEL_2d_block_io"),
            std::string::npos);
  s->capabilities.push_back(CapabilitySubgroup2DBlockIOINTEL);
  EXPECT_NE(checkKernelModule(*s, "k", 64, 16), "");
  s->extensions.push_back("SPV_INTEL_2d_block_io");
  EXPECT_EQ(checkKernelModule(*s, "k", 64, 16), "");
}

TEST(SpirvModule, RejectsWhatIsNotSpirv) {
  std::string error;
  EXPECT_FALSE(readModule("not SPIR-V, 20 bytes", error).has_value());
  EXPECT_NE(error.find("magic"), std::string::npos) << error;
  std::string truncated = sampleModule();
  truncated.resize(truncated.size() - 4);
  EXPECT_FALSE(readModule(truncated, error).has_value());
  EXPECT_NE(error.find("length"), std::string::npos) << error;
}

/// `sampleModule()` followed by `extra` words.
std::string withWords(std::vector<uint32_t> extra) {
  std::string bytes = sampleModule();
  size_t at = bytes.size();
  bytes.resize(at + extra.size() * 4);
  std::memcpy(bytes.data() + at, extra.data(), extra.size() * 4);
  return bytes;
}

TEST(SpirvModule, RejectsAnUnfinishedFunctionAndIdsDefinedTwice) {
  std::string error;
  const uint32_t function = 5u << 16 | OpFunction, label = 2u << 16 | OpLabel,
                 end = 1u << 16 | OpFunctionEnd, voidType = 2u << 16 | 19;
  // OpTypeVoid %4; OpFunction %4 %5 None %6; OpLabel %7; ...
  std::vector<uint32_t> body = {voidType, 4, function, 4, 5, 0, 6, label, 7};
  std::vector<uint32_t> whole = body;
  whole.push_back(end);
  EXPECT_TRUE(readModule(withWords(whole), error).has_value()) << error;
  EXPECT_FALSE(readModule(withWords(body), error).has_value());
  EXPECT_NE(error.find("ends inside a function"), std::string::npos) << error;
  // A block labelled with the id of a type (what a broken writer made).
  std::vector<uint32_t> clash = {voidType, 4, function, 4, 5, 0, 6, label, 2, end};
  EXPECT_FALSE(readModule(withWords(clash), error).has_value());
  EXPECT_NE(error.find("id 2 is defined twice"), std::string::npos) << error;
}

TEST(SpirvModule, ScalarNullsBecomeZeroConstants) {
  std::string patched = scalarNullsToConstants(sampleModule());
  std::string error;
  std::optional<ModuleSummary> s = readModule(patched, error);
  ASSERT_TRUE(s.has_value()) << error;
  EXPECT_EQ(s->count(OpConstantNull), 0u);
  EXPECT_EQ(s->count(OpConstant), 1u);
  // A 64-bit zero takes two literal words.
  EXPECT_EQ(patched.size(), sampleModule().size() + 8);
}

TEST(SpirvModule, BundlesRoundTrip) {
  Bundle b{"native-bytes", "builtin-bytes!"};
  std::string error;
  std::optional<Bundle> back = readBundle(writeBundle(b), error);
  ASSERT_TRUE(back.has_value()) << error;
  EXPECT_EQ(back->native, b.native);
  EXPECT_EQ(back->builtins, b.builtins);
  EXPECT_FALSE(readBundle("TSLSPV01", error).has_value());
  EXPECT_FALSE(readBundle(sampleModule(), error).has_value());
  std::string cut = writeBundle(b);
  cut.resize(cut.size() - 3);
  EXPECT_FALSE(readBundle(cut, error).has_value());
  EXPECT_NE(error.find("truncated"), std::string::npos) << error;
}

} // namespace
} // namespace tessel::intel::spirv
