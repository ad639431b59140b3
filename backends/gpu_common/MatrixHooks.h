//===- MatrixHooks.h - Tensor-core instructions a GPU target offers -*- C++ -*-===//
//
// The shared lowering places a `tile.dot` on a target's matrix units when
// the target gives it these hooks (`lowerTileToGpu`'s `matrix` argument). The
// fragment shapes are those of a warp-wide 16x8x16 multiply-accumulate with
// 16-bit inputs and f32 accumulators, which NVIDIA's mma.sync (sm_80+) and
// AMD's and Intel's matrix instructions can all express; which thread holds
// which fragment element is fixed by `MmaLayout.h`.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_MATRIXHOOKS_H
#define TESSEL_BACKENDS_GPU_COMMON_MATRIXHOOKS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace tessel::gpu {

class GpuMatrixHooks {
public:
  virtual ~GpuMatrixHooks() = default;

  /// Whether `a x b` with elements of `input` accumulating in `acc` can use
  /// the 16x8x16 instruction.
  virtual bool supports(mlir::Type input, mlir::Type acc) const = 0;

  /// A warp-cooperative load of `count` (1, 2 or 4) 8x8 matrices of 16-bit
  /// elements from shared memory. Lane `l` gives the address of row `l % 8`
  /// of matrix `l / 8`. Without `transpose`, lane `l` receives, per matrix,
  /// row `l / 4`, elements `2 * (l % 4)` and `+1`, as one i32; with it, the
  /// same positions of the transposed matrix.
  virtual llvm::SmallVector<mlir::Value>
  loadMatrices(mlir::OpBuilder &b, mlir::Location loc, mlir::Value sharedAddress,
               unsigned count, bool transpose) const = 0;

  /// D = A * B + C for one 16x8x16 tile of a warp: `a` is 4 i32 (8 inputs),
  /// `b` 2 i32 (4 inputs), `c` 4 accumulators; returns the 4 results. The
  /// element positions are those `loadMatrices` delivers for A (4 matrices:
  /// rows 0-7 and 8-15 of k 0-7, then of k 8-15) and for B transposed
  /// (2 matrices: k 0-7 and 8-15).
  virtual llvm::SmallVector<mlir::Value>
  multiplyAccumulate(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                     mlir::ValueRange a, mlir::ValueRange bFragment,
                     mlir::ValueRange c) const = 0;

  /// Asynchronous copies from global to shared memory that bypass registers,
  /// which lets operand tiles of later iterations be in flight without
  /// holding registers. A target without them returns false from
  /// hasAsyncCopy and is never asked for the rest.
  virtual bool hasAsyncCopy() const { return false; }
  /// Copies `bytes` (4, 8 or 16) from `global` to `shared`; where `enabled`
  /// (i1, may be null: always) is false, writes zeros and reads nothing.
  virtual void asyncCopy(mlir::OpBuilder &b, mlir::Location loc, mlir::Value shared,
                         mlir::Value global, unsigned bytes,
                         mlir::Value enabled) const {}
  /// Closes the group of copies this thread issued since the last commit.
  virtual void commitAsyncCopies(mlir::OpBuilder &b, mlir::Location loc) const {}
  /// Waits until at most `pending` of this thread's groups are incomplete.
  virtual void waitAsyncCopies(mlir::OpBuilder &b, mlir::Location loc,
                               unsigned pending) const {}
};

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_MATRIXHOOKS_H
