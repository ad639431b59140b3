// Grouped GEMM through the runtime: C = A @ B with fp16 inputs and output and
// fp32 accumulation, at ragged sizes (M = 300, N = 200, K = 136: none a
// multiple of the 64 x 64 x 32 blocks), checked against a double-precision
// host product of the same fp16 inputs.
#include <cmath>

#include "core/runtime/Launch.h"
#include "examples/common/Example.h"

using namespace tessel;

int main(int argc, char** argv) {
  auto ex = examples::Example::setup(
      "grouped_gemm", "examples/grouped_gemm/grouped_gemm.py", argc, argv);
  if (!ex) return 1;
  const int32_t M = 300, N = 200, K = 136, BM = 64, BN = 64;
  auto kernel = ex->compile({"matmul_kernel",
                             "*fp16,*fp16,*fp16,i32,i32,i32,i32,i32,i32,i32,i32,i32",
                             {{"BLOC_M", std::to_string(BM)},
                              {"BLOC_N", std::to_string(BN)},
                              {"BLOC_K", "32"},
                              {"GROUPE_M", "8"}}});
  if (!kernel.ok())
    return ex->fail(kernel.status());

  // fp16 on the host as _Float16 (GCC on x86-64); its bits are what the
  // device buffers hold.
  auto toHalf = [](const std::vector<float>& v) {
    std::vector<_Float16> h(v.size());
    for (size_t i = 0; i < v.size(); ++i) h[i] = static_cast<_Float16>(v[i]);
    return h;
  };
  const std::vector<_Float16> a =
      toHalf(examples::randomFloats(size_t(M) * K, 7, -1, 1));
  const std::vector<_Float16> b =
      toHalf(examples::randomFloats(size_t(K) * N, 8, -1, 1));
  const runtime::Device& dev = ex->device();
  auto ba = dev.allocate(a.size() * 2), bb = dev.allocate(b.size() * 2);
  auto bc = dev.allocate(size_t(M) * N * 2);
  for (auto* buffer : {&ba, &bb, &bc})
    if (!buffer->ok())
      return ex->fail(buffer->status());
  if (auto s = ba->copyFromHost(a.data(), a.size() * 2); !s.ok())
    return ex->fail(s);
  if (auto s = bb->copyFromHost(b.data(), b.size() * 2); !s.ok())
    return ex->fail(s);

  const uint32_t programs = uint32_t(((M + BM - 1) / BM) * ((N + BN - 1) / BN));
  auto ms = runtime::timeLaunch(*kernel, {programs, 1, 1},
                                {*ba, *bb, *bc, M, N, K, K, 1, N, 1, N, 1});
  if (!ms.ok())
    return ex->fail(ms.status());
  std::vector<_Float16> c(size_t(M) * N);
  if (auto s = bc->copyToHost(c.data(), c.size() * 2); !s.ok())
    return ex->fail(s);

  examples::MaxError max_error;
  for (int32_t i = 0; i < M; ++i)
    for (int32_t j = 0; j < N; ++j) {
      double want = 0;
      for (int32_t k = 0; k < K; ++k) want += double(a[size_t(i) * K + k]) * double(b[size_t(k) * N + j]);
      // Relative to the result's fp16 rounding step, measured in absolute
      // terms: |C| stays below ~10, where fp16 spacing is at most 2^-7.
      max_error.add(std::fabs(double(c[size_t(i) * N + j]) - want));
    }
  // One fp16 rounding of the fp32 sum (half a step at |C| < 16 is 2^-7)
  // plus the fp32 accumulation error.
  return ex->report(max_error, 0x1p-7 + 1e-4, *ms);
}
