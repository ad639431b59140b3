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
// and softmax sizes below satisfy. Without `:16` on `n` / `n_cols`, a mask
// `offsets < n` is not known to be uniform over four consecutive elements,
// and every access is a scalar one. Tessel's launcher also derives `:8` for
// integers that are multiples of 8 but not 16 (the ragged GEMM's N).
// num_warps is what triton_bench.py
// launches with; it runs the GEMMs at the 4 stages here and, as
// "triton-s2", at 2.
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

enum class Kind { kVectorAdd, kSoftmax, kMatmul, kAttention, kFill };

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
  /// nvidia.fp8_fast_accumulation: fp8 dots on the fp8 instructions.
  bool fp8FastAccumulation = false;
  /// nvidia.fp_fusion: a multiply and the add that uses it round once, as
  /// Triton compiles by default (its `enable_fp_fusion`).
  bool fpFusion = false;
  /// nvidia.flush_denormals: f32 subnormals flushed, as Triton compiles.
  bool flushDenormals = false;
  /// nvidia.warp_specialize: a producer warp issues the TMA copies.
  bool warpSpecialize = false;
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

// fp8 GEMM (e4m3 inputs, output bf16): the same bound, plus what an
// accumulator narrower than fp32 may lose. Hopper's fp8 tensor-core
// instructions are documented to accumulate with less precision than fp32
// (about 14 mantissa bits are reported); each instruction adds 32 products
// to the accumulator, so the check allows, for each of the K / 32
// additions, 2^-12 (a 14-bit truncation, twice) of the partial sum it makes:
//   + kFp8AccumulationRel * sum_s |P_s|, P_s = sum_{k < 32 s} a_ik b_kj.
// Products of fp8 values are exact. triton_bench.py applies the same.
inline constexpr double kFp8AccumulationRel = 0x1p-12;
inline constexpr int64_t kFp8AccumulationStep = 32;

// Flash attention forward (attn_fwd of kernels.py; fp16 Q, K, V and output,
// fp32 scores and accumulation), against the fp64 softmax(Q K^T / sqrt(D)) V:
//   |o - ref| <= abs + rel * |ref| + vrel * max_j |v_j|
// rel is an fp16 ulp (the output's rounding, and the normalizer's fp32
// sums); vrel allows two fp16 ulps on every probability, which the kernel
// rounds to fp16 before multiplying it with V (their weighted sum of the
// |v_j| is at most max_j |v_j|, the weights adding up to 1).
struct AttentionTolerance {
  double abs, rel, vrel;
};
inline AttentionTolerance attentionBound() { return {0x1p-24, 0x1p-10, 0x1p-10}; }

// A flash-attention shape of the benchmark: Triton's fused-attention
// tutorial's batch 4, 32 heads, at one sequence length, head dim 64 and
// 128, causal and not. triton_bench.py lists the same.
struct AttentionShape {
  int64_t batch, heads, seqLen, headDim;
  bool causal;
  /// Queries a program takes, its warps, and Tessel's pipeline depth.
  int64_t blockM;
  int32_t numWarps;
  int32_t numStages;
  std::string getName() const {
    return "attn_fwd_d" + std::to_string(headDim) + "_" + std::to_string(seqLen) +
           (causal ? "_causal" : "");
  }
};
inline std::vector<AttentionShape> getAttentionShapes() {
  // Head dim 128 runs at 64 queries a program on both sides: when the
  // benchmark was set up, 128 queries needed 243712 bytes of shared memory
  // in Tessel (more than the 232448 sm_90a has: every dot operand had three
  // staging buffers, the loop-invariant Q included). With A outside the
  // stages it needs 212992; the configuration is kept so that runs compare.
  // Tessel's depth: 3 stages at head dim 64 (81920 bytes of shared
  // memory; registers hold an SM to two blocks), 2 at head dim 128, where
  // 3 stages take 147456 bytes (one block an SM) and 2 take 114688 (two).
  return {{4, 32, 4096, 64, false, 128, 4, 3},
          {4, 32, 4096, 64, true, 128, 4, 3},
          {4, 32, 4096, 128, false, 64, 4, 2},
          {4, 32, 4096, 128, true, 64, 4, 2}};
}
// Slices (batch x head) of an attention result the host checks: the first
// and the last (triton_bench.py checks every slice on the GPU).
inline std::vector<int64_t> attentionCheckedSlices(int64_t slices) {
  return {0, slices - 1};
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

// A GEMM of the benchmark: C (M x N) = A (M x K) * B (K x N), row-major,
// in `dtype` (fp16 or bf16) with fp32 accumulation; or, for "fp8e4m3", A
// and B in f8E4M3FN with B stored K-major (N x K row-major, read through
// the strides: the order fp8 tensor-core instructions and cuBLAS's scaled
// GEMM take), C in bf16. triton_bench.py lists the same shapes.
struct GemmShape {
  const char *dtype;
  int64_t m, n, k;
  bool isFp8() const { return std::string(dtype) == "fp8e4m3"; }
  /// gemm_<dtype>_<M> for cubes, gemm_<dtype>_<M>x<N>x<K> otherwise.
  std::string getName() const {
    std::string name = std::string("gemm_") + dtype + "_" + std::to_string(m);
    if (!(m == n && n == k))
      name += "x" + std::to_string(n) + "x" + std::to_string(k);
    return name;
  }
};
inline std::vector<GemmShape> getGemmShapes() {
  return {{"fp16", 4096, 4096, 4096}, {"bf16", 4096, 4096, 4096},
          {"fp16", 8192, 8192, 8192}, {"bf16", 8192, 8192, 8192},
          {"bf16", 8192, 8192, 1024}, {"bf16", 1024, 1024, 1024},
          {"bf16", 3000, 5000, 2000}, {"fp8e4m3", 8192, 8192, 8192}};
}

// The GEMMs also timed through tensor descriptors (matmul_desc_kernel, the
// same parameters; gemm_desc_* names): copied by TMA on sm_90a.
// triton_bench.py lists the same.
inline std::vector<GemmShape> getDescGemmShapes() {
  return {{"fp16", 4096, 4096, 4096},
          {"bf16", 4096, 4096, 4096},
          {"bf16", 8192, 8192, 8192},
          {"bf16", 1024, 1024, 1024},
          {"bf16", 3000, 5000, 2000}};
}

// The GEMMs also timed as persistent kernels (matmul_persistent_kernel, the
// same parameters; gemm_persistent_* names): kPersistentPrograms programs
// (fewer where there are fewer tiles) walk the tiles, the walk flattened
// with the loop over K. triton_bench.py lists the same.
inline std::vector<GemmShape> getPersistentGemmShapes() { return getDescGemmShapes(); }
// One program an SM of the H100 SXM and the H200 (132 each).
inline constexpr int64_t kPersistentPrograms = 132;
inline bool isPersistentGemm(const std::string &kernel) {
  return kernel == "matmul_persistent_kernel";
}

// The GEMMs also timed with K split over several programs a tile
// (matmul_splitk_kernel; gemm_splitk_* names): shapes whose tiles are too few
// to occupy every SM (1024^3: 64 tiles of 128x128 for 132 SMs).
// triton_bench.py lists the same.
inline std::vector<GemmShape> getSplitKGemmShapes() {
  return {{"bf16", 1024, 1024, 1024}};
}
// The split of a split-K GEMM's main configuration (128x128x32, 4 warps, 4
// stages as the other GEMMs): 128 programs for 1024^3.
inline constexpr int32_t kSplitK = 2;
// The most programs a split-K GEMM's configurations split K over: its
// workspace holds that many M x N fp32 partial products.
inline constexpr int32_t kMaxSplitK = 4;
// matmul_splitk_kernel's two extra buffers follow C: the workspace (fp32)
// and the per-tile counts (i32, zero before the first launch; the kernel
// leaves them zero).
inline bool isSplitKGemm(const std::string &kernel) {
  return kernel == "matmul_splitk_kernel";
}

// Whether `w` is an fp8 GEMM (GemmShape::isFp8): its inputs are bytes and
// its B K-major.
inline bool isFp8Gemm(const std::string &signature) {
  return signature.rfind("*fp8e4nv", 0) == 0;
}

// Rows of a GEMM's result the host checks (bench_gpu; triton_bench.py
// checks every element on the GPU): every one up to 2^36 multiply-adds
// (4096^3), every 8th row of an 8192^3 product, so that no check takes
// more than a few seconds of the 16 host cores.
inline int64_t gemmCheckedRowStep(int64_t m, int64_t n, int64_t k) {
  const int64_t work = m * n * k;
  return work > (int64_t(1) << 36) ? work >> 36 : 1;
}

inline std::vector<Workload> getWorkloads() {
  // GEMM: sizes and row strides that are multiples of 16 say so, and the
  // unit strides are 1, the two facts Triton's launcher specializes on;
  // those that are multiples of 8 only say `:8`, the finer fact Tessel's
  // launcher derives too (python/tessel/jit.py) and Triton's does not (the
  // ragged shape's N = 5000). Arguments: a, b, c, M, N, K, then the strides
  // of A, B and C (row-major: K, 1, N, 1, N, 1).
  auto size = [](int64_t v) {
    return v % 16 == 0 ? ",i32:16" : v % 8 == 0 ? ",i32:8" : ",i32";
  };
  auto gemmSig = [size](const std::string &t, int64_t m, int64_t n, int64_t k) {
    return "*" + t + ":16,*" + t + ":16,*" + t + ":16" + size(m) + size(n) + size(k) +
           size(k) + ",i32:1" + size(n) + ",i32:1" + size(n) + ",i32:1";
  };
  // fp8: A (M x K) row-major, B K-major (stride_bk 1, stride_bn K), C bf16.
  auto fp8GemmSig = [size](int64_t m, int64_t n, int64_t k) {
    return "*fp8e4nv:16,*fp8e4nv:16,*bf16:16" + std::string(size(m)) + size(n) +
           size(k) + size(k) + ",i32:1,i32:1" + size(k) + size(n) + ",i32:1";
  };
  const std::map<std::string, std::string> gemmTile = {
      {"BLOCK_M", "128"}, {"BLOCK_N", "128"}, {"BLOCK_K", "32"}, {"GROUP_M", "8"}};
  // fp8: 128x256x64 tiles, 8 warps (two warp groups), 4 stages, on the fp8
  // instructions with their accumulation (Triton's default on Hopper; the
  // fp8 tutorial's 128x128x128 at 4 warps spills here).
  const std::map<std::string, std::string> fp8GemmTile = {
      {"BLOCK_M", "128"}, {"BLOCK_N", "256"}, {"BLOCK_K", "64"}, {"GROUP_M", "8"}};
  const std::string softmaxSig = "*fp32:16,*fp32:16,i32:16,i32:16,i32:16";
  std::vector<Workload> workloads = {
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
  };
  // The GEMM shapes Tessel is measured on (shared/ANCHORS.md): square ones,
  // a short K, a small one that leaves most SMs idle at this tile, and a
  // ragged one. One tile for all, 4 warps (one warp group: wgmma on
  // sm_90a), 4 stages: the configuration of Triton's "triton" side (its
  // "triton-s2" side runs 2).
  for (const GemmShape &g : getGemmShapes()) {
    if (g.isFp8()) {
      workloads.push_back({g.getName(), Kind::kMatmul, "matmul_kernel",
                           fp8GemmSig(g.m, g.n, g.k), fp8GemmTile, g.m, g.n, g.k, 8, 0,
                           4,
                           /*fp8FastAccumulation=*/true});
      continue;
    }
    workloads.push_back({g.getName(), Kind::kMatmul, "matmul_kernel",
                         gemmSig(g.dtype, g.m, g.n, g.k), gemmTile, g.m, g.n, g.k, 4, 0,
                         4});
  }
  for (const GemmShape &g : getDescGemmShapes())
    workloads.push_back({"gemm_desc_" + g.getName().substr(5), Kind::kMatmul,
                         "matmul_desc_kernel", gemmSig(g.dtype, g.m, g.n, g.k),
                         gemmTile, g.m, g.n, g.k, 4, 0, 4});
  for (const GemmShape &g : getPersistentGemmShapes())
    workloads.push_back({"gemm_persistent_" + g.getName().substr(5), Kind::kMatmul,
                         "matmul_persistent_kernel", gemmSig(g.dtype, g.m, g.n, g.k),
                         gemmTile, g.m, g.n, g.k, 4, 0, 4});
  // Split-K: the workspace and the counts after C.
  for (const GemmShape &g : getSplitKGemmShapes()) {
    std::string sig = gemmSig(g.dtype, g.m, g.n, g.k);
    const std::string abc = "*" + std::string(g.dtype) + ":16,";
    sig.insert(3 * abc.size(), "*fp32:16,*i32:16,");
    std::map<std::string, std::string> tile = gemmTile;
    tile["SPLIT_K"] = std::to_string(kSplitK);
    workloads.push_back({"gemm_splitk_" + g.getName().substr(5), Kind::kMatmul,
                         "matmul_splitk_kernel", sig, tile, g.m, g.n, g.k, 4, 0, 4});
  }
  // Flash attention: m = the sequence length, n = batch x heads slices, k =
  // the head dim; programs of blockM queries over 64-key blocks, 4 warps
  // (both dots on wgmma: M blockM, N 64 and the head dim), at the shape's
  // depth (getAttentionShapes; the "triton" side runs 3 stages,
  // "triton-s2" 2).
  const std::string attnSig = "*fp16:16,*fp16:16,*fp16:16,*fp16:16,*fp32:16,fp32,"
                              "i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,i32:16,"
                              "i32:16";
  // Each shape twice: attn_fwd, and attn_fwd_desc (K and V through tensor
  // descriptors: copied by TMA on sm_90a), named attn_desc_*.
  for (const bool desc : {false, true})
    for (const AttentionShape &a : getAttentionShapes())
      workloads.push_back({desc ? "attn_desc_" + a.getName().substr(9) : a.getName(),
                           Kind::kAttention,
                           desc ? "attn_fwd_desc" : "attn_fwd",
                           attnSig,
                           {{"HEAD_DIM", std::to_string(a.headDim)},
                            {"BLOCK_M", std::to_string(a.blockM)},
                            {"BLOCK_N", "64"},
                            {"CAUSAL", a.causal ? "True" : "False"}},
                           a.seqLen,
                           a.batch * a.heads,
                           a.headDim,
                           a.numWarps,
                           0,
                           a.numStages,
                           /*fp8FastAccumulation=*/false,
                           /*fpFusion=*/true,
                           /*flushDenormals=*/true});
  return workloads;
}

// The eight fp16/bf16 configurations of Triton's matmul tutorial for CUDA
// (triton_bench.py's TUTORIAL_CONFIGS, GROUP_M 8 for all): the "tessel-auto"
// side runs a GEMM at each that compiles and keeps the fastest, as the
// "triton-auto" side does on Triton.
struct GemmConfig {
  int32_t blockM, blockN, blockK, numWarps, numStages;
  /// nvidia.warp_specialize (Tessel's side only; named "...ws").
  bool warpSpecialize = false;
};
inline std::vector<GemmConfig> getTutorialConfigs() {
  return {{128, 256, 64, 8, 3}, {64, 256, 32, 4, 4}, {128, 128, 32, 4, 4},
          {128, 64, 32, 4, 4},  {64, 128, 32, 4, 4}, {128, 32, 32, 4, 4},
          {64, 32, 32, 2, 5},   {32, 64, 32, 2, 5}};
}
// Configurations both "-auto" sides try beside the tutorial's eight for
// fp16/bf16 (triton_bench.py's EXTRA_CONFIGS): 64-deep K steps at the tiles
// the tutorial runs 32 deep, and deeper pipelines. A shape with few tiles
// (1024^3: 64 of 128x128 for 132 SMs) waits on its loads: an SM keeps
// only (stages - 1) K steps of loads in flight, so 64-deep steps double
// the bytes each SM has on the way. Each fits sm_90a's shared memory on
// both sides (Tessel stages stages + 1 buffers, Triton stages).
inline std::vector<GemmConfig> getExtraConfigs() {
  return {{64, 128, 64, 4, 4},  {64, 128, 64, 4, 6},  {128, 64, 64, 4, 5},
          {128, 128, 64, 4, 4}, {128, 128, 64, 8, 4}, {64, 256, 64, 4, 3},
          {256, 128, 64, 8, 3}};
}
// Configurations only the "tessel-auto" side tries for fp16/bf16: the
// 64-deep tiles above with a producer warp issuing the TMA copies
// (nvidia.warp_specialize; one warp more a block).
inline std::vector<GemmConfig> getWarpSpecializedConfigs() {
  return {{128, 256, 64, 8, 3, true},
          {128, 128, 64, 4, 4, true},
          {128, 128, 64, 8, 4, true},
          {256, 128, 64, 8, 3, true},
          {64, 256, 64, 4, 3, true}};
}
// The tutorial's eight configurations for fp8 inputs (triton_bench.py's
// FP8_TUTORIAL_CONFIGS), for the fp8 GEMM's "tessel-auto" side.
inline std::vector<GemmConfig> getFp8TutorialConfigs() {
  return {{128, 256, 128, 8, 3}, {256, 128, 128, 8, 3}, {256, 64, 128, 4, 4},
          {64, 256, 128, 4, 4},  {128, 128, 128, 4, 4}, {128, 64, 64, 4, 4},
          {64, 128, 64, 4, 4},   {128, 32, 64, 4, 4}};
}

// The configurations a split-K GEMM's "tessel-auto" side tries (and
// triton_bench.py's SPLITK_CONFIGS, the "triton-auto" side): tiles of the
// tutorial's list that fit with 64-deep K steps too, each K split in 2 or 4
// (at most kMaxSplitK).
struct SplitKConfig {
  GemmConfig tile;
  int32_t splitK;
};
inline std::vector<SplitKConfig> getSplitKConfigs() {
  return {{{128, 128, 32, 4, 4}, 2}, {{128, 128, 32, 4, 4}, 4},
          {{128, 128, 64, 4, 3}, 2}, {{128, 128, 64, 4, 3}, 4},
          {{128, 256, 64, 8, 3}, 2}, {{128, 256, 64, 8, 3}, 4},
          {{64, 128, 32, 4, 4}, 2},  {{64, 128, 64, 4, 4}, 2},
          {{128, 64, 64, 4, 4}, 2},  {{64, 256, 32, 4, 4}, 2}};
}

// GEMM workload `w` at configuration `c` (its bytecode under its own name),
// and, for a split-K GEMM, K split in `splitK`.
inline Workload withConfig(const Workload &w, const GemmConfig &c, int32_t splitK = 0) {
  Workload v = w;
  v.name = w.name + "@" + std::to_string(c.blockM) + "x" + std::to_string(c.blockN) +
           "x" + std::to_string(c.blockK) + "w" + std::to_string(c.numWarps) + "s" +
           std::to_string(c.numStages);
  v.constexprs["BLOCK_M"] = std::to_string(c.blockM);
  v.constexprs["BLOCK_N"] = std::to_string(c.blockN);
  v.constexprs["BLOCK_K"] = std::to_string(c.blockK);
  if (splitK > 0) {
    v.name += "k" + std::to_string(splitK);
    v.constexprs["SPLIT_K"] = std::to_string(splitK);
  }
  if (c.warpSpecialize)
    v.name += "ws";
  v.numWarps = c.numWarps;
  v.numStages = c.numStages;
  v.warpSpecialize = c.warpSpecialize;
  return v;
}

// The compile options of a workload: prepare_kernels compiles with them and
// bench_gpu asks the cache with them (they are part of the key).
inline plugin_host::CompileOptions compileOptionsFor(const Workload &w) {
  plugin_host::CompileOptions options;
  options.numWarps = w.numWarps;
  options.numStages = w.numStages;
  if (w.minBlocksPerSM > 0)
    options.extra.push_back(
        plugin_host::KeyValue::makeInt("nvidia.min_blocks_per_sm", w.minBlocksPerSM));
  if (w.fp8FastAccumulation)
    options.extra.push_back(
        plugin_host::KeyValue::makeInt("nvidia.fp8_fast_accumulation", 1));
  if (w.fpFusion)
    options.extra.push_back(plugin_host::KeyValue::makeInt("nvidia.fp_fusion", 1));
  if (w.flushDenormals)
    options.extra.push_back(
        plugin_host::KeyValue::makeInt("nvidia.flush_denormals", 1));
  if (w.warpSpecialize)
    options.extra.push_back(
        plugin_host::KeyValue::makeInt("nvidia.warp_specialize", 1));
  return options;
}

// The configurations a GEMM's "tessel-auto" side tries: fp8's eight, or
// the tutorial's eight and the extra ones.
inline std::vector<GemmConfig> getAutoConfigsFor(const Workload &w) {
  if (isFp8Gemm(w.signature))
    return getFp8TutorialConfigs();
  std::vector<GemmConfig> configs = getTutorialConfigs();
  for (const GemmConfig &c : getExtraConfigs())
    configs.push_back(c);
  for (const GemmConfig &c : getWarpSpecializedConfigs())
    configs.push_back(c);
  return configs;
}

// What an attention workload's "tessel-auto" side varies: the tile and the
// warps stay those of the shape (Triton's side runs the same), the
// pipeline's depth and the blocks an SM must hold (ptxas then caps the
// registers: at head dim 64, 2 stages and 3 blocks an SM fit 168
// registers and 64 KiB of shared memory a block) change.
struct AttentionVariant {
  int32_t numStages, minBlocksPerSM;
};
inline std::vector<AttentionVariant> getAttentionVariants() {
  return {{2, 0}, {3, 0}, {4, 0}, {2, 3}, {3, 2}};
}
inline Workload withVariant(const Workload &w, const AttentionVariant &a) {
  Workload v = w;
  v.name = w.name + "@s" + std::to_string(a.numStages) + "b" +
           std::to_string(a.minBlocksPerSM);
  v.numStages = a.numStages;
  v.minBlocksPerSM = a.minBlocksPerSM;
  return v;
}

// The variants of `w` its "tessel-auto" side times, each compiled under its
// own name: a GEMM at each of getAutoConfigsFor (a split-K one at each
// SplitKConfig), an attention at each AttentionVariant; none for the other
// kinds.
inline std::vector<Workload> getTuningVariants(const Workload &w) {
  std::vector<Workload> variants;
  if (w.kind == Kind::kMatmul && isSplitKGemm(w.kernel))
    for (const SplitKConfig &c : getSplitKConfigs())
      variants.push_back(withConfig(w, c.tile, c.splitK));
  else if (w.kind == Kind::kMatmul)
    for (const GemmConfig &c : getAutoConfigsFor(w))
      variants.push_back(withConfig(w, c));
  if (w.kind == Kind::kAttention)
    for (const AttentionVariant &a : getAttentionVariants())
      variants.push_back(withVariant(w, a));
  return variants;
}

} // namespace tessel::bench

#endif // TESSEL_BENCH_NVIDIA_WORKLOADS_H
