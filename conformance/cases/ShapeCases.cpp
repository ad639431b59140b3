//===- ShapeCases.cpp - Data movement inside tiles ------------------------===//
//
// tl.gather, tl.sort, tl.flip, tl.join / tl.interleave / tl.split and
// tl.histogram: every result is a permutation or a count of the inputs, so
// every comparison is exact.
#include <algorithm>
#include <functional>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "shape.py";

Case gather1d(Dt dt) {
  constexpr int kBlock = 128;
  CaseBuilder b(makeId({"shape/gather/1d", dtName(dt)}), kSrc, "gather1d");
  b.addInput("x", dt, kBlock, dataGen(dt));
  b.addInput("idx", Dt::I32, kBlock, Generator::ints(0, kBlock - 1));
  b.addOutput("out", dt, kBlock + 4, Tolerance::exact());
  b.constant("BLOCK", kBlock).grid(1);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kBlock; ++i)
      put(ex[2], i, in[0], static_cast<size_t>(in[1].intAt(i)));
  });
  return b.build();
}

Case gather2d(Dt dt) {
  constexpr int M = 8, N = 32, K = 16;
  CaseBuilder b(makeId({"shape/gather/axis=1", dtName(dt)}), kSrc, "gather2d");
  b.addInput("x", dt, M * N, dataGen(dt));
  b.addInput("idx", Dt::I32, M * K, Generator::ints(0, N - 1));
  b.addOutput("out", dt, M * K + 4, Tolerance::exact());
  b.constant("M", M).constant("N", N).constant("K", K).grid(1);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t m = 0; m < M; ++m)
      for (size_t k = 0; k < K; ++k)
        put(ex[2], m * K + k, in[0],
            m * N + static_cast<size_t>(in[1].intAt(m * K + k)));
  });
  return b.build();
}

Case sortRows(Dt dt, bool descending) {
  constexpr int M = 4, N = 128;
  CaseBuilder b(
      makeId({"shape/sort", descending ? "descending" : "ascending", dtName(dt)}), kSrc,
      "sort_rows");
  b.addInput("x", dt, M * N, dataGen(dt));
  b.addOutput("out", dt, M * N + 4, Tolerance::exact());
  b.constant("M", M).constant("N", N).constant("DESCENDING",
                                               descending ? "True" : "False");
  b.grid(1);
  b.reference(
      [descending](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
        const bool isFloat = dtInfo(in[0].dt()).isFloat;
        for (size_t m = 0; m < M; ++m) {
          std::vector<size_t> order(N);
          for (size_t i = 0; i < N; ++i)
            order[i] = m * N + i;
          std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t c) {
            bool less = isFloat ? in[0].floatAt(a) < in[0].floatAt(c)
                                : in[0].intAt(a) < in[0].intAt(c);
            bool greater = isFloat ? in[0].floatAt(a) > in[0].floatAt(c)
                                   : in[0].intAt(a) > in[0].intAt(c);
            return descending ? greater : less;
          });
          for (size_t i = 0; i < N; ++i)
            put(ex[1], m * N + i, in[0], order[i]);
        }
      });
  return b.build();
}

Case flip2d(Dt dt, int dim) {
  constexpr int M = 4, N = 64;
  CaseBuilder b(makeId({"shape/flip", "dim=" + std::to_string(dim), dtName(dt)}), kSrc,
                "flip2d");
  b.addInput("x", dt, M * N, dataGen(dt));
  b.addOutput("out", dt, M * N + 4, Tolerance::exact());
  b.constant("M", M).constant("N", N).constant("DIM", dim).grid(1);
  b.reference([dim](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t m = 0; m < M; ++m)
      for (size_t n = 0; n < N; ++n)
        put(ex[1], m * N + n, in[0],
            dim == 0 ? (M - 1 - m) * N + n : m * N + (N - 1 - n));
  });
  return b.build();
}

Case joinSplit(Dt dt) {
  constexpr int kBlock = 64;
  CaseBuilder b(makeId({"shape/join_split", dtName(dt)}), kSrc, "join_split");
  b.addInput("a", dt, kBlock, dataGen(dt));
  b.addInput("b", dt, kBlock, dataGen(dt));
  b.addOutput("ab", dt, 2 * kBlock + 4, Tolerance::exact());
  b.addOutput("a2", dt, kBlock + 4, Tolerance::exact());
  b.addOutput("b2", dt, kBlock + 4, Tolerance::exact());
  b.constant("BLOCK", kBlock).grid(1);
  b.reference([](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kBlock; ++i) {
      put(ex[2], 2 * i, in[0], i);
      put(ex[2], 2 * i + 1, in[1], i);
      // split of interleave(b, a): the first half is b, the second a
      put(ex[3], i, in[1], i);
      put(ex[4], i, in[0], i);
    }
  });
  return b.build();
}

Case histogram(int n) {
  constexpr int kBlock = 256, kBins = 16;
  CaseBuilder b(makeId({"shape/histogram", "n=" + std::to_string(n)}), kSrc,
                "histogram");
  b.addInput("x", Dt::I32, kBlock, Generator::ints(0, kBins - 1));
  b.addOutput("out", Dt::I32, kBins + 4, Tolerance::exact());
  b.scalarI(Dt::I32, n).constant("BLOCK", kBlock).constant("BINS", kBins).grid(1);
  b.reference([n](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    std::vector<int64_t> counts(kBins, 0);
    for (int i = 0; i < n; ++i)
      ++counts[static_cast<size_t>(in[0].intAt(i))];
    for (size_t k = 0; k < kBins; ++k)
      ex[1].setI(k, counts[k]);
  });
  return b.build();
}

} // namespace

void addShapeCases(std::vector<Case> &out) {
  for (Dt dt : {Dt::F32, Dt::F16, Dt::I32, Dt::I64}) {
    out.push_back(gather1d(dt));
    out.push_back(gather2d(dt));
    out.push_back(flip2d(dt, 0));
    out.push_back(flip2d(dt, 1));
    out.push_back(joinSplit(dt));
  }
  for (Dt dt : {Dt::F32, Dt::I32, Dt::U32})
    for (bool descending : {false, true})
      out.push_back(sortRows(dt, descending));
  for (int n : {256, 200})
    out.push_back(histogram(n));
}

} // namespace tessel::conformance
