//===- Dtype.cpp - Element types and their encodings ----------------------===//

#include "conformance/cases/Dtype.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "tessel/plugin_api.h"

namespace tessel::conformance {
namespace {

const DtInfo kInfos[] = {
    {Dt::I1, "i1", "i1", "tl.int1", TESSEL_DTYPE_I1, 1, 1, false, false},
    {Dt::I8, "i8", "i8", "tl.int8", TESSEL_DTYPE_I8, 1, 8, false, true},
    {Dt::I16, "i16", "i16", "tl.int16", TESSEL_DTYPE_I16, 2, 16, false, true},
    {Dt::I32, "i32", "i32", "tl.int32", TESSEL_DTYPE_I32, 4, 32, false, true},
    {Dt::I64, "i64", "i64", "tl.int64", TESSEL_DTYPE_I64, 8, 64, false, true},
    {Dt::U8, "u8", "u8", "tl.uint8", TESSEL_DTYPE_U8, 1, 8, false, false},
    {Dt::U16, "u16", "u16", "tl.uint16", TESSEL_DTYPE_U16, 2, 16, false, false},
    {Dt::U32, "u32", "u32", "tl.uint32", TESSEL_DTYPE_U32, 4, 32, false, false},
    {Dt::U64, "u64", "u64", "tl.uint64", TESSEL_DTYPE_U64, 8, 64, false, false},
    {Dt::F8E4M3, "fp8e4m3", "fp8e4nv", "tl.float8e4nv", TESSEL_DTYPE_FP8E4M3, 1, 8,
     true, false},
    {Dt::F8E5M2, "fp8e5m2", "fp8e5", "tl.float8e5", TESSEL_DTYPE_FP8E5M2, 1, 8, true,
     false},
    {Dt::F16, "fp16", "fp16", "tl.float16", TESSEL_DTYPE_FP16, 2, 16, true, false},
    {Dt::BF16, "bf16", "bf16", "tl.bfloat16", TESSEL_DTYPE_BF16, 2, 16, true, false},
    {Dt::F32, "fp32", "fp32", "tl.float32", TESSEL_DTYPE_FP32, 4, 32, true, false},
    {Dt::F64, "fp64", "fp64", "tl.float64", TESSEL_DTYPE_FP64, 8, 64, true, false},
};

} // namespace

const DtInfo &dtInfo(Dt dt) { return kInfos[static_cast<int>(dt)]; }

const std::vector<Dt> &allDtypes() {
  static const std::vector<Dt> all = [] {
    std::vector<Dt> v;
    for (const DtInfo &i : kInfos)
      v.push_back(i.dt);
    return v;
  }();
  return all;
}

std::vector<Dt> intDtypes() {
  return {Dt::I8, Dt::I16, Dt::I32, Dt::I64, Dt::U8, Dt::U16, Dt::U32, Dt::U64};
}

std::vector<Dt> floatDtypes() {
  return {Dt::F8E4M3, Dt::F8E5M2, Dt::F16, Dt::BF16, Dt::F32, Dt::F64};
}

FloatFormat formatOf(Dt dt) {
  switch (dt) {
  case Dt::F8E4M3:
    return {4, 3, true};
  case Dt::F8E5M2:
    return {5, 2, false};
  case Dt::F16:
    return {5, 10, false};
  case Dt::BF16:
    return {8, 7, false};
  case Dt::F32:
    return {8, 23, false};
  case Dt::F64:
    return {11, 52, false};
  default:
    throw std::logic_error(std::string("FormatOf: not a float: ") + dtName(dt));
  }
}

// The formats are handled generically from their field widths. fp32 and
// fp64 take the same path: a double holds every value of every format
// exactly, and the quantum scaling below is exact in binary.
uint64_t encodeFloat(Dt dt, double v) {
  const FloatFormat f = formatOf(dt);
  if (dt == Dt::F64) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    return bits;
  }
  const int E = f.exponentBits, M = f.mantissaBits;
  const uint64_t sign = std::signbit(v) ? uint64_t(1) << (E + M) : 0;
  const uint64_t expAllOnes = (uint64_t(1) << E) - 1;
  const uint64_t mantMask = (uint64_t(1) << M) - 1;
  const uint64_t nan = f.finiteOnly ? (expAllOnes << M) | mantMask
                                    : (expAllOnes << M) | (uint64_t(1) << (M - 1));
  if (std::isnan(v))
    return sign | nan;
  const uint64_t inf = f.finiteOnly ? nan : expAllOnes << M;
  double a = std::fabs(v);
  if (std::isinf(a))
    return sign | inf;
  if (a == 0)
    return sign;
  const int bias = (1 << (E - 1)) - 1;
  const int emin = 1 - bias;
  int e;
  std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
  int x = e - 1;     // a = 1.f * 2^x
  const int qexp = (x < emin ? emin : x) - M;
  // Scaling by a power of two and rounding with nearbyint (default mode:
  // nearest, ties to even) is the format's rounding.
  double r = std::nearbyint(std::ldexp(a, -qexp));
  double rounded = std::ldexp(r, qexp);
  const double maxFinite = largestFinite(dt);
  if (rounded == 0)
    return sign; // underflow to (signed) zero
  if (rounded > maxFinite)
    return sign | inf;
  std::frexp(rounded, &e);
  x = e - 1;
  if (x < emin) {
    return sign | static_cast<uint64_t>(std::ldexp(rounded, -(emin - M)));
  }
  uint64_t mant = static_cast<uint64_t>(std::ldexp(rounded, -(x - M))) & mantMask;
  return sign | (uint64_t(x + bias) << M) | mant;
}

double decodeFloat(Dt dt, uint64_t bits) {
  const FloatFormat f = formatOf(dt);
  if (dt == Dt::F64) {
    double v;
    std::memcpy(&v, &bits, 8);
    return v;
  }
  const int E = f.exponentBits, M = f.mantissaBits;
  const bool neg = (bits >> (E + M)) & 1;
  const uint64_t expField = (bits >> M) & ((uint64_t(1) << E) - 1);
  const uint64_t mant = bits & ((uint64_t(1) << M) - 1);
  const uint64_t expAllOnes = (uint64_t(1) << E) - 1;
  const int bias = (1 << (E - 1)) - 1;
  double v;
  if (f.finiteOnly && expField == expAllOnes && mant == (uint64_t(1) << M) - 1) {
    v = std::numeric_limits<double>::quiet_NaN();
  } else if (!f.finiteOnly && expField == expAllOnes) {
    v = mant == 0 ? std::numeric_limits<double>::infinity()
                  : std::numeric_limits<double>::quiet_NaN();
  } else if (expField == 0) {
    v = std::ldexp(static_cast<double>(mant), 1 - bias - M);
  } else {
    v = std::ldexp(static_cast<double>(mant | (uint64_t(1) << M)),
                   static_cast<int>(expField) - bias - M);
  }
  return neg ? -v : v;
}

double largestFinite(Dt dt) {
  const FloatFormat f = formatOf(dt);
  const int bias = (1 << (f.exponentBits - 1)) - 1;
  if (f.finiteOnly) {
    // e4m3fn: the all-ones exponent is a normal binade except its top code.
    const int maxExp = ((1 << f.exponentBits) - 1) - bias;
    return std::ldexp(2.0 - std::ldexp(2.0, -f.mantissaBits), maxExp);
  }
  const int maxExp = ((1 << f.exponentBits) - 2) - bias;
  return std::ldexp(2.0 - std::ldexp(1.0, -f.mantissaBits), maxExp);
}

double ulp(Dt dt, double v) {
  const FloatFormat f = formatOf(dt);
  const int bias = (1 << (f.exponentBits - 1)) - 1;
  const int emin = 1 - bias;
  double a = std::fabs(v);
  int x = emin;
  if (a != 0 && std::isfinite(a)) {
    int e;
    std::frexp(a, &e);
    x = std::max(e - 1, emin);
  }
  return std::ldexp(1.0, x - f.mantissaBits);
}

} // namespace tessel::conformance
