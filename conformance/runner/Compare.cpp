//===- Compare.cpp - Judging outputs against references -------------------===//

#include "conformance/runner/Compare.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace tessel::conformance {
namespace {

std::string num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

struct Worst {
  double error = -1; // in the tolerance's unit
  size_t index = 0;
  size_t bad = 0; // elements out of tolerance
};

// The error of one float element in the tolerance's unit; infinity when the
// values disagree in kind (NaN against a number, infinities of other sign).
double elementError(const Tolerance &tol, Dt dt, double got, double ref) {
  if (std::isnan(ref) || std::isnan(got))
    return std::isnan(ref) && std::isnan(got) ? 0
                                              : std::numeric_limits<double>::infinity();
  // A reference beyond the format's range must come back as the rounded
  // value (infinity, or NaN for finite-only formats, handled above).
  const double refInFormat = std::isinf(ref) ? ref : roundTo(dt, ref);
  if (std::isinf(refInFormat) || std::isinf(got))
    return got == refInFormat ? 0 : std::numeric_limits<double>::infinity();
  const double diff = std::fabs(got - ref);
  switch (tol.kind) {
  case Tolerance::kExact:
    return diff == 0 ? 0 : std::numeric_limits<double>::infinity();
  case Tolerance::kUlp:
    return diff / ulp(dt, ref);
  case Tolerance::kAbsRel: {
    const double allowed = tol.value + tol.value2 * std::fabs(ref);
    return allowed > 0 ? diff / allowed : (diff == 0 ? 0 : diff);
  }
  case Tolerance::kRelNorm:
    return diff;
  }
  return diff;
}

} // namespace

Verdict compareOutputs(const Case &c, const std::vector<HostArray> &initial,
                       const std::vector<HostArray> &expected,
                       const std::vector<HostArray> &got) {
  // Magnitudes for the outputs with an element bound.
  std::vector<HostArray> magnitudes;
  for (const BufferSpec &spec : c.buffers) {
    if (!spec.isOutput || !spec.tolerance.hasElementBound())
      continue;
    if (!c.magnitude)
      return {false, spec.name + ": the tolerance bounds each element, but the case "
                                 "computes no magnitudes (a defect of the case)"};
    magnitudes = initialMagnitudes(c);
    c.magnitude(initial, magnitudes);
    break;
  }
  for (size_t b = 0; b < c.buffers.size(); ++b) {
    const BufferSpec &spec = c.buffers[b];
    if (!spec.isOutput)
      continue;
    const HostArray &e = expected[b];
    const HostArray &g = got[b];
    const Tolerance &tol = spec.tolerance;
    const std::string where = spec.name + "[";
    const std::string ofN = "] (of " + std::to_string(g.size()) + ")";
    if (!isFloat(spec.dt)) {
      // Integers are expected in their own type: equal bytes, equal buffers.
      if (g.bytes() == e.bytes())
        continue;
      Worst w;
      for (size_t i = 0; i < g.size(); ++i) {
        if (g.uintAt(i) != e.uintAt(i)) {
          if (w.bad++ == 0)
            w.index = i;
        }
      }
      if (w.bad == 0)
        continue;
      const size_t i = w.index;
      std::string gv = dtInfo(spec.dt).isSigned ? std::to_string(g.intAt(i))
                                                : std::to_string(g.uintAt(i));
      std::string ev = dtInfo(spec.dt).isSigned ? std::to_string(e.intAt(i))
                                                : std::to_string(e.uintAt(i));
      return {false, where + std::to_string(i) + ofN + ": got " + gv + " (" +
                         hex(g.bitsAt(i)) + "), expected " + ev + " (" +
                         hex(e.bitsAt(i)) + "), exact; " + std::to_string(w.bad) +
                         " element(s) differ (first shown)"};
    }
    Worst w;
    // Elements over the element bound, by their error over the allowed one.
    Worst over;
    const bool bounded = tol.hasElementBound();
    double sumSqDiff = 0, sumSqRef = 0;
    for (size_t i = 0; i < g.size(); ++i) {
      const double gv = g.floatAt(i), ev = e.floatAt(i);
      double err = elementError(tol, spec.dt, gv, ev);
      if (tol.kind == Tolerance::kRelNorm) {
        if (std::isfinite(err)) {
          sumSqDiff += err * err;
          sumSqRef += ev * ev;
        } else {
          sumSqDiff = std::numeric_limits<double>::infinity();
        }
        if (!(err <= w.error))
          w.error = err, w.index = i;
        if (bounded) {
          // Zero magnitude (an element the kernel must not write): exact.
          const double allowed = tol.value2 * magnitudes[b].floatAt(i);
          if (!(err <= allowed)) {
            const double ratio =
                allowed > 0 ? err / allowed : std::numeric_limits<double>::infinity();
            ++over.bad;
            if (!(ratio <= over.error))
              over.error = ratio, over.index = i;
          }
        }
        continue;
      }
      const double limit = tol.kind == Tolerance::kExact ? 0
                           : tol.kind == Tolerance::kUlp ? tol.value
                                                         : 1.0;
      if (!(err <= limit))
        ++w.bad;
      if (!(err <= w.error))
        w.error = err, w.index = i;
    }
    const size_t i = w.index;
    std::string at = where + std::to_string(i) + ofN + ": got " + num(g.floatAt(i)) +
                     ", expected " + num(e.floatAt(i));
    if (tol.kind == Tolerance::kRelNorm) {
      const double rel =
          sumSqRef > 0 ? std::sqrt(sumSqDiff / sumSqRef) : std::sqrt(sumSqDiff);
      const std::string outOfBound = over.bad == 0
                                         ? ""
                                         : "; " + std::to_string(over.bad) +
                                               " element(s) over the per-element bound";
      if (!(rel <= tol.value))
        return {false, spec.name + ": relative L2 error " + num(rel) + " exceeds " +
                           num(tol.value) + "; worst element " + at + outOfBound};
      if (over.bad == 0)
        continue;
      const size_t j = over.index;
      const double allowed = tol.value2 * magnitudes[b].floatAt(j);
      return {false, where + std::to_string(j) + ofN + ": got " + num(g.floatAt(j)) +
                         ", expected " + num(e.floatAt(j)) + " (error " +
                         num(std::fabs(g.floatAt(j) - e.floatAt(j))) + ", allowed " +
                         num(allowed) + " = " + num(tol.value2) + " x magnitude " +
                         num(magnitudes[b].floatAt(j)) + ")" + outOfBound +
                         " (relative L2 error " + num(rel) + ", within " +
                         num(tol.value) + ")"};
    }
    if (w.bad == 0)
      continue;
    std::string measure = tol.kind == Tolerance::kUlp ? num(w.error) + " ulp"
                          : tol.kind == Tolerance::kAbsRel
                              ? num(w.error) + "x the allowed error"
                              : "not equal";
    return {false, at + " (error " + measure + ", tolerance " + tol.toString() + "); " +
                       std::to_string(w.bad) + " element(s) out of tolerance"};
  }
  return {};
}

} // namespace tessel::conformance
