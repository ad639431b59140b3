//===- GridCases.cpp - Grid and descriptor cases --------------------------===//
//
// Grids of one, two and three dimensions, and tensor descriptors.
#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

Case gridIds(uint32_t x, uint32_t y, uint32_t z) {
  const size_t programs = size_t(x) * y * z;
  CaseBuilder b(makeId({"grid/ids", std::to_string(x) + "x" + std::to_string(y) + "x" +
                                        std::to_string(z)}),
                "grid.py", "grid_ids");
  b.addOutput("out", Dt::I32, programs * 6 + 3, Tolerance::exact());
  b.grid(x, y, z);
  b.reference([=](const std::vector<HostArray> &, std::vector<HostArray> &ex) {
    for (uint32_t k = 0; k < z; ++k)
      for (uint32_t j = 0; j < y; ++j)
        for (uint32_t i = 0; i < x; ++i) {
          const size_t base = ((size_t(k) * y + j) * x + i) * 6;
          const int64_t v[6] = {i, j, k, x, y, z};
          for (int f = 0; f < 6; ++f)
            ex[0].setI(base + f, v[f]);
        }
  });
  return b.build();
}

Case gridStride(uint32_t programs) {
  const int n = 3000, block = 128;
  CaseBuilder b(makeId({"grid/stride_loop", "programs=" + std::to_string(programs)}),
                "grid.py", "grid_stride");
  b.addInput("x", Dt::I32, n, Generator::ints(-1000, 1000));
  b.addOutput("out", Dt::I32, n + 9, Tolerance::exact());
  b.scalarI(Dt::I32, n).constant("BLOCK", block).grid(programs);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < n; ++i)
      ex[1].setI(i, in[0].intAt(i) + 1);
  });
  return b.build();
}

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

} // namespace

void addGridCases(std::vector<Case> &out) {
  const uint32_t grids[][3] = {{1, 1, 1}, {7, 1, 1}, {1, 6, 1},  {1, 1, 9},
                               {3, 5, 1}, {2, 3, 4}, {16, 2, 2}, {5, 1, 3}};
  for (auto &g : grids)
    out.push_back(gridIds(g[0], g[1], g[2]));
  for (uint32_t p : {1u, 3u, 24u, 40u})
    out.push_back(gridStride(p));
}

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
}

} // namespace tessel::conformance
