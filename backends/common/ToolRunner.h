//===- ToolRunner.h - Running a toolchain program on files -------*- C++ -*-===//
//
// Backends finish with a program of the vendor's toolchain (ld.lld for
// code objects and shared objects, ptxas for cubins): write the inputs to
// a fresh temporary directory, run the program there, read its output.
// On failure the directory stays, and the error holds the program's output
// and the command line that reproduces it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_COMMON_TOOLRUNNER_H
#define TESSEL_BACKENDS_COMMON_TOOLRUNNER_H

#include <string>
#include <utility>
#include <vector>

#include "mlir/IR/Location.h"
#include "mlir/Support/LLVM.h"

namespace tessel::codegen {

struct ToolInvocation {
  /// The program's path.
  std::string tool;
  /// What the run does, in messages: "linking the code object".
  std::string what;
  /// Files written before the run: (file name, contents).
  std::vector<std::pair<std::string, std::string>> inputs;
  /// The file the program writes, read back afterwards.
  std::string output;
  /// Arguments after the program's name. "{output}" and "{NAME}", for an
  /// input NAME, stand for those files' paths.
  std::vector<std::string> arguments;
};

/// Runs `invocation`; returns the output file's contents, or an error at
/// `loc`.
mlir::FailureOr<std::string> runTool(const ToolInvocation &invocation,
                                     mlir::Location loc);

} // namespace tessel::codegen

#endif // TESSEL_BACKENDS_COMMON_TOOLRUNNER_H
