//===- DescriptorCases.cpp - Tensor descriptor cases ----------------------===//
//
// Tensor descriptors of every rank Triton allows (1 to 5): copies of ragged
// tensors (out-of-bounds elements are never written), copies through a
// strided view, and sums whose blocks reach past the tensor (padding zero).
#include <cmath>
#include <numeric>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

// The 16x16 block of the first cases keeps their ids; other block shapes
// name theirs.
Case descCopy(Dt dt, int M, int N, int BM = 16, int BN = 16) {
  std::string id = makeId(
      {"descriptor/copy", dtName(dt), std::to_string(M) + "x" + std::to_string(N)});
  if (BM != 16 || BN != 16)
    id = makeId({id, "block=" + std::to_string(BM) + "x" + std::to_string(BN)});
  CaseBuilder b(id, "descriptors.py", "desc_copy");
  b.addInput("src", dt, M * N, dataGen(dt));
  b.addOutput("dst", dt, M * N + 16, Tolerance::exact());
  b.scalarI(Dt::I32, M).scalarI(Dt::I32, N).constant("BM", BM).constant("BN", BN);
  b.grid((M + BM - 1) / BM, (N + BN - 1) / BN).needs("tensor_descriptors");
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < M * N; ++i)
      put(ex[1], i, in[0], i);
  });
  return b.build();
}

Case descRowSum(Dt dt, int M, int N) {
  const int BM = 16, BN = 32;
  CaseBuilder b(makeId({"descriptor/row_sum", dtName(dt),
                        std::to_string(M) + "x" + std::to_string(N)}),
                "descriptors.py", "desc_row_sum");
  b.addInput("src", dt, M * N, Generator::uniform(-4, 4));
  b.addOutput("out", Dt::F32, M + 3, Tolerance::relNorm(1e-5));
  b.scalarI(Dt::I32, M).scalarI(Dt::I32, N).constant("BM", BM).constant("BN", BN);
  b.grid((M + BM - 1) / BM).needs("tensor_descriptors");
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < M; ++i) {
      double s = 0;
      for (int j = 0; j < N; ++j)
        s += in[0].floatAt(i * N + j);
      ex[1].setF(i, s);
    }
  });
  return b.build();
}

std::string joined(const std::vector<int> &v) {
  std::string s;
  for (int d : v)
    s += (s.empty() ? "" : "x") + std::to_string(d);
  return s;
}

int64_t product(const std::vector<int> &v) {
  return std::accumulate(v.begin(), v.end(), int64_t(1), std::multiplies<>());
}

int64_t blocks(int extent, int block) { return (extent + block - 1) / block; }

// A copy of a tensor of 1, 3, 4 or 5 dimensions in blocks of `block`
// (desc_copy_<rank>d). In 3 dimensions the source's rows are `pitch`
// elements apart (0: contiguous), so its strides differ from its shape.
Case descCopyNd(Dt dt, const std::vector<int> &shape, const std::vector<int> &block,
                int pitch = 0) {
  const int rank = int(shape.size());
  std::string id =
      makeId({"descriptor/copy", dtName(dt), joined(shape), "block=" + joined(block)});
  if (pitch != 0)
    id = makeId({id, "pitch=" + std::to_string(pitch)});
  CaseBuilder b(id, "descriptors.py", "desc_copy_" + std::to_string(rank) + "d");
  const int rowPitch = pitch != 0 ? pitch : shape.back();
  const int64_t rows = product(shape) / shape.back();
  b.addInput("src", dt, rows * rowPitch, dataGen(dt));
  b.addOutput("dst", dt, product(shape) + 16, Tolerance::exact());
  for (int d : shape)
    b.scalarI(Dt::I32, d);
  if (rank == 3)
    b.scalarI(Dt::I32, rowPitch);
  for (int i = 0; i < rank; ++i)
    b.constant("B" + std::to_string(i), block[i]);
  // The grid covers the first three dimensions; the kernel loops over the rest.
  int64_t g[3] = {1, 1, 1};
  for (int i = 0; i < rank && i < 3; ++i)
    g[i] = blocks(shape[i], block[i]);
  b.grid(uint32_t(g[0]), uint32_t(g[1]), uint32_t(g[2])).needs("tensor_descriptors");
  const int last = shape.back();
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int64_t r = 0; r < rows; ++r)
      for (int c = 0; c < last; ++c)
        put(ex[1], r * last + c, in[0], r * rowPitch + c);
  });
  return b.build();
}

// The sum of a 1-D tensor in blocks of `B` (the last one ragged).
Case descSum1d(Dt dt, int N, int B) {
  CaseBuilder b(makeId({"descriptor/sum", dtName(dt), std::to_string(N),
                        "block=" + std::to_string(B)}),
                "descriptors.py", "desc_sum_1d");
  // Positive, so that the sum is far from zero and a relative bound fits.
  b.addInput("src", dt, N, Generator::uniform(0, 4));
  b.addOutput("out", Dt::F32, 1 + 3, Tolerance::relNorm(1e-5));
  b.scalarI(Dt::I32, N).constant("B0", B).grid(1).needs("tensor_descriptors");
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    double s = 0;
    for (int i = 0; i < N; ++i)
      s += in[0].floatAt(i);
    ex[1].setF(0, s);
  });
  return b.build();
}

// out[i] = the sum of src[i, :, :] over 3-D blocks ragged on every axis.
Case descRowSum3d(Dt dt, const std::vector<int> &shape, const std::vector<int> &block) {
  const int D0 = shape[0], inner = shape[1] * shape[2];
  CaseBuilder b(makeId({"descriptor/row_sum", dtName(dt), joined(shape),
                        "block=" + joined(block)}),
                "descriptors.py", "desc_row_sum_3d");
  b.addInput("src", dt, product(shape), Generator::uniform(-4, 4));
  b.addOutput("out", Dt::F32, D0 + 3, Tolerance::relNorm(1e-5));
  for (int d : shape)
    b.scalarI(Dt::I32, d);
  for (int i = 0; i < 3; ++i)
    b.constant("B" + std::to_string(i), block[i]);
  b.grid(uint32_t(blocks(D0, block[0]))).needs("tensor_descriptors");
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < D0; ++i) {
      double s = 0;
      for (int j = 0; j < inner; ++j)
        s += in[0].floatAt(size_t(i) * inner + j);
      ex[1].setF(i, s);
    }
  });
  return b.build();
}

// A GEMM whose operands come through descriptors (desc_matmul, or
// desc_matmul_bt with B given as N x K). `kDiv` and `nDiv` are the
// divisibility facts of K and N (0: none); with 16-byte aligned rows both
// operands qualify for the block-copy engine, otherwise they are expanded.
struct DescGemm {
  Dt dt;
  int M, N, K, BM, BN, BK, warps, stages, kDiv, nDiv;
  bool bTransposed = false;
  // desc_matmul_persistent on this many programs (0: one program a tile).
  int programs = 0;
  // With programs: desc_matmul_persistent_flat (flatten=True) instead.
  bool flatten = false;
};

Case descMatmul(const DescGemm &g) {
  const char *family = g.flatten       ? "descriptor/matmul_persistent_flat"
                       : g.programs    ? "descriptor/matmul_persistent"
                       : g.bTransposed ? "descriptor/matmul_bt"
                                       : "descriptor/matmul";
  const char *kernel = g.flatten       ? "desc_matmul_persistent_flat"
                       : g.programs    ? "desc_matmul_persistent"
                       : g.bTransposed ? "desc_matmul_bt"
                                       : "desc_matmul";
  std::string id = makeId(
      {family, dtName(g.dt),
       std::to_string(g.M) + "x" + std::to_string(g.N) + "x" + std::to_string(g.K),
       "block=" + std::to_string(g.BM) + "x" + std::to_string(g.BN) + "x" +
           std::to_string(g.BK),
       "warps=" + std::to_string(g.warps) + ",stages=" + std::to_string(g.stages)});
  CaseBuilder b(id, "descriptors.py", kernel);
  b.numWarps(g.warps).numStages(g.stages);
  // (At least 16 elements: with K = 0 the operands are empty.)
  b.addInput("a", g.dt, std::max<size_t>(size_t(g.M) * g.K, 16),
             Generator::uniform(-2, 2));
  b.divisibleBy(16);
  b.addInput("b", g.dt, std::max<size_t>(size_t(g.K) * g.N, 16),
             Generator::uniform(-2, 2));
  b.divisibleBy(16);
  b.addOutput("c", Dt::F32, size_t(g.M) * g.N + 5,
              g.K == 0 ? Tolerance::exact()
                       : Tolerance::relNormBounded(
                             1e-5, dotElementBound(Dt::F32, "default", g.K)));
  b.divisibleBy(16);
  b.scalarI(Dt::I32, g.M).scalarI(Dt::I32, g.N);
  if (g.nDiv)
    b.divisibleBy(uint32_t(g.nDiv));
  b.scalarI(Dt::I32, g.K);
  if (g.kDiv)
    b.divisibleBy(uint32_t(g.kDiv));
  b.constant("BM", g.BM).constant("BN", g.BN).constant("BK", g.BK);
  if (g.programs)
    b.grid(uint32_t(g.programs));
  else
    b.grid(uint32_t(blocks(g.M, g.BM)), uint32_t(blocks(g.N, g.BN)));
  b.needs("tensor_descriptors");
  auto bAt = [g](const HostArray &bIn, int k, int n) {
    return g.bTransposed ? bIn.floatAt(size_t(n) * g.K + k)
                         : bIn.floatAt(size_t(k) * g.N + n);
  };
  b.reference([g, bAt](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < g.M; ++i)
      for (int j = 0; j < g.N; ++j) {
        double f = 0;
        for (int k = 0; k < g.K; ++k)
          f += in[0].floatAt(size_t(i) * g.K + k) * bAt(in[1], k, j);
        ex[2].setF(size_t(i) * g.N + j, f);
      }
  });
  b.magnitude([g, bAt](const std::vector<HostArray> &in, std::vector<HostArray> &mag) {
    for (int i = 0; i < g.M; ++i)
      for (int j = 0; j < g.N; ++j) {
        double f = 0;
        for (int k = 0; k < g.K; ++k)
          f += std::fabs(in[0].floatAt(size_t(i) * g.K + k) * bAt(in[1], k, j));
        mag[2].setF(size_t(i) * g.N + j, f);
      }
  });
  return b.build();
}

// A batch of GEMMs, one per program along axis 2, whose descriptors each
// cover one slice of A and of B (`a + batch * stride`): a block-copy
// engine copies them from a map of the whole batch, the slice its third
// coordinate (the flash-attention benchmark's K and V take that form).
Case descMatmulBatched(Dt dt, int batches, int M, int N, int K, int BM, int BN, int BK,
                       int warps, int stages) {
  CaseBuilder b(
      makeId({"descriptor/matmul_batched", dtName(dt),
              std::to_string(batches) + "x" + std::to_string(M) + "x" +
                  std::to_string(N) + "x" + std::to_string(K),
              "block=" + std::to_string(BM) + "x" + std::to_string(BN) + "x" +
                  std::to_string(BK),
              "warps=" + std::to_string(warps) + ",stages=" + std::to_string(stages)}),
      "descriptors.py", "desc_matmul_batched");
  b.numWarps(warps).numStages(stages);
  const size_t aSlice = size_t(M) * K, bSlice = size_t(K) * N, cSlice = size_t(M) * N;
  b.addInput("a", dt, batches * aSlice, Generator::uniform(-2, 2));
  b.divisibleBy(16);
  b.addInput("b", dt, batches * bSlice, Generator::uniform(-2, 2));
  b.divisibleBy(16);
  b.addOutput("c", Dt::F32, batches * cSlice + 5,
              Tolerance::relNormBounded(1e-5, dotElementBound(Dt::F32, "default", K)));
  b.divisibleBy(16);
  b.scalarI(Dt::I32, M).divisibleBy(16).scalarI(Dt::I32, N).divisibleBy(16);
  b.scalarI(Dt::I32, K).divisibleBy(16);
  b.scalarI(Dt::I32, int64_t(aSlice)).divisibleBy(16);
  b.scalarI(Dt::I32, int64_t(bSlice)).divisibleBy(16);
  b.constant("BM", BM).constant("BN", BN).constant("BK", BK);
  b.grid(uint32_t(blocks(M, BM)), uint32_t(blocks(N, BN)), uint32_t(batches));
  b.needs("tensor_descriptors");
  auto sum = [=](const std::vector<HostArray> &in, std::vector<HostArray> &out,
                 bool magnitude) {
    for (int z = 0; z < batches; ++z)
      for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j) {
          double f = 0;
          for (int k = 0; k < K; ++k) {
            double p = in[0].floatAt(z * aSlice + size_t(i) * K + k) *
                       in[1].floatAt(z * bSlice + size_t(k) * N + j);
            f += magnitude ? std::fabs(p) : p;
          }
          out[2].setF(z * cSlice + size_t(i) * N + j, f);
        }
  };
  b.reference([sum](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    sum(in, ex, false);
  });
  b.magnitude([sum](const std::vector<HostArray> &in, std::vector<HostArray> &mag) {
    sum(in, mag, true);
  });
  return b.build();
}

} // namespace

void addDescriptorCases(std::vector<Case> &out) {
  for (Dt dt : {Dt::F32, Dt::F16, Dt::BF16, Dt::I32, Dt::I8, Dt::F64}) {
    out.push_back(descCopy(dt, 33, 17));
    out.push_back(descCopy(dt, 64, 32));
    // Blocks tall and short, wide and narrow, one row, over ragged tensors.
    out.push_back(descCopy(dt, 130, 40, 64, 16));
    out.push_back(descCopy(dt, 20, 200, 8, 64));
    out.push_back(descCopy(dt, 100, 100, 32, 32));
    out.push_back(descCopy(dt, 5, 300, 1, 128));
  }
  for (Dt dt : {Dt::F32, Dt::F16}) {
    out.push_back(descRowSum(dt, 40, 100));
    out.push_back(descRowSum(dt, 16, 32));
  }
  // The other ranks, after the 2-D cases so that those keep their places.
  for (Dt dt : {Dt::F32, Dt::F16, Dt::BF16, Dt::I32, Dt::I8, Dt::F64}) {
    out.push_back(descCopyNd(dt, {1000}, {128}));
    out.push_back(descCopyNd(dt, {45}, {64})); // one block wider than the tensor
    out.push_back(descCopyNd(dt, {5, 33, 17}, {2, 16, 16}));
    out.push_back(descCopyNd(dt, {9, 6, 70}, {4, 2, 32}, 75));
    out.push_back(descCopyNd(dt, {3, 5, 7, 33}, {2, 4, 4, 16}));
    out.push_back(descCopyNd(dt, {2, 3, 5, 6, 19}, {2, 2, 4, 4, 8}));
  }
  for (Dt dt : {Dt::F32, Dt::F16}) {
    out.push_back(descSum1d(dt, 1000, 256));
    out.push_back(descRowSum3d(dt, {7, 9, 40}, {4, 4, 16}));
  }
  // GEMMs through descriptors: swizzles of 32, 64 and 128 bytes (BK and BN
  // of 16, 32, 64 two-byte elements), B in one or two column blocks, one
  // and two warp groups, pipelines of 2 to 4 stages, ragged edges, and
  // rows not 16-byte aligned (expanded to pointer loads everywhere).
  const DescGemm gemms[] = {
      {Dt::F16, 128, 128, 128, 64, 64, 32, 4, 3, 16, 16},
      {Dt::BF16, 150, 96, 88, 64, 32, 32, 4, 2, 8, 16},
      {Dt::F16, 200, 264, 136, 128, 64, 32, 8, 3, 8, 8},
      {Dt::BF16, 256, 256, 256, 64, 128, 32, 4, 3, 16, 16},
      {Dt::F16, 64, 64, 48, 64, 64, 16, 4, 4, 16, 16},
      {Dt::F16, 100, 70, 33, 64, 64, 32, 4, 3, 0, 0},
  };
  for (const DescGemm &g : gemms)
    out.push_back(descMatmul(g));
  for (DescGemm g : gemms) {
    g.bTransposed = true;
    out.push_back(descMatmul(g));
  }
  // Three programs over twelve tiles: each runs the loop over K four times.
  DescGemm persistent = {Dt::F16, 200, 136, 96, 64, 64, 32, 4, 3, 16, 8};
  persistent.programs = 3;
  out.push_back(descMatmul(persistent));
  // The same flattened (flatten=True): one loop over (tile, K step) pairs;
  // more programs than tiles (some walk none); K = 0 (the nest runs as it
  // was: no flat steps).
  persistent.flatten = true;
  out.push_back(descMatmul(persistent));
  DescGemm idle = {Dt::BF16, 150, 96, 88, 64, 32, 32, 4, 2, 8, 16};
  idle.programs = 16;
  idle.flatten = true;
  out.push_back(descMatmul(idle));
  DescGemm empty = {Dt::F16, 128, 64, 0, 64, 64, 32, 4, 3, 16, 16};
  empty.programs = 2;
  empty.flatten = true;
  out.push_back(descMatmul(empty));
  // Two warp groups over rows that are a multiple of 128: A may be copied
  // in 64-row boxes (the grouped form of a reordered A).
  out.push_back(descMatmul({Dt::BF16, 384, 128, 96, 128, 64, 32, 8, 3, 16, 16}));
  // Three GEMMs of a batch through slices of A and B, ragged in M.
  out.push_back(descMatmulBatched(Dt::F16, 3, 80, 64, 96, 64, 64, 32, 4, 3));
}

} // namespace tessel::conformance
