//===- ExampleKernelsTest.cpp - The example kernels, compiled and run -----===//
//
// Compiles examples/tile-ir/{vector_add,softmax,matmul}.mlir for every CPU
// target, runs every program instance of a grid and compares with a host
// reference. Buffers that a kernel accesses under a mask end right before
// a PROT_NONE page, so a read or write of a masked-off lane crashes the test.
//
//===----------------------------------------------------------------------===//

#include <cmath>
#include <cstring>
#include <random>

#include "backends/cpu/test/KernelHarness.h"
#include "gtest/gtest.h"

using namespace tessel::cpu;
using namespace tessel::cpu::testing;

namespace {

class ExampleKernels : public ::testing::TestWithParam<const char *> {
protected:
  /// Compiles `file` for the test's target and loads it; skips the test
  /// (after compiling) when this machine cannot run the target's code.
  std::unique_ptr<LoadedKernels> load(const std::string &file) {
    std::optional<CpuTarget> target = CpuTarget::parse(GetParam());
    EXPECT_TRUE(target.has_value());
    std::string errors;
    std::string object = compileKernelFile(file, *target, &errors);
    EXPECT_FALSE(object.empty()) << errors;
    EXPECT_EQ(object.compare(0, 4, "\x7f" "ELF"), 0);
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

void runVectorAdd(LoadedKernels &kernels, int32_t n) {
  tessel_cpu_kernel_fn add = kernels.lookup("add_kernel");
  ASSERT_NE(add, nullptr);
  GuardedBuffer x(n * sizeof(float)), y(n * sizeof(float)), out(n * sizeof(float));
  for (int32_t i = 0; i < n; ++i) {
    x.as<float>()[i] = 0.5f * float(i);
    y.as<float>()[i] = 1000.0f - float(i);
    out.as<float>()[i] = -1.0f;
  }
  void *xPtr = x.data(), *yPtr = y.data(), *outPtr = out.data();
  int32_t count = n;
  launchGrid(add, {&xPtr, &yPtr, &outPtr, &count}, (n + 1023) / 1024);
  for (int32_t i = 0; i < n; ++i)
    ASSERT_EQ(out.as<float>()[i], 0.5f * float(i) + (1000.0f - float(i))) << i;
}

TEST_P(ExampleKernels, VectorAddWithRaggedEnd) {
  auto kernels = load("examples/tile-ir/vector_add.mlir");
  if (!kernels)
    return;
  runVectorAdd(*kernels, 1000); // one program, 24 lanes masked off
  runVectorAdd(*kernels, 4096); // four full programs
  runVectorAdd(*kernels, 2049); // one lane in the last program
}

// The loads only feed the store, so they are read run by run inside the
// store's loop: an in-place add (out is x) must still read each run before
// it writes it.
TEST_P(ExampleKernels, VectorAddInPlace) {
  auto kernels = load("examples/tile-ir/vector_add.mlir");
  if (!kernels)
    return;
  tessel_cpu_kernel_fn add = kernels->lookup("add_kernel");
  ASSERT_NE(add, nullptr);
  for (int32_t n : {1000, 2049}) {
    GuardedBuffer x(n * sizeof(float)), y(n * sizeof(float));
    for (int32_t i = 0; i < n; ++i) {
      x.as<float>()[i] = 0.5f * float(i);
      y.as<float>()[i] = 1000.0f - float(i);
    }
    void *xPtr = x.data(), *yPtr = y.data();
    int32_t count = n;
    launchGrid(add, {&xPtr, &yPtr, &xPtr, &count}, (n + 1023) / 1024);
    for (int32_t i = 0; i < n; ++i)
      ASSERT_EQ(x.as<float>()[i], 0.5f * float(i) + (1000.0f - float(i))) << i;
  }
}

void runSoftmax(LoadedKernels &kernels, int32_t rows, int32_t cols) {
  tessel_cpu_kernel_fn softmax = kernels.lookup("softmax_kernel");
  ASSERT_NE(softmax, nullptr);
  size_t bytes = size_t(rows) * cols * sizeof(float);
  GuardedBuffer in(bytes), out(bytes);
  std::mt19937 random(42);
  std::uniform_real_distribution<float> values(-8.0f, 8.0f);
  for (int32_t i = 0; i < rows * cols; ++i) {
    in.as<float>()[i] = values(random);
    out.as<float>()[i] = NAN;
  }
  void *outPtr = out.data(), *inPtr = in.data();
  int32_t inStride = cols, outStride = cols, nCols = cols;
  launchGrid(softmax, {&outPtr, &inPtr, &inStride, &outStride, &nCols}, rows);
  for (int32_t r = 0; r < rows; ++r) {
    const float *row = in.as<float>() + size_t(r) * cols;
    double max = -INFINITY, sum = 0;
    for (int32_t c = 0; c < cols; ++c)
      max = std::max(max, double(row[c]));
    for (int32_t c = 0; c < cols; ++c)
      sum += std::exp(double(row[c]) - max);
    for (int32_t c = 0; c < cols; ++c) {
      double expected = std::exp(double(row[c]) - max) / sum;
      float actual = out.as<float>()[size_t(r) * cols + c];
      ASSERT_NEAR(actual, expected, 1e-6 + 1e-5 * expected) << r << "," << c;
    }
  }
}

TEST_P(ExampleKernels, SoftmaxWithRaggedRows) {
  auto kernels = load("examples/tile-ir/softmax.mlir");
  if (!kernels)
    return;
  runSoftmax(*kernels, 5, 1000); // rows shorter than the 1024-wide block
  runSoftmax(*kernels, 3, 1024);
  runSoftmax(*kernels, 2, 1);
}

TEST_P(ExampleKernels, MatmulWithRaggedOutput) {
  auto kernels = load("examples/tile-ir/matmul.mlir");
  if (!kernels)
    return;
  tessel_cpu_kernel_fn matmul = kernels->lookup("matmul_kernel");
  ASSERT_NE(matmul, nullptr);
  // The example loads A and B without masks (only C is masked), so A and B
  // are padded to whole 64-row/64-column blocks; C is exactly M x N and
  // guarded.
  const int32_t M = 100, N = 72, K = 64;
  const int32_t paddedM = 128, paddedN = 128;
  std::vector<uint16_t> a(size_t(paddedM) * K), b(size_t(K) * paddedN + paddedN);
  std::mt19937 random(7);
  std::uniform_int_distribution<int> quarters(-8, 8);
  // Multiples of 1/4: every product and partial sum is exact in f32, so the
  // only rounding is the final one to f16, the same on both sides.
  for (uint16_t &v : a)
    v = floatToHalf(quarters(random) / 4.0f);
  for (uint16_t &v : b)
    v = floatToHalf(quarters(random) / 4.0f);
  GuardedBuffer c(size_t(M) * N * sizeof(uint16_t));
  std::memset(c.data(), 0xff, size_t(M) * N * sizeof(uint16_t));
  void *aPtr = a.data(), *bPtr = b.data(), *cPtr = c.data();
  int32_t m = M, n = N, k = K;
  launchGrid(matmul, {&aPtr, &bPtr, &cPtr, &m, &n, &k}, (M + 63) / 64, (N + 63) / 64);
  for (int32_t i = 0; i < M; ++i)
    for (int32_t j = 0; j < N; ++j) {
      float sum = 0;
      for (int32_t p = 0; p < K; ++p)
        sum += halfToFloat(a[size_t(i) * K + p]) * halfToFloat(b[size_t(p) * N + j]);
      ASSERT_EQ(c.as<uint16_t>()[size_t(i) * N + j], floatToHalf(sum))
          << "C[" << i << "][" << j << "]";
    }
}

INSTANTIATE_TEST_SUITE_P(Targets, ExampleKernels,
                         ::testing::Values("x86-64", "x86-64-v3", "native"),
                         [](const auto &info) {
                           std::string name = info.param;
                           for (char &ch : name)
                             if (ch == '-')
                               ch = '_';
                           return name;
                         });

} // namespace
