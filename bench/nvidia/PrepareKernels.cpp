//===- PrepareKernels.cpp - The GPU benchmark's kernels, compiled ---------===//
//
// Compiles the GPU benchmark's kernels for nvidia:sm_90a on a machine with
// the compiler: writes each kernel's tile IR bytecode to OUT/<name>.mlirbc and
// fills the compile cache OUT/cache, so that bench_gpu, on a GPU machine with
// only the runtime-only plugin, finds every artifact as a cache hit.
// Every GEMM also at each configuration its "tessel-auto" side tries
// (Workloads.h, getTuningVariants). With BOUNDS.py, the bounds-checked
// mode's kernels too (BoundsCases.h).
//   prepare_kernels PLUGIN KERNELS.py OUT [BOUNDS.py]
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "bench/nvidia/BoundsCases.h"
#include "bench/nvidia/Workloads.h"
#include "core/compiler/KernelCompiler.h"
#include "core/plugin_host/TargetParser.h"
#include "core/runtime/Runtime.h"

int main(int argc, char **argv) {
  if (argc != 4 && argc != 5) {
    std::fprintf(stderr, "usage: prepare_kernels PLUGIN KERNELS.py OUT [BOUNDS.py]\n");
    return 2;
  }
  std::string out = argv[3];
  tessel::runtime::RuntimeOptions options;
  options.pluginPaths = {argv[1]};
  options.usePluginPathEnv = false;
  options.useDefaultPluginDir = false;
  options.cacheDir = out + "/cache";
  auto runtime = tessel::runtime::Runtime::create(options);
  if (!runtime.ok()) {
    std::fprintf(stderr, "%s\n", runtime.status().toString().c_str());
    return 1;
  }
  auto target = tessel::plugin_host::parseTarget("nvidia:sm_90a");
  int status = 0;
  // The benchmark's kernels and the L2 flush that runs before each timed
  // launch.
  std::vector<tessel::bench::Workload> workloads = tessel::bench::getWorkloads();
  workloads.push_back(tessel::bench::l2Flush());
  for (const tessel::bench::Workload &w : workloads) {
    tessel::compiler::KernelSpecialization spec{w.kernel, w.signature, w.constexprs};
    tessel::plugin_host::CompileOptions compileOptions =
        tessel::bench::compileOptionsFor(w);
    auto compiled = tessel::compiler::compileKernelFile(*runtime, *target, argv[2],
                                                        spec, compileOptions);
    if (!compiled.ok()) {
      std::fprintf(stderr, "%s: %s\n", w.name.c_str(),
                   compiled.status().toString().c_str());
      status = 1;
      continue;
    }
    std::ofstream(out + "/" + w.name + ".mlirbc", std::ios::binary)
        .write(reinterpret_cast<const char *>(compiled->tile.bytecode.data()),
               compiled->tile.bytecode.size());
    // The cubin too, for cuobjdump on the GPU machine (which instructions
    // the dot became).
    const auto &cubin = compiled->artifact.kernel.bytes;
    std::ofstream(out + "/" + w.name + ".cubin", std::ios::binary)
        .write(reinterpret_cast<const char *>(cubin.data()), cubin.size());
    const auto &md = compiled->artifact.kernel.metadata;
    std::printf("%-20s %s, %u warps, %u B shared, %zu B cubin\n", w.name.c_str(),
                compiled->artifact.record.summary().c_str(), md.numWarps,
                md.sharedMemBytes, compiled->artifact.kernel.bytes.size());
  }
  // Each GEMM at every tutorial configuration and each attention at every
  // variant, for the "tessel-auto" side: one that does not compile is left
  // out (bench_gpu says so).
  for (const tessel::bench::Workload &w : tessel::bench::getWorkloads()) {
    for (const tessel::bench::Workload &v : tessel::bench::getTuningVariants(w)) {
      tessel::compiler::KernelSpecialization spec{v.kernel, v.signature, v.constexprs};
      auto compiled = tessel::compiler::compileKernelFile(
          *runtime, *target, argv[2], spec, tessel::bench::compileOptionsFor(v));
      if (!compiled.ok()) {
        std::printf("%-20s not compiled: %s\n", v.name.c_str(),
                    compiled.status().toString().c_str());
        continue;
      }
      std::ofstream(out + "/" + v.name + ".mlirbc", std::ios::binary)
          .write(reinterpret_cast<const char *>(compiled->tile.bytecode.data()),
                 compiled->tile.bytecode.size());
      std::printf("%-20s %s, %u B shared\n", v.name.c_str(),
                  compiled->artifact.record.summary().c_str(),
                  compiled->artifact.kernel.metadata.sharedMemBytes);
    }
  }
  if (argc == 5) {
    for (const tessel::bench::BoundsKernel &b : tessel::bench::getBoundsKernels()) {
      tessel::compiler::KernelSpecialization spec{b.kernel, b.signature, b.constexprs};
      auto compiled = tessel::compiler::compileKernelFile(
          *runtime, *target, argv[4], spec, tessel::bench::boundsCompileOptions());
      if (!compiled.ok()) {
        std::fprintf(stderr, "%s: %s\n", b.name.c_str(),
                     compiled.status().toString().c_str());
        status = 1;
        continue;
      }
      std::ofstream(out + "/" + b.name + ".mlirbc", std::ios::binary)
          .write(reinterpret_cast<const char *>(compiled->tile.bytecode.data()),
                 compiled->tile.bytecode.size());
      std::printf("%-20s %s, bounds-checked\n", b.name.c_str(),
                  compiled->artifact.record.summary().c_str());
    }
  }
  return status;
}
