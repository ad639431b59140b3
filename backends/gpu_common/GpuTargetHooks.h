//===- GpuTargetHooks.h - What a GPU vendor plugs into the lowering -*- C++ -*-===//
//
// The shared tile-to-GPU lowering (Conversion/TileToGpu) produces per-thread
// code in arith/scf/vector/LLVM ops and asks the target for the few things
// that differ between vendors: special registers, warp shuffles, barriers,
// address spaces and how a kernel is marked. NVIDIA implements these with
// NVVM ops (backends/nvidia/NvvmTargetHooks.h); an AMD backend would use
// ROCDL ops, an Intel one SPIR-V built-ins. A few hooks are optional: their
// default says the target has nothing special, and the lowering falls back
// to a portable form.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_GPUTARGETHOOKS_H
#define TESSEL_BACKENDS_GPU_COMMON_GPUTARGETHOOKS_H

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/Support/ErrorHandling.h"

namespace tessel::gpu {

/// How a kernel asked one global memory access to use the caches: the tile
/// dialect's `cache`, `evict` and `isVolatile` attributes of a load or store.
struct MemoryAccessHints {
  tile::CacheModifier cache = tile::CacheModifier::None;
  tile::EvictionPolicy evict = tile::EvictionPolicy::Normal;
  bool isVolatile = false;

  bool isDefault() const {
    return cache == tile::CacheModifier::None &&
           evict == tile::EvictionPolicy::Normal && !isVolatile;
  }
};

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
  /// A barrier that only `threads` threads (whole warps) of the block meet
  /// at, numbered `id` (0 is the whole block's), ordering shared memory as
  /// createBarrier's does; for warp-specialized kernels (WarpRoles.h),
  /// which only targets that implement it get.
  virtual void createPartialBarrier(mlir::OpBuilder &b, mlir::Location loc, unsigned id,
                                    unsigned threads) const {
    llvm_unreachable("a partial barrier on a target without warp specialization");
  }
  /// Whether the target's assembler takes `tile.inline_asm` text (lowered to
  /// `llvm.inline_asm` per element); the null GPU has no assembly language.
  virtual bool supportsInlineAsm() const { return false; }
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

  /// The LLVM sync scope of an atomic at `scope`, in the target backend's
  /// names ("" is the whole system). The default is NVPTX's: "block",
  /// "device".
  virtual llvm::StringRef getSyncScope(tile::MemScope scope) const {
    switch (scope) {
    case tile::MemScope::CTA:
      return "block";
    case tile::MemScope::GPU:
      return "device";
    case tile::MemScope::System:
      return "";
    }
    return "";
  }

  /// Optional: whether a dot on matrix units inside a loop stages its
  /// operands in two buffers of its own, used in turn (one barrier an
  /// iteration), rather than in the shared scratch buffer (two barriers, no
  /// shared memory of its own). Targets with little shared memory (64 KiB
  /// of LDS) turn it off when a kernel would not fit otherwise.
  virtual bool doubleBuffersLoopDots() const { return true; }

  /// Optional: a load from global memory that reads `ptr` (an `!llvm.ptr`)
  /// only where `mask` (i1; null: always) holds and yields `other` (of
  /// `type`; given whenever `mask` is) elsewhere, without a branch, honouring
  /// `hints`. `type` is an integer or float, or a vector of them, of 1, 2, 4,
  /// 8 or 16 bytes, and `ptr` is aligned to its size. Returns null where the
  /// target has no such access; the lowering then branches around a plain
  /// load and drops the hints.
  virtual mlir::Value createPredicatedLoad(mlir::OpBuilder &b, mlir::Location loc,
                                           mlir::Type type, mlir::Value ptr,
                                           mlir::Value mask, mlir::Value other,
                                           const MemoryAccessHints &hints) const {
    return nullptr;
  }
  /// Optional: a masked load as createPredicatedLoad, for an access the
  /// kernel addresses as one scalar pointer plus a tile of i32 offsets:
  /// `base` (an `!llvm.ptr`, the same for every thread of the block) plus
  /// `offset` (this thread's i32 element offset, of any value) times
  /// `elementBytes`. Tried first for masked loads of that form; a target
  /// with base-relative loads (AMD's buffer loads, which read zero out of
  /// range instead of faulting) returns the value, others null.
  virtual mlir::Value createBaseOffsetLoad(mlir::OpBuilder &b, mlir::Location loc,
                                           mlir::Type type, mlir::Value base,
                                           mlir::Value offset, unsigned elementBytes,
                                           mlir::Value mask, mlir::Value other,
                                           const MemoryAccessHints &hints) const {
    return nullptr;
  }
  /// Optional: the store counterpart, writing `value` only where `mask`
  /// holds. Returns false, having created nothing, where the target has no
  /// such access.
  virtual bool createPredicatedStore(mlir::OpBuilder &b, mlir::Location loc,
                                     mlir::Value value, mlir::Value ptr,
                                     mlir::Value mask,
                                     const MemoryAccessHints &hints) const {
    return false;
  }
};

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_GPUTARGETHOOKS_H
