//===- Example.cpp - What the example programs share ----------------------===//

#include "examples/common/Example.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

namespace tessel::examples {

std::optional<Example> Example::setup(std::string name, std::string defaultKernelFile,
                                      int argc, char **argv) {
  Example ex;
  ex.exampleName = std::move(name);
  ex.kernelFilePath = std::move(defaultKernelFile);
  std::string target;
  runtime::RuntimeOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--target" || a == "--plugin" || a == "--kernel") && i + 1 < argc) {
      const std::string v = argv[++i];
      if (a == "--target")
        target = v;
      if (a == "--plugin")
        options.pluginPaths.push_back(v);
      if (a == "--kernel")
        ex.kernelFilePath = v;
    } else {
      std::fprintf(stderr,
                   "usage: %s [--target T] [--plugin PATH ...] [--kernel FILE.py]\n"
                   "unexpected argument '%s'\n",
                   ex.exampleName.c_str(), a.c_str());
      return std::nullopt;
    }
  }
  auto rt = runtime::Runtime::create(options);
  if (!rt.ok())
    return ex.fail(rt.status()), std::nullopt;
  auto selection = rt->selectTarget(target);
  if (!selection.ok())
    return ex.fail(selection.status()), std::nullopt;
  auto device = rt->openDevice(*selection);
  if (!device.ok())
    return ex.fail(device.status()), std::nullopt;
  ex.loadedRuntime.emplace(std::move(*rt));
  ex.targetSelection = *selection;
  ex.openDevice = *device;
  return ex;
}

runtime::StatusOr<runtime::Kernel>
Example::compile(const compiler::KernelSpecialization &spec) {
  auto compiled = compiler::compileKernelFile(*loadedRuntime, targetSelection->target,
                                              kernelFilePath, spec);
  if (!compiled.ok())
    return compiled.status();
  compileMs +=
      compiled->tile.frontendMilliseconds + compiled->artifact.record.milliseconds;
  (compiled->artifact.record.cacheHit ? cacheHits : cacheMisses) += 1;
  return runtime::Kernel::load(*openDevice, compiled->artifact);
}

int Example::report(const MaxError &maxError, double tolerance, double runMs) const {
  const bool ok = maxError.within(tolerance); // false for NaN
  const char *cache = cacheMisses == 0 ? "cache hit"
                      : cacheHits == 0 ? "cache miss"
                                       : "cache hits and misses";
  std::printf("%s: %s (%s) %s, max error %.1e%s, compile %.2f s (%s), run %.2f ms\n",
              exampleName.c_str(), targetSelection->target.toString().c_str(),
              openDevice->info().name.c_str(), ok ? "ok" : "WRONG", maxError.value(),
              ok ? "" : (" > tolerance " + std::to_string(tolerance)).c_str(),
              compileMs / 1000.0, cache, runMs);
  return ok ? 0 : 1;
}

int Example::fail(const runtime::Status &status) const {
  std::fprintf(stderr, "%s: FAILED: %s\n", exampleName.c_str(),
               status.message().c_str());
  return 1;
}

std::vector<float> randomFloats(size_t n, uint32_t seed, float lo, float hi) {
  // mt19937 is specified exactly by the standard; the distribution is not,
  // so map its 32-bit outputs ourselves to be identical across libraries.
  std::mt19937 rng(seed);
  std::vector<float> v(n);
  for (float &x : v)
    x = lo + (hi - lo) * static_cast<float>(rng() >> 8) * 0x1p-24f;
  return v;
}

} // namespace tessel::examples
