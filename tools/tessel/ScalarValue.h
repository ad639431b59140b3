//===- ScalarValue.h - Scalar arguments given as text -----------*- C++ -*-===//
//
// Scalar kernel arguments given as text on the command line (`--arg n=42`,
// `--arg eps=1e-5`), checked against the parameter's type and encoded as the
// bits the plugin ABI passes (runtime::Arg::scalar).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_SCALARVALUE_H
#define TESSEL_TOOLS_TESSEL_SCALARVALUE_H

#include <cstdint>
#include <string>

#include "core/plugin_host/Status.h"

namespace tessel::cli {

/// The bit pattern of `text` as a value of `dtype` (a Tessel_Dtype), in the
/// low-order bits. Integers: decimal or 0x-hexadecimal, in the type's range
/// ("300 does not fit in u8 (0 to 255)"); i1 also takes True/False.
/// Floats: anything strtod reads, inf and nan included; a finite value
/// beyond the type's largest finite value does not fit (fp16: 65504);
/// fp16 and bf16 round to nearest even. fp8 scalars are refused.
/// Errors are INVALID_ARGUMENT and do not name the argument (the caller does).
plugin_host::StatusOr<uint64_t> encodeScalar(const std::string &text, int32_t dtype);

/// IEEE binary16 / bfloat16 bits of `value`, rounded to nearest even.
uint16_t floatToHalfBits(float value);
uint16_t floatToBfloat16Bits(float value);

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_SCALARVALUE_H
