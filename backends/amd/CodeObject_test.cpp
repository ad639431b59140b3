//===- CodeObject_test.cpp - Validator checks and occupancy ---------------===//
//
// The checks on synthetic metadata; real code objects go through them in
// the plugin ABI test and the compile-only conformance runs.
//
//===----------------------------------------------------------------------===//

#include "backends/amd/CodeObject.h"

#include <gtest/gtest.h>

namespace tessel::amd {
namespace {

CodeObjectInfo makeInfo(const AmdTarget &target) {
  CodeObjectInfo info;
  info.elfMach = target.getElfMach();
  info.abiVersion = 3; // code object v5
  KernelInfo k;
  k.name = "k";
  k.wavefrontSize = target.getWaveSize();
  k.vgprCount = 64;
  k.sgprCount = 30;
  k.maxFlatWorkgroupSize = 1024;
  info.kernels.push_back(k);
  return info;
}

TEST(CodeObject, AcceptsAKernelThatFits) {
  AmdTarget t(AmdArch::GFX942);
  EXPECT_EQ(checkCodeObject(makeInfo(t), t, "k", 256, false), "");
}

TEST(CodeObject, NamesEachProblem) {
  AmdTarget t(AmdArch::GFX942);
  auto expectProblem = [&](CodeObjectInfo info, const std::string &fragment,
                           unsigned threads = 256) {
    std::string problem = checkCodeObject(info, t, "k", threads, false);
    EXPECT_NE(problem.find(fragment), std::string::npos) << problem;
  };
  CodeObjectInfo info = makeInfo(t);
  info.elfMach = AmdTarget(AmdArch::GFX90A).getElfMach();
  expectProblem(info, "another chip");
  info = makeInfo(t);
  info.abiVersion = 2;
  expectProblem(info, "code object v5");
  info = makeInfo(t);
  info.kernels[0].wavefrontSize = 32;
  expectProblem(info, "waves of 32 lanes");
  info = makeInfo(t);
  info.kernels[0].vgprCount = 300;
  info.kernels[0].agprCount = 256;
  expectProblem(info, "vector registers exceed");
  info = makeInfo(t);
  info.kernels[0].groupSegmentFixedSize = 70000;
  expectProblem(info, "bytes of LDS exceed");
  info = makeInfo(t);
  info.kernels[0].vgprSpillCount = 3;
  expectProblem(info, "spills 3 VGPRs");
  info = makeInfo(t);
  info.kernels[0].privateSegmentFixedSize = 16;
  expectProblem(info, "bytes of scratch");
  info = makeInfo(t);
  info.kernels[0].usesDynamicStack = true;
  expectProblem(info, "dynamic stack");
  expectProblem(makeInfo(t), "not a whole number", 100);
  info = makeInfo(t);
  info.kernels[0].maxFlatWorkgroupSize = 256;
  expectProblem(info, ".max_flat_workgroup_size", 512);
  // "no kernel" is about the entry asked for.
  EXPECT_NE(
      checkCodeObject(makeInfo(t), t, "other", 256, false).find("no kernel 'other'"),
      std::string::npos);
  // SGPRs spill into VGPR lanes, not memory: no scratch is needed.
  info = makeInfo(t);
  info.kernels[0].sgprSpillCount = 12;
  EXPECT_EQ(checkCodeObject(info, t, "k", 256, false), "");
  // Scratch is accepted when allowed.
  info = makeInfo(t);
  info.kernels[0].privateSegmentFixedSize = 16;
  EXPECT_EQ(checkCodeObject(info, t, "k", 256, /*allowScratch=*/true), "");
}

// .sgpr_count counts VCC (and FLAT_SCRATCH, XNACK_MASK on gfx9): LLVM
// reports up to 108 on gfx10+ (106 SGPRs and VCC) as well as on gfx9.
TEST(CodeObject, SgprLimitCountsTheRegistersLlvmAdds) {
  for (AmdArch arch : {AmdArch::GFX90A, AmdArch::GFX1100}) {
    AmdTarget t(arch);
    CodeObjectInfo info = makeInfo(t);
    info.kernels[0].sgprCount = 108;
    EXPECT_EQ(checkCodeObject(info, t, "k", 256, false), "")
        << std::string(t.getName());
    info.kernels[0].sgprCount = 109;
    EXPECT_NE(checkCodeObject(info, t, "k", 256, false).find("109 SGPRs exceed 108"),
              std::string::npos);
  }
}

TEST(CodeObject, OccupancyFromRegistersLdsAndWholeGroups) {
  AmdTarget cdna(AmdArch::GFX942), rdna(AmdArch::GFX1100);
  KernelInfo k;
  k.vgprCount = 64;
  EXPECT_EQ(computeOccupancy(k, cdna, 0), 8u); // 512 / 64, the maximum
  k.vgprCount = 98;                            // 104 allocated: 4 waves
  EXPECT_EQ(computeOccupancy(k, cdna, 0), 4u);
  k.vgprCount = 90;
  k.agprCount = 40; // 92 + 40 = 132 -> 136: 3 waves
  EXPECT_EQ(computeOccupancy(k, cdna, 0), 3u);
  // One 46 KiB work-group of 8 waves on a compute unit of 4 SIMDs: 2 each.
  k = {};
  k.vgprCount = 98;
  k.groupSegmentFixedSize = 46080;
  EXPECT_EQ(computeOccupancy(k, cdna, 512), 2u);
  EXPECT_EQ(computeOccupancy(k, cdna, 256), 1u);
  // RDNA3: 246 VGPRs take 264 slots of 1536: 5 waves by registers, and
  // whole 8-wave groups over 2 SIMDs make 4.
  k = {};
  k.vgprCount = 246;
  k.groupSegmentFixedSize = 32768;
  EXPECT_EQ(computeOccupancy(k, rdna, 0), 5u);
  EXPECT_EQ(computeOccupancy(k, rdna, 256), 4u);
  // More registers than a wave may have: nothing fits.
  k.vgprCount = 300;
  EXPECT_EQ(computeOccupancy(k, rdna, 256), 0u);
}

TEST(CodeObject, RefusesWhatIsNotACodeObject) {
  llvm::Expected<CodeObjectInfo> info = readCodeObject("not an ELF file at all");
  ASSERT_FALSE(info);
  EXPECT_FALSE(llvm::toString(info.takeError()).empty());
}

} // namespace
} // namespace tessel::amd
