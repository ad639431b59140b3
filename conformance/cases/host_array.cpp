#include "conformance/cases/host_array.h"

#include <cmath>
#include <cstring>

namespace tessel::conformance {

uint64_t HostArray::Bits(size_t i) const {
  uint64_t bits = 0;
  const uint32_t n = Info(dt_).bytes;
  std::memcpy(&bits, bytes_.data() + i * n, n);  // little-endian host
  return bits;
}

void HostArray::SetBits(size_t i, uint64_t bits) {
  const DtInfo& info = Info(dt_);
  if (dt_ == Dt::I1) bits = bits & 1;
  std::memcpy(bytes_.data() + i * info.bytes, &bits, info.bytes);
}

int64_t HostArray::I(size_t i) const {
  const DtInfo& info = Info(dt_);
  uint64_t b = Bits(i);
  if (dt_ == Dt::I1) return static_cast<int64_t>(b != 0);
  if (info.is_signed && info.bits < 64) {
    const uint64_t signBit = uint64_t(1) << (info.bits - 1);
    if (b & signBit) b |= ~((signBit << 1) - 1);
  }
  return static_cast<int64_t>(b);
}

uint64_t HostArray::U(size_t i) const {
  if (dt_ == Dt::I1) return Bits(i) != 0;
  return Bits(i);
}

double HostArray::F(size_t i) const {
  const DtInfo& info = Info(dt_);
  if (info.is_float) return DecodeFloat(dt_, Bits(i));
  if (info.is_signed) return static_cast<double>(I(i));
  return static_cast<double>(U(i));
}

void HostArray::SetF(size_t i, double v) {
  const DtInfo& info = Info(dt_);
  if (info.is_float) {
    SetBits(i, EncodeFloat(dt_, v));
  } else if (dt_ == Dt::I1) {
    SetBits(i, v != 0);
  } else if (info.is_signed) {
    SetI(i, static_cast<int64_t>(v));
  } else {
    SetU(i, v < 0 ? static_cast<uint64_t>(static_cast<int64_t>(v))
                  : static_cast<uint64_t>(v));
  }
}

}  // namespace tessel::conformance
