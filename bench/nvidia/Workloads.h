//===- Workloads.h - The GPU benchmark's workloads ------------ -*- C++ -*-===//
//
// The workloads of the GPU benchmark, shared by the program that compiles
// them (on a machine with the compiler) and the one that runs them (on the
// GPU machine, without LLVM): names, kernels, specializations, warps and
// sizes.
//
// Signatures give the same facts Triton's launcher derives on its own:
// Triton specializes every pointer argument that is 16-byte aligned and
// every integer argument that is a multiple of 16 (`tt.divisibility = 16`);
// here that is the `:16` suffix (`*fp32:16`, `i32:16`), which the vector add
// and softmax sizes below satisfy. Without it on `n` / `n_cols`, a mask
// `offsets < n` is not known to be uniform over four consecutive elements,
// and every access is a scalar one. num_warps is what triton_bench.py
// launches with; it runs the GEMMs at 4 stages and, as "triton-s2", at the
// num_stages here.
//
// Timing is the same on both sides (bench_gpu here, triton_bench.py for
// Triton and PyTorch; compare.py refuses to pair runs whose timing lines
// differ): kWarmupLaunches untimed launches, then kTimedLaunches launches,
// each right after an L2 flush (l2Flush(): 256 MiB written, more than five
// times the H200's 50 MB L2) and between two CUDA events of its own; the
// statistic is the median.
#ifndef TESSEL_BENCH_NVIDIA_WORKLOADS_H
#define TESSEL_BENCH_NVIDIA_WORKLOADS_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/runtime/Runtime.h"

namespace tessel::bench {

enum class Kind { kVectorAdd, kSoftmax, kMatmul, kFill };

inline constexpr int kWarmupLaunches = 10;
inline constexpr int kTimedLaunches = 50;

struct Workload {
  std::string name; // file stem of the kernel's bytecode
  Kind kind;
  std::string kernel; // @jit function in bench/nvidia/kernels.py
  std::string signature;
  std::map<std::string, std::string> constexprs;
  int64_t m = 0, n = 0,
          k = 0;        // sizes (vector add: n elements; softmax: m rows x n cols)
  int32_t numWarps = 0; // warps per block; 0: the plugin's default
  int32_t minBlocksPerSM = 0; // nvidia.minBlocksPerSM; 0: the backend's choice
  int32_t numStages = 0;      // 0: the plugin's default
};

// How every result is checked, the same in bench_gpu and triton_bench.py:
// each element against a reference computed in fp64 from the same inputs.
// Vector add is exact (one fp32 rounding on both sides).
//
// Softmax: |y - ref| <= kSoftmaxAbsTolerance + softmaxRelTolerance(cols) * ref.
// The relative part allows one fp32 ulp (2^-23) for each of the cols - 1
// additions of the row sum, in whatever order the kernel adds, and 64 more
// for the exponential (argument reduction included) and the division.
inline constexpr double kSoftmaxAbsTolerance = 1e-12;
inline double softmaxRelTolerance(int64_t cols) { return double(cols + 64) * 0x1p-23; }

// GEMM (fp16 or bf16 inputs, fp32 accumulation, output in the input type):
//   |c - ref| <= abs + out_rel * |ref| + acc_rel * |a_i|_2 * |b_j|_2
// out_rel is half an ulp of the output type (its rounding), acc_rel one
// fp32 ulp for each of the K + 2 accumulation steps (tensor cores may
// truncate rather than round), applied to |a_i|_2 |b_j|_2, which bounds
// sum_k |a_ik b_kj| (Cauchy-Schwarz) and so every partial sum; products of
// 16-bit inputs are exact in fp32. abs is the smallest fp16 subnormal.
struct GemmTolerance {
  double abs, out_rel, acc_rel;
};
inline GemmTolerance gemmBound(bool bf16, int64_t k) {
  return {0x1p-24, bf16 ? 0x1p-8 : 0x1p-11, double(k + 2) * 0x1p-23};
}

// The L2 flush before every timed launch: fill_kernel of kernels.py writing
// n int32 values (256 MiB). triton_bench.py flushes with the same kernel.
inline Workload l2Flush() {
  return {"l2_flush",
          Kind::kFill,
          "fill_kernel",
          "*i32:16,i32:16,i32",
          {{"BLOCK", "4096"}},
          0,
          int64_t(1) << 26,
          0,
          4};
}

inline std::vector<Workload> getWorkloads() {
  // GEMM: M, N, K and the row strides are multiples of 16 and the unit
  // strides are 1, the two facts Triton's launcher specializes on.
  auto gemmSig = [](const std::string &t) {
    return "*" + t + ":16,*" + t + ":16,*" + t +
           ":16,i32:16,i32:16,i32:16,i32:16,i32:1,"
           "i32:16,i32:1,i32:16,i32:1";
  };
  const std::map<std::string, std::string> gemmTile = {
      {"BLOCK_M", "128"}, {"BLOCK_N", "128"}, {"BLOCK_K", "32"}, {"GROUP_M", "8"}};
  const std::string softmaxSig = "*fp32:16,*fp32:16,i32:16,i32:16,i32:16";
  return {
      {"vadd_2p28",
       Kind::kVectorAdd,
       "add_kernel",
       "*fp32:16,*fp32:16,*fp32:16,i32:16",
       {{"BLOCK", "2048"}},
       0,
       int64_t(1) << 28,
       0,
       4},
      {"softmax_32768x4096",
       Kind::kSoftmax,
       "softmax_kernel",
       softmaxSig,
       {{"BLOCK", "4096"}},
       32768,
       4096,
       0,
       8},
      {"softmax_8192x16384",
       Kind::kSoftmax,
       "softmax_kernel",
       softmaxSig,
       {{"BLOCK", "16384"}},
       8192,
       16384,
       0,
       16},
      // 4 warps of 64x64 each: 255 registers a thread, two blocks an SM.
      // Two stages: the depth the backend pipelines (one iteration ahead,
      // NvidiaOptions::numStages); Triton's "triton-s2" side uses it too.
      {"gemm_fp16_4096", Kind::kMatmul, "matmul_kernel", gemmSig("fp16"), gemmTile,
       4096, 4096, 4096, 4, 0, 2},
      {"gemm_bf16_4096", Kind::kMatmul, "matmul_kernel", gemmSig("bf16"), gemmTile,
       4096, 4096, 4096, 4, 0, 2},
  };
}

// The compile options of a workload: prepare_kernels compiles with them and
// bench_gpu asks the cache with them (they are part of the key).
inline plugin_host::CompileOptions compileOptionsFor(const Workload &w) {
  plugin_host::CompileOptions options;
  options.numWarps = w.numWarps;
  options.numStages = w.numStages;
  if (w.minBlocksPerSM > 0)
    options.extra.push_back(
        plugin_host::KeyValue::makeInt("nvidia.minBlocksPerSM", w.minBlocksPerSM));
  return options;
}

} // namespace tessel::bench

#endif // TESSEL_BENCH_NVIDIA_WORKLOADS_H
