// A typed array in host memory: the contents of one device buffer as the
// suite generates, sends, receives and compares it.
#ifndef TESSEL_CONFORMANCE_CASES_HOST_ARRAY_H_
#define TESSEL_CONFORMANCE_CASES_HOST_ARRAY_H_

#include <cstdint>
#include <vector>

#include "conformance/cases/dtype.h"

namespace tessel::conformance {

class HostArray {
 public:
  HostArray() = default;
  HostArray(Dt dt, size_t count)
      : dt_(dt), count_(count), bytes_(count * Info(dt).bytes) {}

  Dt dt() const { return dt_; }
  size_t size() const { return count_; }
  std::vector<uint8_t>& bytes() { return bytes_; }
  const std::vector<uint8_t>& bytes() const { return bytes_; }

  // The raw bits of element i (zero-extended).
  uint64_t Bits(size_t i) const;
  void SetBits(size_t i, uint64_t bits);

  // Element i as a number: floats decoded, integers converted (exact up to
  // 2^53; use I/U for 64-bit integer arithmetic).
  double F(size_t i) const;
  int64_t I(size_t i) const;   // sign-extended for signed types
  uint64_t U(size_t i) const;  // zero-extended

  // Stores `v` in element i: floats rounded to nearest even, integers
  // truncated to the type's width (two's complement wrap-around), i1 as
  // 0/1.
  void SetF(size_t i, double v);
  void SetI(size_t i, int64_t v) { SetBits(i, static_cast<uint64_t>(v)); }
  void SetU(size_t i, uint64_t v) { SetBits(i, v); }

 private:
  Dt dt_ = Dt::I32;
  size_t count_ = 0;
  std::vector<uint8_t> bytes_;
};

}  // namespace tessel::conformance

#endif  // TESSEL_CONFORMANCE_CASES_HOST_ARRAY_H_
