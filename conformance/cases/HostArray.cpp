//===- HostArray.cpp - Typed arrays in host memory ------------------------===//

#include "conformance/cases/HostArray.h"

#include <cmath>
#include <cstring>

namespace tessel::conformance {

uint64_t HostArray::bitsAt(size_t i) const {
  uint64_t bits = 0;
  const uint32_t n = dtInfo(elemType).bytes;
  std::memcpy(&bits, storage.data() + i * n, n); // little-endian host
  return bits;
}

void HostArray::setBits(size_t i, uint64_t bits) {
  const DtInfo &info = dtInfo(elemType);
  if (elemType == Dt::I1)
    bits = bits & 1;
  std::memcpy(storage.data() + i * info.bytes, &bits, info.bytes);
}

int64_t HostArray::intAt(size_t i) const {
  const DtInfo &info = dtInfo(elemType);
  uint64_t b = bitsAt(i);
  if (elemType == Dt::I1)
    return static_cast<int64_t>(b != 0);
  if (info.isSigned && info.bits < 64) {
    const uint64_t signBit = uint64_t(1) << (info.bits - 1);
    if (b & signBit)
      b |= ~((signBit << 1) - 1);
  }
  return static_cast<int64_t>(b);
}

uint64_t HostArray::uintAt(size_t i) const {
  if (elemType == Dt::I1)
    return bitsAt(i) != 0;
  return bitsAt(i);
}

double HostArray::floatAt(size_t i) const {
  const DtInfo &info = dtInfo(elemType);
  if (info.isFloat)
    return decodeFloat(elemType, bitsAt(i));
  if (info.isSigned)
    return static_cast<double>(intAt(i));
  return static_cast<double>(uintAt(i));
}

void HostArray::setF(size_t i, double v) {
  const DtInfo &info = dtInfo(elemType);
  if (info.isFloat) {
    setBits(i, encodeFloat(elemType, v));
  } else if (elemType == Dt::I1) {
    setBits(i, v != 0);
  } else if (info.isSigned) {
    setI(i, static_cast<int64_t>(v));
  } else {
    setU(i, v < 0 ? static_cast<uint64_t>(static_cast<int64_t>(v))
                  : static_cast<uint64_t>(v));
  }
}

} // namespace tessel::conformance
