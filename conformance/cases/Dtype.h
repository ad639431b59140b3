//===- Dtype.h - The element types of the suite -----------------*- C++ -*-===//
//
// The element types of the conformance suite and their host encodings.
//
// References are computed on the host in higher precision (fp64 for floats,
// 64-bit integers for integers) and compared against what the device wrote,
// so the suite needs its own, exactly specified, encoders for every storage
// format: fp16, bf16 and both fp8 formats are rounded to nearest, ties to
// even, here rather than through whatever the host compiler offers.
#ifndef TESSEL_CONFORMANCE_CASES_DTYPE_H
#define TESSEL_CONFORMANCE_CASES_DTYPE_H

#include <cstdint>
#include <string>
#include <vector>

namespace tessel::conformance {

enum class Dt {
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  F8E4M3,
  F8E5M2,
  F16,
  BF16,
  F32,
  F64,
};

struct DtInfo {
  Dt dt;
  const char *name;      // in case ids and reports: "fp16", "fp8e4m3"
  const char *signature; // in kernel signatures: "fp16", "fp8e4nv"
  const char *tl;        // in kernel source: "tl.float16"
  int32_t abi;           // Tessel_Dtype of the plugin ABI
  uint32_t bytes;        // storage size (i1 is one byte)
  uint32_t bits;         // value bits (i1: 1)
  bool isFloat;
  bool isSigned; // signed integers only
};

const DtInfo &dtInfo(Dt dt);
inline const char *dtName(Dt dt) { return dtInfo(dt).name; }
inline bool isFloat(Dt dt) { return dtInfo(dt).isFloat; }
inline bool isInteger(Dt dt) { return !dtInfo(dt).isFloat; }
inline bool isFp8(Dt dt) { return dt == Dt::F8E4M3 || dt == Dt::F8E5M2; }

// Every dtype, in the order above.
const std::vector<Dt> &allDtypes();
// Integers except i1, floats except fp8: the types with full arithmetic.
std::vector<Dt> intDtypes();   // i8..i64, u8..u64
std::vector<Dt> floatDtypes(); // fp8e4m3, fp8e5m2, fp16, bf16, fp32, fp64

// Float formats described by their fields. `finiteOnly` formats (e4m3fn)
// have no infinity and a single NaN mantissa (all ones).
struct FloatFormat {
  int exponentBits;
  int mantissaBits;
  bool finiteOnly;
};
FloatFormat formatOf(Dt dt); // floats only

// Rounds `v` to the nearest value of `dt`'s format, ties to even, and
// returns its bit pattern (in the low `bits`). Out-of-range values give
// infinity, or NaN for finite-only formats.
uint64_t encodeFloat(Dt dt, double v);
double decodeFloat(Dt dt, uint64_t bits);
// The value `v` rounded to `dt` (floats), as a double.
inline double roundTo(Dt dt, double v) { return decodeFloat(dt, encodeFloat(dt, v)); }
// The distance between `|v|` and the next larger magnitude in `dt`'s format
// (the unit in the last place; at least the smallest subnormal).
double ulp(Dt dt, double v);
// The largest finite value of a float format.
double largestFinite(Dt dt);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_CASES_DTYPE_H
