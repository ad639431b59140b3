// `tessel conform --target T [--plugin PATH] [--filter GLOB] [--compile-only]
//  [--emit-bundle F] [--report-json F] [--junit F]`: the conformance suite
// (conformance/, docs/conformance.md).
#ifndef TESSEL_TOOLS_TESSEL_CONFORM_COMMAND_H_
#define TESSEL_TOOLS_TESSEL_CONFORM_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

namespace tessel::cli {

int RunConformCommand(const std::vector<std::string>& args, std::ostream& out,
                      std::ostream& err);

}  // namespace tessel::cli

#endif  // TESSEL_TOOLS_TESSEL_CONFORM_COMMAND_H_
