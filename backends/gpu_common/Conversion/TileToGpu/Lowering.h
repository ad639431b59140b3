//===- Lowering.h - Helpers shared by the tile-to-GPU patterns ----*- C++ -*-===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_CONVERSION_TILETOGPU_LOWERING_H
#define TESSEL_BACKENDS_GPU_COMMON_CONVERSION_TILETOGPU_LOWERING_H

#include <functional>

#include "backends/gpu_common/BlockedLayout.h"
#include "backends/gpu_common/GpuTargetHooks.h"
#include "backends/gpu_common/MatrixHooks.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseSet.h"

namespace tessel::gpu {

/// State the patterns of one conversion share.
class GpuLowering {
public:
  GpuLowering(mlir::MLIRContext *context, const GpuTargetHooks &hooks,
              const GpuMatrixHooks *matrix, unsigned numWarps, unsigned warpSize)
      : context(context), hooks(hooks), matrix(matrix), numWarps(numWarps),
        warpSize(warpSize) {}

  mlir::MLIRContext *context;
  const GpuTargetHooks &hooks;
  /// Null when the target has no matrix instructions (dot then uses FMA).
  const GpuMatrixHooks *matrix;
  unsigned numWarps, warpSize;
  /// The default layouts' longest run a thread holds (kMaxRunAttrName).
  unsigned maxRun = kMaxElementsPerThread;

  unsigned getThreadsPerBlock() const { return numWarps * warpSize; }
  /// The block barrier at `b`'s insertion point: inside the consumer region
  /// of a warp-specialized kernel (WarpRoles.h) one over its `numWarps`
  /// warps only.
  void createBarrier(mlir::OpBuilder &b, mlir::Location loc) const;
  /// The layout of a tile type: its encoding's, or the default one.
  BlockedLayout getLayout(mlir::Type tensorType) const;
  /// Records that some op needs `bytes` of shared scratch memory.
  void requireSharedBytes(int64_t bytes) {
    sharedBytes = std::max<int64_t>(sharedBytes, (bytes + 15) / 16 * 16);
  }
  int64_t getSharedBytes() const { return sharedBytes; }
  /// Reserves `bytes` of shared memory that only the caller uses, placed
  /// after the scratch buffer once its size is known; returns an i32 value
  /// holding the region's byte offset (a placeholder constant patched by
  /// `placeDedicatedShared`).
  /// `alignment` (a power of two, at least 16) holds for the region's
  /// address in shared memory, not only for its offset.
  mlir::Value allocateDedicatedShared(mlir::OpBuilder &b, mlir::Location loc,
                                      int64_t bytes, int64_t alignment = 16);
  /// The alignment the shared array needs for the regions placed in it.
  int64_t getSharedAlignment() const { return dedicatedAlignment; }
  /// Patches the offsets of the dedicated regions (after the scratch and
  /// the overlaid stagings, whichever is longer; those start at 0);
  /// returns the total bytes.
  int64_t placeDedicatedShared(mlir::Operation *root);
  /// The dedicated region (byte offset, i32) of the staging buffers of the
  /// dot numbered `id` (DotStaging.h), `bytes` long; made on first request,
  /// at the start of the function holding `user`, so that it dominates the
  /// loads before the loop and the dot inside it. The staging of a dot in
  /// `findScratchOverlays` goes over the scratch instead (StagingOverlay.h).
  mlir::Value getStagingRegion(mlir::OpBuilder &b, mlir::Operation *user, int64_t id,
                               int64_t bytes, int64_t alignment = 16);
  /// The dedicated region (byte offset, i32) of the `buffers` 8-byte
  /// barriers that block copies into the staging of dot `id` complete on
  /// (tilegpu.init_copy_barriers), followed, for a staging whose buffers
  /// are released (releasesStaging), by `buffers` more that the warps
  /// arrive on when done reading a buffer; made on first request, as
  /// getStagingRegion's, never over the scratch.
  mlir::Value getCopyBarriers(mlir::OpBuilder &b, mlir::Operation *user, int64_t id,
                              int64_t buffers);
  /// Finds the staged dots of `root` whose warps release the buffers of
  /// their staging through barriers (`tilegpu.releases_staging`, set by
  /// warp specialization): the producer warps wait for a buffer's release
  /// before copying into it, and the dot's warps meet at no block barrier
  /// in the loop.
  void findReleasedStagings(mlir::Operation *root);
  /// Whether the buffers of dot `id`'s staging are released (above).
  bool releasesStaging(int64_t id) const { return releasedDots.contains(id); }
  /// The tensor memory of the function holding `user` (MatrixHooks.h,
  /// hasTensorMemoryMma): `address` (i32) of `columns` columns that warp 0
  /// allocates at the function's start and frees before its returns, and
  /// `barrier` (a shared address, i32) that the matrix instructions'
  /// completion arrives on, armed for one arrival of every thread and one
  /// commit a phase. Made on first request, which names the columns.
  struct TensorMemory {
    mlir::Value address, barrier;
    unsigned columns = 0;
  };
  TensorMemory getTensorMemory(mlir::OpBuilder &b, mlir::Operation *user,
                               unsigned columns);
  /// Records, for each block copy of `root` whose descriptor is one slice
  /// of its argument's tensor (TensorMaps.h), the slice index: the map's
  /// third coordinate. Before the conversion, which changes the arguments
  /// the trace looks for.
  void findCopySlices(mlir::Operation *root);
  /// The slice index (an unconverted value) of block copy `copy`, or null.
  mlir::Value getCopySliceIndex(mlir::Operation *copy) const {
    return copySlices.lookup(copy);
  }
  /// Finds the staged dots of `root` (tile IR with layouts) whose staging
  /// may share its bytes with the scratch: no op from the first copy before
  /// the dot's loop to the loop's end (its wait_dot included) uses the
  /// scratch.
  void findScratchOverlays(mlir::Operation *root);
  /// Whether the staging of dot `id` overlays the scratch.
  bool overlaysScratch(int64_t id) const { return overlayDots.contains(id); }
  /// A byte offset into shared memory as a shared-memory pointer.
  mlir::Value getSharedAddress(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::Value offset) const;
  /// The loop iteration number (iv - lb) / step of the scf.for directly
  /// around `op`, as i32, or null when there is none (or its iv is not i32).
  static mlir::Value getIterationNumber(mlir::OpBuilder &b, mlir::Operation *op);
  /// Whether getIterationNumber would find one (creates nothing).
  static bool hasIterationNumber(mlir::Operation *op);

  /// The registers of each `tile.expand_dims` of a reduction's result that
  /// the reduction's lowering made from its per-thread results (the
  /// expand_dims is in the reduced tile's layout: ReducedDims.h), and the
  /// reductions lowered so far.
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Value>> reducedExpansions;
  llvm::DenseSet<mlir::Operation *> loweredReductions;

  /// The per-thread type of a scalar element: pointers are i64 addresses.
  static mlir::Type getElementStorageType(mlir::Type element);

private:
  int64_t sharedBytes = 0;
  int64_t dedicatedBytes = 0;
  int64_t dedicatedAlignment = 16;
  /// Bytes of the staging regions placed over the scratch (from offset 0).
  int64_t overlayBytes = 0;
  llvm::DenseSet<int64_t> overlayDots;
  llvm::DenseSet<int64_t> releasedDots;
  llvm::DenseMap<mlir::Operation *, mlir::Value> copySlices;
  llvm::DenseMap<int64_t, mlir::Value> stagingRegions;
  llvm::DenseMap<int64_t, mlir::Value> copyBarriers;
  llvm::DenseMap<mlir::Operation *, TensorMemory> tensorMemories;
};

/// The type converter: tensor<S x T> -> vector<K x T'> (K elements per
/// thread), !tile.ptr<T, as> -> !llvm.ptr<as>.
class GpuTypeConverter : public mlir::TypeConverter {
public:
  explicit GpuTypeConverter(const GpuLowering &lowering);
};

/// A thread's lane and warp index, as i32.
struct ThreadIndex {
  mlir::Value thread, lane, warp;
};
ThreadIndex getThreadIndex(mlir::OpBuilder &b, mlir::Location loc,
                           const GpuLowering &lowering);

/// i32 constant.
mlir::Value i32Const(mlir::OpBuilder &b, mlir::Location loc, int64_t value);
/// Runs `body` (building at its builder) where `cond` (i1) holds: an scf.if.
void when(mlir::OpBuilder &b, mlir::Location loc, mlir::Value cond,
          llvm::function_ref<void(mlir::OpBuilder &)> body);

/// The coordinates (i32, one per dimension) of every register of a thread
/// under `layout`; `coords[reg][dim]`.
llvm::SmallVector<llvm::SmallVector<mlir::Value>>
getRegisterCoordinates(mlir::OpBuilder &b, mlir::Location loc,
                       const BlockedLayout &layout, const ThreadIndex &index);
/// Whether this thread holds the first copy of its elements (i1); null when
/// the layout does not replicate (every thread owns its elements).
mlir::Value getOwnership(mlir::OpBuilder &b, mlir::Location loc,
                         const BlockedLayout &layout, const ThreadIndex &index);
/// Row-major linear index of `coords` in `shape`.
mlir::Value linearize(mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange coords,
                      llvm::ArrayRef<int64_t> shape);

/// Whether a broadcast from `source` to `result` stays inside each thread
/// (ShapeOps.cpp): then it copies registers and needs no shared memory.
bool isThreadLocalBroadcast(const BlockedLayout &source, const BlockedLayout &result);

/// Whether `expanded`, the layout of an expand_dims along `axis` of a
/// reduction's result, distributes the other dimensions as `reduced` (the
/// reduced tile's layout) does: each thread then holds the combined rows
/// of its registers (ReduceScanOps.cpp).
bool isExpandedInReducedLayout(const BlockedLayout &reduced,
                               const BlockedLayout &expanded, unsigned axis);
/// Whether the lowering of `reduce` uses no shared memory: its axis lies
/// within warps and only such expand_dims read its results.
bool isReducedInRegisters(tile::ReduceOp reduce, const GpuLowering &lowering);

/// The elements of a per-thread vector, and back.
llvm::SmallVector<mlir::Value> unpackVector(mlir::OpBuilder &b, mlir::Location loc,
                                            mlir::Value vector);
mlir::Value packVector(mlir::OpBuilder &b, mlir::Location loc, mlir::Type vectorType,
                       mlir::ValueRange elements);

/// Block-shared scratch memory, reused by every op that needs it: each use
/// starts with a barrier (earlier readers are done) and separates its writes
/// from its reads with another.
class SharedScratch {
public:
  SharedScratch(mlir::OpBuilder &b, mlir::Location loc, GpuLowering &lowering);
  /// Pointer to element `index` (i32) of type `type` at `byteOffset`.
  mlir::Value getAddress(mlir::Type type, mlir::Value index, int64_t byteOffset = 0);
  void store(mlir::Value value, mlir::Value index, int64_t byteOffset = 0);
  mlir::Value load(mlir::Type type, mlir::Value index, int64_t byteOffset = 0);
  void barrier() { lowering.createBarrier(b, loc); }
  /// Bytes an element of `type` takes in scratch memory.
  static int64_t getStorageBytes(mlir::Type type);

private:
  mlir::OpBuilder &b;
  mlir::Location loc;
  GpuLowering &lowering;
  mlir::Value base;
};

/// Moves a tile between layouts (and shapes) through shared memory: the
/// result element at coordinates c comes from the source element at
/// row-major index `sourceIndex(c)`. With `sameShape` (the result element
/// at c is the source element at c: a layout conversion), `sourceIndex` is
/// not used and the tile may be laid out in shared memory otherwise than
/// row-major (swizzled against bank conflicts, read in vectors). Returns
/// the result's registers.
llvm::SmallVector<mlir::Value>
redistribute(mlir::OpBuilder &b, mlir::Location loc, GpuLowering &lowering,
             llvm::ArrayRef<mlir::Value> sourceRegisters, const BlockedLayout &source,
             const BlockedLayout &result, mlir::Type elementType,
             const std::function<mlir::Value(mlir::ValueRange)> &sourceIndex,
             bool sameShape = false);

/// Where a dot operand sits in its staging buffer (DotStaging.h): `base`
/// is the shared-memory pointer of the operand's region in one stage,
/// `rows` its row count, and `staging` says how rows and columns are laid
/// out there (padded rows `rowStride` elements apart, or swizzled).
struct StagingDestination {
  mlir::Value base;
  int64_t rowStride;
  tilegpu::SharedStagingAttr staging;
  unsigned operand = 0; ///< 0: A, 1: B
  int64_t rows = 0;
  /// The buffer number (i32) of the copy (getStagingDestination).
  mlir::Value stage = {};
  /// The shared-memory pointer of element (`row`, `col`) (i32 values) of
  /// 16-bit `element`s. Runs of up to 8 elements that start at a multiple
  /// of their length stay contiguous in either layout.
  mlir::Value getElementAddress(mlir::OpBuilder &b, mlir::Location loc, mlir::Value row,
                                mlir::Value col, mlir::Type element) const;
};
/// Where a load marked for staging puts its tile in this iteration's
/// buffer. For the load before the loop it first places a barrier (behind
/// the reads of an earlier run of the loop) unless the caller's code is
/// `ordered` so already.
StagingDestination getStagingDestination(mlir::OpBuilder &b, mlir::Operation *op,
                                         tilegpu::MatrixOperandAttr marker,
                                         GpuLowering &lowering, bool ordered);
/// Lowers such a load on a target with block loads (BlockLoadCopy.cpp).
void lowerBlockLoadCopy(tile::LoadOp op, tilegpu::MatrixOperandAttr marker,
                        mlir::Value ptrTile, mlir::Value maskTile,
                        mlir::Type resultType, unsigned width,
                        mlir::ConversionPatternRewriter &rewriter,
                        GpuLowering &lowering);

/// The run-time proof that a tile's pointers form one 2D surface a block
/// access can address (BlockLoadCopy.cpp's file comment): `all` (i1, the
/// same in every thread) holds when every element of the tile is at
/// p00 + row * pitch + col * elementBytes with its mask set and the surface
/// obeys `rules`, its pitch times `pitchScale` included; `surface` is p00
/// aligned down to the rules' base alignment, `xBytes` the offset of p00
/// in it, `width` its width in bytes (i64 all). Two barriers. With
/// `trackIn` (an op around the access, e.g. its loop), `previous` is the
/// p00 the access's previous execution found, 0 for the first after
/// entering `trackIn`.
struct ProvenSurface {
  mlir::Value all, surface, xBytes, width, pitch, p00, previous;
};
ProvenSurface proveSurface(mlir::OpBuilder &b, mlir::Location loc, GpuLowering &lowering,
                           const BlockedLayout &layout,
                           llvm::ArrayRef<llvm::SmallVector<mlir::Value>> coords,
                           llvm::ArrayRef<mlir::Value> ptrs,
                           llvm::ArrayRef<mlir::Value> masks, unsigned width,
                           int64_t elementBytes, int64_t cols,
                           const GpuMatrixHooks::BlockLoadRules &rules,
                           int64_t pitchScale, mlir::Operation *trackIn = nullptr);

/// The layout cast whose result `op` stores, when the store can write the
/// cast's source, a matrix accumulator, with 2D block stores
/// (BlockStore.cpp); null otherwise. The cast then lowers to nothing and
/// the store moves the tile itself where the block stores cannot be used.
mlir::tensor::CastOp getBlockStoreSource(tile::StoreOp op, const GpuLowering &lowering);
/// Lowers such a store: `ptrTile`, `maskTile` in the store's layout,
/// `source` the accumulator's registers.
void lowerBlockStore(tile::StoreOp op, mlir::tensor::CastOp cast, mlir::Value ptrTile,
                     mlir::Value maskTile, mlir::Value source,
                     mlir::ConversionPatternRewriter &rewriter, GpuLowering &lowering);

/// Whether an atomic_rmw of `kind` on elements of `type` can be lowered.
bool isSupportedAtomic(tile::AtomicRMWKind kind, mlir::Type type);

/// Pattern registration, by op family.
void populateElementwisePatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                                 mlir::RewritePatternSet &patterns);
void populateShapePatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                           mlir::RewritePatternSet &patterns);
void populateMemoryPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                            mlir::RewritePatternSet &patterns);
void populateReducePatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                            mlir::RewritePatternSet &patterns);
void populateDotPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                         mlir::RewritePatternSet &patterns);
void populateLayoutConversionPatterns(GpuTypeConverter &converter,
                                      GpuLowering &lowering,
                                      mlir::RewritePatternSet &patterns);
void populateAtomicPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                            mlir::RewritePatternSet &patterns);
/// The shared-memory address of byte `offset` (i32) as an i32.
mlir::Value sharedAddressAsI32(mlir::OpBuilder &b, mlir::Location loc,
                               const GpuLowering &lowering, mlir::Value offset);
/// The shared-memory address (i32) of the barrier of buffer `buffer` (i32)
/// that block copies into the staging of dot `dot` complete on.
mlir::Value getCopyBarrierAddress(mlir::OpBuilder &b, mlir::Location loc,
                                  GpuLowering &lowering, mlir::Operation *user,
                                  int64_t dot, int64_t buffers, mlir::Value buffer);
/// The shared-memory address (i32) of the barrier the warps arrive on when
/// done reading buffer `buffer` of dot `dot`'s staging (a staging whose
/// buffers are released: GpuLowering::releasesStaging).
mlir::Value getReleaseBarrierAddress(mlir::OpBuilder &b, mlir::Location loc,
                                     GpuLowering &lowering, mlir::Operation *user,
                                     int64_t dot, int64_t buffers, mlir::Value buffer);
void populateTensorCopyPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                                mlir::RewritePatternSet &patterns);
void populateInlineAsmPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                               mlir::RewritePatternSet &patterns);

/// A conversion pattern with access to the shared state.
template <typename Op> class GpuPattern : public mlir::OpConversionPattern<Op> {
public:
  GpuPattern(GpuTypeConverter &converter, GpuLowering &lowering)
      : mlir::OpConversionPattern<Op>(converter, lowering.context), lowering(lowering) {
  }

protected:
  GpuLowering &lowering;
};

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_CONVERSION_TILETOGPU_LOWERING_H
