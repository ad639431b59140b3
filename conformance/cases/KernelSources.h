//===- KernelSources.h - The embedded kernel sources ------------*- C++ -*-===//
//
// The kernel-language sources of the suite (conformance/cases/kernels and
// conformance/cases/compile_fail), embedded at build time, and the
// compile-fail cases described by their header blocks.
#ifndef TESSEL_CONFORMANCE_CASES_KERNELSOURCES_H
#define TESSEL_CONFORMANCE_CASES_KERNELSOURCES_H

#include <string>
#include <vector>

#include "conformance/cases/Case.h"

namespace tessel::conformance {

// The text of "kernels/<file>" or "compile_fail/<file>", or nullptr.
const std::string *kernelSource(const std::string &path);
// Every embedded path, sorted.
std::vector<std::string> kernelSourcePaths();

// The compile-fail cases, one per compile_fail/*.py file, from its header:
//   # conformance: compile-fail
//   # kernel: NAME
//   # signature: SIG
//   # constexpr: NAME=VALUE        (repeatable)
//   # expect-error: LINE: TEXT     (LINE 0: any line)
// A file without a complete header is a build-time mistake: it throws
// std::logic_error naming the file, and the registry test catches it.
const std::vector<CompileFailCase> &compileFailCases();

// Parses one header block (exposed for tests).
CompileFailCase parseCompileFailHeader(const std::string &path,
                                       const std::string &text);

} // namespace tessel::conformance

#endif // TESSEL_CONFORMANCE_CASES_KERNELSOURCES_H
