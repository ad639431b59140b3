//===- GpuTargetDescription.h - What a GPU offers the shared lowering -*- C++ -*-===//
//
// A typed description of one GPU target that each GPU backend fills and
// that drives the shared GPU layer: the warp (wave, sub-group) size, the
// matrix instructions with their shapes and accumulator fragments, the
// asynchronous and bulk copy engines, and the memory limits. The passes of
// backends/gpu_common take their settings from it (GpuLoweringSettings), and
// plugins publish it as ABI features (getFeatures). Plain C++ with no
// MLIR or LLVM, so a runtime-only plugin reads it too.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_GPUTARGETDESCRIPTION_H
#define TESSEL_BACKENDS_GPU_COMMON_GPUTARGETDESCRIPTION_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tessel::gpu {

/// Element types of matrix instruction operands.
enum class MatrixElement { F16, BF16, TF32, F32, I8, I32, FP8E4M3, FP8E5M2 };

/// One matrix multiply-accumulate instruction: D(m x n) = A(m x k) * B(k x n)
/// + C, executed cooperatively by `threads` lanes (a warp, or a warp group).
struct MatrixInstruction {
  /// The instruction's name in messages: "mma.sync.m16n8k16".
  std::string name;
  unsigned m = 0, n = 0, k = 0;
  std::vector<MatrixElement> inputs;
  MatrixElement accumulator = MatrixElement::F32;
  unsigned threads = 0;
  /// The accumulator fragment: each lane holds `accumulatorElementsN`
  /// consecutive columns of one row; the lanes form a grid of
  /// (threads / (n / accumulatorElementsN)) rows by
  /// (n / accumulatorElementsN) columns, repeated down the m rows.
  unsigned accumulatorElementsN = 0;

  bool acceptsInput(MatrixElement e) const {
    for (MatrixElement i : inputs)
      if (i == e)
        return true;
    return false;
  }
  unsigned getAccumulatorLanesN() const { return n / accumulatorElementsN; }
  unsigned getAccumulatorLanesM() const { return threads / getAccumulatorLanesN(); }
};

struct GpuTargetDescription {
  /// The target's name: "sm_90a", "gfx942".
  std::string arch;
  /// Threads that execute in lockstep and exchange values by shuffles.
  unsigned warpSize = 32;
  /// The matrix instructions, preferred first.
  std::vector<MatrixInstruction> matrixInstructions;
  /// Copies from global to shared memory that bypass registers (cp.async,
  /// LDS DMA).
  bool asyncCopy = false;
  /// A block-copy engine for whole tiles (TMA, 2D block IO).
  bool bulkCopy = false;
  /// Shared memory (LDS, SLM) a block may use, with opt-in, in bytes.
  unsigned sharedMemoryPerBlock = 0;
  /// 32-bit registers one thread may use, and one multiprocessor holds.
  unsigned registersPerThread = 0;
  unsigned registersPerMultiprocessor = 0;
  unsigned maxThreadsPerBlock = 1024;

  /// The preferred matrix instruction a single warp executes, or null.
  const MatrixInstruction *getWarpMatrixInstruction() const {
    for (const MatrixInstruction &i : matrixInstructions)
      if (i.threads == warpSize)
        return &i;
    return nullptr;
  }

  /// The description as typed ABI features (device features of a plugin):
  /// warp_size, shared_mem_bytes, registers_per_thread, async_copy,
  /// bulk_copy, and "matrix.<name>" = 1 for each matrix instruction.
  std::vector<std::pair<std::string, int64_t>> getFeatures() const {
    std::vector<std::pair<std::string, int64_t>> out = {
        {"warp_size", warpSize},
        {"shared_mem_bytes", sharedMemoryPerBlock},
        {"registers_per_thread", registersPerThread},
        {"async_copy", asyncCopy},
        {"bulk_copy", bulkCopy},
    };
    for (const MatrixInstruction &i : matrixInstructions)
      out.push_back({"matrix." + i.name, 1});
    return out;
  }
};

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_GPUTARGETDESCRIPTION_H
