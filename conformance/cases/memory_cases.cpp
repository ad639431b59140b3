// Loads and stores: masks, `other`, strides, broadcasting, ragged edges and
// non-contiguous access, over every dtype where the access is type-generic.
#include "conformance/cases/family_util.h"
#include "conformance/cases/registry.h"

namespace tessel::conformance {
namespace {

constexpr const char* kSrc = "memory.py";

uint32_t Cdiv(size_t a, size_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

Case MaskedCopy(Dt dt, int n, int block) {
  CaseBuilder b(Id({"memory/masked_copy", Name(dt), "n=" + std::to_string(n)}), kSrc,
                "masked_copy");
  // dst is longer than n: a store past the mask's edge changes the sentinel.
  b.In("src", dt, n, DataGen(dt));
  b.Out("dst", dt, n + 37, Tolerance::Exact());
  b.ScalarI(Dt::I32, n).Const("BLOCK", block).Grid(Cdiv(n, block));
  b.Ref([n](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < n; ++i) Put(ex[1], i, in[0], i);
  });
  return b.Build();
}

const char* OtherLiteral(Dt dt) {
  if (dt == Dt::I1) return "True";
  return IsFloat(dt) ? "2.5" : "7";
}

Case LoadOther(Dt dt) {
  const int n = 200, block = 64, grid = 4;
  CaseBuilder b(Id({"memory/load_other", Name(dt)}), kSrc, "load_other");
  b.In("src", dt, n, DataGen(dt));
  b.Out("dst", dt, block * grid, Tolerance::Exact());
  b.ScalarI(Dt::I32, n).Const("BLOCK", block).Const("OTHER", OtherLiteral(dt)).Grid(grid);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < block * grid; ++i) {
      if (i < n)
        Put(ex[1], i, in[0], i);
      else
        ex[1].SetF(i, dt == Dt::I1 ? 1.0 : IsFloat(dt) ? 2.5 : 7.0);
    }
  });
  return b.Build();
}

Case Strided(Dt dt, int stride, bool scatter) {
  const int n = 300, block = 128;
  CaseBuilder b(Id({scatter ? "memory/strided_scatter" : "memory/strided_gather", Name(dt),
                    "stride=" + std::to_string(stride)}),
                kSrc, scatter ? "strided_scatter" : "strided_gather");
  b.In("src", dt, scatter ? n : n * stride, DataGen(dt));
  b.Out("dst", dt, scatter ? n * stride : n + 5, Tolerance::Exact());
  b.ScalarI(Dt::I32, n).ScalarI(Dt::I32, stride).Const("BLOCK", block).Grid(Cdiv(n, block));
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < n; ++i) {
      if (scatter)
        Put(ex[1], i * stride, in[0], i);
      else
        Put(ex[1], i, in[0], i * stride);
    }
  });
  return b.Build();
}

Case Broadcast(Dt dt, bool row) {
  const int M = 37, N = 45, BM = 16, BN = 64;
  CaseBuilder b(Id({row ? "memory/broadcast_row" : "memory/broadcast_col", Name(dt),
                    "37x45"}),
                kSrc, row ? "broadcast_row" : "broadcast_col");
  b.In(row ? "row" : "col", dt, row ? N : M, DataGen(dt));
  b.Out("dst", dt, M * N + 11, Tolerance::Exact());
  b.ScalarI(Dt::I32, M).ScalarI(Dt::I32, N).Const("BM", BM).Const("BN", BN).Grid(Cdiv(M, BM));
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) Put(ex[1], i * N + j, in[0], row ? j : i);
  });
  return b.Build();
}

Case Transpose(Dt dt, int M, int N) {
  const int BM = 16, BN = 32;
  CaseBuilder b(Id({"memory/transpose2d", Name(dt),
                    std::to_string(M) + "x" + std::to_string(N)}),
                kSrc, "transpose2d");
  b.In("src", dt, M * N, DataGen(dt));
  b.Out("dst", dt, M * N + 3, Tolerance::Exact());
  b.ScalarI(Dt::I32, M).ScalarI(Dt::I32, N).Const("BM", BM).Const("BN", BN);
  b.Grid(Cdiv(M, BM), Cdiv(N, BN));
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) Put(ex[1], j * M + i, in[0], i * N + j);
  });
  return b.Build();
}

Case TransOp(Dt dt) {
  const int M = 16, N = 32;
  CaseBuilder b(Id({"memory/trans", Name(dt), "16x32"}), kSrc, "trans_op");
  b.In("src", dt, M * N, DataGen(dt));
  b.Out("dst", dt, M * N, Tolerance::Exact());
  b.Const("M", M).Const("N", N);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) Put(ex[1], j * M + i, in[0], i * N + j);
  });
  return b.Build();
}

// A value every format represents exactly and that is not zero.
double ScalarValue(Dt dt) {
  if (dt == Dt::I1) return 1;
  if (IsFloat(dt)) return -3.5;
  return Info(dt).is_signed ? -99 : 201;
}

Case FillScalar(Dt dt) {
  const int n = 100, block = 64;
  CaseBuilder b(Id({"memory/fill_scalar", Name(dt)}), kSrc, "fill_scalar");
  b.Out("dst", dt, n + 20, Tolerance::Exact());
  const double v = ScalarValue(dt);
  b.Scalar(dt, v).ScalarI(Dt::I32, n).Const("BLOCK", block).Grid(Cdiv(n, block));
  b.Ref([=](const std::vector<HostArray>&, std::vector<HostArray>& ex) {
    for (int i = 0; i < n; ++i) ex[0].SetF(i, v);
  });
  return b.Build();
}

Case Reverse(Dt dt) {
  const int n = 333, block = 128;
  CaseBuilder b(Id({"memory/reverse_copy", Name(dt)}), kSrc, "reverse_copy");
  b.In("src", dt, n, DataGen(dt));
  b.Out("dst", dt, n + 9, Tolerance::Exact());
  b.ScalarI(Dt::I32, n).Const("BLOCK", block).Grid(Cdiv(n, block));
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < n; ++i) Put(ex[1], i, in[0], n - 1 - i);
  });
  return b.Build();
}

Case MaskFromData(Dt dt) {
  const int n = 250, block = 64;
  CaseBuilder b(Id({"memory/mask_from_data", Name(dt)}), kSrc, "mask_from_data");
  b.In("src", dt, n, DataGen(dt));
  b.In("flags", Dt::I8, n, Generator::Ints(0, 1));
  b.Out("dst", dt, n, Tolerance::Exact());
  b.ScalarI(Dt::I32, n).Const("BLOCK", block).Grid(Cdiv(n, block));
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < n; ++i)
      if (in[1].I(i) != 0) Put(ex[2], i, in[0], i);
  });
  return b.Build();
}

Case ReshapeCopy(Dt dt) {
  const int M = 8, N = 16;
  CaseBuilder b(Id({"memory/reshape", Name(dt), "128->8x16"}), kSrc, "reshape_copy");
  b.In("src", dt, M * N, DataGen(dt));
  b.Out("dst", dt, M * N, Tolerance::Exact());
  b.Const("M", M).Const("N", N);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < M * N; ++i) Put(ex[1], i, in[0], i);
  });
  return b.Build();
}

Case Copy3d(Dt dt) {
  const int A = 3, B = 5, C = 7;
  CaseBuilder b(Id({"memory/copy3d", Name(dt), "3x5x7"}), kSrc, "copy3d");
  b.In("src", dt, A * B * C, DataGen(dt));
  b.Out("dst", dt, A * B * C + 13, Tolerance::Exact());
  b.ScalarI(Dt::I32, A).ScalarI(Dt::I32, B).ScalarI(Dt::I32, C);
  b.Const("BA", 4).Const("BB", 8).Const("BC", 8);
  b.Ref([=](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (int i = 0; i < A * B * C; ++i) Put(ex[1], i, in[0], i);
  });
  return b.Build();
}

}  // namespace

void AddMemoryCases(std::vector<Case>& out) {
  for (Dt dt : AllDtypes()) {
    out.push_back(MaskedCopy(dt, 1000, 256));
    out.push_back(LoadOther(dt));
    out.push_back(FillScalar(dt));
  }
  for (int n : {1, 255, 256, 4097}) out.push_back(MaskedCopy(Dt::F32, n, 256));
  for (Dt dt : {Dt::I8, Dt::I32, Dt::F16, Dt::BF16, Dt::F64}) out.push_back(Strided(dt, 3, false));
  for (int s : {2, 7}) out.push_back(Strided(Dt::F32, s, false));
  for (Dt dt : {Dt::I16, Dt::F32, Dt::U64}) out.push_back(Strided(dt, 2, true));
  for (Dt dt : {Dt::F32, Dt::I8, Dt::BF16}) {
    out.push_back(Broadcast(dt, true));
    out.push_back(Broadcast(dt, false));
  }
  for (Dt dt : {Dt::F32, Dt::F16, Dt::I64, Dt::U8}) {
    out.push_back(Transpose(dt, 33, 17));
    out.push_back(Transpose(dt, 5, 70));
  }
  out.push_back(Transpose(Dt::F32, 64, 64));
  for (Dt dt : {Dt::F32, Dt::I32}) {
    out.push_back(TransOp(dt));
    out.push_back(MaskFromData(dt));
  }
  for (Dt dt : {Dt::F32, Dt::I16}) {
    out.push_back(Reverse(dt));
    out.push_back(Copy3d(dt));
  }
  out.push_back(ReshapeCopy(Dt::F32));
}

}  // namespace tessel::conformance
