//===- OpKernelsTest.cpp - Kernels exercising each op family, run ---------===//
//
// The kernels in kernels/ compiled for every CPU target and compared with
// host references: 2-D masks, reduce and scan along rows, trans, reshape,
// f16 arithmetic, atomics, tensor descriptors, print and assert, and a
// check that the guard pages of these tests do catch stray accesses.
//
//===----------------------------------------------------------------------===//

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "backends/cpu/test/KernelHarness.h"
#include "gtest/gtest.h"

using namespace tessel::cpu;
using namespace tessel::cpu::testing;

namespace {

class OpKernels : public ::testing::TestWithParam<const char *> {
protected:
  std::unique_ptr<LoadedKernels> load(const std::string &file) {
    std::optional<CpuTarget> target = CpuTarget::parse(GetParam());
    EXPECT_TRUE(target.has_value());
    std::string errors;
    std::string object = compileKernelFile("backends/cpu/test/kernels/" + file,
                                           *target, &errors);
    EXPECT_FALSE(object.empty()) << errors;
    if (object.empty())
      return nullptr;
    if (!hostSupports(*target)) {
      // Compiled, but this machine cannot run the target's code: the test
      // reports SKIPPED (GTEST_SKIP in a helper records the skip; the test
      // body then returns on the null result).
      [&] { GTEST_SKIP() << "this CPU cannot run " << GetParam() << " code"; }();
      return nullptr;
    }
    auto kernels = std::make_unique<LoadedKernels>(object);
    EXPECT_EQ(kernels->error(), "");
    return kernels;
  }
};

TEST_P(OpKernels, GuardPagesCatchUnmaskedAccess) {
  auto kernels = load("unmasked_copy.mlir");
  if (!kernels)
    return;
  tessel_cpu_kernel_fn copy = kernels->lookup("unmasked_copy");
  ASSERT_NE(copy, nullptr);
  // 512 elements: two whole blocks run cleanly.
  {
    GuardedBuffer src(512 * sizeof(float)), dst(512 * sizeof(float));
    for (int i = 0; i < 512; ++i)
      src.as<float>()[i] = float(i);
    void *s = src.data(), *d = dst.data();
    launchGrid(copy, {&s, &d}, 2);
    for (int i = 0; i < 512; ++i)
      ASSERT_EQ(dst.as<float>()[i], float(i));
  }
  // 300 elements: the second block runs off the end and must fault.
  auto runRagged = [copy] {
    GuardedBuffer src(300 * sizeof(float)), dst(300 * sizeof(float));
    void *s = src.data(), *d = dst.data();
    launchGrid(copy, {&s, &d}, 2);
  };
  EXPECT_DEATH(runRagged(), "");
}

TEST_P(OpKernels, RowReduceScanTransposeAndHalfMax) {
  auto kernels = load("row_ops.mlir");
  if (!kernels)
    return;
  tessel_cpu_kernel_fn rowOps = kernels->lookup("row_ops");
  ASSERT_NE(rowOps, nullptr);
  const int32_t rows = 7, n = 5; // 2 programs of 4 rows; 3 of 8 columns masked
  GuardedBuffer in(rows * n * sizeof(float)), sums(rows * sizeof(float)),
      cums(rows * n * sizeof(float)), trans(rows * n * sizeof(float)),
      maxes(rows * sizeof(uint16_t));
  for (int i = 0; i < rows * n; ++i)
    in.as<float>()[i] = float((i * 7) % 11) - 5.0f;
  void *inP = in.data(), *sumsP = sums.data(), *cumsP = cums.data(),
       *transP = trans.data(), *maxesP = maxes.data();
  int32_t rowsArg = rows, nArg = n;
  uint16_t scale = floatToHalf(0.5f);
  launchGrid(rowOps, {&inP, &sumsP, &cumsP, &transP, &maxesP, &rowsArg, &nArg, &scale},
             (rows + 3) / 4);
  for (int r = 0; r < rows; ++r) {
    float sum = 0, max = -INFINITY;
    for (int c = 0; c < n; ++c) {
      float x = in.as<float>()[r * n + c];
      sum += x;
      max = std::max(max, x);
      EXPECT_EQ(cums.as<float>()[r * n + c], sum) << r << "," << c;
      EXPECT_EQ(trans.as<float>()[c * rows + r], x) << r << "," << c;
    }
    EXPECT_EQ(sums.as<float>()[r], sum) << r;
    EXPECT_EQ(halfToFloat(maxes.as<uint16_t>()[r]), max * 0.5f) << r;
  }
}

TEST_P(OpKernels, AtomicsFromEveryProgram) {
  auto kernels = load("atomics.mlir");
  if (!kernels)
    return;
  tessel_cpu_kernel_fn histogram = kernels->lookup("histogram");
  ASSERT_NE(histogram, nullptr);
  const int32_t n = 1000, bins = 10, programs = (n + 63) / 64;
  GuardedBuffer x(n * sizeof(int32_t)), hist(bins * sizeof(int32_t)),
      counter(sizeof(int32_t)), winner(sizeof(int32_t));
  std::vector<int32_t> expected(bins, 0);
  for (int i = 0; i < n; ++i) {
    x.as<int32_t>()[i] = (i * i) % bins;
    ++expected[(i * i) % bins];
  }
  std::memset(hist.data(), 0, bins * sizeof(int32_t));
  *counter.as<int32_t>() = 0;
  *winner.as<int32_t>() = 0;
  void *xP = x.data(), *hP = hist.data(), *cP = counter.data(), *wP = winner.data();
  int32_t nArg = n;
  launchGrid(histogram, {&xP, &hP, &cP, &wP, &nArg}, programs);
  EXPECT_EQ(*counter.as<int32_t>(), programs);
  EXPECT_EQ(*winner.as<int32_t>(), 1); // program 0 ran first and won
  for (int b = 0; b < bins; ++b)
    EXPECT_EQ(hist.as<int32_t>()[b], expected[b]) << b;
}

TEST_P(OpKernels, DescriptorBlocksWithRaggedEdges) {
  auto kernels = load("descriptor_copy.mlir");
  if (!kernels)
    return;
  tessel_cpu_kernel_fn copy = kernels->lookup("descriptor_copy");
  ASSERT_NE(copy, nullptr);
  const int32_t rows = 37, cols = 13;
  const int64_t stride = 13; // packed, so the last row ends at the guard page
  GuardedBuffer src(rows * stride * sizeof(uint16_t)), dst(rows * stride * sizeof(uint16_t));
  for (int i = 0; i < rows * cols; ++i)
    src.as<uint16_t>()[i] = floatToHalf(float(i % 100));
  void *s = src.data(), *d = dst.data();
  int32_t rowsArg = rows, colsArg = cols;
  int64_t strideArg = stride;
  launchGrid(copy, {&s, &d, &rowsArg, &colsArg, &strideArg}, (rows + 15) / 16,
             (cols + 7) / 8);
  for (int i = 0; i < rows * cols; ++i)
    ASSERT_EQ(halfToFloat(dst.as<uint16_t>()[i]), float(i % 100) + 1.0f) << i;
}

TEST_P(OpKernels, PrintWritesOneLinePerElement) {
  auto kernels = load("debug.mlir");
  if (!kernels)
    return;
  tessel_cpu_kernel_fn kernel = kernels->lookup("print_and_check");
  ASSERT_NE(kernel, nullptr);
  int32_t values[4] = {3, -1, 4, 1};
  void *x = values;
  int32_t limit = 10;
  ::testing::internal::CaptureStdout();
  launchGrid(kernel, {&x, &limit}, 2);
  std::fflush(stdout);
  std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_NE(out.find("pid (0, 0, 0) idx (0) v = 3\n"), std::string::npos) << out;
  EXPECT_NE(out.find("pid (1, 0, 0) idx (1) v = -1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("pid (1, 0, 0) idx (3) v = 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("pid (0, 0, 0) limit = 10\n"), std::string::npos) << out;
}

TEST_P(OpKernels, FailedAssertAbortsWithItsMessage) {
  auto kernels = load("debug.mlir");
  if (!kernels)
    return;
  tessel_cpu_kernel_fn kernel = kernels->lookup("print_and_check");
  ASSERT_NE(kernel, nullptr);
  int32_t values[4] = {3, -1, 40, 1};
  void *x = values;
  int32_t limit = 10;
  auto run = [&] { launchGrid(kernel, {&x, &limit}, 1); };
  EXPECT_DEATH(run(),
               "debug.mlir:[0-9]+:[0-9]+: pid \\(0, 0, 0\\) idx \\(2\\): "
               "Assertion `v < limit` failed");
}

INSTANTIATE_TEST_SUITE_P(Targets, OpKernels,
                         ::testing::Values("x86-64", "x86-64-v3", "native"),
                         [](const auto &info) {
                           std::string name = info.param;
                           for (char &ch : name)
                             if (ch == '-')
                               ch = '_';
                           return name;
                         });

} // namespace
