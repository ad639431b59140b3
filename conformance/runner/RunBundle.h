//===- RunBundle.h - Running a bundle ---------------------------*- C++ -*-===//
//
// `tessel-conform-run BUNDLE --plugin PATH`: runs a bundle made by
// `tessel conform --emit-bundle` on a machine that has the device and no
// compiler. Links no LLVM/MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_RUNBUNDLE_H
#define TESSEL_CONFORMANCE_RUNNER_RUNBUNDLE_H

#include <ostream>
#include <string>
#include <vector>

namespace tessel::conformance {

int runBundleCommand(const std::vector<std::string> &args, std::ostream &out,
                     std::ostream &err);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_RUNBUNDLE_H
