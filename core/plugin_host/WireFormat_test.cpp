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
