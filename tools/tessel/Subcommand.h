//===- Subcommand.h - A subcommand of tessel --------------------*- C++ -*-===//
//
// The `tessel` command line is a small dispatcher over subcommands; each
// subcommand lives in its own <Name>Command.cpp and is listed once in
// Subcommands.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_SUBCOMMAND_H
#define TESSEL_TOOLS_TESSEL_SUBCOMMAND_H

#include <ostream>
#include <string>
#include <vector>

namespace tessel::cli {

struct Subcommand {
  const char *name;    // "plugins"
  const char *summary; // one line for `tessel help`
  /// Runs with the arguments after the subcommand name; returns the exit
  /// status. Normal output goes to `out`, diagnostics to `err`.
  int (*run)(const std::vector<std::string> &args, std::ostream &out,
             std::ostream &err);
};

/// Every subcommand, in the order `tessel help` lists them.
const std::vector<Subcommand> &subcommands();

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_SUBCOMMAND_H
