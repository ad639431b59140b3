// Grids of one, two and three dimensions, and tensor descriptors.
#include "conformance/cases/family_util.h"
#include "conformance/cases/registry.h"

namespace tessel::conformance {
namespace {

Case GridIds(uint32_t x, uint32_t y, uint32_t z) {
  const size_t programs = size_t(x) * y * z;
  CaseBuilder b(Id({"grid/ids", std::to_string(x) + "x" + std::to_string(y) + "x" +
                                    std::to_string(z)}),
                "grid.py", "grid_ids");
  b.Out("out", Dt::I32, programs * 6 + 3, Tolerance::Exact());
  b.Grid(x, y, z);
  b.Ref([=](const std::vector<HostArray>&, std::vector<HostArray>& ex) {
    for (uint32_t k = 0; k < z; ++k)
      for (uint32_t j = 0; j < y; ++j)
        for (uint32_t i = 0; i < x; ++i) {
          const size_t base = ((size_t(k) * y + j) * x + i) * 6;
          const int64_t v[6] = {i, j, k, x, y, z};
          for (int f = 0; f < 6; ++f) ex[0].SetI(base + f, v[f]);
        }
  });
  return b.Build();
}

Case GridStride(uint32_t programs) {
  const int n = 3000, block = 128;
  CaseBuilder b(Id({"grid/stride_loop", "programs=" + std::to_string(programs)}), "grid.py",
                "grid_stride");
  b.In("x", Dt::I32, n, Generator::Ints(-1000, 1000));
  b.Out("out", Dt::I32, n + 9, Tolerance::Exact());
  b.ScalarI(Dt::I32, n).Const("BLOCK", block).Grid(programs);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < n; ++i) ex[1].SetI(i, in[0].I(i) + 1);
  });
  return b.Build();
}

Case DescCopy(Dt dt, int M, int N) {
  const int BM = 16, BN = 16;
  CaseBuilder b(Id({"descriptor/copy", Name(dt), std::to_string(M) + "x" + std::to_string(N)}),
                "descriptors.py", "desc_copy");
  b.In("src", dt, M * N, DataGen(dt));
  b.Out("dst", dt, M * N + 16, Tolerance::Exact());
  b.ScalarI(Dt::I32, M).ScalarI(Dt::I32, N).Const("BM", BM).Const("BN", BN);
  b.Grid((M + BM - 1) / BM, (N + BN - 1) / BN).Needs("tensor_descriptors");
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < M * N; ++i) Put(ex[1], i, in[0], i);
  });
  return b.Build();
}

Case DescRowSum(Dt dt, int M, int N) {
  const int BM = 16, BN = 32;
  CaseBuilder b(Id({"descriptor/row_sum", Name(dt), std::to_string(M) + "x" + std::to_string(N)}),
                "descriptors.py", "desc_row_sum");
  b.In("src", dt, M * N, Generator::Uniform(-4, 4));
  b.Out("out", Dt::F32, M + 3, Tolerance::RelNorm(1e-5));
  b.ScalarI(Dt::I32, M).ScalarI(Dt::I32, N).Const("BM", BM).Const("BN", BN);
  b.Grid((M + BM - 1) / BM).Needs("tensor_descriptors");
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < M; ++i) {
      double s = 0;
      for (int j = 0; j < N; ++j) s += in[0].F(i * N + j);
      ex[1].SetF(i, s);
    }
  });
  return b.Build();
}

}  // namespace

void AddGridCases(std::vector<Case>& out) {
  const uint32_t grids[][3] = {{1, 1, 1}, {7, 1, 1}, {1, 6, 1}, {1, 1, 9},
                               {3, 5, 1}, {2, 3, 4}, {16, 2, 2}, {5, 1, 3}};
  for (auto& g : grids) out.push_back(GridIds(g[0], g[1], g[2]));
  for (uint32_t p : {1u, 3u, 24u, 40u}) out.push_back(GridStride(p));
}

void AddDescriptorCases(std::vector<Case>& out) {
  for (Dt dt : {Dt::F32, Dt::F16, Dt::BF16, Dt::I32, Dt::I8, Dt::F64}) {
    out.push_back(DescCopy(dt, 33, 17));
    out.push_back(DescCopy(dt, 64, 32));
  }
  for (Dt dt : {Dt::F32, Dt::F16}) {
    out.push_back(DescRowSum(dt, 40, 100));
    out.push_back(DescRowSum(dt, 16, 32));
  }
}

}  // namespace tessel::conformance
