//===- RunOptions.h - The command line of tessel run ------------*- C++ -*-===//
//
// The command line of `tessel run`, parsed but not yet checked against the
// kernel (that needs the kernel's parameters; see RunCommand.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_TOOLS_TESSEL_RUNOPTIONS_H
#define TESSEL_TOOLS_TESSEL_RUNOPTIONS_H

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tessel::cli {

struct RunOptions {
  std::string file;   // FILE.py of FILE.py::KERNEL
  std::string kernel; // KERNEL
  std::string signature;
  std::map<std::string, std::string> constexprs; // -D NAME=VALUE
  std::string target;                            // --target; "" when not given
  std::array<uint32_t, 3> grid = {0, 0, 0};      // --grid X[,Y,Z]; x = 0: not given
  /// --arg NAME=VALUE and --out NAME=FILE.npy, in command-line order.
  std::vector<std::pair<std::string, std::string>> args;
  std::vector<std::pair<std::string, std::string>> outs;
  std::vector<std::string> pluginPaths; // --plugin PATH (repeatable)
  int timeRuns = 0;                     // --time [N]: extra timed launches
  /// --check-bounds (or TESSEL_CHECK_BOUNDS=1): compile with
  /// TESSEL_COMPILE_CHECK_BOUNDS and report the first out-of-bounds access.
  bool checkBounds = false;
  bool help = false;
};

extern const char *const kRunUsage;

/// Parses the arguments after `tessel run`. On a usage error returns false
/// and sets `error` to one line saying what is wrong.
bool parseRunOptions(const std::vector<std::string> &args, RunOptions &options,
                     std::string &error);

/// "--grid 4", "--grid 4,2", "--grid 4,2,1": each dimension 1 to 2^31 - 1.
bool parseGrid(const std::string &text, std::array<uint32_t, 3> &grid,
               std::string &error);

} // namespace tessel::cli

#endif // TESSEL_TOOLS_TESSEL_RUNOPTIONS_H
