//===- Limits.h - Resource limits of the frontend -----------------*- C++ -*-===//
//
// Every bound the frontend puts on what one kernel may cost: the size of its
// source file, how deeply its statements and expressions nest, how many
// copies of a body nested tl.static_range loops unroll, how many elements
// one tile holds, and how long lowering may run. docs/limits.md gives the
// defaults and the reasons for them.
//
// A caller sets a field to override a limit; the defaults themselves can be
// overridden for a whole process with TESSEL_LIMIT_<NAME> environment
// variables, read by FrontendLimits::fromEnvironment() and nowhere else.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_CORE_FRONTEND_LIMITS_H
#define TESSEL_CORE_FRONTEND_LIMITS_H

#include <cstdint>
#include <string>
#include <vector>

namespace tessel::frontend {

/// Resource limits of one compilation.
struct FrontendLimits {
  /// Largest kernel source file, in bytes (TESSEL_LIMIT_SOURCE_BYTES).
  uint64_t sourceBytes = uint64_t(64) << 20;
  /// Deepest nesting of blocks (each `elif` counts as one more level, and
  /// blocks of inlined helpers add to their caller's) and of expressions
  /// (parentheses, brackets, unary operators) (TESSEL_LIMIT_NESTING_DEPTH).
  uint64_t nestingDepth = 100;
  /// Most copies of a loop body that tl.static_range unrolls, counting
  /// nested static loops as the product of their trip counts
  /// (TESSEL_LIMIT_UNROLLED_SIZE).
  uint64_t unrolledSize = 4096;
  /// Most elements in one tile (TESSEL_LIMIT_TILE_ELEMENTS).
  uint64_t tileElements = uint64_t(1) << 20;
  /// Wall-clock seconds lowering one kernel may take; 0 means no limit
  /// (TESSEL_LIMIT_COMPILE_SECONDS).
  uint64_t compileSeconds = 60;

  /// The built-in defaults above, with every TESSEL_LIMIT_<NAME> variable
  /// that is set replacing its default. A value that is not a whole number
  /// (or is 0, except for COMPILE_SECONDS) leaves the default in place and
  /// is described in `problems` when given, otherwise printed once to stderr.
  static FrontendLimits fromEnvironment(std::vector<std::string> *problems = nullptr);
};

/// Reads the kernel source file `path` into `text`. Refuses anything but a
/// regular file (a device such as /dev/zero, a pipe, a directory) and files
/// larger than `maxBytes`, and reads at most `maxBytes` + 1 bytes whatever
/// the file claims its size is. CannotOpen when it cannot be opened or read,
/// Refused when it is not a regular file or too large; either way `error` is
/// a message naming the file ("kernel file 'x.py' is 3221225472 bytes, more
/// than the limit of 16777216 (TESSEL_LIMIT_SOURCE_BYTES)").
enum class SourceRead { Ok, CannotOpen, Refused };
SourceRead readSourceFile(const std::string &path, uint64_t maxBytes, std::string &text,
                          std::string &error);

} // namespace tessel::frontend

#endif // TESSEL_CORE_FRONTEND_LIMITS_H
