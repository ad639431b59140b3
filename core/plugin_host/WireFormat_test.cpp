//===- WireFormat_test.cpp - Tests of the wire format ---------------------===//

#include "core/plugin_host/WireFormat.h"

#include <gtest/gtest.h>

namespace tessel::plugin_host {
namespace {

CompiledKernel sampleKernel() {
  CompiledKernel kernel;
  kernel.bytes = {0, 1, 2, 255};
  kernel.metadata.entryName = "k";
  kernel.metadata.args = {
      KernelArg{"x", TESSEL_ARG_POINTER, TESSEL_DTYPE_BF16, 8, 8, 16},
      KernelArg{"", TESSEL_ARG_SCALAR, TESSEL_DTYPE_I64, 8, 8, 1}};
  kernel.metadata.numWarps = 4;
  kernel.metadata.warpSize = 64;
  kernel.metadata.threadsPerBlock = 256;
  kernel.metadata.sharedMemBytes = 65536;
  kernel.metadata.clusterDims = {2, 1, 1};
  kernel.stages = {KernelStage{"llvm", ".ll", "define void @k()"},
                   KernelStage{"asm", ".s", std::string("a\0b", 3)},
                   KernelStage{"empty", "", ""}};
  return kernel;
}

TEST(WireFormatTest, CompiledKernelRoundTrip) {
  const CompiledKernel in = sampleKernel();
  CompiledKernel out;
  ASSERT_TRUE(decodeCompiledKernel(encodeCompiledKernel(in), &out));
  EXPECT_EQ(out.bytes, in.bytes);
  EXPECT_EQ(out.metadata.entryName, "k");
  ASSERT_EQ(out.metadata.args.size(), 2u);
  EXPECT_EQ(out.metadata.args[0].name, "x");
  EXPECT_EQ(out.metadata.args[0].dtype, TESSEL_DTYPE_BF16);
  EXPECT_EQ(out.metadata.args[0].divisibility, 16u);
  EXPECT_EQ(out.metadata.args[1].kind, TESSEL_ARG_SCALAR);
  EXPECT_EQ(out.metadata.warpSize, 64u);
  EXPECT_EQ(out.metadata.sharedMemBytes, 65536u);
  EXPECT_EQ(out.metadata.clusterDims[0], 2u);
  ASSERT_EQ(out.stages.size(), 3u);
  EXPECT_EQ(out.stages[0].name, "llvm");
  EXPECT_EQ(out.stages[0].fileSuffix, ".ll");
  EXPECT_EQ(out.stages[0].data, "define void @k()");
  EXPECT_EQ(out.stages[1].name, "asm");
  EXPECT_EQ(out.stages[1].data, std::string("a\0b", 3));
  EXPECT_EQ(out.stages[2].name, "empty");
  EXPECT_TRUE(out.stages[2].fileSuffix.empty());
  EXPECT_TRUE(out.stages[2].data.empty());
}

TEST(WireFormatTest, KernelWithoutStagesRoundTrips) {
  CompiledKernel in = sampleKernel();
  in.stages.clear();
  CompiledKernel out;
  out.stages = {KernelStage{"stale", ".x", "left over"}};
  ASSERT_TRUE(decodeCompiledKernel(encodeCompiledKernel(in), &out));
  EXPECT_TRUE(out.stages.empty());
}

TEST(WireFormatTest, RejectsAStageCountPastTheBound) {
  CompiledKernel in = sampleKernel();
  in.stages.clear();
  std::string encoded = encodeCompiledKernel(in);
  // The stage count is the last field of a kernel without stages.
  ASSERT_GE(encoded.size(), 8u);
  encoded.resize(encoded.size() - 8);
  ByteWriter w;
  w.putU64(uint64_t{1} << 40);
  encoded += w.take();
  CompiledKernel out;
  EXPECT_FALSE(decodeCompiledKernel(encoded, &out));
}

TEST(WireFormatTest, RejectsTruncatedAndTrailingInput) {
  const std::string encoded = encodeCompiledKernel(sampleKernel());
  CompiledKernel out;
  for (size_t n = 0; n < encoded.size(); ++n) {
    EXPECT_FALSE(decodeCompiledKernel(encoded.substr(0, n), &out)) << n;
  }
  EXPECT_FALSE(decodeCompiledKernel(encoded + "x", &out));
}

} // namespace
} // namespace tessel::plugin_host
