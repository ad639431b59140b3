//===- GridCases.cpp - Grid cases -----------------------------------------===//
//
// Grids of one, two and three dimensions.
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

} // namespace

void addGridCases(std::vector<Case> &out) {
  const uint32_t grids[][3] = {{1, 1, 1}, {7, 1, 1}, {1, 6, 1},  {1, 1, 9},
                               {3, 5, 1}, {2, 3, 4}, {16, 2, 2}, {5, 1, 3}};
  for (auto &g : grids)
    out.push_back(gridIds(g[0], g[1], g[2]));
  for (uint32_t p : {1u, 3u, 24u, 40u})
    out.push_back(gridStride(p));
}

} // namespace tessel::conformance
