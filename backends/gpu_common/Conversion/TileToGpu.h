//===- TileToGpu.h - Tile IR to per-thread GPU code ---------------*- C++ -*-===//
//
// The shared lowering of tile ops to the code one GPU thread runs, over a
// vendor's GpuTargetHooks. Tiles become vectors holding the thread's
// elements in the order of their blocked layout (BlockedLayout.h); data
// that changes hands between threads goes through a block-shared scratch
// buffer between barriers. See docs/targets/nvidia.md for the op-by-op
// strategy.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_CONVERSION_TILETOGPU_H
#define TESSEL_BACKENDS_GPU_COMMON_CONVERSION_TILETOGPU_H

#include "backends/gpu_common/GpuTargetHooks.h"
#include "backends/gpu_common/MatrixHooks.h"
#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace tessel::gpu {

/// Name of the dynamic shared memory symbol the lowering creates.
inline constexpr llvm::StringLiteral kSharedMemorySymbol = "tessel_shared";

/// Attributes marking kernels (public functions) and their block size on the
/// lowered func.func; GPU backends turn them into their own kernel markings
/// on the llvm.func (see GpuTargetHooks::markKernel).
inline constexpr llvm::StringLiteral kKernelAttrName =
    tilegpu::TileGpuDialect::KernelAttrHelper::getNameStr();
inline constexpr llvm::StringLiteral kThreadsPerBlockAttrName =
    tilegpu::TileGpuDialect::ThreadsPerBlockAttrHelper::getNameStr();

/// Lowers every tile op of `module` (annotated by `tilegpu-assign-layouts`)
/// to per-thread code. Public functions are marked as kernels (kKernelAttrName).
/// The module gets `tilegpu.shared_mem_bytes`, the dynamic shared memory a
/// block needs. Emits a diagnostic at the op and fails for any op or type
/// the lowering does not support ("tile.X is not supported by the <backend>
/// backend yet"). With `matrix` hooks, a `tile.dot` whose result carries a
/// matrix-accumulator layout runs on the target's matrix instructions.
mlir::LogicalResult lowerTileToGpu(mlir::ModuleOp module, const GpuTargetHooks &hooks,
                                   const GpuMatrixHooks *matrix = nullptr);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_CONVERSION_TILETOGPU_H
