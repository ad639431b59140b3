//===- MatrixHooks.h - Matrix instructions a GPU target offers -*- C++ -*-===//
//
// The shared lowering places a `tile.dot` on a target's matrix units when
// the target gives it these hooks (`lowerTileToGpu`'s `matrix` argument).
// The hooks name the instruction they issue (a MatrixInstruction of the
// target's GpuTargetDescription); its fragments say which lane holds which
// element of A, B and C, and the lowering gathers each lane's elements of A
// and B from shared memory in that order and keeps C in the blocked layout
// the fragment implies (BlockedLayout::getMmaAccumulator). So an instruction
// of any shape and lane arrangement fits: mma.sync on 32 lanes, MFMA on
// 64-lane waves, DPAS on 16-lane sub-groups.
//
// A target may also offer a faster operand path for the m16n8k16 shape:
// warp-cooperative 8x8 matrix loads (hasMatrixLoads), as NVIDIA's ldmatrix.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_MATRIXHOOKS_H
#define TESSEL_BACKENDS_GPU_COMMON_MATRIXHOOKS_H

#include "backends/gpu_common/GpuTargetDescription.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace tessel::gpu {

class GpuMatrixHooks {
public:
  virtual ~GpuMatrixHooks() = default;

  /// The warp-level instruction the hooks issue (its `threads` is the warp
  /// size; MatrixInstruction::isConsistent holds).
  virtual const MatrixInstruction &getInstruction() const = 0;
  /// The instruction that multiplies `input` elements (an element type
  /// `supports` accepts); one target may have several (Intel's DPAS for
  /// 16-bit floats, tf32 and i8), all with getInstruction's accumulator
  /// shape and fragment (GpuTargetDescription::getWarpMatrixInstructionFor).
  virtual const MatrixInstruction &getInstructionFor(mlir::Type input) const {
    return getInstruction();
  }

  /// Whether `a x b` with elements of `input` accumulating in `acc` can use
  /// the instruction.
  virtual bool supports(mlir::Type input, mlir::Type acc) const = 0;

  /// D = A * B + C for one instruction tile of a warp. `a`, `bFragment` and
  /// `c` are this lane's elements (scalars of the input and accumulator
  /// types) in the register order of the instruction's fragments a, b and
  /// c; returns D's elements in c's order.
  virtual llvm::SmallVector<mlir::Value>
  multiplyAccumulate(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                     mlir::ValueRange a, mlir::ValueRange bFragment,
                     mlir::ValueRange c) const = 0;

  /// Optional, for an m16n8k16 instruction of 32 lanes with 16-bit inputs:
  /// warp-cooperative loads of 8x8 matrices from shared memory. A target
  /// without them returns false and is never asked for the next two.
  virtual bool hasMatrixLoads() const { return false; }
  /// Loads `count` (1, 2 or 4) 8x8 matrices of 16-bit elements. Lane `l`
  /// gives the address of row `l % 8` of matrix `l / 8`. Without
  /// `transpose`, lane `l` receives, per matrix, row `l / 4`, elements
  /// `2 * (l % 4)` and `+1`, as one i32; with it, the same positions of the
  /// transposed matrix.
  virtual llvm::SmallVector<mlir::Value>
  loadMatrices(mlir::OpBuilder &b, mlir::Location loc, mlir::Value sharedAddress,
               unsigned count, bool transpose) const {
    return {};
  }
  /// multiplyAccumulate with A as the 4 i32 and B as the 2 i32 that
  /// loadMatrices delivers (A: 4 matrices, rows 0-7 and 8-15 of k 0-7, then
  /// of k 8-15; B transposed: 2 matrices, k 0-7 and 8-15).
  virtual llvm::SmallVector<mlir::Value>
  multiplyAccumulatePacked(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                           mlir::ValueRange a, mlir::ValueRange bFragment,
                           mlir::ValueRange c) const {
    return {};
  }

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

  /// Optional: a block-copy engine that copies boxes of a tensor described
  /// by a tensor map (encoded by the host, passed as a kernel parameter)
  /// into shared memory, each copy completing on a barrier in shared memory
  /// that counts arrivals and bytes (NVIDIA's TMA and mbarriers). One thread
  /// issues the copies; every thread may wait. A target without it returns
  /// false and is never asked for the rest. Shared addresses are i32.
  virtual bool hasTensorCopy() const { return false; }
  /// Arms the barrier at `barrier` for `arrivals` arrivals a phase.
  virtual void initCopyBarrier(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value barrier, unsigned arrivals) const {}
  /// Makes the barriers this thread armed visible to the engine and to the
  /// other threads (before the block barrier that orders them).
  virtual void fenceCopyBarrierInit(mlir::OpBuilder &b, mlir::Location loc) const {}
  /// Retires the barrier (no copy or wait on it may be pending).
  virtual void invalCopyBarrier(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value barrier) const {}
  /// Arrives on the barrier and makes its phase also wait for `bytes`
  /// (i32) more bytes of copies.
  virtual void arriveExpectingBytes(mlir::OpBuilder &b, mlir::Location loc,
                                    mlir::Value barrier, mlir::Value bytes) const {}
  /// Copies the box at element coordinates `coords` (i32, innermost first)
  /// of the tensor whose map is at generic address `tensorMap` to `shared`,
  /// its bytes completing on `barrier`.
  virtual void tensorCopy(mlir::OpBuilder &b, mlir::Location loc, mlir::Value shared,
                          mlir::Value tensorMap, mlir::ValueRange coords,
                          mlir::Value barrier) const {}
  /// Arrives on the barrier (one of its arrivals a phase), ordering this
  /// thread's earlier accesses before whatever waits for the phase.
  virtual void arriveOnBarrier(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value barrier) const {}
  /// Waits until the phase of the barrier with parity `parity` (i32, 0 or
  /// 1) has completed.
  virtual void waitCopyBarrier(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value barrier, mlir::Value parity) const {}

  /// Optional: 2D block loads (Intel's 2D block IO), with which a warp
  /// reads a block of rows x warp-size 16-bit elements of a 2D surface in
  /// global memory in one instruction. A dot operand marked for staging
  /// (DotStaging.h) is then read that way into the staging buffer when the
  /// load's pointers prove, at run time, to form one such surface (and
  /// element by element otherwise). A target without them returns false
  /// and is never asked for the rest.
  virtual bool hasBlockLoads() const { return false; }
  /// What a block load's surface must satisfy, in bytes.
  struct BlockLoadRules {
    unsigned baseAlignment = 64; ///< of the surface's base address
    unsigned minWidth = 64;      ///< of a row
    unsigned widthMultiple = 4;
    unsigned minPitch = 64; ///< the distance between rows, at least the width
    unsigned pitchMultiple = 16;
    unsigned maxExtent = 1u << 24; ///< of width, height (rows) and pitch
    unsigned xMultiple = 4;        ///< of the block's first column, in bytes
    /// Heights one load may have (rows), largest first.
    llvm::SmallVector<unsigned, 4> heights = {32, 16, 8};
  };
  virtual BlockLoadRules getBlockLoadRules() const { return {}; }
  /// The `rows` i16 values this lane reads with a block load: column
  /// `x + lane` (elements) of rows `y` to `y + rows - 1` of the surface at
  /// `base` (a global `!llvm.ptr`), `width` bytes wide, `height` rows high,
  /// rows `pitch` bytes apart; zeros outside the surface. Every lane of the
  /// warp executes it with the same operands (all i32 but `base`).
  virtual llvm::SmallVector<mlir::Value>
  blockLoad(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base, mlir::Value width,
            mlir::Value height, mlir::Value pitch, mlir::Value x, mlir::Value y,
            unsigned rows) const {
    return {};
  }

  /// Optional: 2D block stores, with which a warp writes a block of 8 rows x
  /// warp-size columns of 16- or 32-bit elements of a 2D surface, each lane
  /// one column: the arrangement of an accumulator whose fragment puts the
  /// lanes along n with the rows in each lane's registers (DPAS). A matrix
  /// accumulator stored to a surface proven at run time (as for block
  /// loads, with getBlockLoadRules) is then written that way, with no trip
  /// through shared memory. A target without them returns false and is
  /// never asked for blockStore.
  virtual bool hasBlockStores() const { return false; }
  /// Writes `rows` (8 values of 2 or 4 bytes, all of one type) to column
  /// `x + lane` (elements) of rows `y` to `y + 7` of the surface at `base`
  /// (as blockLoad's operands); elements outside the surface are dropped.
  virtual void blockStore(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base,
                          mlir::Value width, mlir::Value height, mlir::Value pitch,
                          mlir::Value x, mlir::Value y, mlir::ValueRange rows) const {}
  /// Optional: 2D block prefetches into the cache (same surface operands as
  /// blockLoad, 16-bit elements, `rows` x warp-size); targets with block
  /// loads may make them no-ops.
  virtual void blockPrefetch(mlir::OpBuilder &b, mlir::Location loc, mlir::Value base,
                             mlir::Value width, mlir::Value height, mlir::Value pitch,
                             mlir::Value x, mlir::Value y, unsigned rows) const {}

  /// Optional: a warp-group matrix instruction (four consecutive warps
  /// compute a 64 x n x k product, n a multiple of 8 up to
  /// getWarpGroupMaxN(), k 32 bytes of input: 16 for f16/bf16, 32 for
  /// f8E4M3FN/f8E5M2; A and B are read from shared memory in the swizzled
  /// staging, SharedStagingAttr::getSwizzled, an fp8 B K-major). A target
  /// without one returns 0 and is never asked for the rest.
  virtual unsigned getWarpGroupMaxN() const { return 0; }
  /// One operand of a warp-group instruction in shared memory: `address`
  /// (i32, a shared-memory address) of its first element, `swizzle` bytes
  /// (32, 64, 128); `strideBytes` between 8-row (A) or 8-k (B) groups and
  /// `leadingBytes` between swizzle-wide column blocks of B (unused for
  /// A, whose 16 k of one instruction lie inside one block). A's rows are
  /// its k-contiguous rows (K-major), B's its n-contiguous rows (N-major).
  struct SharedMatrix {
    mlir::Value address;
    int64_t swizzle = 128;
    int64_t leadingBytes = 16, strideBytes = 1024;
    /// For B: K-major (rows of K, as A always is) instead of N-major.
    bool kMajor = false;
  };
  /// Makes this thread's stores to shared memory visible to the warp-group
  /// instruction's reads (asynchronous copies need only their wait);
  /// placed before the barrier that orders them.
  virtual void fenceSharedForWarpGroup(mlir::OpBuilder &b, mlir::Location loc) const {}
  /// Orders the accumulator registers' earlier writes before the
  /// instructions that follow (once before a run of them).
  virtual void beginWarpGroupMma(mlir::OpBuilder &b, mlir::Location loc) const {}
  /// Issues D = A * B + C for this warp group: A 64 x k, B k x `n`, of
  /// `input` elements (16-bit floats or fp8, k as above), `acc` this lane's n / 2 f32
  /// elements of C in the instruction's order (element 4q + 2h + e: row 16 * (warp % 4)
  /// + 8h + lane / 4, column 8q + 2 * (lane % 4) + e). Returns D, not to be read before
  /// waitWarpGroupMma. With `accumulate` (an i1, the same in every thread), C
  /// is added only where it is true: D = A * B otherwise (the instruction's
  /// scale of D, decided at run time).
  virtual llvm::SmallVector<mlir::Value>
  warpGroupMma(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
               const SharedMatrix &a, const SharedMatrix &bMatrix, unsigned n,
               mlir::ValueRange acc, mlir::Value accumulate = {}) const {
    return {};
  }
  /// Whether warpGroupMmaRegisterA can be used (16-bit inputs).
  virtual bool hasWarpGroupMmaRegisterA() const { return false; }
  /// As warpGroupMma, with A's 64 x 16 step in registers instead of shared
  /// memory: `a` holds this lane's four i32 registers, each two 16-bit
  /// elements of one row at consecutive k, at (row, k) = (g, 2t), (g + 8,
  /// 2t), (g, 2t + 8), (g + 8, 2t + 8) with g = 16 * (warp % 4) + lane / 4
  /// and t = lane % 4: where the accumulator's elements 0-1 and 2-3 of
  /// columns 0-7 and 8-15 sit. The registers must not change before the
  /// wait for the instruction.
  virtual llvm::SmallVector<mlir::Value>
  warpGroupMmaRegisterA(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                        mlir::ValueRange a, const SharedMatrix &bMatrix, unsigned n,
                        mlir::ValueRange acc, mlir::Value accumulate = {}) const {
    return {};
  }
  /// Closes a group of the instructions issued since the last one.
  virtual void commitWarpGroupMma(mlir::OpBuilder &b, mlir::Location loc) const {}
  /// Waits until at most `pending` groups are unfinished; returns `acc` (the
  /// results of the instructions waited for, or of later ones still in
  /// flight, which then stay in their registers untouched) as values that
  /// only exist after the wait.
  virtual llvm::SmallVector<mlir::Value> waitWarpGroupMma(mlir::OpBuilder &b,
                                                          mlir::Location loc,
                                                          mlir::ValueRange acc,
                                                          unsigned pending) const {
    return {};
  }

  /// Optional: the warp-group dot on tensor memory (NVIDIA's tcgen05). The
  /// shapes, operands and staging are the warp-group instruction's (64 x n
  /// slices, getWarpGroupMaxN, SharedMatrix), but D lives in a memory of
  /// its own that the block allocates: one thread issues the instructions,
  /// their completion arrives on a barrier, and each warp moves its part of
  /// D between its registers and that memory in the warp-group
  /// accumulator's order. Its addresses are i32: lane << 16 | column; a
  /// 64-row slice holds row 16w + r (warp w of a group, r < 16) in lane
  /// 32w + r, one column per element of a row. A target with it returns
  /// true and is then never asked for warpGroupMma or its register-A form.
  virtual bool hasTensorMemoryMma() const { return false; }
  /// Allocates `columns` (a power of two, 32 to 512) of the memory and
  /// writes their address to the i32 at shared address `slot`; every lane
  /// of one warp runs it.
  virtual void allocTensorMemory(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value slot, unsigned columns) const {}
  /// Frees them (every lane of one warp; nothing may still use them).
  virtual void deallocTensorMemory(mlir::OpBuilder &b, mlir::Location loc,
                                   mlir::Value address, unsigned columns) const {}
  /// Issues, from one thread, D = A * B + D (D = A * B where `accumulate`,
  /// i1, is false) for the 64 x `n` slice at `d`; A and B as for
  /// warpGroupMma.
  virtual void tensorMemoryMma(mlir::OpBuilder &b, mlir::Location loc, mlir::Type input,
                               mlir::Value d, const SharedMatrix &a,
                               const SharedMatrix &bMatrix, unsigned n,
                               mlir::Value accumulate) const {}
  /// Makes the barrier at `barrier` receive one arrival once every
  /// instruction this thread issued has completed.
  virtual void commitTensorMemoryMma(mlir::OpBuilder &b, mlir::Location loc,
                                     mlir::Value barrier) const {}
  /// Stores this warp's 16 rows of a 64 x (values.size() * 2) slice from
  /// `values`, in warpGroupMma's accumulator order, at `address` (the
  /// warp's first lane, the slice's first column).
  virtual void storeTensorMemory(mlir::OpBuilder &b, mlir::Location loc,
                                 mlir::Value address, mlir::ValueRange values) const {}
  /// Loads them back: `count` f32 values in that order, readable at once
  /// (the load waits for itself).
  virtual llvm::SmallVector<mlir::Value> loadTensorMemory(mlir::OpBuilder &b,
                                                          mlir::Location loc,
                                                          mlir::Value address,
                                                          unsigned count) const {
    return {};
  }
  /// Waits until this thread's stores have completed.
  virtual void waitTensorMemoryStores(mlir::OpBuilder &b, mlir::Location loc) const {}
  /// Orders this thread's tensor-memory operations with a block barrier:
  /// the ones before it (`beforeBarrier`) or after it.
  virtual void fenceTensorMemory(mlir::OpBuilder &b, mlir::Location loc,
                                 bool beforeBarrier) const {}
  /// Arrives on the barrier at `barrier`; returns a token (i64) of the
  /// phase arrived in, for waitBarrierPhase.
  virtual mlir::Value arriveForPhase(mlir::OpBuilder &b, mlir::Location loc,
                                     mlir::Value barrier) const {
    return {};
  }
  /// Waits until the phase of `token` has completed.
  virtual void waitBarrierPhase(mlir::OpBuilder &b, mlir::Location loc,
                                mlir::Value barrier, mlir::Value token) const {}

  /// Whether operand loads marked for staging can fill the staging buffers
  /// themselves (asynchronous copies or block loads).
  bool canStageOperands() const { return hasAsyncCopy() || hasBlockLoads(); }
};

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_MATRIXHOOKS_H
