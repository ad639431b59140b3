// `tessel-conform-run BUNDLE --plugin PATH`: runs a bundle made by
// `tessel conform --emit-bundle` on a machine that has the device and no
// compiler. Links no LLVM/MLIR.
#ifndef TESSEL_CONFORMANCE_RUNNER_RUN_BUNDLE_H_
#define TESSEL_CONFORMANCE_RUNNER_RUN_BUNDLE_H_

#include <ostream>
#include <string>
#include <vector>

namespace tessel::conformance {

int RunBundleCommand(const std::vector<std::string>& args, std::ostream& out,
                     std::ostream& err);

}  // namespace tessel::conformance

#endif  // TESSEL_CONFORMANCE_RUNNER_RUN_BUNDLE_H_
