//===- NvidiaOptions.h - Options of the NVIDIA backend ------------*- C++ -*-===//

#ifndef TESSEL_BACKENDS_NVIDIA_NVIDIAOPTIONS_H
#define TESSEL_BACKENDS_NVIDIA_NVIDIAOPTIONS_H

#include <string>

namespace tessel::nvidia {

struct NvidiaOptions {
  /// Warps per block (program instance); a power of two from 1 to 32.
  unsigned numWarps = 4;
  /// Software pipelining depth S of loops with a dot: 2 or more copies a
  /// tensor-core dot's operands into shared memory S - 1 iterations ahead
  /// (other loads feeding a dot one iteration ahead, in registers); 1 turns
  /// it off.
  unsigned numStages = 3;
  /// Blocks that must fit on one SM at once (`.minnctapersm`): ptxas then
  /// caps registers per thread so that they fit, which trades a few spills
  /// for the latency hiding of a second block. 0 leaves it to the backend,
  /// which asks for 2 for blocks of 512 threads (NvvmTargetHooks::markKernel).
  unsigned minBlocksPerSM = 0;
  /// mma.sync operands through ldmatrix (the fast path); false gathers them
  /// element by element as the shared fragment path does for targets
  /// without matrix loads, which lets NVIDIA hardware check that path.
  bool matrixLoads = true;
  /// fp8 dots into f32 on sm_90a's fp8 warp-group instructions, which
  /// accumulate with less precision than f32 (about 13 bits of the sum are
  /// kept: results differ from f32 accumulation by up to ~1e-3 relative,
  /// as Triton's default and cuBLAS's fast accumulation). False (the
  /// default) widens fp8 operands to f16 (exact) and runs the f16
  /// instructions with f32 accumulation, at the f16 rate.
  bool fp8FastAccumulation = false;
  /// Lets a floating-point multiply and the add or subtract that consumes
  /// it round once (fma), as Triton does by default (`enable_fp_fusion`).
  /// False (the default) rounds every operation on its own, as the tile
  /// IR and the CPU backend do, so results match them bit for bit.
  bool fpFusion = false;
  /// f32 subnormal inputs and results read and written as zero (PTX's
  /// `.ftz`): exp2 becomes one `ex2.approx.ftz` instruction instead of four
  /// (the subnormal range is scaled in and out), fma and friends their ftz
  /// forms, and libdevice takes its ftz paths; Triton's default on NVIDIA.
  /// False (the default) keeps subnormals, as the tile IR and the CPU
  /// backend do.
  bool flushDenormals = false;
  /// sm_90a: a GEMM loop whose operands TMA copies gets one more warp, a
  /// producer that only issues the copies, each once the other warps have
  /// released the buffer it writes (tilegpu-warp-specialize); the block
  /// then has num_warps + 1 warps. Kernels that do not qualify compile as
  /// without it.
  bool warpSpecialize = false;
  /// sm_90a/sm_100a: descriptors over one slice of their argument's tensor
  /// (a batch or head of a 3-D or 4-D tensor: `base + slice * stride`)
  /// copied by TMA through 3-D maps, as 2-D ones are. Off by default: such
  /// copies stopped with an illegal instruction on an H100 while the maps
  /// declared 2^32 slices, and the bounded maps have not run yet; off,
  /// their tiles come by cp.async.
  bool slicedTensorCopies = false;
  /// LLVM optimization level, 0..3.
  unsigned optLevel = 3;
  /// The PTX assembler, run as a child process.
  std::string ptxasPath = "/usr/local/cuda/bin/ptxas";
  /// CUDA's libdevice bitcode, linked where a kernel calls one of its
  /// functions (f64 transcendental math; a few f32 ones); empty: the one of
  /// ptxas's toolkit (<cuda>/nvvm/libdevice/libdevice.10.bc).
  std::string libdevicePath;
};

} // namespace tessel::nvidia

#endif // TESSEL_BACKENDS_NVIDIA_NVIDIAOPTIONS_H
