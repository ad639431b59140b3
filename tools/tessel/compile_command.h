// `tessel compile FILE.py::KERNEL --signature S [-D NAME=VALUE ...]
//  [--emit tile-ir|bytecode] [--raw] [-o OUT]`: compiles one kernel
// specialization to tile IR.
#ifndef TESSEL_TOOLS_TESSEL_COMPILE_COMMAND_H_
#define TESSEL_TOOLS_TESSEL_COMPILE_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

namespace tessel::cli {

int RunCompileCommand(const std::vector<std::string>& args, std::ostream& out,
                      std::ostream& err);

}  // namespace tessel::cli

#endif  // TESSEL_TOOLS_TESSEL_COMPILE_COMMAND_H_
