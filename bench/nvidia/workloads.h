// The workloads of the GPU benchmark, shared by the program that compiles
// them (on a machine with the compiler) and the one that runs them (on the
// GPU machine, without LLVM): names, kernels, specializations and sizes.
#ifndef TESSEL_BENCH_NVIDIA_WORKLOADS_H_
#define TESSEL_BENCH_NVIDIA_WORKLOADS_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tessel::bench {

enum class Kind { kVectorAdd, kSoftmax, kMatmul };

struct Workload {
  std::string name;        // file stem of the kernel's bytecode
  Kind kind;
  std::string kernel;      // @jit function in bench/nvidia/kernels.py
  std::string signature;
  std::map<std::string, std::string> constexprs;
  int64_t m = 0, n = 0, k = 0;  // sizes (vector add: n elements; softmax: m rows x n cols)
};

inline std::vector<Workload> Workloads() {
  const std::string gemmSig = "*fp16,*fp16,*fp16,i32,i32,i32,i32,i32,i32,i32,i32,i32";
  return {
      {"vadd_2p28", Kind::kVectorAdd, "add_kernel", "*fp32:16,*fp32:16,*fp32:16,i32",
       {{"BLOCK", "2048"}}, 0, int64_t(1) << 28, 0},
      {"softmax_32768x4096", Kind::kSoftmax, "softmax_kernel", "*fp32:16,*fp32:16,i32:16,i32:16,i32",
       {{"BLOCK", "4096"}}, 32768, 4096, 0},
      {"softmax_8192x16384", Kind::kSoftmax, "softmax_kernel", "*fp32:16,*fp32:16,i32:16,i32:16,i32",
       {{"BLOCK", "16384"}}, 8192, 16384, 0},
      {"gemm_fp16_4096", Kind::kMatmul, "matmul_kernel", gemmSig,
       {{"BLOCK_M", "128"}, {"BLOCK_N", "128"}, {"BLOCK_K", "32"}, {"GROUP_M", "8"}},
       4096, 4096, 4096},
  };
}

}  // namespace tessel::bench

#endif  // TESSEL_BENCH_NVIDIA_WORKLOADS_H_
