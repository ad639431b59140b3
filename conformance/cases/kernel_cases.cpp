// Whole kernels: vector add, fused softmax, layer norm, grouped GEMM and
// flash-attention forward, each against an fp64 host implementation.
#include <algorithm>
#include <cmath>

#include "conformance/cases/family_util.h"
#include "conformance/cases/registry.h"

namespace tessel::conformance {
namespace {

constexpr const char* kSrc = "whole.py";

// fp16/bf16 outputs are judged at their own precision.
Tolerance Loose(Dt dt, double fp32Abs, double fp32Rel) {
  if (dt == Dt::F16) return Tolerance::AbsRel(2e-3, 4e-3);
  if (dt == Dt::BF16) return Tolerance::AbsRel(1.6e-2, 3e-2);
  return Tolerance::AbsRel(fp32Abs, fp32Rel);
}

Case VectorAdd(Dt dt, int n) {
  const int block = 1024;
  CaseBuilder b(Id({"kernel/vector_add", Name(dt), "n=" + std::to_string(n)}), kSrc,
                "vector_add");
  b.In("x", dt, n, Generator::Uniform(-100, 100));
  b.In("y", dt, n, Generator::Uniform(-100, 100));
  b.Out("out", dt, n + 31, CorrectlyRounded(dt));
  b.ScalarI(Dt::I32, n).Const("BLOCK", block).Grid((n + block - 1) / block);
  b.Ref([n](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < n; ++i) ex[2].SetF(i, in[0].F(i) + in[1].F(i));
  });
  return b.Build();
}

Case Softmax(Dt dt, int rows, int cols, uint32_t programs) {
  int block = 1;
  while (block < cols) block *= 2;
  const int stride = cols + 3;  // rows are padded: strides matter
  CaseBuilder b(Id({"kernel/softmax", Name(dt), std::to_string(rows) + "x" + std::to_string(cols)}),
                kSrc, "softmax");
  b.Out("out", dt, rows * stride, Loose(dt, 1e-7, 1e-5));
  b.In("in", dt, rows * stride, Generator::Uniform(-6, 6));
  b.ScalarI(Dt::I32, stride).ScalarI(Dt::I32, stride).ScalarI(Dt::I32, rows);
  b.ScalarI(Dt::I32, cols).Const("BLOCK", block).Grid(programs);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int r = 0; r < rows; ++r) {
      double mx = -INFINITY, sum = 0;
      for (int c = 0; c < cols; ++c) mx = std::max(mx, in[1].F(r * stride + c));
      for (int c = 0; c < cols; ++c) sum += std::exp(in[1].F(r * stride + c) - mx);
      for (int c = 0; c < cols; ++c)
        ex[0].SetF(r * stride + c, std::exp(in[1].F(r * stride + c) - mx) / sum);
    }
  });
  return b.Build();
}

Case LayerNorm(Dt dt, int rows, int n) {
  const int block = 128;
  const double eps = 1e-5;
  CaseBuilder b(Id({"kernel/layer_norm", Name(dt), std::to_string(rows) + "x" + std::to_string(n)}),
                kSrc, "layer_norm");
  b.In("X", dt, rows * n, Generator::Uniform(-3, 5));
  b.Out("Y", dt, rows * n, Loose(dt, 1e-5, 1e-4));
  b.In("W", dt, n, Generator::Uniform(0.5, 1.5));
  b.In("B", dt, n, Generator::Uniform(-1, 1));
  b.Out("Mean", Dt::F32, rows, Tolerance::AbsRel(1e-5, 1e-5));
  b.Out("Rstd", Dt::F32, rows, Tolerance::AbsRel(1e-5, 1e-4));
  b.ScalarI(Dt::I32, n).ScalarI(Dt::I32, n).Scalar(Dt::F32, eps);
  b.Const("BLOCK", block).Grid(rows);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int r = 0; r < rows; ++r) {
      double mean = 0, var = 0;
      for (int c = 0; c < n; ++c) mean += in[0].F(r * n + c);
      mean /= n;
      for (int c = 0; c < n; ++c) var += std::pow(in[0].F(r * n + c) - mean, 2);
      var /= n;
      // eps as the kernel sees it: an fp32 scalar.
      const double rstd = 1 / std::sqrt(var + RoundTo(Dt::F32, eps));
      ex[4].SetF(r, mean);
      ex[5].SetF(r, rstd);
      for (int c = 0; c < n; ++c)
        ex[1].SetF(r * n + c, (in[0].F(r * n + c) - mean) * rstd * in[2].F(c) + in[3].F(c));
    }
  });
  return b.Build();
}

Case GroupedGemm(Dt dt) {
  struct G { int M, N, K; };
  const std::vector<G> groups = {{32, 32, 32}, {50, 20, 40}, {16, 48, 24}, {7, 9, 70}};
  const int BM = 16, BN = 16, BK = 16;
  std::vector<int64_t> meta;
  int64_t ao = 0, bo = 0, co = 0;
  uint32_t tiles = 0;
  for (const G& g : groups) {
    meta.insert(meta.end(), {g.M, g.N, g.K, ao, bo, co});
    ao += g.M * g.K, bo += g.K * g.N, co += g.M * g.N;
    tiles += ((g.M + BM - 1) / BM) * ((g.N + BN - 1) / BN);
  }
  CaseBuilder b(Id({"kernel/grouped_gemm", Name(dt), "groups=4"}), kSrc, "grouped_gemm");
  b.In("a", dt, ao, Generator::Uniform(-2, 2));
  b.In("b", dt, bo, Generator::Uniform(-2, 2));
  // fp32 accumulation over at most 70 steps, then (fp16) the output's
  // rounding: half an fp16 ulp of the result, which the magnitude bounds.
  int maxK = 0;
  for (const G& g : groups) maxK = std::max(maxK, g.K);
  const double bound =
      DotElementBound(Dt::F32, "default", maxK) + (dt == Dt::F16 ? std::ldexp(1.0, -11) : 0.0);
  b.Out("c", dt, co + 5, Tolerance::RelNormBounded(dt == Dt::F16 ? 2e-3 : 1e-5, bound));
  b.In("meta", Dt::I32, meta.size(), Generator::Iota(1));  // replaced: fixed below
  b.ScalarI(Dt::I32, static_cast<int64_t>(groups.size()));
  b.Const("BM", BM).Const("BN", BN).Const("BK", BK).Const("DT", Info(dt).tl).Grid(tiles);
  Case c = b.Build();
  auto fixed = meta;
  c.reference = [groups, fixed](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t g = 0; g < groups.size(); ++g) {
      const int64_t* m = &fixed[g * 6];
      for (int i = 0; i < m[0]; ++i)
        for (int j = 0; j < m[1]; ++j) {
          double s = 0;
          for (int k = 0; k < m[2]; ++k)
            s += in[0].F(m[3] + i * m[2] + k) * in[1].F(m[4] + k * m[1] + j);
          ex[2].SetF(m[5] + i * m[1] + j, s);
        }
    }
  };
  c.magnitude = [groups, fixed](const std::vector<HostArray>& in, std::vector<HostArray>& mag) {
    for (size_t g = 0; g < groups.size(); ++g) {
      const int64_t* m = &fixed[g * 6];
      for (int i = 0; i < m[0]; ++i)
        for (int j = 0; j < m[1]; ++j) {
          double s = 0;
          for (int k = 0; k < m[2]; ++k)
            s += std::fabs(in[0].F(m[3] + i * m[2] + k) * in[1].F(m[4] + k * m[1] + j));
          mag[2].SetF(m[5] + i * m[1] + j, s);
        }
    }
  };
  c.fixed_buffers.push_back({3, fixed});
  return c;
}

Case Attention(Dt dt, int seq, int heads, int dim) {
  const int BM = 32, BN = 16;
  const double scale = 1 / std::sqrt(static_cast<double>(dim));
  CaseBuilder b(Id({"kernel/flash_attention_fwd", Name(dt),
                    "seq=" + std::to_string(seq) + ",heads=" + std::to_string(heads) +
                        ",d=" + std::to_string(dim)}),
                kSrc, "attn_fwd");
  const size_t n = size_t(heads) * seq * dim;
  b.In("Q", dt, n, Generator::Uniform(-1, 1));
  b.In("K", dt, n, Generator::Uniform(-1, 1));
  b.In("V", dt, n, Generator::Uniform(-1, 1));
  // fp32 inputs go through tl.dot's default tf32 precision.
  b.Out("Out", dt, n, Loose(dt == Dt::F32 ? Dt::F16 : dt, 0, 0));
  b.Out("Lse", Dt::F32, size_t(heads) * seq, Tolerance::AbsRel(5e-3, 1e-3));
  b.Scalar(Dt::F32, scale).ScalarI(Dt::I32, seq);
  b.Const("HEAD_DIM", dim).Const("BLOCK_M", BM).Const("BLOCK_N", BN).Const("DT", Info(dt).tl);
  b.Grid((seq + BM - 1) / BM, heads);
  const double scale32 = RoundTo(Dt::F32, scale);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    std::vector<double> s(seq);
    for (int h = 0; h < heads; ++h) {
      const size_t base = size_t(h) * seq * dim;
      for (int i = 0; i < seq; ++i) {
        double mx = -INFINITY;
        for (int j = 0; j < seq; ++j) {
          double d = 0;
          for (int k = 0; k < dim; ++k) d += in[0].F(base + i * dim + k) * in[1].F(base + j * dim + k);
          s[j] = d * scale32;
          mx = std::max(mx, s[j]);
        }
        double l = 0;
        for (int j = 0; j < seq; ++j) l += std::exp(s[j] - mx);
        for (int k = 0; k < dim; ++k) {
          double o = 0;
          for (int j = 0; j < seq; ++j) o += std::exp(s[j] - mx) * in[2].F(base + j * dim + k);
          ex[3].SetF(base + i * dim + k, o / l);
        }
        // The kernel's log-sum-exp is in base 2 of the log2(e)-scaled scores.
        ex[4].SetF(size_t(h) * seq + i, (mx + std::log(l)) / std::log(2.0));
      }
    }
  });
  return b.Build();
}

}  // namespace

void AddKernelCases(std::vector<Case>& out) {
  for (Dt dt : {Dt::F32, Dt::F16, Dt::BF16}) {
    out.push_back(VectorAdd(dt, 1000));
    out.push_back(VectorAdd(dt, 98432));
  }
  for (Dt dt : {Dt::F32, Dt::F16}) {
    out.push_back(Softmax(dt, 7, 50, 3));
    out.push_back(Softmax(dt, 32, 128, 32));
    out.push_back(Softmax(dt, 3, 1000, 2));
    out.push_back(LayerNorm(dt, 4, 100));
    out.push_back(LayerNorm(dt, 3, 700));
    out.push_back(GroupedGemm(dt));
  }
  out.push_back(Attention(Dt::F16, 64, 2, 16));
  out.push_back(Attention(Dt::F16, 100, 1, 32));
  out.push_back(Attention(Dt::F32, 50, 2, 16));
}

}  // namespace tessel::conformance
