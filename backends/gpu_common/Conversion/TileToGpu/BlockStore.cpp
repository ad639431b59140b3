//===- BlockStore.cpp - Matrix accumulators written by 2D block stores ----===//
//
// On a target with 2D block stores (GpuMatrixHooks::hasBlockStores), the
// accumulator of a matrix-unit dot leaves for global memory without the
// trip through shared memory that moving it to the store's layout costs.
// Its fragment (DPAS: each lane holds one column of an 8 x warp-size
// instruction tile, its rows in the lane's registers) is what a block
// store writes, so each warp stores each of its instruction tiles with one
// block store. The warp's 8 rows of a tile are `wm` rows apart in the
// accumulator (wm warps along M interleave their row groups), which a
// surface of pitch wm x pitch starting at the warp's first row covers.
//
// As for block loads, the pointer tile must form one 2D surface, every
// element unmasked and the surface within the block rules; the kernel
// proves it at run time for the whole work-group (proveSurface), and
// otherwise moves the tile to the store's layout and stores it element by
// element, exactly as without block stores. The layout cast in front of the
// store lowers to nothing (getBlockStoreSource): both branches read the
// accumulator's registers.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include <map>

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

constexpr int64_t kBlockRows = 8;

/// Whether `layout` is the accumulator arrangement block stores write: one
/// element per thread and repetition, lanes along the columns only.
bool isColumnPerLaneAccumulator(const BlockedLayout &layout, unsigned warpSize) {
  return layout.getRank() == 2 && layout.sizePerThread[0] == 1 &&
         layout.sizePerThread[1] == 1 && layout.threadsPerWarp[0] == 1 &&
         layout.threadsPerWarp[1] == warpSize && layout.order[0] == 1 &&
         !layout.isReplicated();
}

Value i64Value(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value));
}

} // namespace

tensor::CastOp getBlockStoreSource(tile::StoreOp op, const GpuLowering &lowering) {
  // Cache hints keep the element stores, which carry them.
  if (!lowering.matrix || !lowering.matrix->hasBlockStores() ||
      op.getCache() != tile::CacheModifier::None ||
      op.getEvict() != tile::EvictionPolicy::Normal)
    return nullptr;
  auto castOp = op.getValue().getDefiningOp<tensor::CastOp>();
  if (!castOp || !castOp->hasOneUse())
    return nullptr;
  auto source = dyn_cast<RankedTensorType>(castOp.getSource().getType());
  auto ptrs = dyn_cast<RankedTensorType>(op.getPtr().getType());
  // Block stores write global memory only, and elements of 2 or 4 bytes.
  if (!source || !ptrs || source.getRank() != 2 || !source.getEncoding() ||
      !source.getElementType().isIntOrFloat() ||
      cast<tile::PointerType>(ptrs.getElementType()).getAddressSpace() !=
          lowering.hooks.getGlobalAddressSpace())
    return nullptr;
  unsigned bits = source.getElementType().getIntOrFloatBitWidth();
  if (bits != 16 && bits != 32)
    return nullptr;
  BlockedLayout layout = lowering.getLayout(source);
  const MatrixInstruction &inst = lowering.matrix->getInstruction();
  // The instruction tile's C fragment: one column per lane, its 8 rows in
  // the lane's registers.
  if (inst.m != kBlockRows || inst.n != lowering.warpSize || inst.c.lanesRows != 1 ||
      inst.c.lanesCols != lowering.warpSize || inst.c.elementsRows != 1 ||
      inst.c.elementsCols != 1 ||
      !layout.isMmaAccumulator(MatrixTileShape::get(inst), lowering.warpSize) ||
      !isColumnPerLaneAccumulator(layout, lowering.warpSize))
    return nullptr;
  int64_t rows = source.getDimSize(0), cols = source.getDimSize(1);
  if (rows % (kBlockRows * layout.warpsPerCTA[0]) != 0 ||
      cols % (int64_t(lowering.warpSize) * layout.warpsPerCTA[1]) != 0 ||
      int64_t(layout.warpsPerCTA[0]) * layout.warpsPerCTA[1] != lowering.numWarps)
    return nullptr;
  return castOp;
}

void lowerBlockStore(tile::StoreOp op, tensor::CastOp castOp, Value ptrTile,
                     Value maskTile, Value source, ConversionPatternRewriter &rewriter,
                     GpuLowering &lowering) {
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  auto sourceType = cast<RankedTensorType>(castOp.getSource().getType());
  auto ptrTensor = cast<RankedTensorType>(op.getPtr().getType());
  auto ptrType = cast<tile::PointerType>(ptrTensor.getElementType());
  BlockedLayout acc = lowering.getLayout(sourceType);
  BlockedLayout layout = lowering.getLayout(ptrTensor);
  Type element = GpuLowering::getElementStorageType(sourceType.getElementType());
  const int64_t elementBytes = element.getIntOrFloatBitWidth() / 8;
  const int64_t rows = sourceType.getDimSize(0), cols = sourceType.getDimSize(1);
  const int64_t wm = acc.warpsPerCTA[0];
  const GpuMatrixHooks &matrix = *lowering.matrix;
  GpuMatrixHooks::BlockLoadRules rules = matrix.getBlockLoadRules();

  ThreadIndex index = getThreadIndex(b, loc, lowering);
  auto coords = getRegisterCoordinates(b, loc, layout, index);
  SmallVector<Value> ptrs = unpackVector(b, loc, ptrTile);
  SmallVector<Value> masks;
  if (maskTile)
    masks = unpackVector(b, loc, maskTile);
  SmallVector<Value> values = unpackVector(b, loc, source);
  // The store's own run width is irrelevant to the proof: every element's
  // address is checked.
  ProvenSurface proof = proveSurface(b, loc, lowering, layout, coords, ptrs, masks,
                                     /*width=*/1, elementBytes, cols, rules,
                                     /*pitchScale=*/wm);
  auto ifOp = scf::IfOp::create(b, loc, proof.all, /*withElseRegion=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    auto accCoords = getRegisterCoordinates(b, loc, acc, index);
    // The warp's first row, and its view of the surface: rows wm apart,
    // from a base aligned down to the rules' alignment (the offset joins x;
    // the proof's pitch >= 64 bytes keeps the wider rows within wm x pitch).
    Value firstRow = accCoords[0][0];
    for (int64_t reg = 0; reg < int64_t(values.size()); ++reg)
      if (acc.getStaticCoordinate(reg, 0) == 0) {
        firstRow = accCoords[reg][0];
        break;
      }
    Type i64 = b.getI64Type(), i32 = b.getI32Type();
    Value start = arith::AddIOp::create(
        b, loc, proof.surface,
        arith::AddIOp::create(
            b, loc, proof.xBytes,
            arith::MulIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, firstRow),
                                  proof.pitch)));
    Value offset = arith::AndIOp::create(b, loc, start,
                                         i64Value(b, loc, rules.baseAlignment - 1));
    Value base = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext(), ptrType.getAddressSpace()),
        arith::SubIOp::create(b, loc, start, offset).getResult());
    Value widthBytes = arith::AddIOp::create(
        b, loc, offset,
        i64Value(b, loc, cols * elementBytes + rules.widthMultiple - 1));
    widthBytes = arith::AndIOp::create(b, loc, widthBytes,
                                       i64Value(b, loc, -int64_t(rules.widthMultiple)));
    widthBytes =
        arith::MaxUIOp::create(b, loc, widthBytes, i64Value(b, loc, rules.minWidth));
    Value width32 = arith::TruncIOp::create(b, loc, i32, widthBytes);
    Value pitch32 = arith::TruncIOp::create(
        b, loc, i32, arith::MulIOp::create(b, loc, proof.pitch, i64Value(b, loc, wm)));
    Value height = i32Const(b, loc, rows / wm);
    Value x0 = arith::TruncIOp::create(
        b, loc, i32,
        arith::DivUIOp::create(b, loc, offset, i64Value(b, loc, elementBytes)));
    // Group the registers by instruction tile: row group p (8 rows of the
    // warp's view), column block q; within it the row's place.
    std::map<std::pair<int64_t, int64_t>, SmallVector<int64_t, 8>> tiles;
    for (int64_t reg = 0; reg < int64_t(values.size()); ++reg) {
      int64_t viewRow = acc.getStaticCoordinate(reg, 0) / wm;
      int64_t q = acc.getStaticCoordinate(reg, 1);
      SmallVector<int64_t, 8> &tile = tiles[{viewRow / kBlockRows, q}];
      tile.resize(kBlockRows, -1);
      tile[viewRow % kBlockRows] = reg;
    }
    for (auto &[key, regs] : tiles) {
      SmallVector<Value> column;
      for (int64_t reg : regs)
        column.push_back(values[reg]);
      // The tile's first column is this lane's column less the lane.
      Value col = arith::SubIOp::create(b, loc, accCoords[regs[0]][1], index.lane);
      Value x = arith::AddIOp::create(b, loc, x0, col);
      matrix.blockStore(b, loc, base, width32, height, pitch32, x,
                        i32Const(b, loc, key.first * kBlockRows), column);
    }
  }
  {
    // Otherwise: to the store's layout, then element by element.
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    ArrayRef<int64_t> shape = sourceType.getShape();
    SmallVector<Value> moved = redistribute(
        b, loc, lowering, values, acc, layout, element,
        [&](ValueRange c) { return linearize(b, loc, c, shape); }, /*sameShape=*/true);
    Value owner = getOwnership(b, loc, layout, index);
    auto llvmPtr = LLVM::LLVMPointerType::get(b.getContext(), ptrType.getAddressSpace());
    for (size_t reg = 0; reg < ptrs.size(); ++reg) {
      Value cond = masks.empty() ? owner
                   : owner       ? arith::AndIOp::create(b, loc, owner, masks[reg])
                                       .getResult()
                                 : masks[reg];
      Value ptr = LLVM::IntToPtrOp::create(b, loc, llvmPtr, ptrs[reg]);
      auto write = [&](OpBuilder &nb) {
        LLVM::StoreOp::create(nb, loc, moved[reg], ptr, elementBytes);
      };
      if (!cond) {
        write(b);
        continue;
      }
      auto guardIf = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
      OpBuilder::InsertionGuard inner(b);
      b.setInsertionPoint(guardIf.thenBlock()->getTerminator());
      write(b);
    }
  }
  rewriter.eraseOp(op);
}

} // namespace tessel::gpu
