//===- KernelCases.cpp - Whole-kernel cases -------------------------------===//
//
// Whole kernels: vector add, fused softmax, layer norm, grouped GEMM,
// split-K GEMM, flash-attention forward and the GEMM tutorial's pointer
// form, each against an fp64 host implementation.
#include <algorithm>
#include <cmath>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "whole.py";

// fp16/bf16 outputs are judged at their own precision.
Tolerance loose(Dt dt, double fp32Abs, double fp32Rel) {
  if (dt == Dt::F16)
    return Tolerance::absRel(2e-3, 4e-3);
  if (dt == Dt::BF16)
    return Tolerance::absRel(1.6e-2, 3e-2);
  return Tolerance::absRel(fp32Abs, fp32Rel);
}

Case vectorAdd(Dt dt, int n) {
  const int block = 1024;
  CaseBuilder b(makeId({"kernel/vector_add", dtName(dt), "n=" + std::to_string(n)}),
                kSrc, "vector_add");
  b.addInput("x", dt, n, Generator::uniform(-100, 100));
  b.addInput("y", dt, n, Generator::uniform(-100, 100));
  b.addOutput("out", dt, n + 31, correctlyRounded(dt));
  b.scalarI(Dt::I32, n).constant("BLOCK", block).grid((n + block - 1) / block);
  b.reference([n](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < n; ++i)
      ex[2].setF(i, in[0].floatAt(i) + in[1].floatAt(i));
  });
  return b.build();
}

Case softmax(Dt dt, int rows, int cols, uint32_t programs) {
  int block = 1;
  while (block < cols)
    block *= 2;
  const int stride = cols + 3; // rows are padded: strides matter
  CaseBuilder b(makeId({"kernel/softmax", dtName(dt),
                        std::to_string(rows) + "x" + std::to_string(cols)}),
                kSrc, "softmax");
  b.addOutput("out", dt, rows * stride, loose(dt, 1e-7, 1e-5));
  b.addInput("in", dt, rows * stride, Generator::uniform(-6, 6));
  b.scalarI(Dt::I32, stride).scalarI(Dt::I32, stride).scalarI(Dt::I32, rows);
  b.scalarI(Dt::I32, cols).constant("BLOCK", block).grid(programs);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int r = 0; r < rows; ++r) {
      double mx = -INFINITY, sum = 0;
      for (int c = 0; c < cols; ++c)
        mx = std::max(mx, in[1].floatAt(r * stride + c));
      for (int c = 0; c < cols; ++c)
        sum += std::exp(in[1].floatAt(r * stride + c) - mx);
      for (int c = 0; c < cols; ++c)
        ex[0].setF(r * stride + c, std::exp(in[1].floatAt(r * stride + c) - mx) / sum);
    }
  });
  return b.build();
}

Case layerNorm(Dt dt, int rows, int n) {
  const int block = 128;
  const double eps = 1e-5;
  CaseBuilder b(makeId({"kernel/layer_norm", dtName(dt),
                        std::to_string(rows) + "x" + std::to_string(n)}),
                kSrc, "layer_norm");
  b.addInput("X", dt, rows * n, Generator::uniform(-3, 5));
  b.addOutput("Y", dt, rows * n, loose(dt, 1e-5, 1e-4));
  b.addInput("W", dt, n, Generator::uniform(0.5, 1.5));
  b.addInput("B", dt, n, Generator::uniform(-1, 1));
  b.addOutput("Mean", Dt::F32, rows, Tolerance::absRel(1e-5, 1e-5));
  b.addOutput("Rstd", Dt::F32, rows, Tolerance::absRel(1e-5, 1e-4));
  b.scalarI(Dt::I32, n).scalarI(Dt::I32, n).scalar(Dt::F32, eps);
  b.constant("BLOCK", block).grid(rows);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int r = 0; r < rows; ++r) {
      double mean = 0, var = 0;
      for (int c = 0; c < n; ++c)
        mean += in[0].floatAt(r * n + c);
      mean /= n;
      for (int c = 0; c < n; ++c)
        var += std::pow(in[0].floatAt(r * n + c) - mean, 2);
      var /= n;
      // eps as the kernel sees it: an fp32 scalar.
      const double rstd = 1 / std::sqrt(var + roundTo(Dt::F32, eps));
      ex[4].setF(r, mean);
      ex[5].setF(r, rstd);
      for (int c = 0; c < n; ++c)
        ex[1].setF(r * n + c,
                   (in[0].floatAt(r * n + c) - mean) * rstd * in[2].floatAt(c) +
                       in[3].floatAt(c));
    }
  });
  return b.build();
}

Case groupedGemm(Dt dt) {
  struct G {
    int M, N, K;
  };
  const std::vector<G> groups = {{32, 32, 32}, {50, 20, 40}, {16, 48, 24}, {7, 9, 70}};
  const int BM = 16, BN = 16, BK = 16;
  std::vector<int64_t> meta;
  int64_t ao = 0, bo = 0, co = 0;
  uint32_t tiles = 0;
  for (const G &g : groups) {
    meta.insert(meta.end(), {g.M, g.N, g.K, ao, bo, co});
    ao += g.M * g.K, bo += g.K * g.N, co += g.M * g.N;
    tiles += ((g.M + BM - 1) / BM) * ((g.N + BN - 1) / BN);
  }
  CaseBuilder b(makeId({"kernel/grouped_gemm", dtName(dt), "groups=4"}), kSrc,
                "grouped_gemm");
  b.addInput("a", dt, ao, Generator::uniform(-2, 2));
  b.addInput("b", dt, bo, Generator::uniform(-2, 2));
  // fp32 accumulation over at most 70 steps, then (fp16) the output's
  // rounding: half an fp16 ulp of the result, which the magnitude bounds.
  int maxK = 0;
  for (const G &g : groups)
    maxK = std::max(maxK, g.K);
  const double bound = dotElementBound(Dt::F32, "default", maxK) +
                       (dt == Dt::F16 ? std::ldexp(1.0, -11) : 0.0);
  b.addOutput("c", dt, co + 5,
              Tolerance::relNormBounded(dt == Dt::F16 ? 2e-3 : 1e-5, bound));
  b.addInput("meta", Dt::I32, meta.size(), Generator::iota(1)); // replaced: fixed below
  b.scalarI(Dt::I32, static_cast<int64_t>(groups.size()));
  b.constant("BM", BM)
      .constant("BN", BN)
      .constant("BK", BK)
      .constant("DT", dtInfo(dt).tl)
      .grid(tiles);
  Case c = b.build();
  auto fixed = meta;
  c.reference = [groups, fixed](const std::vector<HostArray> &in,
                                std::vector<HostArray> &ex) {
    for (size_t g = 0; g < groups.size(); ++g) {
      const int64_t *m = &fixed[g * 6];
      for (int i = 0; i < m[0]; ++i)
        for (int j = 0; j < m[1]; ++j) {
          double s = 0;
          for (int k = 0; k < m[2]; ++k)
            s +=
                in[0].floatAt(m[3] + i * m[2] + k) * in[1].floatAt(m[4] + k * m[1] + j);
          ex[2].setF(m[5] + i * m[1] + j, s);
        }
    }
  };
  c.magnitude = [groups, fixed](const std::vector<HostArray> &in,
                                std::vector<HostArray> &mag) {
    for (size_t g = 0; g < groups.size(); ++g) {
      const int64_t *m = &fixed[g * 6];
      for (int i = 0; i < m[0]; ++i)
        for (int j = 0; j < m[1]; ++j) {
          double s = 0;
          for (int k = 0; k < m[2]; ++k)
            s += std::fabs(in[0].floatAt(m[3] + i * m[2] + k) *
                           in[1].floatAt(m[4] + k * m[1] + j));
          mag[2].setF(m[5] + i * m[1] + j, s);
        }
    }
  };
  c.fixedBuffers.push_back({3, fixed});
  return c;
}

// matmul_ptrs: the GEMM tutorial's pointer tiles (rows wrapped by % M,
// pointers advanced, K's edge masked), fp32 C. The extents carry the
// divisibility facts a launcher would find (16, else 8), which decide
// whether a compiler may copy the tiles as rectangles (TMA on sm_90a).
struct PtrGemm {
  Dt dt;
  int M, N, K, BM, BN, BK, warps, stages;
  // matmul_persistent_flat on this many programs (0: matmul_ptrs, one
  // program a tile).
  int programs = 0;
};

Case ptrGemm(const PtrGemm &g) {
  CaseBuilder b(
      makeId(
          {g.programs ? "kernel/matmul_persistent_flat" : "kernel/matmul_ptrs",
           dtName(g.dt),
           std::to_string(g.M) + "x" + std::to_string(g.N) + "x" + std::to_string(g.K),
           "block=" + std::to_string(g.BM) + "x" + std::to_string(g.BN) + "x" +
               std::to_string(g.BK),
           "warps=" + std::to_string(g.warps) + ",stages=" + std::to_string(g.stages)}),
      kSrc, g.programs ? "matmul_persistent_flat" : "matmul_ptrs");
  b.numWarps(g.warps).numStages(g.stages);
  // (At least 16 elements: with K = 0 the operands are empty.)
  b.addInput("a", g.dt, std::max<size_t>(size_t(g.M) * g.K, 16),
             Generator::uniform(-2, 2));
  b.divisibleBy(16);
  b.addInput("b", g.dt, std::max<size_t>(size_t(g.K) * g.N, 16),
             Generator::uniform(-2, 2));
  b.divisibleBy(16);
  // (With K = 0, C is exactly zero: no magnitude to bound it by.)
  b.addOutput("c", Dt::F32, size_t(g.M) * g.N + 5,
              g.K == 0 ? Tolerance::exact()
                       : Tolerance::relNormBounded(
                             1e-5, dotElementBound(Dt::F32, "default", g.K)));
  b.divisibleBy(16);
  for (int v : {g.M, g.N, g.K}) {
    b.scalarI(Dt::I32, v);
    if (v % 8 == 0)
      b.divisibleBy(v % 16 == 0 ? 16 : 8);
  }
  b.constant("BM", g.BM).constant("BN", g.BN).constant("BK", g.BK);
  if (g.programs) {
    b.grid(uint32_t(g.programs));
  } else {
    b.constant("GROUP_M", 4);
    b.grid(uint32_t(((g.M + g.BM - 1) / g.BM) * ((g.N + g.BN - 1) / g.BN)));
  }
  b.reference([g](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < g.M; ++i)
      for (int j = 0; j < g.N; ++j) {
        double f = 0;
        for (int k = 0; k < g.K; ++k)
          f += in[0].floatAt(size_t(i) * g.K + k) * in[1].floatAt(size_t(k) * g.N + j);
        ex[2].setF(size_t(i) * g.N + j, f);
      }
  });
  b.magnitude([g](const std::vector<HostArray> &in, std::vector<HostArray> &mag) {
    for (int i = 0; i < g.M; ++i)
      for (int j = 0; j < g.N; ++j) {
        double f = 0;
        for (int k = 0; k < g.K; ++k)
          f += std::fabs(in[0].floatAt(size_t(i) * g.K + k) *
                         in[1].floatAt(size_t(k) * g.N + j));
        mag[2].setF(size_t(i) * g.N + j, f);
      }
  });
  return b.build();
}

Case splitKGemm(Dt dt, int M, int N, int K, int BK, int split) {
  // K in `split` slices of `steps` blocks, one program a slice; the last of
  // a tile's programs sums the fp32 partials (atomics publish them).
  const int BM = 32, BN = 32;
  const int steps = ((K + BK - 1) / BK + split - 1) / split;
  const int tiles = ((M + BM - 1) / BM) * ((N + BN - 1) / BN);
  CaseBuilder b(makeId({"kernel/matmul_splitk", dtName(dt),
                        std::to_string(M) + "x" + std::to_string(N) + "x" +
                            std::to_string(K),
                        "split=" + std::to_string(split)}),
                kSrc, "matmul_splitk");
  b.addInput("a", dt, M * K, Generator::uniform(-2, 2));
  b.addInput("b", dt, K * N, Generator::uniform(-2, 2));
  // C: fp32 accumulation, then the output's rounding (half an ulp of dt);
  // the workspace's partials: fp32 accumulation only.
  const double accBound = dotElementBound(Dt::F32, "default", K);
  const double outUlp = dt == Dt::F16 ? std::ldexp(1.0, -11) : std::ldexp(1.0, -8);
  b.addOutput("c", dt, M * N,
              Tolerance::relNormBounded(dt == Dt::F16 ? 2e-3 : 1.6e-2, accBound + outUlp));
  b.addOutput("ws", Dt::F32, split * M * N, Tolerance::relNormBounded(1e-5, accBound));
  // The counts are elements 1..tiles, zero (a generator of zeros makes
  // element 0 a one, which must stay); the kernel leaves them zero.
  b.addInOut("count", Dt::I32, tiles + 1, Generator::ints(0, 0), Tolerance::exact());
  b.scalarI(Dt::I32, M).scalarI(Dt::I32, N).scalarI(Dt::I32, K);
  b.constant("BM", BM).constant("BN", BN).constant("BK", BK).constant("SPLIT_K", split);
  b.grid(tiles, split).needs("atomics");
  // Element (i, j) of slice s and of the sum, as products and magnitudes.
  auto visit = [=](const std::vector<HostArray> &in, std::vector<HostArray> &out,
                   bool magnitude) {
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double total = 0;
        for (int s = 0; s < split; ++s) {
          double part = 0;
          for (int k = s * steps * BK; k < std::min(K, (s + 1) * steps * BK); ++k) {
            const double p = in[0].floatAt(i * K + k) * in[1].floatAt(k * N + j);
            part += magnitude ? std::fabs(p) : p;
          }
          out[3].setF((int64_t(s) * M + i) * N + j, part);
          total += part;
        }
        out[2].setF(i * N + j, total);
      }
  };
  b.reference([visit](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    visit(in, ex, false);
  });
  Case c = b.build();
  c.magnitude = [visit](const std::vector<HostArray> &in, std::vector<HostArray> &mag) {
    visit(in, mag, true);
  };
  return c;
}

/// With `causal`, query i attends to keys 0..i only: the kernel compares
/// rows with columns on the diagonal blocks, a mask constant over no run of
/// rows or columns whatever the blocks' alignment (at 64x64 blocks and 4
/// warps on NVIDIA a thread holds rows of one such run, which a wrong
/// constancy fact would collapse into one).
Case attention(Dt dt, int seq, int heads, int dim, bool causal = false, int BM = 32,
               int BN = 16) {
  const double scale = 1 / std::sqrt(static_cast<double>(dim));
  CaseBuilder b(
      makeId({"kernel/flash_attention_fwd", dtName(dt),
              "seq=" + std::to_string(seq) + ",heads=" + std::to_string(heads) +
                  ",d=" + std::to_string(dim) + (causal ? ",causal" : "")}),
      kSrc, "attn_fwd");
  const size_t n = size_t(heads) * seq * dim;
  b.addInput("Q", dt, n, Generator::uniform(-1, 1));
  b.addInput("K", dt, n, Generator::uniform(-1, 1));
  b.addInput("V", dt, n, Generator::uniform(-1, 1));
  // fp32 inputs go through tl.dot's default tf32 precision.
  b.addOutput("Out", dt, n, loose(dt == Dt::F32 ? Dt::F16 : dt, 0, 0));
  b.addOutput("Lse", Dt::F32, size_t(heads) * seq, Tolerance::absRel(5e-3, 1e-3));
  b.scalar(Dt::F32, scale).scalarI(Dt::I32, seq);
  b.constant("HEAD_DIM", dim)
      .constant("BLOCK_M", BM)
      .constant("BLOCK_N", BN)
      .constant("DT", dtInfo(dt).tl)
      .constant("CAUSAL", causal ? 1 : 0);
  b.grid((seq + BM - 1) / BM, heads);
  const double scale32 = roundTo(Dt::F32, scale);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    std::vector<double> s(seq);
    for (int h = 0; h < heads; ++h) {
      const size_t base = size_t(h) * seq * dim;
      for (int i = 0; i < seq; ++i) {
        const int keys = causal ? i + 1 : seq;
        double mx = -INFINITY;
        for (int j = 0; j < keys; ++j) {
          double d = 0;
          for (int k = 0; k < dim; ++k)
            d += in[0].floatAt(base + i * dim + k) * in[1].floatAt(base + j * dim + k);
          s[j] = d * scale32;
          mx = std::max(mx, s[j]);
        }
        double l = 0;
        for (int j = 0; j < keys; ++j)
          l += std::exp(s[j] - mx);
        for (int k = 0; k < dim; ++k) {
          double o = 0;
          for (int j = 0; j < keys; ++j)
            o += std::exp(s[j] - mx) * in[2].floatAt(base + j * dim + k);
          ex[3].setF(base + i * dim + k, o / l);
        }
        // The kernel's log-sum-exp is in base 2 of the log2(e)-scaled scores.
        ex[4].setF(size_t(h) * seq + i, (mx + std::log(l)) / std::log(2.0));
      }
    }
  });
  return b.build();
}

} // namespace

void addKernelCases(std::vector<Case> &out) {
  for (Dt dt : {Dt::F32, Dt::F16, Dt::BF16}) {
    out.push_back(vectorAdd(dt, 1000));
    out.push_back(vectorAdd(dt, 98432));
  }
  for (Dt dt : {Dt::F32, Dt::F16}) {
    out.push_back(softmax(dt, 7, 50, 3));
    out.push_back(softmax(dt, 32, 128, 32));
    out.push_back(softmax(dt, 3, 1000, 2));
    out.push_back(layerNorm(dt, 4, 100));
    out.push_back(layerNorm(dt, 3, 700));
    out.push_back(groupedGemm(dt));
  }
  out.push_back(attention(Dt::F16, 64, 2, 16));
  out.push_back(attention(Dt::F16, 100, 1, 32));
  out.push_back(attention(Dt::F32, 50, 2, 16));
  out.push_back(attention(Dt::F16, 100, 1, 32, /*causal=*/true));
  // 64x64 blocks at 4 warps: a thread holds rows 32 apart, in one 64-row
  // run of the blocks' alignment. (Two stages fit every target's shared
  // memory.)
  out.push_back(
      withOptions(attention(Dt::F16, 200, 1, 16, /*causal=*/true, 64, 64), 4, 2));
  out.push_back(splitKGemm(Dt::F16, 100, 72, 200, 16, 3));
  out.push_back(splitKGemm(Dt::BF16, 64, 64, 96, 32, 2));
  // The same kernels on other warp counts: other thread layouts of the
  // same tiles, reductions across more or fewer warps.
  for (int32_t warps : {1, 2, 8}) {
    out.push_back(withOptions(vectorAdd(Dt::F32, 98432), warps));
    out.push_back(withOptions(softmax(Dt::F32, 3, 1000, 2), warps));
    out.push_back(withOptions(softmax(Dt::F16, 32, 128, 32), warps));
    out.push_back(withOptions(layerNorm(Dt::F32, 3, 700), warps));
    out.push_back(withOptions(groupedGemm(Dt::F16), warps));
    out.push_back(withOptions(attention(Dt::F16, 64, 2, 16), warps));
    out.push_back(withOptions(attention(Dt::F16, 100, 1, 32), warps));
  }
  for (int32_t stages : {1, 3})
    out.push_back(withOptions(attention(Dt::F16, 100, 1, 32), 4, stages));
  // The tutorial's pointer form: whole tiles; rows and columns wrapped
  // (ragged M and N); K's edge; K = 0 (empty operands, C all zeros); two
  // warp groups; 16 K steps (four turns of the buffers); N a multiple of 8
  // only (rows 16-byte aligned: not copied as rectangles on sm_90a).
  const PtrGemm ptrGemms[] = {
      {Dt::F16, 256, 256, 256, 128, 64, 32, 4, 3},
      {Dt::BF16, 200, 144, 96, 64, 64, 32, 4, 3},
      {Dt::F16, 128, 128, 80, 64, 128, 32, 4, 4},
      {Dt::F16, 64, 64, 0, 64, 64, 32, 4, 3},
      {Dt::F16, 128, 256, 128, 128, 64, 32, 8, 3},
      {Dt::F16, 64, 64, 512, 64, 64, 32, 4, 3},
      {Dt::F16, 72, 72, 64, 64, 64, 32, 4, 3},
  };
  for (const PtrGemm &g : ptrGemms)
    out.push_back(ptrGemm(g));
  // The persistent form, flattened (flatten=True): fewer programs than
  // tiles, ragged edges, several K steps a tile; K = 0 (no flat steps: the
  // nest runs as it was); more programs than tiles.
  const PtrGemm persistent[] = {
      {Dt::F16, 200, 144, 96, 64, 64, 32, 4, 3, 5},
      {Dt::BF16, 256, 256, 256, 128, 64, 32, 4, 3, 3},
      {Dt::F16, 64, 64, 0, 64, 64, 32, 4, 3, 2},
      {Dt::F16, 72, 72, 64, 64, 64, 32, 4, 3, 9},
  };
  for (const PtrGemm &g : persistent)
    out.push_back(ptrGemm(g));
}

} // namespace tessel::conformance
