#include "core/plugin_host/wire_format.h"

#include <gtest/gtest.h>

namespace tessel::plugin_host {
namespace {

CompiledKernel SampleKernel() {
  CompiledKernel kernel;
  kernel.bytes = {0, 1, 2, 255};
  kernel.metadata.entry_name = "k";
  kernel.metadata.args = {
      KernelArg{"x", TESSEL_ARG_POINTER, TESSEL_DTYPE_BF16, 8, 8, 16},
      KernelArg{"", TESSEL_ARG_SCALAR, TESSEL_DTYPE_I64, 8, 8, 1}};
  kernel.metadata.num_warps = 4;
  kernel.metadata.warp_size = 64;
  kernel.metadata.threads_per_block = 256;
  kernel.metadata.shared_mem_bytes = 65536;
  kernel.metadata.cluster_dims = {2, 1, 1};
  return kernel;
}

TEST(WireFormatTest, CompiledKernelRoundTrip) {
  const CompiledKernel in = SampleKernel();
  CompiledKernel out;
  ASSERT_TRUE(DecodeCompiledKernel(EncodeCompiledKernel(in), &out));
  EXPECT_EQ(out.bytes, in.bytes);
  EXPECT_EQ(out.metadata.entry_name, "k");
  ASSERT_EQ(out.metadata.args.size(), 2u);
  EXPECT_EQ(out.metadata.args[0].name, "x");
  EXPECT_EQ(out.metadata.args[0].dtype, TESSEL_DTYPE_BF16);
  EXPECT_EQ(out.metadata.args[0].divisibility, 16u);
  EXPECT_EQ(out.metadata.args[1].kind, TESSEL_ARG_SCALAR);
  EXPECT_EQ(out.metadata.warp_size, 64u);
  EXPECT_EQ(out.metadata.shared_mem_bytes, 65536u);
  EXPECT_EQ(out.metadata.cluster_dims[0], 2u);
}

TEST(WireFormatTest, RejectsTruncatedAndTrailingInput) {
  const std::string encoded = EncodeCompiledKernel(SampleKernel());
  CompiledKernel out;
  for (size_t n = 0; n < encoded.size(); ++n) {
    EXPECT_FALSE(DecodeCompiledKernel(encoded.substr(0, n), &out)) << n;
  }
  EXPECT_FALSE(DecodeCompiledKernel(encoded + "x", &out));
}

}  // namespace
}  // namespace tessel::plugin_host
