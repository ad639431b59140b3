//===- BlockPtrCases.cpp - Block pointers -----------------------------------===//
//
// tl.make_block_ptr and tl.advance: a strided copy whose edge blocks the
// boundary checks clip (the elements between the rows and past the matrix
// must stay untouched), a reduction over advancing blocks with zero
// padding, a load in column-major order (a transpose), and NaN padding.
#include <cmath>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "block_ptr.py";
constexpr int kBM = 16, kBN = 32;

int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

Case copy(Dt dt, int64_t M, int64_t N) {
  const int64_t stride = N + 3;
  CaseBuilder b(makeId({"memory/block_ptr/copy", dtName(dt),
                        std::to_string(M) + "x" + std::to_string(N)}),
                kSrc, "bp_copy");
  b.addInput("x", dt, M * stride, dataGen(dt));
  b.addOutput("out", dt, M * stride + 8, Tolerance::exact());
  b.scalarI(Dt::I32, M).scalarI(Dt::I32, N).scalarI(Dt::I32, stride);
  b.constant("BM", kBM).constant("BN", kBN);
  b.grid(cdiv(M, kBM), cdiv(N, kBN));
  b.reference(
      [M, N, stride](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
        for (int64_t m = 0; m < M; ++m)
          for (int64_t n = 0; n < N; ++n)
            put(ex[1], m * stride + n, in[0], m * stride + n);
      });
  return b.build();
}

Case rowSum(int64_t M, int64_t N) {
  CaseBuilder b(makeId({"memory/block_ptr/advance_row_sum",
                        std::to_string(M) + "x" + std::to_string(N)}),
                kSrc, "bp_row_sum");
  b.addInput("x", Dt::I32, M * N, Generator::ints(-1000, 1000));
  b.addOutput("out", Dt::I32, M + 4, Tolerance::exact());
  b.scalarI(Dt::I32, M).scalarI(Dt::I32, N).constant("BM", kBM).constant("BN", kBN);
  b.grid(cdiv(M, kBM));
  b.reference([M, N](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int64_t m = 0; m < M; ++m) {
      int64_t s = 0;
      for (int64_t n = 0; n < N; ++n)
        s += in[0].intAt(m * N + n);
      ex[1].setI(m, s);
    }
  });
  return b.build();
}

Case transpose(Dt dt, int64_t M, int64_t N) {
  CaseBuilder b(makeId({"memory/block_ptr/transpose", dtName(dt),
                        std::to_string(M) + "x" + std::to_string(N)}),
                kSrc, "bp_transpose");
  b.addInput("x", dt, M * N, dataGen(dt));
  b.addOutput("out", dt, M * N + 8, Tolerance::exact());
  b.scalarI(Dt::I32, M).scalarI(Dt::I32, N).constant("BM", kBM).constant("BN", kBN);
  b.grid(cdiv(N, kBN), cdiv(M, kBM));
  b.reference([M, N](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n)
        put(ex[1], n * M + m, in[0], m * N + n);
  });
  return b.build();
}

Case padNan(int64_t N) {
  CaseBuilder b(makeId({"memory/block_ptr/pad_nan", "n=" + std::to_string(N)}), kSrc,
                "bp_pad_nan");
  b.addInput("x", Dt::F32, N, dataGen(Dt::F32));
  const int64_t programs = cdiv(N, kBN);
  b.addOutput("out", Dt::F32, programs * kBN + 4, Tolerance::exact());
  b.scalarI(Dt::I32, N).constant("BN", kBN).grid(programs);
  b.reference(
      [N, programs](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
        for (int64_t i = 0; i < programs * kBN; ++i)
          ex[1].setF(i, i < N ? in[0].floatAt(i) : std::nan(""));
      });
  return b.build();
}

} // namespace

void addBlockPtrCases(std::vector<Case> &out) {
  for (Dt dt : {Dt::F32, Dt::F16, Dt::I8, Dt::I64}) {
    out.push_back(copy(dt, 50, 70));
    out.push_back(transpose(dt, 40, 70));
  }
  out.push_back(copy(Dt::F32, 64, 64));
  for (auto [M, N] : {std::pair<int64_t, int64_t>{40, 100}, {32, 64}})
    out.push_back(rowSum(M, N));
  for (int64_t n : {100, 96})
    out.push_back(padNan(n));
}

} // namespace tessel::conformance
