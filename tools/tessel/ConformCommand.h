//===- ConformCommand.h - tessel conform ------------------------*- C++ -*-===//
//
// `tessel conform --target T [--plugin PATH] [--filter GLOB] [--compile-only]
//  [--emit-bundle F] [--report-json F] [--junit F]`: the conformance suite
// (conformance/, docs/conformance.md).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_CONFORMCOMMAND_H
#define TESSEL_TOOLS_TESSEL_CONFORMCOMMAND_H

#include <ostream>
#include <string>
#include <vector>

namespace tessel::cli {

int runConformCommand(const std::vector<std::string> &args, std::ostream &out,
                      std::ostream &err);

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_CONFORMCOMMAND_H
