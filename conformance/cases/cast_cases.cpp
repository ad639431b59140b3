// Conversions: integer widening and narrowing (sign or zero extension by
// the source's signedness, truncation), integer to float (round to nearest
// even), float to integer (truncation toward zero, in range), float to float
// (round to nearest even), to and from i1, and bit casts.
#include <cmath>

#include "conformance/cases/family_util.h"
#include "conformance/cases/registry.h"

namespace tessel::conformance {
namespace {

constexpr const char* kSrc = "cast.py";
constexpr int kN = 300, kBlock = 128;

// Source values that every destination represents or rounds meaningfully.
Generator SourceGen(Dt src, Dt dst) {
  if (src == Dt::I1) return Generator::Bool();
  if (dst == Dt::I1) return Generator::Ints(-2, 2);  // zeros are common
  if (IsFloat(src) && IsInt(dst)) {
    // In range of the destination: out-of-range conversions are undefined.
    if (Info(dst).is_signed) return Generator::Uniform(Info(dst).bits == 8 ? -120 : -30000,
                                                       Info(dst).bits == 8 ? 120 : 30000);
    return Generator::Uniform(0, Info(dst).bits == 8 ? 250 : 60000);
  }
  if (IsInt(src) && IsFloat(dst) && Info(src).bits == 64)
    return Generator::Ints(-(int64_t(1) << 40), int64_t(1) << 40);  // exact in a double
  if (IsFloat(src) && IsFloat(dst)) {
    // Within the smaller format's range.
    double lim = std::min(IsFp8(src) || IsFp8(dst) ? 200.0 : 6e4,
                          std::min(MaxFinite(src), MaxFinite(dst)) / 2);
    return Generator::Uniform(-lim, lim);
  }
  return DataGen(src);
}

Case Cast(Dt src, Dt dst) {
  CaseBuilder b(Id({"cast", std::string(Name(src)) + "->" + Name(dst)}), kSrc, "cast");
  b.In("x", src, kN, SourceGen(src, dst));
  b.Out("out", dst, kN + 5, CorrectlyRounded(dst));
  b.ScalarI(Dt::I32, kN).Const("DST", Info(dst).tl).Const("BLOCK", kBlock).Grid(3);
  b.Ref([src, dst](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    const HostArray& x = in[0];
    for (size_t i = 0; i < kN; ++i) {
      if (dst == Dt::I1) {
        ex[1].SetBits(i, IsFloat(src) ? x.F(i) != 0 : x.U(i) != 0);
      } else if (IsFloat(dst)) {
        ex[1].SetF(i, x.F(i));  // exact value; the tolerance allows RNE
      } else if (IsFloat(src)) {
        ex[1].SetI(i, static_cast<int64_t>(std::trunc(x.F(i))));
      } else {
        // Integer to integer: extend by the source's signedness, truncate.
        ex[1].SetBits(i, Info(src).is_signed ? static_cast<uint64_t>(x.I(i)) : x.U(i));
      }
    }
  });
  return b.Build();
}

Case Bitcast(Dt src, Dt dst) {
  CaseBuilder b(Id({"cast/bitcast", std::string(Name(src)) + "->" + Name(dst)}), kSrc,
                "bitcast");
  b.In("x", src, kN, IsFloat(src) ? Generator::Uniform(-1e4, 1e4) : Generator::Bits());
  b.Out("out", dst, kN + 5, Tolerance::Exact());
  b.ScalarI(Dt::I32, kN).Const("DST", Info(dst).tl).Const("BLOCK", kBlock).Grid(3);
  b.Ref([dst](const std::vector<HostArray>& in, std::vector<HostArray>& ex) {
    for (size_t i = 0; i < kN; ++i) {
      // Float expectations are held as fp64 values: decode the same bits.
      if (IsFloat(dst))
        ex[1].SetF(i, DecodeFloat(dst, in[0].Bits(i)));
      else
        ex[1].SetBits(i, in[0].Bits(i));
    }
  });
  return b.Build();
}

}  // namespace

void AddCastCases(std::vector<Case>& out) {
  const std::vector<Dt> ints = {Dt::I8, Dt::I16, Dt::I32, Dt::I64, Dt::U8, Dt::U32, Dt::U64};
  const std::vector<Dt> floats = {Dt::F16, Dt::BF16, Dt::F32, Dt::F64};
  for (Dt s : ints)
    for (Dt d : ints)
      if (s != d && (Info(s).bits != Info(d).bits || Info(s).is_signed != Info(d).is_signed))
        if (s == Dt::I32 || d == Dt::I32 || s == Dt::I64 || d == Dt::I64 || s == Dt::U8)
          out.push_back(Cast(s, d));
  for (Dt s : {Dt::I8, Dt::I32, Dt::I64, Dt::U8, Dt::U32, Dt::U64})
    for (Dt d : floats) out.push_back(Cast(s, d));
  for (Dt s : floats)
    for (Dt d : {Dt::I8, Dt::I32, Dt::I64, Dt::U8, Dt::U32}) out.push_back(Cast(s, d));
  for (Dt s : floats)
    for (Dt d : floats)
      if (s != d) out.push_back(Cast(s, d));
  for (Dt d : {Dt::I32, Dt::F32, Dt::I8}) out.push_back(Cast(Dt::I1, d));
  for (Dt s : {Dt::I32, Dt::F32, Dt::U8}) out.push_back(Cast(s, Dt::I1));
  for (Dt f8 : {Dt::F8E4M3, Dt::F8E5M2}) {
    out.push_back(Cast(f8, Dt::F32));
    out.push_back(Cast(Dt::F32, f8));
    out.push_back(Cast(f8, Dt::F16));
  }
  out.push_back(Bitcast(Dt::F32, Dt::I32));
  out.push_back(Bitcast(Dt::I16, Dt::F16));
  out.push_back(Bitcast(Dt::BF16, Dt::U16));
}

}  // namespace tessel::conformance
