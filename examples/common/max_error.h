// The largest error of a result check, kept so that a NaN cannot hide.
//
//   examples::MaxError worst;
//   for (size_t i = 0; i < n; ++i) worst.Add(std::fabs(got[i] - want[i]), i);
//   if (!worst.Within(1e-6)) ...  // false for a NaN or infinite error
//
// std::fmax(worst, e) and std::max(worst, e) both return `worst` when `e` is
// NaN, so a kernel that writes NaN would report "max error 0". Add keeps
// the first NaN it sees for good, and Within is a `<=` comparison, false for
// NaN. An output that is infinite where the reference is finite gives an
// infinite error, which no tolerance admits.
#ifndef TESSEL_EXAMPLES_COMMON_MAX_ERROR_H_
#define TESSEL_EXAMPLES_COMMON_MAX_ERROR_H_

#include <cmath>
#include <cstddef>

namespace tessel::examples {

class MaxError {
 public:
  // Records the error of element `index` (for the report: where the worst
  // one is).
  void Add(double error, size_t index = 0) {
    if (std::isnan(worst_)) return;
    if (!(error <= worst_)) {  // also true for a NaN error
      worst_ = error;
      index_ = index;
    }
  }

  // The largest error recorded (0 when none was larger), or NaN.
  double value() const { return worst_; }
  // The element of value() (0 when no error was larger than 0).
  size_t index() const { return index_; }

  // True when every error was at most `tolerance`; false for NaN.
  bool Within(double tolerance) const { return worst_ <= tolerance; }

 private:
  double worst_ = 0;
  size_t index_ = 0;
};

}  // namespace tessel::examples

#endif  // TESSEL_EXAMPLES_COMMON_MAX_ERROR_H_
