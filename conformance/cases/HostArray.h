//===- HostArray.h - A typed array in host memory ---------------*- C++ -*-===//
//
// A typed array in host memory: the contents of one device buffer as the
// suite generates, sends, receives and compares it.
#ifndef TESSEL_CONFORMANCE_CASES_HOSTARRAY_H
#define TESSEL_CONFORMANCE_CASES_HOSTARRAY_H

#include <cstdint>
#include <vector>

#include "conformance/cases/Dtype.h"

namespace tessel::conformance {

class HostArray {
public:
  HostArray() = default;
  HostArray(Dt dt, size_t count)
      : elemType(dt), numElements(count), storage(count * dtInfo(dt).bytes) {}

  Dt dt() const { return elemType; }
  size_t size() const { return numElements; }
  std::vector<uint8_t> &bytes() { return storage; }
  const std::vector<uint8_t> &bytes() const { return storage; }

  // The raw bits of element i (zero-extended).
  uint64_t bitsAt(size_t i) const;
  void setBits(size_t i, uint64_t bits);

  // Element i as a number: floats decoded, integers converted (exact up to
  // 2^53; use intAt/uintAt for 64-bit integer arithmetic).
  double floatAt(size_t i) const;
  int64_t intAt(size_t i) const;   // sign-extended for signed types
  uint64_t uintAt(size_t i) const; // zero-extended

  // Stores `v` in element i: floats rounded to nearest even, integers
  // truncated to the type's width (two's complement wrap-around), i1 as
  // 0/1.
  void setF(size_t i, double v);
  void setI(size_t i, int64_t v) { setBits(i, static_cast<uint64_t>(v)); }
  void setU(size_t i, uint64_t v) { setBits(i, v); }

private:
  Dt elemType = Dt::I32;
  size_t numElements = 0;
  std::vector<uint8_t> storage;
};

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_CASES_HOSTARRAY_H
