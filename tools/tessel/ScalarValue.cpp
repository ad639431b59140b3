//===- ScalarValue.cpp - Scalar arguments given as text -------------------===//

#include "tools/tessel/ScalarValue.h"

#include <cerrno>
#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "core/plugin_host/PluginTypes.h"

namespace tessel::cli {

namespace {

using plugin_host::Status;
using plugin_host::StatusOr;

Status invalid(const std::string &message) {
  return Status(TESSEL_ERROR_INVALID_ARGUMENT, message);
}

struct IntRange {
  unsigned bits;
  bool isSigned;
};

bool intRangeOf(int32_t dtype, IntRange &out) {
  switch (dtype) {
  case TESSEL_DTYPE_I8:
    out = {8, true};
    return true;
  case TESSEL_DTYPE_I16:
    out = {16, true};
    return true;
  case TESSEL_DTYPE_I32:
    out = {32, true};
    return true;
  case TESSEL_DTYPE_I64:
    out = {64, true};
    return true;
  case TESSEL_DTYPE_U8:
    out = {8, false};
    return true;
  case TESSEL_DTYPE_U16:
    out = {16, false};
    return true;
  case TESSEL_DTYPE_U32:
    out = {32, false};
    return true;
  case TESSEL_DTYPE_U64:
    out = {64, false};
    return true;
  default:
    return false;
  }
}

StatusOr<uint64_t> encodeInteger(const std::string &text, int32_t dtype,
                                 IntRange range) {
  const std::string type = plugin_host::dtypeName(dtype);
  const bool negative = !text.empty() && text[0] == '-';
  const int64_t smin = range.bits == 64 ? std::numeric_limits<int64_t>::min()
                                        : -(int64_t(1) << (range.bits - 1));
  const int64_t smax = range.bits == 64 ? std::numeric_limits<int64_t>::max()
                                        : (int64_t(1) << (range.bits - 1)) - 1;
  const uint64_t umax = range.bits == 64 ? std::numeric_limits<uint64_t>::max()
                                         : (uint64_t(1) << range.bits) - 1;
  const std::string bounds = range.isSigned
                                 ? std::to_string(smin) + " to " + std::to_string(smax)
                                 : "0 to " + std::to_string(umax);
  auto doesNotFit = [&] {
    return invalid(text + " does not fit in " + type + " (" + bounds + ")");
  };
  errno = 0;
  char *end = nullptr;
  if (negative) {
    long long v = std::strtoll(text.c_str(), &end, 0);
    if (end == text.c_str() || *end != '\0')
      return invalid("'" + text + "' is not an integer (" + type + " expects one)");
    if (errno == ERANGE || !range.isSigned || v < smin)
      return doesNotFit();
    return static_cast<uint64_t>(v) & umax;
  }
  // strtoull accepts a leading '-' and wraps; negatives were handled above.
  if (text.empty() || text[0] == '+' ||
      std::isspace(static_cast<unsigned char>(text[0])))
    return invalid("'" + text + "' is not an integer (" + type + " expects one)");
  unsigned long long v = std::strtoull(text.c_str(), &end, 0);
  if (end == text.c_str() || *end != '\0')
    return invalid("'" + text + "' is not an integer (" + type + " expects one)");
  if (errno == ERANGE)
    return doesNotFit();
  if (range.isSigned ? v > static_cast<uint64_t>(smax) : v > umax)
    return doesNotFit();
  return static_cast<uint64_t>(v);
}

StatusOr<double> parseFloat(const std::string &text, const std::string &type) {
  errno = 0;
  char *end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end == text.c_str() || *end != '\0' ||
      std::isspace(static_cast<unsigned char>(text[0])))
    return invalid("'" + text + "' is not a number (" + type + " expects one)");
  if (errno == ERANGE && std::isinf(v))
    return invalid(text + " does not fit in " + type);
  return v;
}

} // namespace

uint16_t floatToHalfBits(float value) {
  uint32_t f;
  std::memcpy(&f, &value, 4);
  const uint32_t sign = (f >> 16) & 0x8000;
  const uint32_t absf = f & 0x7fffffff;
  if (absf > 0x7f800000)
    return static_cast<uint16_t>(sign | 0x7e00); // NaN
  if (absf >= 0x477ff000)
    return static_cast<uint16_t>(sign | 0x7c00); // rounds to inf
  if (absf < 0x38800000) {
    // Subnormal or zero in half: scale to an integer count of 2^-24 units
    // and round to nearest even.
    float a;
    std::memcpy(&a, &absf, 4);
    float units = a * 16777216.0f; // exact: a power-of-two scale
    uint32_t q = static_cast<uint32_t>(std::nearbyint(units));
    return static_cast<uint16_t>(sign | q);
  }
  // Normal: rebias the exponent, round the 13 dropped mantissa bits.
  uint32_t h = ((absf >> 13) - (112u << 10));
  const uint32_t rest = absf & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
    ++h;
  return static_cast<uint16_t>(sign | h);
}

uint16_t floatToBfloat16Bits(float value) {
  uint32_t f;
  std::memcpy(&f, &value, 4);
  if ((f & 0x7fffffff) > 0x7f800000)
    return static_cast<uint16_t>((f >> 16) | 0x40);
  const uint32_t rounding = 0x7fff + ((f >> 16) & 1);
  return static_cast<uint16_t>((f + rounding) >> 16);
}

StatusOr<uint64_t> encodeScalar(const std::string &text, int32_t dtype) {
  const std::string type = plugin_host::dtypeName(dtype);
  if (dtype == TESSEL_DTYPE_I1) {
    if (text == "True" || text == "true" || text == "1")
      return uint64_t{1};
    if (text == "False" || text == "false" || text == "0")
      return uint64_t{0};
    return invalid("'" + text + "' is not a boolean (i1 takes True, False, 1 or 0)");
  }
  IntRange range;
  if (intRangeOf(dtype, range))
    return encodeInteger(text, dtype, range);
  if (dtype == TESSEL_DTYPE_FP64) {
    StatusOr<double> v = parseFloat(text, type);
    if (!v.ok())
      return v.status();
    uint64_t bits;
    std::memcpy(&bits, &*v, 8);
    return bits;
  }
  if (dtype == TESSEL_DTYPE_FP32 || dtype == TESSEL_DTYPE_FP16 ||
      dtype == TESSEL_DTYPE_BF16) {
    StatusOr<double> v = parseFloat(text, type);
    if (!v.ok())
      return v.status();
    const double largest = dtype == TESSEL_DTYPE_FP16   ? 65504.0
                           : dtype == TESSEL_DTYPE_BF16 ? 3.3895313892515355e38
                                                        : double(FLT_MAX);
    if (std::isfinite(*v) && std::fabs(*v) > largest)
      return invalid(text + " does not fit in " + type + " (largest finite value " +
                     (dtype == TESSEL_DTYPE_FP16 ? std::string("65504")
                                                 : std::to_string(largest)) +
                     ")");
    const float f = static_cast<float>(*v);
    if (dtype == TESSEL_DTYPE_FP16)
      return uint64_t{floatToHalfBits(f)};
    if (dtype == TESSEL_DTYPE_BF16)
      return uint64_t{floatToBfloat16Bits(f)};
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    return uint64_t{bits};
  }
  return invalid(type + " scalars cannot be given on the command line");
}

} // namespace tessel::cli
