//===- Lowering.cpp - Helpers shared by the tile-to-GPU patterns ----------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include "backends/gpu_common/Conversion/TileToGpu.h"
#include "backends/gpu_common/DotStaging.h"
#include "backends/gpu_common/StagingOverlay.h"
#include "backends/gpu_common/Transforms/TensorMaps.h"
#include "backends/gpu_common/WarpRoles.h"
#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace tessel::gpu {

BlockedLayout GpuLowering::getLayout(Type tensorType) const {
  return BlockedLayout::get(cast<RankedTensorType>(tensorType), numWarps, warpSize,
                            maxRun);
}

/// Marks the placeholder constants of dedicated shared regions with their
/// offset inside the dedicated area.
static constexpr llvm::StringLiteral kDedicatedOffsetAttrName =
    TileGpuDialect::DedicatedOffsetAttrHelper::getNameStr();

Value GpuLowering::allocateDedicatedShared(OpBuilder &b, Location loc, int64_t bytes,
                                           int64_t alignment) {
  int64_t offset = (dedicatedBytes + alignment - 1) / alignment * alignment;
  dedicatedAlignment = std::max(dedicatedAlignment, alignment);
  dedicatedBytes = offset + (bytes + 15) / 16 * 16;
  auto constant =
      LLVM::ConstantOp::create(b, loc, b.getI32Type(), b.getI32IntegerAttr(0));
  constant->setAttr(kDedicatedOffsetAttrName, b.getI64IntegerAttr(offset));
  return constant;
}

/// Marks the placeholders of staging regions placed over the scratch.
static constexpr llvm::StringLiteral kOverlayOffsetAttrName =
    TileGpuDialect::OverlayOffsetAttrHelper::getNameStr();

int64_t GpuLowering::placeDedicatedShared(Operation *root) {
  // The scratch and the overlaid stagings start at 0; the dedicated area
  // after the longer of them, at the strictest alignment a region asked for
  // (the array itself is aligned as much: TileToGpu.cpp).
  const int64_t below = std::max(sharedBytes, overlayBytes);
  const int64_t start =
      (below + dedicatedAlignment - 1) / dedicatedAlignment * dedicatedAlignment;
  root->walk([&](LLVM::ConstantOp constant) {
    int64_t base = start;
    auto offset = constant->getAttrOfType<IntegerAttr>(kDedicatedOffsetAttrName);
    if (!offset) {
      offset = constant->getAttrOfType<IntegerAttr>(kOverlayOffsetAttrName);
      base = 0;
    }
    if (!offset)
      return;
    constant.setValueAttr(IntegerAttr::get(constant.getType(), base + offset.getInt()));
    constant->removeAttr(kDedicatedOffsetAttrName);
    constant->removeAttr(kOverlayOffsetAttrName);
  });
  return dedicatedBytes == 0 ? below : start + dedicatedBytes;
}

Value GpuLowering::getStagingRegion(OpBuilder &b, Operation *user, int64_t id,
                                    int64_t bytes, int64_t alignment) {
  auto it = stagingRegions.find(id);
  if (it != stagingRegions.end())
    return it->second;
  OpBuilder::InsertionGuard guard(b);
  auto func = user->getParentOfType<func::FuncOp>();
  b.setInsertionPointToStart(&func.getBody().front());
  Value region;
  if (overlaysScratch(id)) {
    int64_t offset = (overlayBytes + alignment - 1) / alignment * alignment;
    dedicatedAlignment = std::max(dedicatedAlignment, alignment);
    overlayBytes = offset + (bytes + 15) / 16 * 16;
    auto constant = LLVM::ConstantOp::create(b, user->getLoc(), b.getI32Type(),
                                             b.getI32IntegerAttr(0));
    constant->setAttr(kOverlayOffsetAttrName, b.getI64IntegerAttr(offset));
    region = constant;
  } else {
    region = allocateDedicatedShared(b, user->getLoc(), bytes, alignment);
  }
  stagingRegions[id] = region;
  return region;
}

Value GpuLowering::getCopyBarriers(OpBuilder &b, Operation *user, int64_t id,
                                   int64_t buffers) {
  auto it = copyBarriers.find(id);
  if (it != copyBarriers.end())
    return it->second;
  OpBuilder::InsertionGuard guard(b);
  auto func = user->getParentOfType<func::FuncOp>();
  b.setInsertionPointToStart(&func.getBody().front());
  const int64_t sets = releasesStaging(id) ? 2 : 1;
  Value region = allocateDedicatedShared(b, user->getLoc(), 8 * buffers * sets, 8);
  copyBarriers[id] = region;
  return region;
}

GpuLowering::TensorMemory GpuLowering::getTensorMemory(OpBuilder &b, Operation *user,
                                                       unsigned columns) {
  auto func = user->getParentOfType<func::FuncOp>();
  auto it = tensorMemories.find(func);
  if (it != tensorMemories.end())
    return it->second;
  OpBuilder::InsertionGuard guard(b);
  Location loc = func.getLoc();
  b.setInsertionPointToStart(&func.getBody().front());
  // The barrier (8 bytes), then the slot the allocation writes its address to.
  Value region = allocateDedicatedShared(b, loc, 16, 16);
  Value slotOffset = arith::AddIOp::create(b, loc, region, i32Const(b, loc, 8));
  TensorMemory memory;
  memory.columns = columns;
  memory.barrier = sharedAddressAsI32(b, loc, *this, region);
  Value slot = sharedAddressAsI32(b, loc, *this, slotOffset);
  ThreadIndex index = getThreadIndex(b, loc, *this);
  Value zero = i32Const(b, loc, 0);
  when(b, loc,
       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, index.warp, zero),
       [&](OpBuilder &t) { matrix->allocTensorMemory(t, loc, slot, columns); });
  when(b, loc,
       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, index.thread, zero),
       [&](OpBuilder &t) {
         matrix->initCopyBarrier(t, loc, memory.barrier, getThreadsPerBlock() + 1);
         matrix->fenceCopyBarrierInit(t, loc);
       });
  // The allocation's write of the slot, ordered before every thread's read.
  matrix->fenceTensorMemory(b, loc, /*beforeBarrier=*/true);
  createBarrier(b, loc);
  matrix->fenceTensorMemory(b, loc, /*beforeBarrier=*/false);
  memory.address = LLVM::LoadOp::create(b, loc, b.getI32Type(),
                                        getSharedAddress(b, loc, slotOffset));
  // Freed once every warp is done with it: each dot waited for its
  // instructions and its loads.
  func.walk([&](func::ReturnOp ret) {
    b.setInsertionPoint(ret);
    matrix->fenceTensorMemory(b, loc, /*beforeBarrier=*/true);
    createBarrier(b, loc);
    ThreadIndex at = getThreadIndex(b, loc, *this);
    when(b, loc,
         arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, at.warp,
                               i32Const(b, loc, 0)),
         [&](OpBuilder &t) {
           matrix->fenceTensorMemory(t, loc, /*beforeBarrier=*/false);
           matrix->deallocTensorMemory(t, loc, memory.address, columns);
         });
  });
  tensorMemories[func] = memory;
  return memory;
}

void GpuLowering::findReleasedStagings(Operation *root) {
  root->walk([&](tile::DotOp dot) {
    auto staged = dot->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
    if (staged && dot->hasAttr(kReleasesStagingAttrName))
      releasedDots.insert(staged.getDot());
  });
}

void GpuLowering::findCopySlices(Operation *root) {
  root->walk([&](tilegpu::TensorCopyOp copy) {
    if (auto desc = copy.getDesc().getDefiningOp<tile::MakeTensorDescOp>())
      if (std::optional<TensorMapSource> source = traceTensorMapSource(desc);
          source && source->outerIndex)
        copySlices[copy] = source->outerIndex;
  });
}

void GpuLowering::createBarrier(OpBuilder &b, Location loc) const {
  if (isInConsumerRegion(b.getInsertionBlock()))
    hooks.createPartialBarrier(b, loc, kConsumerBarrierId, getThreadsPerBlock());
  else
    hooks.createBarrier(b, loc);
}

void GpuLowering::findScratchOverlays(Operation *root) {
  auto knownFree = [&](Operation *op) {
    if (auto broadcast = dyn_cast<tile::BroadcastOp>(op))
      return isThreadLocalBroadcast(getLayout(broadcast.getSrc().getType()),
                                    getLayout(broadcast.getType()));
    // A reduction within warps read only by expand_dims in its layout, and
    // those expand_dims, stay in registers; so does the expand_dims of a
    // range (ShapeOps.cpp).
    if (auto reduce = dyn_cast<tile::ReduceOp>(op))
      return isReducedInRegisters(reduce, *this);
    if (auto expand = dyn_cast<tile::ExpandDimsOp>(op)) {
      Operation *def = expand.getSrc().getDefiningOp();
      if (isa_and_nonnull<tile::MakeRangeOp>(def))
        return true;
      auto reduce = dyn_cast_or_null<tile::ReduceOp>(def);
      return reduce && isReducedInRegisters(reduce, *this);
    }
    auto staged = op->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
    return isa<tile::DotOp>(op) && staged && staged.getOperands() != 0;
  };
  root->walk([&](scf::ForOp loop) {
    llvm::SmallVector<int64_t> ids;
    for (Operation &op : loop.getBody()->without_terminator())
      if (auto staged = op.getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName))
        if (staged.getOperands() != 0)
          ids.push_back(staged.getDot());
    if (ids.empty())
      return;
    // From the first copy before the loop into one of its stagings to the
    // last wait for its dots' instructions after it.
    Operation *first = loop, *last = loop;
    for (Operation *op = loop->getPrevNode(); op; op = op->getPrevNode())
      if (auto marker =
              op->getAttrOfType<tilegpu::MatrixOperandAttr>(kAsyncCopyAttrName))
        if (llvm::is_contained(ids, int64_t(marker.getDot())))
          first = op;
    for (Value result : loop.getResults())
      for (Operation *user : result.getUsers())
        if (isa<tilegpu::WaitDotOp>(user) && user->getBlock() == loop->getBlock() &&
            last->isBeforeInBlock(user))
          last = user;
    // Loop-invariant code hoisted after the first copies (the loop was
    // pipelined before it was hoisted) goes before them, where its use of
    // the scratch cannot meet the staging's data.
    Block *block = loop->getBlock();
    for (Operation *op = first->getNextNode(), *next; op && op != loop.getOperation();
         op = next) {
      next = op->getNextNode();
      if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
        continue;
      if (llvm::all_of(op->getOperands(), [&](Value v) {
            Operation *def = v.getDefiningOp();
            return !def || def->getBlock() != block || def->isBeforeInBlock(first);
          }))
        op->moveBefore(first);
    }
    if (isScratchFreeRange(first, loop, last, knownFree))
      overlayDots.insert(ids.begin(), ids.end());
  });
}

Value GpuLowering::getSharedAddress(OpBuilder &b, Location loc, Value offset) const {
  auto ptrType =
      LLVM::LLVMPointerType::get(b.getContext(), hooks.getSharedAddressSpace());
  Value base = LLVM::AddressOfOp::create(b, loc, ptrType, kSharedMemorySymbol);
  return LLVM::GEPOp::create(b, loc, ptrType, b.getI8Type(), base, ValueRange{offset});
}

bool GpuLowering::hasIterationNumber(Operation *op) {
  auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
  return loop && loop.getInductionVar().getType().isInteger(32);
}

Value GpuLowering::getIterationNumber(OpBuilder &b, Operation *op) {
  if (!hasIterationNumber(op))
    return nullptr;
  auto loop = cast<scf::ForOp>(op->getParentOp());
  Location loc = op->getLoc();
  return arith::DivSIOp::create(
      b, loc,
      arith::SubIOp::create(b, loc, loop.getInductionVar(), loop.getLowerBound()),
      loop.getStep());
}

Type GpuLowering::getElementStorageType(Type element) {
  if (isa<tile::PointerType>(element))
    return IntegerType::get(element.getContext(), 64);
  return element;
}

GpuTypeConverter::GpuTypeConverter(const GpuLowering &lowering) {
  addConversion([](Type type) { return type; });
  addConversion([](tile::PointerType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext(), type.getAddressSpace());
  });
  // A descriptor that block copies read is the generic address of its
  // tensor map, a kernel parameter (TensorCopyOps.cpp).
  addConversion([](tile::TensorDescType type) -> Type {
    return LLVM::LLVMPointerType::get(type.getContext());
  });
  addConversion([&lowering](RankedTensorType type) -> Type {
    BlockedLayout layout = lowering.getLayout(type);
    return VectorType::get({layout.getElementsPerThread()},
                           GpuLowering::getElementStorageType(type.getElementType()));
  });
  auto cast = [](OpBuilder &b, Type type, ValueRange inputs, Location loc) -> Value {
    return UnrealizedConversionCastOp::create(b, loc, type, inputs).getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
}

void when(OpBuilder &b, Location loc, Value cond, function_ref<void(OpBuilder &)> body) {
  auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  body(b);
}

Value i32Const(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, value, 32);
}

ThreadIndex getThreadIndex(OpBuilder &b, Location loc, const GpuLowering &lowering) {
  ThreadIndex index;
  index.thread = lowering.hooks.getThreadId(b, loc);
  Value warpSize = i32Const(b, loc, lowering.warpSize);
  index.lane = arith::RemUIOp::create(b, loc, index.thread, warpSize);
  index.warp = arith::DivUIOp::create(b, loc, index.thread, warpSize);
  return index;
}

// The dynamic part of each dimension's coordinate, before wrapping:
// warp_d * spt * tpw + lane_d * spt.
static SmallVector<Value> getThreadBase(OpBuilder &b, Location loc,
                                        const BlockedLayout &layout,
                                        const ThreadIndex &index) {
  SmallVector<Value> base;
  for (unsigned d = 0; d < layout.getRank(); ++d) {
    Value lane = arith::DivUIOp::create(b, loc, index.lane,
                                        i32Const(b, loc, layout.getLaneStride(d)));
    lane = arith::RemUIOp::create(b, loc, lane,
                                  i32Const(b, loc, layout.threadsPerWarp[d]));
    Value warp = arith::DivUIOp::create(b, loc, index.warp,
                                        i32Const(b, loc, layout.getWarpStride(d)));
    warp =
        arith::RemUIOp::create(b, loc, warp, i32Const(b, loc, layout.warpsPerCTA[d]));
    Value v = arith::MulIOp::create(
        b, loc, warp,
        i32Const(b, loc, int64_t(layout.sizePerThread[d]) * layout.threadsPerWarp[d]));
    v = arith::AddIOp::create(
        b, loc, v,
        arith::MulIOp::create(b, loc, lane, i32Const(b, loc, layout.sizePerThread[d])));
    base.push_back(v);
  }
  return base;
}

SmallVector<SmallVector<Value>> getRegisterCoordinates(OpBuilder &b, Location loc,
                                                       const BlockedLayout &layout,
                                                       const ThreadIndex &index) {
  SmallVector<Value> base = getThreadBase(b, loc, layout, index);
  SmallVector<SmallVector<Value>> coords;
  for (int64_t reg = 0, n = layout.getElementsPerThread(); reg < n; ++reg) {
    SmallVector<Value> c;
    for (unsigned d = 0; d < layout.getRank(); ++d) {
      Value v = arith::AddIOp::create(
          b, loc, base[d], i32Const(b, loc, layout.getStaticCoordinate(reg, d)));
      // Extents are powers of two: wrapping is a mask.
      if (layout.isReplicated(d))
        v = arith::AndIOp::create(b, loc, v, i32Const(b, loc, layout.shape[d] - 1));
      c.push_back(v);
    }
    coords.push_back(std::move(c));
  }
  return coords;
}

Value getOwnership(OpBuilder &b, Location loc, const BlockedLayout &layout,
                   const ThreadIndex &index) {
  if (!layout.isReplicated())
    return nullptr;
  SmallVector<Value> base = getThreadBase(b, loc, layout, index);
  Value owner;
  for (unsigned d = 0; d < layout.getRank(); ++d) {
    if (!layout.isReplicated(d))
      continue;
    Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, base[d],
                                         i32Const(b, loc, layout.shape[d]));
    owner = owner ? arith::AndIOp::create(b, loc, owner, inside).getResult() : inside;
  }
  return owner;
}

Value linearize(OpBuilder &b, Location loc, ValueRange coords,
                ArrayRef<int64_t> shape) {
  Value index = i32Const(b, loc, 0);
  int64_t stride = 1;
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] != 1)
      index = arith::AddIOp::create(
          b, loc, index,
          arith::MulIOp::create(b, loc, coords[d], i32Const(b, loc, stride)));
    stride *= shape[d];
  }
  return index;
}

SmallVector<Value> unpackVector(OpBuilder &b, Location loc, Value vector) {
  SmallVector<Value> elements;
  auto type = cast<VectorType>(vector.getType());
  for (int64_t i = 0; i < type.getNumElements(); ++i)
    elements.push_back(vector::ExtractOp::create(b, loc, vector, i));
  return elements;
}

Value packVector(OpBuilder &b, Location loc, Type vectorType, ValueRange elements) {
  return vector::FromElementsOp::create(b, loc, cast<VectorType>(vectorType), elements);
}

//===----------------------------------------------------------------------===//
// Shared scratch memory
//===----------------------------------------------------------------------===//

SharedScratch::SharedScratch(OpBuilder &b, Location loc, GpuLowering &lowering)
    : b(b), loc(loc), lowering(lowering) {
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext(),
                                            lowering.hooks.getSharedAddressSpace());
  base = LLVM::AddressOfOp::create(b, loc, ptrType, kSharedMemorySymbol);
}

int64_t SharedScratch::getStorageBytes(Type type) {
  if (type.isInteger(1))
    return 1;
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

Value SharedScratch::getAddress(Type type, Value index, int64_t byteOffset) {
  Type i8 = b.getI8Type();
  Value p = base;
  if (byteOffset != 0)
    p = LLVM::GEPOp::create(b, loc, base.getType(), i8, p,
                            ArrayRef<LLVM::GEPArg>{int32_t(byteOffset)});
  Type storage = type.isInteger(1) ? i8 : type;
  return LLVM::GEPOp::create(b, loc, base.getType(), storage, p, ValueRange{index});
}

void SharedScratch::store(Value value, Value index, int64_t byteOffset) {
  Value ptr = getAddress(value.getType(), index, byteOffset);
  if (value.getType().isInteger(1))
    value = arith::ExtUIOp::create(b, loc, b.getI8Type(), value);
  LLVM::StoreOp::create(b, loc, value, ptr);
}

Value SharedScratch::load(Type type, Value index, int64_t byteOffset) {
  Value ptr = getAddress(type, index, byteOffset);
  if (type.isInteger(1)) {
    Value byte = LLVM::LoadOp::create(b, loc, b.getI8Type(), ptr);
    return arith::TruncIOp::create(b, loc, type, byte);
  }
  return LLVM::LoadOp::create(b, loc, type, ptr);
}

/// The longest run of consecutive elements along the last dimension that
/// a thread holds in consecutive registers of `layout`, up to 16 bytes of
/// `elementType` and dividing what it must (1 for i1).
static int64_t getInnerRun(const BlockedLayout &layout, Type elementType) {
  const unsigned inner = layout.getRank() - 1;
  if (elementType.isInteger(1) || layout.getRank() == 0 ||
      layout.order.front() != inner || layout.isReplicated(inner))
    return 1;
  int64_t run = std::min<int64_t>(layout.sizePerThread[inner],
                                  16 / SharedScratch::getStorageBytes(elementType));
  while (run > 1 && (int64_t(layout.sizePerThread[inner]) % run != 0 ||
                     layout.shape[inner] % run != 0 || (run & (run - 1)) != 0))
    run /= 2;
  return run;
}

SmallVector<Value> redistribute(OpBuilder &b, Location loc, GpuLowering &lowering,
                                ArrayRef<Value> sourceRegisters,
                                const BlockedLayout &source,
                                const BlockedLayout &result, Type elementType,
                                const std::function<Value(ValueRange)> &sourceIndex,
                                bool sameShape) {
  int64_t elements = 1;
  for (int64_t extent : source.shape)
    elements *= extent;
  const int64_t bytes = SharedScratch::getStorageBytes(elementType);
  lowering.requireSharedBytes(elements * bytes);
  ThreadIndex index = getThreadIndex(b, loc, lowering);
  SharedScratch scratch(b, loc, lowering);
  scratch.barrier();
  // A 2-D tile moved to a layout of the same shape (a layout conversion,
  // the epilogue's most often) has its 16-byte pieces of each row placed
  // at piece ^ (row % 8): a warp storing a few pieces of 8 rows (the
  // matrix accumulator's layout) then hits 8 distinct bank groups where
  // row-major rows a multiple of 128 bytes long all hit the same, and the
  // reads of whole pieces stay whole.
  const int64_t pieceElements = 16 / bytes;
  const bool swizzled = sameShape && source.getRank() == 2 &&
                        !elementType.isInteger(1) &&
                        (source.shape[1] * bytes) % 128 == 0;
  auto at = [&](ValueRange coords, ArrayRef<int64_t> shape) -> Value {
    if (!swizzled)
      return linearize(b, loc, coords, shape);
    Value piece =
        arith::DivUIOp::create(b, loc, coords[1], i32Const(b, loc, pieceElements));
    Value within =
        arith::RemUIOp::create(b, loc, coords[1], i32Const(b, loc, pieceElements));
    Value phase = arith::AndIOp::create(b, loc, coords[0], i32Const(b, loc, 7));
    Value moved = arith::XOrIOp::create(b, loc, piece, phase);
    Value row = arith::MulIOp::create(b, loc, coords[0], i32Const(b, loc, shape[1]));
    Value column = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, moved, i32Const(b, loc, pieceElements)),
        within);
    return arith::AddIOp::create(b, loc, row, column);
  };
  // Copies of an element write the same value to the same place. A
  // thread's run along the last dimension goes in one store of up to 16
  // bytes: consecutive registers hold it (getStaticCoordinate), it starts
  // at a multiple of its length in the row-major order (and stays inside
  // one 16-byte piece), so the store is aligned; and converted values then
  // stay paired (packed conversions).
  auto sourceCoords = getRegisterCoordinates(b, loc, source, index);
  const int64_t run = getInnerRun(source, elementType);
  for (size_t reg = 0; reg < sourceRegisters.size(); reg += run) {
    Value offset = at(sourceCoords[reg], source.shape);
    if (run == 1) {
      scratch.store(sourceRegisters[reg], offset);
      continue;
    }
    Value vector = vector::FromElementsOp::create(
        b, loc, VectorType::get({run}, elementType), sourceRegisters.slice(reg, run));
    LLVM::StoreOp::create(b, loc, vector, scratch.getAddress(elementType, offset),
                          unsigned(run * bytes));
  }
  scratch.barrier();
  SmallVector<Value> out;
  auto resultCoords = getRegisterCoordinates(b, loc, result, index);
  if (!sameShape) {
    for (auto &coords : resultCoords)
      out.push_back(scratch.load(elementType, sourceIndex(coords)));
    return out;
  }
  // The same reads, a run of the result's at once.
  const int64_t resultRun = getInnerRun(result, elementType);
  for (size_t reg = 0; reg < resultCoords.size(); reg += resultRun) {
    Value offset = at(resultCoords[reg], result.shape);
    if (resultRun == 1) {
      out.push_back(scratch.load(elementType, offset));
      continue;
    }
    auto vectorType = VectorType::get({resultRun}, elementType);
    Value vector = LLVM::LoadOp::create(b, loc, vectorType,
                                        scratch.getAddress(elementType, offset),
                                        unsigned(resultRun * bytes));
    for (int64_t i = 0; i < resultRun; ++i)
      out.push_back(vector::ExtractOp::create(b, loc, vector, i));
  }
  return out;
}

} // namespace tessel::gpu
