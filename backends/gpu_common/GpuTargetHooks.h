//===- GpuTargetHooks.h - What a GPU vendor plugs into the lowering -*- C++ -*-===//
//
// The shared tile-to-GPU lowering (Conversion/TileToGpu) produces per-thread
// code in arith/scf/vector/LLVM ops and asks the target for the few things
// that differ between vendors: special registers, warp shuffles, barriers,
// address spaces and how a kernel is marked. NVIDIA implements these with
// NVVM ops (backends/nvidia/NvvmTargetHooks.h); an AMD backend would use
// ROCDL ops, an Intel one SPIR-V built-ins.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_GPUTARGETHOOKS_H
#define TESSEL_BACKENDS_GPU_COMMON_GPUTARGETHOOKS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace tessel::gpu {

class GpuTargetHooks {
public:
  virtual ~GpuTargetHooks() = default;

  /// The backend's name in diagnostics: "tile.X is not supported by the
  /// <name> backend yet".
  virtual llvm::StringRef getBackendName() const = 0;
  /// Threads per warp (wave, sub-group) the generated code assumes.
  virtual unsigned getWarpSize() const = 0;
  /// The thread's index in its block along x, as i32.
  virtual mlir::Value getThreadId(mlir::OpBuilder &b, mlir::Location loc) const = 0;
  /// The block's index and the grid size along axis 0..2, as i32.
  virtual mlir::Value getBlockId(mlir::OpBuilder &b, mlir::Location loc,
                                 unsigned axis) const = 0;
  virtual mlir::Value getGridSize(mlir::OpBuilder &b, mlir::Location loc,
                                  unsigned axis) const = 0;
  /// A barrier over the block that also orders shared memory accesses.
  virtual void createBarrier(mlir::OpBuilder &b, mlir::Location loc) const = 0;
  /// The i32 `value` of the lane whose index is this lane's xor `laneMask`.
  virtual mlir::Value createShuffleXor(mlir::OpBuilder &b, mlir::Location loc,
                                       mlir::Value value, unsigned laneMask) const = 0;
  /// LLVM address spaces of block-shared and global memory.
  virtual unsigned getSharedAddressSpace() const = 0;
  virtual unsigned getGlobalAddressSpace() const = 0;
  /// Marks an `llvm.func` (lowered from a function the lowering marked with
  /// `tilegpu.kernel`) as a kernel entry launched with `threadsPerBlock`
  /// threads.
  virtual void markKernel(mlir::Operation *llvmFunc,
                          unsigned threadsPerBlock) const = 0;
};

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_GPUTARGETHOOKS_H
