//===- CastCases.cpp - Conversion cases -----------------------------------===//
//
// Conversions: integer widening and narrowing (sign or zero extension by
// the source's signedness, truncation), integer to float (round to nearest
// even), float to integer (truncation toward zero, in range), float to float
// (round to nearest even), to and from i1, and bit casts.
#include <cmath>

#include "conformance/cases/FamilyUtil.h"
#include "conformance/cases/Registry.h"

namespace tessel::conformance {
namespace {

constexpr const char *kSrc = "cast.py";
constexpr int kN = 300, kBlock = 128;

// Source values that every destination represents or rounds meaningfully.
Generator sourceGen(Dt src, Dt dst) {
  if (src == Dt::I1)
    return Generator::boolean();
  if (dst == Dt::I1)
    return Generator::ints(-2, 2); // zeros are common
  if (isFloat(src) && isInteger(dst)) {
    // In range of the destination: out-of-range conversions are undefined.
    if (dtInfo(dst).isSigned)
      return Generator::uniform(dtInfo(dst).bits == 8 ? -120 : -30000,
                                dtInfo(dst).bits == 8 ? 120 : 30000);
    return Generator::uniform(0, dtInfo(dst).bits == 8 ? 250 : 60000);
  }
  if (isInteger(src) && isFloat(dst) && dtInfo(src).bits == 64)
    return Generator::ints(-(int64_t(1) << 40), int64_t(1) << 40); // exact in a double
  if (isFloat(src) && isFloat(dst)) {
    // Within the smaller format's range.
    double lim = std::min(isFp8(src) || isFp8(dst) ? 200.0 : 6e4,
                          std::min(largestFinite(src), largestFinite(dst)) / 2);
    return Generator::uniform(-lim, lim);
  }
  return dataGen(src);
}

Case cast(Dt src, Dt dst) {
  CaseBuilder b(makeId({"cast", std::string(dtName(src)) + "->" + dtName(dst)}), kSrc,
                "cast");
  b.addInput("x", src, kN, sourceGen(src, dst));
  b.addOutput("out", dst, kN + 5, correctlyRounded(dst));
  b.scalarI(Dt::I32, kN)
      .constant("DST", dtInfo(dst).tl)
      .constant("BLOCK", kBlock)
      .grid(3);
  b.reference([src, dst](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    const HostArray &x = in[0];
    for (size_t i = 0; i < kN; ++i) {
      if (dst == Dt::I1) {
        ex[1].setBits(i, isFloat(src) ? x.floatAt(i) != 0 : x.uintAt(i) != 0);
      } else if (isFloat(dst)) {
        ex[1].setF(i, x.floatAt(i)); // exact value; the tolerance allows RNE
      } else if (isFloat(src)) {
        ex[1].setI(i, static_cast<int64_t>(std::trunc(x.floatAt(i))));
      } else {
        // Integer to integer: extend by the source's signedness, truncate.
        ex[1].setBits(i, dtInfo(src).isSigned ? static_cast<uint64_t>(x.intAt(i))
                                              : x.uintAt(i));
      }
    }
  });
  return b.build();
}

Case bitcast(Dt src, Dt dst) {
  CaseBuilder b(makeId({"cast/bitcast", std::string(dtName(src)) + "->" + dtName(dst)}),
                kSrc, "bitcast");
  b.addInput("x", src, kN,
             isFloat(src) ? Generator::uniform(-1e4, 1e4) : Generator::randomBits());
  b.addOutput("out", dst, kN + 5, Tolerance::exact());
  b.scalarI(Dt::I32, kN)
      .constant("DST", dtInfo(dst).tl)
      .constant("BLOCK", kBlock)
      .grid(3);
  b.reference([dst](const std::vector<HostArray> &in, std::vector<HostArray> &ex) {
    for (size_t i = 0; i < kN; ++i) {
      // Float expectations are held as fp64 values: decode the same bits.
      if (isFloat(dst))
        ex[1].setF(i, decodeFloat(dst, in[0].bitsAt(i)));
      else
        ex[1].setBits(i, in[0].bitsAt(i));
    }
  });
  return b.build();
}

} // namespace

void addCastCases(std::vector<Case> &out) {
  const std::vector<Dt> ints = {Dt::I8, Dt::I16, Dt::I32, Dt::I64,
                                Dt::U8, Dt::U32, Dt::U64};
  const std::vector<Dt> floats = {Dt::F16, Dt::BF16, Dt::F32, Dt::F64};
  for (Dt s : ints)
    for (Dt d : ints)
      if (s != d && (dtInfo(s).bits != dtInfo(d).bits ||
                     dtInfo(s).isSigned != dtInfo(d).isSigned))
        if (s == Dt::I32 || d == Dt::I32 || s == Dt::I64 || d == Dt::I64 || s == Dt::U8)
          out.push_back(cast(s, d));
  for (Dt s : {Dt::I8, Dt::I32, Dt::I64, Dt::U8, Dt::U32, Dt::U64})
    for (Dt d : floats)
      out.push_back(cast(s, d));
  for (Dt s : floats)
    for (Dt d : {Dt::I8, Dt::I32, Dt::I64, Dt::U8, Dt::U32})
      out.push_back(cast(s, d));
  for (Dt s : floats)
    for (Dt d : floats)
      if (s != d)
        out.push_back(cast(s, d));
  for (Dt d : {Dt::I32, Dt::F32, Dt::I8})
    out.push_back(cast(Dt::I1, d));
  for (Dt s : {Dt::I32, Dt::F32, Dt::U8})
    out.push_back(cast(s, Dt::I1));
  for (Dt f8 : {Dt::F8E4M3, Dt::F8E5M2}) {
    out.push_back(cast(f8, Dt::F32));
    out.push_back(cast(Dt::F32, f8));
    out.push_back(cast(f8, Dt::F16));
  }
  out.push_back(bitcast(Dt::F32, Dt::I32));
  out.push_back(bitcast(Dt::I16, Dt::F16));
  out.push_back(bitcast(Dt::BF16, Dt::U16));
}

} // namespace tessel::conformance
