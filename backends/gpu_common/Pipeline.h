//===- Pipeline.h - The GPU lowering every GPU backend runs -------*- C++ -*-===//
//
// One pass pipeline from tile IR to the LLVM dialect for GPU targets, with
// extension points where vendors differ: the target-neutral expansions, the
// shared passes configured from the GpuTargetDescription, the vendor's
// tile-to-GPU conversion (the shared conversion with its hooks), its math
// lowering, and how its kernels are marked, around the upstream conversions.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_PIPELINE_H
#define TESSEL_BACKENDS_GPU_COMMON_PIPELINE_H

#include <functional>

#include "backends/gpu_common/GpuTargetDescription.h"
#include "mlir/Pass/PassManager.h"

namespace tessel::gpu {

/// What a backend plugs into buildGpuLoweringPipeline.
struct GpuPipelineHooks {
  /// Adds the pass that runs the shared tile-to-GPU conversion with the
  /// backend's GpuTargetHooks (and GpuMatrixHooks).
  std::function<void(mlir::OpPassManager &)> addTileToGpu;
  /// Optional: passes lowering math ops the upstream math-to-llvm
  /// conversion would leave, or lower worse (device intrinsics, libm calls).
  std::function<void(mlir::OpPassManager &)> addMathLowering;
  /// Adds the pass that gives the block copies (tilegpu.tensor_copy) their
  /// tensor maps (kernel parameters the host fills); required where the
  /// target description has tensorMapCopy.
  std::function<void(mlir::OpPassManager &)> addTensorMapParams;
  /// Adds the passes that mark the kernels for the target (after func-to-llvm)
  /// and finish the target's own dialect (e.g. nvvm-to-llvm).
  std::function<void(mlir::OpPassManager &)> addKernelMarking;
  /// Whether fp8 dots into f32 keep their fp8 operands (for the target's
  /// fp8 matrix instructions, or its fallback); false widens them to f16
  /// first (tilegpu-widen-fp8-dots: the same result, on the f16 matrix
  /// instructions with f32 accumulation).
  bool keepFp8Dots = true;
  /// Whether a GEMM loop whose operands the block-copy engine copies gets a
  /// producer warp for its copies (tilegpu-warp-specialize); only for
  /// targets whose hooks make partial barriers (GpuTargetHooks).
  bool warpSpecialize = false;
  /// Whether descriptors over one slice of their argument's tensor are
  /// copied by the block-copy engine too (3-D maps); cp.async otherwise.
  bool slicedTensorCopies = false;
};

/// Appends the whole lowering for `target` with `numWarps` warps per block
/// and `numStages` pipelining stages.
void buildGpuLoweringPipeline(mlir::OpPassManager &pm,
                              const GpuTargetDescription &target, unsigned numWarps,
                              unsigned numStages, const GpuPipelineHooks &hooks);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_PIPELINE_H
