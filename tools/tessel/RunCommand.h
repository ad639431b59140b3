//===- RunCommand.h - tessel run --------------------------------*- C++ -*-===//
//
// `tessel run FILE.py::KERNEL --signature S -D NAME=VALUE ... --grid X[,Y,Z]
//  --arg NAME=FILE.npy --arg NAME=42 --out NAME=FILE.npy [--target T]
//  [--plugin PATH] [--time [N]]`: compiles a kernel through the compile
// cache, runs it once on inputs from .npy files and scalars, and writes
// chosen buffers back to .npy files. See docs/runtime.md, "tessel run".
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_RUNCOMMAND_H
#define TESSEL_TOOLS_TESSEL_RUNCOMMAND_H

#include <ostream>
#include <string>
#include <vector>

namespace tessel::cli {

int runRunCommand(const std::vector<std::string> &args, std::ostream &out,
                  std::ostream &err);

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_RUNCOMMAND_H
