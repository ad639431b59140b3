// What the example host programs share: command-line handling (--target,
// --plugin, --kernel), runtime and device set-up, compiling a kernel file
// through the compile cache, seeded random inputs, and the one-line report
//
//   vector_add: cpu:x86-64-v3 (AMD EPYC 7B13) ok, max error 0.0e+00,
//   compile 0.41 s (cache miss), run 0.8 ms
//
// Each example is otherwise plain use of the public API: core/runtime for
// devices, buffers and launches, core/compiler/KernelCompiler.h for source.
#ifndef TESSEL_EXAMPLES_COMMON_EXAMPLE_H_
#define TESSEL_EXAMPLES_COMMON_EXAMPLE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/compiler/KernelCompiler.h"
#include "core/runtime/Device.h"
#include "core/runtime/Kernel.h"
#include "core/runtime/Runtime.h"
#include "core/runtime/Status.h"
#include "examples/common/max_error.h"

namespace tessel::examples {

class Example {
 public:
  // Parses `--target T`, `--plugin PATH` (repeatable) and `--kernel FILE`
  // (default: `default_kernel_file`, relative to the working directory),
  // creates the runtime and opens the selected target's device (flag >
  // TESSEL_TARGET > auto). On failure prints the reason and returns nullopt.
  static std::optional<Example> Setup(std::string name, std::string default_kernel_file,
                                      int argc, char** argv);

  const runtime::Device& device() const { return *device_; }
  const std::string& kernel_file() const { return kernel_file_; }

  // Compiles one kernel of the example's kernel file through the cache and
  // loads it; adds the time to the compile total reported at the end.
  runtime::StatusOr<runtime::Kernel> Compile(const compiler::KernelSpecialization& spec);

  // Prints the report line and returns the exit status: 0 when the largest
  // error is at most `tolerance`, 1 otherwise (always for a NaN error: see
  // max_error.h).
  int Report(const MaxError& max_error, double tolerance, double run_ms) const;

  // Prints "<name>: FAILED: <status>" and returns 1.
  int Fail(const runtime::Status& status) const;

 private:
  Example() = default;

  std::string name_;
  std::string kernel_file_;
  std::optional<runtime::Runtime> runtime_;
  std::optional<runtime::TargetSelection> selection_;
  std::optional<runtime::Device> device_;
  double compile_ms_ = 0;
  int cache_hits_ = 0;
  int cache_misses_ = 0;
};

// `n` values uniform in [lo, hi), the same for the same seed on every run.
std::vector<float> RandomFloats(size_t n, uint32_t seed, float lo, float hi);

}  // namespace tessel::examples

#endif  // TESSEL_EXAMPLES_COMMON_EXAMPLE_H_
