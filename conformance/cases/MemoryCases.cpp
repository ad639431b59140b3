//===- MemoryCases.cpp - Load and store cases -----------------------------===//
//
// Loads and stores: masks, `other`, strides, broadcasting, ragged edges and
// non-contiguous access, over every dtype where the access is type-generic.
#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "memory.py";

uint32_t cdiv(size_t a, size_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

Case maskedCopy(Dt dt, int n, int block) {
  CaseBuilder b(makeId({"memory/masked_copy", dtName(dt), "n=" + std::to_string(n)}),
                kSrc, "masked_copy");
  // dst is longer than n: a store past the mask's edge changes the sentinel.
  b.addInput("src", dt, n, dataGen(dt));
  b.addOutput("dst", dt, n + 37, Tolerance::exact());
  b.scalarI(Dt::I32, n).constant("BLOCK", block).grid(cdiv(n, block));
  b.reference([n](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < n; ++i)
      put(ex[1], i, in[0], i);
  });
  return b.build();
}

const char *otherLiteral(Dt dt) {
  if (dt == Dt::I1)
    return "True";
  return isFloat(dt) ? "2.5" : "7";
}

Case loadOther(Dt dt) {
  const int n = 200, block = 64, grid = 4;
  CaseBuilder b(makeId({"memory/load_other", dtName(dt)}), kSrc, "load_other");
  b.addInput("src", dt, n, dataGen(dt));
  b.addOutput("dst", dt, block * grid, Tolerance::exact());
  b.scalarI(Dt::I32, n)
      .constant("BLOCK", block)
      .constant("OTHER", otherLiteral(dt))
      .grid(grid);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < block * grid; ++i) {
      if (i < n)
        put(ex[1], i, in[0], i);
      else
        ex[1].setF(i, dt == Dt::I1 ? 1.0 : isFloat(dt) ? 2.5 : 7.0);
    }
  });
  return b.build();
}

Case strided(Dt dt, int stride, bool scatter) {
  const int n = 300, block = 128;
  CaseBuilder b(makeId({scatter ? "memory/strided_scatter" : "memory/strided_gather",
                        dtName(dt), "stride=" + std::to_string(stride)}),
                kSrc, scatter ? "strided_scatter" : "strided_gather");
  b.addInput("src", dt, scatter ? n : n * stride, dataGen(dt));
  b.addOutput("dst", dt, scatter ? n * stride : n + 5, Tolerance::exact());
  b.scalarI(Dt::I32, n)
      .scalarI(Dt::I32, stride)
      .constant("BLOCK", block)
      .grid(cdiv(n, block));
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < n; ++i) {
      if (scatter)
        put(ex[1], i * stride, in[0], i);
      else
        put(ex[1], i, in[0], i * stride);
    }
  });
  return b.build();
}

Case broadcast(Dt dt, bool row) {
  const int M = 37, N = 45, BM = 16, BN = 64;
  CaseBuilder b(makeId({row ? "memory/broadcast_row" : "memory/broadcast_col",
                        dtName(dt), "37x45"}),
                kSrc, row ? "broadcast_row" : "broadcast_col");
  b.addInput(row ? "row" : "col", dt, row ? N : M, dataGen(dt));
  b.addOutput("dst", dt, M * N + 11, Tolerance::exact());
  b.scalarI(Dt::I32, M)
      .scalarI(Dt::I32, N)
      .constant("BM", BM)
      .constant("BN", BN)
      .grid(cdiv(M, BM));
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j)
        put(ex[1], i * N + j, in[0], row ? j : i);
  });
  return b.build();
}

Case transpose(Dt dt, int M, int N) {
  const int BM = 16, BN = 32;
  CaseBuilder b(makeId({"memory/transpose2d", dtName(dt),
                        std::to_string(M) + "x" + std::to_string(N)}),
                kSrc, "transpose2d");
  b.addInput("src", dt, M * N, dataGen(dt));
  b.addOutput("dst", dt, M * N + 3, Tolerance::exact());
  b.scalarI(Dt::I32, M).scalarI(Dt::I32, N).constant("BM", BM).constant("BN", BN);
  b.grid(cdiv(M, BM), cdiv(N, BN));
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j)
        put(ex[1], j * M + i, in[0], i * N + j);
  });
  return b.build();
}

Case transOp(Dt dt) {
  const int M = 16, N = 32;
  CaseBuilder b(makeId({"memory/trans", dtName(dt), "16x32"}), kSrc, "trans_op");
  b.addInput("src", dt, M * N, dataGen(dt));
  b.addOutput("dst", dt, M * N, Tolerance::exact());
  b.constant("M", M).constant("N", N);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j)
        put(ex[1], j * M + i, in[0], i * N + j);
  });
  return b.build();
}

// A value every format represents exactly and that is not zero.
double scalarValue(Dt dt) {
  if (dt == Dt::I1)
    return 1;
  if (isFloat(dt))
    return -3.5;
  return dtInfo(dt).isSigned ? -99 : 201;
}

Case fillScalar(Dt dt) {
  const int n = 100, block = 64;
  CaseBuilder b(makeId({"memory/fill_scalar", dtName(dt)}), kSrc, "fill_scalar");
  b.addOutput("dst", dt, n + 20, Tolerance::exact());
  const double v = scalarValue(dt);
  b.scalar(dt, v).scalarI(Dt::I32, n).constant("BLOCK", block).grid(cdiv(n, block));
  b.reference([=](const std::vector<HostArray> &, std::vector<HostArray> &ex) {
    for (int i = 0; i < n; ++i)
      ex[0].setF(i, v);
  });
  return b.build();
}

Case reverse(Dt dt) {
  const int n = 333, block = 128;
  CaseBuilder b(makeId({"memory/reverse_copy", dtName(dt)}), kSrc, "reverse_copy");
  b.addInput("src", dt, n, dataGen(dt));
  b.addOutput("dst", dt, n + 9, Tolerance::exact());
  b.scalarI(Dt::I32, n).constant("BLOCK", block).grid(cdiv(n, block));
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < n; ++i)
      put(ex[1], i, in[0], n - 1 - i);
  });
  return b.build();
}

Case maskFromData(Dt dt) {
  const int n = 250, block = 64;
  CaseBuilder b(makeId({"memory/mask_from_data", dtName(dt)}), kSrc, "mask_from_data");
  b.addInput("src", dt, n, dataGen(dt));
  b.addInput("flags", Dt::I8, n, Generator::ints(0, 1));
  b.addOutput("dst", dt, n, Tolerance::exact());
  b.scalarI(Dt::I32, n).constant("BLOCK", block).grid(cdiv(n, block));
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < n; ++i)
      if (in[1].intAt(i) != 0)
        put(ex[2], i, in[0], i);
  });
  return b.build();
}

Case reshapeCopy(Dt dt) {
  const int M = 8, N = 16;
  CaseBuilder b(makeId({"memory/reshape", dtName(dt), "128->8x16"}), kSrc,
                "reshape_copy");
  b.addInput("src", dt, M * N, dataGen(dt));
  b.addOutput("dst", dt, M * N, Tolerance::exact());
  b.constant("M", M).constant("N", N);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < M * N; ++i)
      put(ex[1], i, in[0], i);
  });
  return b.build();
}

Case copy3d(Dt dt) {
  const int A = 3, B = 5, C = 7;
  CaseBuilder b(makeId({"memory/copy3d", dtName(dt), "3x5x7"}), kSrc, "copy3d");
  b.addInput("src", dt, A * B * C, dataGen(dt));
  b.addOutput("dst", dt, A * B * C + 13, Tolerance::exact());
  b.scalarI(Dt::I32, A).scalarI(Dt::I32, B).scalarI(Dt::I32, C);
  b.constant("BA", 4).constant("BB", 8).constant("BC", 8);
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < A * B * C; ++i)
      put(ex[1], i, in[0], i);
  });
  return b.build();
}

// Element offsets past 2**31, in an int8 buffer (the smallest that has
// 2**31 elements: 2 GiB). The window of kSpan elements straddles 2**31, so
// offsets just below and just above it are both used; an offset truncated
// to 32 bits lands 2 GiB away from where it should.
constexpr int64_t kPast2g = int64_t(1) << 31;
constexpr int kSpan = 4096, kSpanBlock = 512;

Case loadPast2g() {
  const int64_t base = kPast2g - kSpan / 2;
  CaseBuilder b("memory/int64_index/load/i8", kSrc, "load_past_2g");
  b.addInput("src", Dt::I8, size_t(kPast2g) + kSpan, Generator::randomBits());
  b.addOutput("dst", Dt::I8, kSpan + 16, Tolerance::exact());
  b.scalarI(Dt::I64, base).scalarI(Dt::I32, kSpan);
  b.constant("BLOCK", kSpanBlock).grid(cdiv(kSpan, kSpanBlock));
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int i = 0; i < kSpan; ++i)
      put(ex[1], i, in[0], size_t(base) + i);
  });
  return b.build();
}

Case storePast2g() {
  const int64_t base = kPast2g - kSpan / 2, end = base + kSpan - 5;
  CaseBuilder b("memory/int64_index/store/i8", kSrc, "store_past_2g");
  b.addInput("src", Dt::I8, kSpan, Generator::randomBits());
  b.addOutput("dst", Dt::I8, size_t(kPast2g) + kSpan, Tolerance::exact());
  b.scalarI(Dt::I64, base).scalarI(Dt::I64, end);
  b.constant("BLOCK", kSpanBlock).grid(cdiv(kSpan, kSpanBlock));
  b.reference([=](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (int64_t i = base; i < end; ++i)
      put(ex[1], size_t(i), in[0], size_t(i - base));
  });
  return b.build();
}

} // namespace

void addMemoryCases(std::vector<Case> &out) {
  for (Dt dt : allDtypes()) {
    out.push_back(maskedCopy(dt, 1000, 256));
    out.push_back(loadOther(dt));
    out.push_back(fillScalar(dt));
  }
  for (int n : {1, 255, 256, 4097})
    out.push_back(maskedCopy(Dt::F32, n, 256));
  for (Dt dt : {Dt::I8, Dt::I32, Dt::F16, Dt::BF16, Dt::F64})
    out.push_back(strided(dt, 3, false));
  for (int s : {2, 7})
    out.push_back(strided(Dt::F32, s, false));
  for (Dt dt : {Dt::I16, Dt::F32, Dt::U64})
    out.push_back(strided(dt, 2, true));
  for (Dt dt : {Dt::F32, Dt::I8, Dt::BF16}) {
    out.push_back(broadcast(dt, true));
    out.push_back(broadcast(dt, false));
  }
  for (Dt dt : {Dt::F32, Dt::F16, Dt::I64, Dt::U8}) {
    out.push_back(transpose(dt, 33, 17));
    out.push_back(transpose(dt, 5, 70));
  }
  out.push_back(transpose(Dt::F32, 64, 64));
  for (Dt dt : {Dt::F32, Dt::I32}) {
    out.push_back(transOp(dt));
    out.push_back(maskFromData(dt));
  }
  for (Dt dt : {Dt::F32, Dt::I16}) {
    out.push_back(reverse(dt));
    out.push_back(copy3d(dt));
  }
  out.push_back(loadPast2g());
  out.push_back(storePast2g());
  out.push_back(reshapeCopy(Dt::F32));
}

} // namespace tessel::conformance
