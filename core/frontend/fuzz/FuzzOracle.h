//===- FuzzOracle.h - What a frontend fuzz input must satisfy ---*- C++ -*-===//
//
// Runs one kernel file through parsing, lowering and MLIR verification in
// this process and checks the frontend's promises about it:
//   - accepted: IR comes back, no error was reported, and the IR verifies;
//   - rejected: no IR, at least one error, and every error carries a
//     location in the file (`fuzz.py:line:col: error: ...`);
//   - never an internal-compiler-error diagnostic, never an exception.
// Crashes, sanitizer reports and hangs are caught by the driver around it.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_FUZZ_FUZZORACLE_H
#define TESSEL_CORE_FRONTEND_FUZZ_FUZZORACLE_H

#include <memory>
#include <string>

#include "core/frontend/fuzz/ProgramGenerator.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace tessel::frontend::fuzz {

struct OracleResult {
  /// Empty when every promise held; otherwise what went wrong.
  std::string failure;
  /// True when the program compiled to IR.
  bool accepted = false;
  /// The first error's message with digits removed (a coarse "kind of
  /// rejection", used to keep inputs with new outcomes); empty if accepted.
  std::string outcome;
};

/// Checks `text`. The specialization comes from a `# tessel-fuzz:` header
/// (see specHeader) when there is one; otherwise the first kernel of the file
/// is compiled with pointers for parameters whose names look like pointers,
/// i32 for the others and 16 for constexprs without a default.
/// `context` may be shared between calls.
OracleResult checkProgram(const std::string &text, mlir::MLIRContext &context);

/// A context set up as checkProgram expects (dialects loaded, no printing
/// of ops on diagnostics, no threads).
std::unique_ptr<mlir::MLIRContext> makeFuzzContext();

} // namespace tessel::frontend::fuzz

#endif // TESSEL_CORE_FRONTEND_FUZZ_FUZZORACLE_H
