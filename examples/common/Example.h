//===- Example.h - What the example programs share --------------*- C++ -*-===//
//
// What the example host programs share: command-line handling (--target,
// --plugin, --kernel), runtime and device set-up, compiling a kernel file
// through the compile cache, seeded random inputs, and the one-line report
//
//   vector_add: cpu:x86-64-v3 (AMD EPYC 7B13) ok, max error 0.0e+00,
//   compile 0.41 s (cache miss), run 0.8 ms
//
// Each example is otherwise plain use of the public API: core/runtime for
// devices, buffers and launches, core/compiler/KernelCompiler.h for source.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_EXAMPLES_COMMON_EXAMPLE_H
#define TESSEL_EXAMPLES_COMMON_EXAMPLE_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/compiler/KernelCompiler.h"
#include "core/runtime/Device.h"
#include "core/runtime/Kernel.h"
#include "core/runtime/Runtime.h"
#include "core/runtime/Status.h"
#include "examples/common/MaxError.h"

namespace tessel::examples {

class Example {
public:
  /// Parses `--target T`, `--plugin PATH` (repeatable) and `--kernel FILE`
  /// (default: `default_kernel_file`, relative to the working directory),
  /// creates the runtime and opens the selected target's device (flag >
  /// TESSEL_TARGET > auto). On failure prints the reason and returns nullopt.
  static std::optional<Example> setup(std::string name, std::string defaultKernelFile,
                                      int argc, char **argv);

  const runtime::Device &device() const { return *openDevice; }
  const std::string &kernelFile() const { return kernelFilePath; }

  /// Compiles one kernel of the example's kernel file through the cache and
  /// loads it; adds the time to the compile total reported at the end.
  runtime::StatusOr<runtime::Kernel>
  compile(const compiler::KernelSpecialization &spec);

  /// Prints the report line and returns the exit status: 0 when the largest
  /// error is at most `tolerance`, 1 otherwise (always for a NaN error: see
  /// MaxError.h).
  int report(const MaxError &maxError, double tolerance, double runMs) const;

  /// Prints "<name>: FAILED: <status>" and returns 1.
  int fail(const runtime::Status &status) const;

private:
  Example() = default;

  std::string exampleName;
  std::string kernelFilePath;
  std::optional<runtime::Runtime> loadedRuntime;
  std::optional<runtime::TargetSelection> targetSelection;
  std::optional<runtime::Device> openDevice;
  double compileMs = 0;
  int cacheHits = 0;
  int cacheMisses = 0;
};

/// `n` values uniform in [lo, hi), the same for the same seed on every run.
std::vector<float> randomFloats(size_t n, uint32_t seed, float lo, float hi);

} // namespace tessel::examples

#endif // TESSEL_EXAMPLES_COMMON_EXAMPLE_H
