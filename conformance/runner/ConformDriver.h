//===- ConformDriver.h - tessel conform -------------------------*- C++ -*-===//
//
// `tessel conform`: compiles every selected case for a target and runs it
// (or only validates it, or writes a bundle for tessel-conform-run). The
// tessel CLI's conform subcommand is a thin wrapper over this.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CONFORMANCE_RUNNER_CONFORMDRIVER_H
#define TESSEL_CONFORMANCE_RUNNER_CONFORMDRIVER_H

#include <ostream>
#include <string>
#include <vector>

namespace tessel::conformance {

int runConformCommand(const std::vector<std::string> &args, std::ostream &out,
                      std::ostream &err);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_RUNNER_CONFORMDRIVER_H
