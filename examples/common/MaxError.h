//===- MaxError.h - The largest error of a result check ---------*- C++ -*-===//
//
// The largest error of a result check, kept so that a NaN cannot hide.
//
//   examples::MaxError worst;
//   for (size_t i = 0; i < n; ++i) worst.add(std::fabs(got[i] - want[i]), i);
//   if (!worst.within(1e-6)) ...  // false for a NaN or infinite error
//
// std::fmax(worst, e) and std::max(worst, e) both return `worst` when `e` is
// NaN, so a kernel that writes NaN would report "max error 0". add keeps
// the first NaN it sees for good, and within is a `<=` comparison, false for
// NaN. An output that is infinite where the reference is finite gives an
// infinite error, which no tolerance admits.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_EXAMPLES_COMMON_MAXERROR_H
#define TESSEL_EXAMPLES_COMMON_MAXERROR_H

#include <cmath>
#include <cstddef>

namespace tessel::examples {

class MaxError {
public:
  /// Records the error of element `index` (for the report: where the worst
  /// one is).
  void add(double error, size_t index = 0) {
    if (std::isnan(worst))
      return;
    if (!(error <= worst)) { // also true for a NaN error
      worst = error;
      worstIndex = index;
    }
  }

  /// The largest error recorded (0 when none was larger), or NaN.
  double value() const { return worst; }
  /// The element of value() (0 when no error was larger than 0).
  size_t index() const { return worstIndex; }

  /// True when every error was at most `tolerance`; false for NaN.
  bool within(double tolerance) const { return worst <= tolerance; }

private:
  double worst = 0;
  size_t worstIndex = 0;
};

} // namespace tessel::examples

#endif // TESSEL_EXAMPLES_COMMON_MAXERROR_H
