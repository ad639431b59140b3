//===- ConformCommand.cpp - tessel conform --------------------------------===//

#include "tools/tessel/ConformCommand.h"

#include "conformance/runner/ConformDriver.h"

namespace tessel::cli {

// The suite's driver lives with the suite; the CLI only exposes it.
int runConformCommand(const std::vector<std::string> &args, std::ostream &out,
                      std::ostream &err) {
  return conformance::runConformCommand(args, out, err);
}

} // namespace tessel::cli
