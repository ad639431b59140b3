//===- Compare.h - Judging outputs against references -----------*- C++ -*-===//
//
// Judges a case's outputs against its reference with each buffer's
// tolerance, and describes the worst error and where it is.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_COMPARE_H
#define TESSEL_CONFORMANCE_RUNNER_COMPARE_H

#include <string>
#include <vector>

#include "conformance/cases/Case.h"

namespace tessel::conformance {

struct Verdict {
  bool ok = true;
  /// When !ok: "dst[1003] (of 1037): got 1.5, expected 2 (error 3 ulp,
  /// tolerance 0.5 ulp); 12 elements out of tolerance".
  std::string message;
};

/// `initial` the buffers as generated (what the device received), `expected`
/// as produced by the case's reference from them (see ReferenceFn), `got`
/// the buffers as read back from the device (same order as c.buffers);
/// input buffers are not compared. Outputs whose tolerance has an element
/// bound are judged per element too, against the magnitudes c.magnitude
/// computes from `initial`.
Verdict compareOutputs(const Case &c, const std::vector<HostArray> &initial,
                       const std::vector<HostArray> &expected,
                       const std::vector<HostArray> &got);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_COMPARE_H
