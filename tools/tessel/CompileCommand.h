//===- CompileCommand.h - tessel compile ------------------------*- C++ -*-===//
//
// `tessel compile FILE.py::KERNEL --signature S [-D NAME=VALUE ...]
//  [--emit KIND] [--target T] [--plugin PATH ...] [--dump-ir DIR] [--raw]
//  [-o OUT]`: compiles one kernel specialization to tile IR, or through the
// target's plugin (stages kept) to one of its stages or its artifact.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_COMPILECOMMAND_H
#define TESSEL_TOOLS_TESSEL_COMPILECOMMAND_H

#include <ostream>
#include <string>
#include <vector>

namespace tessel::cli {

int runCompileCommand(const std::vector<std::string> &args, std::ostream &out,
                      std::ostream &err);

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_COMPILECOMMAND_H
