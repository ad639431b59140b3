#include "examples/common/example.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

namespace tessel::examples {

std::optional<Example> Example::Setup(std::string name, std::string default_kernel_file,
                                      int argc, char** argv) {
  Example ex;
  ex.name_ = std::move(name);
  ex.kernel_file_ = std::move(default_kernel_file);
  std::string target;
  runtime::RuntimeOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--target" || a == "--plugin" || a == "--kernel") && i + 1 < argc) {
      const std::string v = argv[++i];
      if (a == "--target") target = v;
      if (a == "--plugin")
        options.pluginPaths.push_back(v);
      if (a == "--kernel") ex.kernel_file_ = v;
    } else {
      std::fprintf(stderr,
                   "usage: %s [--target T] [--plugin PATH ...] [--kernel FILE.py]\n"
                   "unexpected argument '%s'\n",
                   ex.name_.c_str(), a.c_str());
      return std::nullopt;
    }
  }
  auto rt = runtime::Runtime::create(options);
  if (!rt.ok()) return ex.Fail(rt.status()), std::nullopt;
  auto selection = rt->selectTarget(target);
  if (!selection.ok()) return ex.Fail(selection.status()), std::nullopt;
  auto device = rt->openDevice(*selection);
  if (!device.ok()) return ex.Fail(device.status()), std::nullopt;
  ex.runtime_.emplace(std::move(*rt));
  ex.selection_ = *selection;
  ex.device_ = *device;
  return ex;
}

runtime::StatusOr<runtime::Kernel> Example::Compile(const compiler::KernelSpecialization& spec) {
  auto compiled = compiler::compileKernelFile(*runtime_, selection_->target, kernel_file_, spec);
  if (!compiled.ok()) return compiled.status();
  compile_ms_ += compiled->tile.frontendMilliseconds + compiled->artifact.record.milliseconds;
  (compiled->artifact.record.cacheHit ? cache_hits_ : cache_misses_) += 1;
  return runtime::Kernel::load(*device_, compiled->artifact);
}

int Example::Report(const MaxError& max_error, double tolerance, double run_ms) const {
  const bool ok = max_error.Within(tolerance);  // false for NaN
  const char* cache = cache_misses_ == 0 ? "cache hit"
                      : cache_hits_ == 0 ? "cache miss"
                                         : "cache hits and misses";
  std::printf("%s: %s (%s) %s, max error %.1e%s, compile %.2f s (%s), run %.2f ms\n",
              name_.c_str(), selection_->target.toString().c_str(),
              device_->info().name.c_str(), ok ? "ok" : "WRONG", max_error.value(),
              ok ? "" : (" > tolerance " + std::to_string(tolerance)).c_str(),
              compile_ms_ / 1000.0, cache, run_ms);
  return ok ? 0 : 1;
}

int Example::Fail(const runtime::Status& status) const {
  std::fprintf(stderr, "%s: FAILED: %s\n", name_.c_str(), status.message().c_str());
  return 1;
}

std::vector<float> RandomFloats(size_t n, uint32_t seed, float lo, float hi) {
  // mt19937 is specified exactly by the standard; the distribution is not,
  // so map its 32-bit outputs ourselves to be identical across libraries.
  std::mt19937 rng(seed);
  std::vector<float> v(n);
  for (float& x : v) x = lo + (hi - lo) * static_cast<float>(rng() >> 8) * 0x1p-24f;
  return v;
}

}  // namespace tessel::examples
