//===- BoundsCases.h - The bounds-checked mode's GPU cases -------*- C++ -*-===//
//
// The kernels of tools/tessel/testdata/bounds_kernels.py compiled with
// TESSEL_COMPILE_CHECK_BOUNDS, shared by prepare_kernels (which compiles
// them where the compiler is) and bounds_gpu (which runs them on the GPU
// machine with the runtime only): the same faults check_bounds_test.sh
// expects on the CPU, on the NVIDIA backend.
#ifndef TESSEL_BENCH_NVIDIA_BOUNDSCASES_H
#define TESSEL_BENCH_NVIDIA_BOUNDSCASES_H

#include <map>
#include <string>
#include <vector>

#include "core/plugin_host/PluginTypes.h"

namespace tessel::bench {

struct BoundsKernel {
  std::string name; // file stem of the bytecode
  std::string kernel;
  std::string signature;
  std::map<std::string, std::string> constexprs;
};

inline std::vector<BoundsKernel> getBoundsKernels() {
  return {{"bounds_copy_masked", "copy_masked", "*fp32,*fp32,i32", {{"BLOCK", "256"}}},
          {"bounds_strided",
           "strided",
           "*fp32,*fp32,i32",
           {{"STRIDE", "1048576"}, {"BLOCK", "16"}}},
          // A dot on tensor cores whose operands advance in a loop.
          {"bounds_matmul",
           "matmul",
           "*fp16,*fp16,*fp16,i32,i32,i32",
           {{"BLOCK_M", "64"}, {"BLOCK_N", "64"}, {"BLOCK_K", "32"}}}};
}

inline plugin_host::CompileOptions boundsCompileOptions() {
  plugin_host::CompileOptions options;
  options.flags = TESSEL_COMPILE_CHECK_BOUNDS;
  return options;
}

} // namespace tessel::bench

#endif // TESSEL_BENCH_NVIDIA_BOUNDSCASES_H
