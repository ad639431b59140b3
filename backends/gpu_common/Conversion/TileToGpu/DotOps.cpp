//===- DotOps.cpp - tile.dot on matrix units or as multiply-adds ----------===//
//
// A dot whose accumulator tilegpu-assign-layouts put in the matrix layout
// (BlockedLayout::getMmaAccumulator) runs on the target's matrix
// instruction (MatrixHooks.h): A and B go to shared memory in rows padded by
// 16 bytes, so that the rows one fragment load reads fall in distinct banks;
// each warp then gathers its fragments and issues one instruction per
// m x n tile of its accumulator and k-deep step of K. Which lane gathers
// which elements comes from the instruction's fragments; a target with
// 8x8 matrix loads (ldmatrix) for m16n8k16 takes them instead.
//
// Otherwise (no matrix unit, other element types, uneven shapes) the dot is
// the correctness-first one: both operands go to shared memory, and every
// thread runs one loop over K updating all its accumulator elements with
// fused multiply-adds.
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include <map>

#include "backends/gpu_common/Conversion/TileToGpu.h"
#include "backends/gpu_common/DotStaging.h"
#include "backends/gpu_common/Transforms/TensorCoreLayouts.h"

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

Value extendTo(OpBuilder &b, Location loc, Value v, Type type) {
  if (v.getType() == type)
    return v;
  if (isa<FloatType>(type))
    return arith::ExtFOp::create(b, loc, type, v);
  return arith::ExtSIOp::create(b, loc, type, v);
}

/// Whether the matrix-unit path applies to `op`.
bool canUseMatrixUnits(tile::DotOp op, const GpuLowering &lowering) {
  if (!lowering.matrix)
    return false;
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  Type input = aType.getElementType();
  if (cType.getRank() != 2 ||
      !(lowering.getLayout(op.getAcc().getType()) == lowering.getLayout(cType)))
    return false;
  // fp8 inputs: the warp-group instruction only, with the accumulator
  // layout of the 16-bit instruction's fragments (TensorCoreLayouts.h).
  if (isFp8WarpGroupInput(input, getElementTypeOrSelf(op.getB().getType()))) {
    unsigned maxN = lowering.matrix->getWarpGroupMaxN();
    BlockedLayout c = lowering.getLayout(cType);
    return maxN != 0 && isWarpGroupDot(op, lowering.numWarps, maxN) &&
           c.warpsPerCTA[0] == lowering.numWarps &&
           c.isMmaAccumulator(MatrixTileShape::get(lowering.matrix->getInstruction()),
                              lowering.warpSize);
  }
  if (!lowering.matrix->supports(input, cType.getElementType()))
    return false;
  // f32 inputs reach a matrix instruction only as tf32, when the dot allows
  // that rounding.
  if (input.isF32() && op.getInputPrecision() != tile::InputPrecision::TF32)
    return false;
  const MatrixInstruction &inst = lowering.matrix->getInstructionFor(input);
  BlockedLayout c = lowering.getLayout(cType);
  if (inst.threads != lowering.warpSize || !inst.isConsistent() ||
      !c.isMmaAccumulator(MatrixTileShape::get(inst), lowering.warpSize))
    return false;
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = aType.getDimSize(1);
  return k % inst.k == 0 && m % (int64_t(inst.m) * c.warpsPerCTA[0]) == 0 &&
         n % (int64_t(inst.n) * c.warpsPerCTA[1]) == 0 &&
         c.warpsPerCTA[0] * c.warpsPerCTA[1] == lowering.numWarps;
}

/// Element `index` of type `element` from the shared-memory pointer `base`.
Value elementAddress(OpBuilder &b, Location loc, Value base, Type element,
                     Value index) {
  return LLVM::GEPOp::create(b, loc, base.getType(), element, base, ValueRange{index});
}

/// Stores a 2-D tile held in `layout` into its staging place `dest`; each
/// thread's run of consecutive elements goes as one vector store (pieces of
/// 16 bytes in a swizzled staging of 16-bit elements, whose 16-byte chunks
/// are not in order).
void storeToShared(OpBuilder &b, Location loc, const BlockedLayout &layout,
                   const ThreadIndex &index, Value tile, Type element,
                   const StagingDestination &dest) {
  auto coords = getRegisterCoordinates(b, loc, layout, index);
  SmallVector<Value> values = unpackVector(b, loc, tile);
  // A thread's run along a row goes as one store (16 bytes at most in a
  // swizzled staging, the swizzle's granule); a K-major B holds the tile's
  // columns as rows, so its elements go one by one.
  const unsigned elementBytes = element.getIntOrFloatBitWidth() / 8;
  unsigned run = layout.sizePerThread[1];
  if (dest.operand == 1 && dest.staging.getBKMajor())
    run = 1;
  else if (dest.staging.isSwizzled())
    run = std::min(run, 16 / elementBytes);
  for (size_t reg = 0; reg < values.size(); reg += run) {
    Value ptr = dest.getElementAddress(b, loc, coords[reg][0], coords[reg][1], element);
    Value chunk = run == 1 ? values[reg]
                           : packVector(b, loc, VectorType::get({run}, element),
                                        ArrayRef<Value>(values).slice(reg, run));
    LLVM::StoreOp::create(b, loc, chunk, ptr, /*alignment=*/run * elementBytes);
  }
}

/// The register of a blocked accumulator layout `c` that holds (row
/// repetition, row in block, column repetition, column in block).
int64_t getAccRegister(const BlockedLayout &c, int64_t repRow, int64_t inRow,
                       int64_t repCol, int64_t inCol) {
  SmallVector<int64_t> offsets = {repRow * c.sizePerThread[0] + inRow,
                                  repCol * c.sizePerThread[1] + inCol};
  int64_t reg = 0, scale = 1;
  for (unsigned d : c.order) {
    reg += offsets[d] * scale;
    scale *= c.sizePerThread[d] * c.getRepetitions(d);
  }
  return reg;
}

Value addConst(OpBuilder &b, Location loc, Value v, int64_t c) {
  return c == 0 ? v : arith::AddIOp::create(b, loc, v, i32Const(b, loc, c)).getResult();
}

Value mulConst(OpBuilder &b, Location loc, Value v, int64_t c) {
  return arith::MulIOp::create(b, loc, v, i32Const(b, loc, c));
}

/// Whether the instruction for `input` has the shape the 8x8 matrix loads
/// of 16-bit elements serve.
bool isMatrixLoadShape(const GpuLowering &lowering, Type input) {
  const MatrixInstruction &inst = lowering.matrix->getInstructionFor(input);
  return input.getIntOrFloatBitWidth() == 16 && inst.m == 16 && inst.n == 8 && inst.k == 16 && inst.threads == 32 &&
         MatrixTileShape::get(inst).accElementsM == 1 &&
         MatrixTileShape::get(inst).accElementsN == 2 && inst.c.lanesCols == 4;
}

/// The fragment path of a matrix-unit dot, after A (M x K, rows `aStride`
/// elements apart) and B (K x N, rows `bStride` apart) are staged at `aBase`
/// and `bBase`: every lane reads its elements of each instruction's A and B
/// fragments, in the fragments' register order, and its accumulator
/// elements out of the blocked layout. Instruction (p, q) of a warp covers
/// the warp's row repetitions p * R to p * R + R - 1 (R = m / block rows
/// of the C fragment) and its column repetitions likewise, so instruction
/// row i is tile row (p * R + i / bm) * coveredM + warpM * bm + i % bm.
Value multiplyFragments(tile::DotOp op, const ThreadIndex &index, Value aBase,
                        Value bBase, int64_t aStride, int64_t bStride, Value accTile,
                        OpBuilder &b, GpuLowering &lowering) {
  Location loc = op.getLoc();
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  Type input = aType.getElementType();
  const MatrixInstruction &inst = lowering.matrix->getInstructionFor(input);
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = aType.getDimSize(1);
  BlockedLayout c = lowering.getLayout(cType);
  unsigned wm = c.warpsPerCTA[0], wn = c.warpsPerCTA[1];
  // The C fragment's block, which is the layout's per-warp block.
  int64_t blockM = inst.c.getBlockRows(), blockN = inst.c.getBlockCols();
  int64_t repsM = inst.m / blockM, repsN = inst.n / blockN;
  int64_t coveredM = c.getCoveredExtent(0), coveredN = c.getCoveredExtent(1);
  int64_t tilesM = m / (int64_t(inst.m) * wm), tilesN = n / (int64_t(inst.n) * wn);

  Value warpN = arith::RemUIOp::create(
      b, loc,
      arith::DivUIOp::create(b, loc, index.warp, i32Const(b, loc, c.getWarpStride(1))),
      i32Const(b, loc, wn));
  Value warpM = arith::RemUIOp::create(
      b, loc,
      arith::DivUIOp::create(b, loc, index.warp, i32Const(b, loc, c.getWarpStride(0))),
      i32Const(b, loc, wm));
  // The tile coordinate, along one dimension, of coordinate `i` (i32,
  // dynamic) of the `index`-th instruction of the warp along it: with the C
  // fragment's `block` and `reps` along it and the layout's `covered`
  // extent, (index * reps + i / block) * covered + warp * block + i % block.
  auto tileCoordinate = [&](int64_t index, Value i, int64_t block, int64_t reps,
                            int64_t covered, Value warp) -> Value {
    Value rep = arith::AddIOp::create(
        b, loc, arith::DivUIOp::create(b, loc, i, i32Const(b, loc, block)),
        i32Const(b, loc, index * reps));
    return arith::AddIOp::create(
        b, loc, mulConst(b, loc, rep, covered),
        arith::AddIOp::create(
            b, loc, mulConst(b, loc, warp, block),
            arith::RemUIOp::create(b, loc, i, i32Const(b, loc, block))));
  };
  auto tileRow = [&](int64_t p, Value i) {
    return tileCoordinate(p, i, blockM, repsM, coveredM, warpM);
  };
  auto tileCol = [&](int64_t q, Value j) {
    return tileCoordinate(q, j, blockN, repsN, coveredN, warpN);
  };
  // This lane's place in a fragment's lane grid, scaled to elements.
  auto laneOffsets = [&](const MatrixFragment &f) {
    Value lanesRows = i32Const(b, loc, f.lanesRows),
          lanesCols = i32Const(b, loc, f.lanesCols);
    Value row = f.lanesRowsFirst
                    ? arith::RemUIOp::create(b, loc, index.lane, lanesRows).getResult()
                    : arith::DivUIOp::create(b, loc, index.lane, lanesCols).getResult();
    Value col = f.lanesRowsFirst
                    ? arith::DivUIOp::create(b, loc, index.lane, lanesRows).getResult()
                    : arith::RemUIOp::create(b, loc, index.lane, lanesCols).getResult();
    return std::make_pair(mulConst(b, loc, row, f.elementsRows),
                          mulConst(b, loc, col, f.elementsCols));
  };
  auto [aRow0, aCol0] = laneOffsets(inst.a);
  auto [bRow0, bCol0] = laneOffsets(inst.b);
  auto load = [&](Value base, Value offset) {
    return LLVM::LoadOp::create(b, loc, input,
                                elementAddress(b, loc, base, input, offset))
        .getResult();
  };

  // Tile register of (row repetition, row in block, column repetition,
  // column in block) in the blocked accumulator layout.
  auto accRegister = [&](int64_t repRow, int64_t inRow, int64_t repCol, int64_t inCol) {
    return getAccRegister(c, repRow, inRow, repCol, inCol);
  };
  SmallVector<Value> acc = unpackVector(b, loc, accTile);
  unsigned aRegs = inst.a.getRegisters(inst.m, inst.k);
  unsigned bRegs = inst.b.getRegisters(inst.k, inst.n);
  unsigned cRegs = inst.c.getRegisters(inst.m, inst.n);
  for (int64_t kk = 0; kk < k; kk += inst.k) {
    SmallVector<SmallVector<Value>> aFragments(tilesM), bFragments(tilesN);
    for (int64_t p = 0; p < tilesM; ++p)
      for (unsigned r = 0; r < aRegs; ++r) {
        auto [row, col] = inst.a.getStaticCoordinate(r, inst.m, inst.k);
        Value i = addConst(b, loc, aRow0, row);
        Value offset =
            arith::AddIOp::create(b, loc, mulConst(b, loc, tileRow(p, i), aStride),
                                  addConst(b, loc, aCol0, kk + col));
        aFragments[p].push_back(load(aBase, offset));
      }
    for (int64_t q = 0; q < tilesN; ++q)
      for (unsigned r = 0; r < bRegs; ++r) {
        auto [row, col] = inst.b.getStaticCoordinate(r, inst.k, inst.n);
        Value j = addConst(b, loc, bCol0, col);
        Value offset = arith::AddIOp::create(
            b, loc, mulConst(b, loc, addConst(b, loc, bRow0, kk + row), bStride),
            tileCol(q, j));
        bFragments[q].push_back(load(bBase, offset));
      }
    for (int64_t p = 0; p < tilesM; ++p)
      for (int64_t q = 0; q < tilesN; ++q) {
        SmallVector<int64_t> regs;
        for (unsigned r = 0; r < cRegs; ++r) {
          auto [row, col] = inst.c.getStaticCoordinate(r, inst.m, inst.n);
          regs.push_back(accRegister(p * repsM + row / blockM, row % blockM,
                                     q * repsN + col / blockN, col % blockN));
        }
        SmallVector<Value> cIn;
        for (int64_t r : regs)
          cIn.push_back(acc[r]);
        SmallVector<Value> d = lowering.matrix->multiplyAccumulate(
            b, loc, input, aFragments[p], bFragments[q], cIn);
        for (auto [r, v] : llvm::zip(regs, d))
          acc[r] = v;
      }
  }
  return packVector(b, loc, accTile.getType(), acc);
}

/// A 2-D dot's input element type and its M, N and K.
struct DotShape {
  Type input;
  int64_t m, n, k;
};
DotShape getDotShape(tile::DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto cType = cast<RankedTensorType>(op.getType());
  return {aType.getElementType(), cType.getDimSize(0), cType.getDimSize(1),
          aType.getDimSize(1)};
}

/// A matrix-unit dot's A and B in shared memory, ready to be read by every
/// warp: staged by their loads (asynchronous copies, block loads) or
/// stored here from registers, in the staging their loads used or, for
/// operands in registers, the padded one (swizzled for a `warpGroup` dot).
struct StagedOperands {
  StagingDestination a, b;
};

StagedOperands stageOperands(tile::DotOp op, Value aTile, Value bTile, OpBuilder &b,
                             GpuLowering &lowering, bool warpGroup,
                             bool aInRegisters = false) {
  Location loc = op.getLoc();
  auto [input, m, n, k] = getDotShape(op);

  // Rows padded by 16 bytes (DotStaging.h): with rows a multiple of 32
  // bytes long, the stride in 16-byte units is odd, so 8 consecutive rows
  // hit 8 distinct bank groups.
  // Staged operands come with the staging their loads used.
  auto async = op->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
  // (An fp8 B is read K-major by the warp-group instruction.)
  tilegpu::SharedStagingAttr staging =
      async ? async.getStaging()
            : getDotStaging(op.getContext(), m, n, k, /*buffers=*/1,
                            warpGroup ? lowering.numWarps : 0,
                            input.getIntOrFloatBitWidth() / 8,
                            /*bKMajor=*/warpGroup &&
                                isFp8WarpGroupInput(
                                    input, getElementTypeOrSelf(op.getB().getType())));
  const int64_t alignment = staging.isSwizzled() ? 1024 : 16;
  int64_t bOffset = staging.getBOffset(), stageBytes = staging.getStageBytes();

  ThreadIndex index = getThreadIndex(b, loc, lowering);
  auto byteOffset = [&](Value offset) {
    return lowering.getSharedAddress(b, loc, offset);
  };
  Value aBase, bBase;
  unsigned asyncMask = 0, groupedMask = 0;
  int64_t pendingGroups = 0;
  Value copyBarrier, copyParity;
  Value iteration = GpuLowering::getIterationNumber(b, op);
  if (async && iteration && lowering.matrix->canStageOperands()) {
    // The loads copied the operands into buffer i % B (of the iteration's
    // number i) `ahead` iterations ago, and those of the iterations up to
    // i + ahead - 1 since (DotStaging.h), i + ahead too when the copies
    // come first in the iteration: wait for all but those, and the barrier
    // makes every thread's copies visible. (Block loads store
    // synchronously: their waits are no-ops.)
    asyncMask = async.getOperands();
    int64_t buffers = staging.getBuffers();
    // Operands block copies brought are waited for on the buffer's barrier,
    // the others by copy groups.
    groupedMask = asyncMask & ~async.getTensorCopies();
    const unsigned groups =
        async.getGroups() ? async.getGroups() : llvm::popcount(groupedMask);
    const int64_t ahead = buffers - 2;
    pendingGroups = (async.getCopiesFirst() ? ahead : ahead - 1) * int64_t(groups);
    Value region = lowering.getStagingRegion(b, op, async.getDot(),
                                             buffers * stageBytes, alignment);
    Value stage = arith::RemSIOp::create(b, loc, iteration, i32Const(b, loc, buffers));
    if (async.getTensorCopies() != 0) {
      // Iteration i's copies complete phase i / buffers of buffer i % buffers.
      copyBarrier =
          getCopyBarrierAddress(b, loc, lowering, op, async.getDot(), buffers, stage);
      copyParity = arith::AndIOp::create(
          b, loc, arith::DivSIOp::create(b, loc, iteration, i32Const(b, loc, buffers)),
          i32Const(b, loc, 1));
    }
    Value start =
        arith::AddIOp::create(b, loc, region, mulConst(b, loc, stage, stageBytes));
    aBase = byteOffset(start);
    bBase = byteOffset(addConst(b, loc, start, bOffset));
    {
      // No copy may still be writing a buffer after the loop.
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointAfter(op->getParentOp());
      lowering.matrix->waitAsyncCopies(b, loc, 0);
    }
  } else if (iteration && lowering.hooks.doubleBuffersLoopDots()) {
    // Once per iteration of the loop around the dot: two buffers used in
    // turn, in a region of shared memory nothing else uses, need a single
    // barrier, between the writes and the reads. A warp writing buffer s in
    // iteration i+2 has passed iteration i+1's barrier, which every warp
    // reaches only after its reads of buffer s in iteration i. A barrier
    // before the loop orders a new run of it after the reads of the last.
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(op->getParentOp());
      lowering.createBarrier(b, loc);
    }
    Value region = lowering.allocateDedicatedShared(b, loc, 2 * stageBytes, alignment);
    Value stage = arith::AndIOp::create(b, loc, iteration, i32Const(b, loc, 1));
    Value start =
        arith::AddIOp::create(b, loc, region, mulConst(b, loc, stage, stageBytes));
    aBase = byteOffset(start);
    bBase = byteOffset(addConst(b, loc, start, bOffset));
  } else {
    // A swizzled staging needs its alignment: a region of its own.
    Value start = i32Const(b, loc, 0);
    if (staging.isSwizzled())
      start = lowering.allocateDedicatedShared(b, loc, stageBytes, alignment);
    else
      lowering.requireSharedBytes(stageBytes);
    lowering.createBarrier(b, loc);
    aBase = byteOffset(start);
    bBase = byteOffset(addConst(b, loc, start, bOffset));
  }
  // A from registers outside the stages (TileGpuAttrs.td, aSeparate): in a
  // region of its own; a loop-invariant A is stored there once, before the
  // loop (behind a barrier: a previous run of the loop may still read it),
  // fenced for the warp-group instruction and ordered by a barrier.
  bool aStoredBefore = false;
  if (staging.getASeparate() && !(asyncMask & 1) && !aInRegisters) {
    const int64_t aBytes = m * k * (input.getIntOrFloatBitWidth() / 8);
    auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
    if (loop && loop.isDefinedOutsideOfLoop(op.getA())) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(loop);
      aBase = byteOffset(lowering.allocateDedicatedShared(b, loc, aBytes, alignment));
      lowering.createBarrier(b, loc);
      ThreadIndex before = getThreadIndex(b, loc, lowering);
      storeToShared(b, loc, lowering.getLayout(op.getA().getType()), before, aTile, input,
                    {aBase, staging.getAStride(), staging, 0, m});
      if (warpGroup)
        lowering.matrix->fenceSharedForWarpGroup(b, loc);
      lowering.createBarrier(b, loc);
      aStoredBefore = true;
    } else {
      aBase = byteOffset(lowering.allocateDedicatedShared(b, loc, aBytes, alignment));
    }
    if (!aStoredBefore && lowering.numWarps > 4) {
      // Another warp group's instructions of the previous iteration may
      // still read rows this thread stores (its own group waited for its).
      lowering.createBarrier(b, loc);
    }
  }
  StagedOperands staged{{aBase, staging.getAStride(), staging, 0, m},
                        {bBase, staging.getBStride(), staging, 1,
                         staging.getBKMajor() ? n : k}};
  const bool aStoredHere = !(asyncMask & 1) && !aStoredBefore && !aInRegisters;
  if (aStoredHere)
    storeToShared(b, loc, lowering.getLayout(op.getA().getType()), index, aTile, input,
                  staged.a);
  if (!(asyncMask & 2))
    storeToShared(b, loc, lowering.getLayout(op.getB().getType()), index, bTile, input,
                  staged.b);
  if (groupedMask)
    lowering.matrix->waitAsyncCopies(b, loc, unsigned(pendingGroups));
  if (copyBarrier)
    lowering.matrix->waitCopyBarrier(b, loc, copyBarrier, copyParity);
  // Stores from registers are generic-proxy writes that the warp-group
  // instruction's (async-proxy) reads must be fenced from; operands that
  // asynchronous copies brought need only their wait and the barrier (a
  // fence would also wait for every copy still in flight; a load that had
  // to store element by element fences its own stores, lowerAsyncCopy).
  if (warpGroup && (aStoredHere || !(asyncMask & 2)))
    lowering.matrix->fenceSharedForWarpGroup(b, loc);
  // A released staging needs no block barrier: each thread waited for its
  // data on the copy barrier, and the copies into a buffer wait for its
  // release (TensorCopyOps.cpp), which the dot's wait gives (below).
  if (!(copyBarrier && lowering.releasesStaging(async.getDot())))
    lowering.createBarrier(b, loc);
  return staged;
}

/// Whether the lowering can run `op` on its warp-group instruction with the
/// accumulator layout the dot has.
bool canUseWarpGroupMma(tile::DotOp op, const GpuLowering &lowering) {
  unsigned maxN = lowering.matrix->getWarpGroupMaxN();
  return maxN != 0 && isWarpGroupDot(op, lowering.numWarps, maxN) &&
         lowering.getLayout(op.getType()).warpsPerCTA[0] == lowering.numWarps;
}

/// Only dots whose loads staged them swizzled take the warp-group path
/// today; one of 16-bit inputs whose operands both come from registers (no
/// loop, or no pipelining) keeps mma.sync, in the warp arrangement it was
/// given. fp8 inputs have no other instruction: they always take it.
bool usesWarpGroupMma(tile::DotOp op) {
  auto async = op->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
  return (async && async.getStaging().isSwizzled()) ||
         isFp8WarpGroupInput(getElementTypeOrSelf(op.getA().getType()),
                             getElementTypeOrSelf(op.getB().getType()));
}

/// Whether a warp-group dot reads A from registers: 16-bit A (an
/// attention kernel's probabilities) not copied by its load, held in the
/// accumulator layout with all warps along M, as the accumulator is. Each
/// thread then holds the rows and columns the instruction's A fragment
/// wants of it (MatrixHooks.h, warpGroupMmaRegisterA), and A needs no
/// shared memory, store or fence.
bool readsARegisters(tile::DotOp op, const GpuLowering &lowering) {
  auto [input, m, n, k] = getDotShape(op);
  auto async = op->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
  if (!lowering.matrix->hasWarpGroupMmaRegisterA() ||
      !(input.isF16() || input.isBF16()) || (async && (async.getOperands() & 1)))
    return false;
  BlockedLayout a = lowering.getLayout(op.getA().getType());
  const BlockedLayout c = lowering.getLayout(op.getType());
  return a.sizePerThread == ArrayRef<unsigned>{1, 2} &&
         a.threadsPerWarp == ArrayRef<unsigned>{8, 4} &&
         a.warpsPerCTA == ArrayRef<unsigned>{lowering.numWarps, 1} &&
         a.order == ArrayRef<unsigned>{1, 0} && c.sizePerThread == a.sizePerThread &&
         c.threadsPerWarp == a.threadsPerWarp && c.warpsPerCTA == a.warpsPerCTA &&
         c.order == a.order && k % 16 == 0;
}

/// For a dot whose warps release its staging's buffers (warp
/// specialization): the instructions of the iteration before have
/// completed in this warp, so its lane 0 releases the buffer they read
/// (none in iteration 0). (The pattern checked that the dot is in flight
/// in its loop.)
void releasePreviousBuffer(tile::DotOp op, tilegpu::StagedDotAttr async, OpBuilder &b,
                           GpuLowering &lowering) {
  Location loc = op.getLoc();
  Value iteration = GpuLowering::getIterationNumber(b, op);
  const int64_t buffers = async.getStaging().getBuffers();
  ThreadIndex index = getThreadIndex(b, loc, lowering);
  Value lane0 = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, index.lane,
                                      i32Const(b, loc, 0));
  Value previous = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, iteration,
                                         i32Const(b, loc, 0));
  when(b, loc, arith::AndIOp::create(b, loc, lane0, previous), [&](OpBuilder &t) {
    Value buffer = arith::RemSIOp::create(
        t, loc, arith::AddIOp::create(t, loc, iteration, i32Const(t, loc, buffers - 1)),
        i32Const(t, loc, buffers));
    lowering.matrix->arriveOnBarrier(t, loc,
                                     getReleaseBarrierAddress(t, loc, lowering, op,
                                                              async.getDot(), buffers,
                                                              buffer));
  });
}

/// B's 16-deep (32-byte) step of K at element `kk` of a K x N staging at
/// shared address `bAddress`: N-major, 16 rows of K from row kk in column
/// blocks of `sb` bytes k * sb apart; K-major (staging.getBKMajor()), read
/// as A is: its N rows in 8-row groups 8 * sb apart, the step at byte
/// kk * elementBytes of each.
GpuMatrixHooks::SharedMatrix getStagedB(OpBuilder &b, Location loc, Value bAddress,
                                        tilegpu::SharedStagingAttr staging, int64_t kk,
                                        int64_t n, int64_t k, int64_t elementBytes) {
  const int64_t sb = staging.getBSwizzle(), kBytes = kk * elementBytes;
  if (staging.getBKMajor())
    return {addConst(b, loc, bAddress, kBytes / sb * (n * sb) + kBytes % sb), sb, 16,
            8 * sb, /*kMajor=*/true};
  return {addConst(b, loc, bAddress, kk * sb), sb, k * sb, 8 * sb};
}

/// The 64-row slice at byte `sliceOffset` of A's M x K staging at `aAddress`
/// (K-major, swizzled by `sa` bytes), its step of K at byte `kBytes`.
GpuMatrixHooks::SharedMatrix getStagedA(OpBuilder &b, Location loc, Value aAddress,
                                        Value sliceOffset, int64_t sa, int64_t m,
                                        int64_t kBytes) {
  Value offset = addConst(b, loc, sliceOffset, kBytes / sa * (m * sa) + kBytes % sa);
  return {arith::AddIOp::create(b, loc, aAddress, offset), sa, 16, 8 * sa};
}

/// The condition and the carried value of a dot's accumulator that restarts
/// from zero under a scalar condition: `dot(a, b, select(c, zeros, x))`, as
/// a loop flattened at the kernel's request (tile-flatten-loops) carries a
/// GEMM's accumulator across the tiles it walks. None otherwise.
std::optional<std::pair<Value, Value>> getRestartCondition(tile::DotOp op) {
  auto select = op.getAcc().getDefiningOp<arith::SelectOp>();
  if (!select || !select.getCondition().getType().isInteger(1) ||
      !matchPattern(select.getTrueValue(), m_AnyZeroFloat()))
    return std::nullopt;
  return std::make_pair(select.getCondition(), select.getFalseValue());
}

/// The warp-group dot: every warp group multiplies its 64-row slices of A
/// (the staging puts them in its order) with all of B, one instruction per
/// slice and 16-deep step of K, then waits for them. Slice s of warp group
/// g is A's staged rows 64 * (s * G + g) to + 63 (G warp groups); element
/// 4q + 2h + e of its accumulator is the blocked layout's row repetition
/// 2s + h, column repetition q, column e of the pair. With `accumulate` (an
/// i1), the first instruction of each slice adds C only where it is true
/// (getRestartCondition).
Value lowerWithWarpGroupMma(tile::DotOp op, Value aTile, Value bTile, Value accTile,
                            Value accumulate, OpBuilder &b, GpuLowering &lowering) {
  Location loc = op.getLoc();
  auto [input, m, n, k] = getDotShape(op);
  BlockedLayout c = lowering.getLayout(op.getType());
  const bool aInRegisters = readsARegisters(op, lowering);
  StagedOperands staged =
      stageOperands(op, aTile, bTile, b, lowering, true, aInRegisters);
  tilegpu::SharedStagingAttr staging = staged.a.staging;
  const int64_t sa = staging.getASwizzle();
  const int64_t groups = lowering.numWarps / 4, slices = m / (64 * groups);
  const int64_t elementBytes = input.getIntOrFloatBitWidth() / 8;

  ThreadIndex index = getThreadIndex(b, loc, lowering);
  Value group = arith::DivUIOp::create(b, loc, index.warp, i32Const(b, loc, 4));
  auto address = [&](Value ptr) {
    return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr).getResult();
  };
  Value aAddress = address(staged.a.base), bAddress = address(staged.b.base);

  SmallVector<Value> acc = unpackVector(b, loc, accTile);
  // A in registers: the i32 pairs of 16-bit elements of (row repetition,
  // column repetition), as the accumulator's rows and columns are numbered.
  SmallVector<Value> aValues;
  const BlockedLayout aLayout = lowering.getLayout(op.getA().getType());
  if (aInRegisters)
    aValues = unpackVector(b, loc, aTile);
  auto aPair = [&](int64_t repRow, int64_t repCol) -> Value {
    Value pair = packVector(b, loc, VectorType::get({2}, input),
                            {aValues[getAccRegister(aLayout, repRow, 0, repCol, 0)],
                             aValues[getAccRegister(aLayout, repRow, 0, repCol, 1)]});
    return LLVM::BitcastOp::create(b, loc, b.getI32Type(), pair);
  };
  SmallVector<SmallVector<int64_t>> regs(slices);
  SmallVector<SmallVector<Value>> sliceAcc(slices);
  for (int64_t s = 0; s < slices; ++s)
    for (int64_t i = 0; i < n / 2; ++i) {
      regs[s].push_back(getAccRegister(c, 2 * s + (i / 2) % 2, 0, i / 4, i % 2));
      sliceAcc[s].push_back(acc[regs[s].back()]);
    }

  // One instruction reads 32 bytes of K: 16 halves or 32 fp8 values.
  const int64_t kStep = 32 / elementBytes;
  // A's registers are all made before the first instruction: a register
  // written between them would need another fence.
  std::map<std::pair<int64_t, int64_t>, SmallVector<Value>> aRegisters;
  if (aInRegisters)
    for (int64_t kk = 0; kk < k; kk += kStep)
      for (int64_t s = 0; s < slices; ++s) {
        // Rows 8h + lane / 4 of the slice are row repetition 2s + h;
        // columns kk + 8j + 2 * (lane % 4) column repetition kk / 8 + j.
        const int64_t q = kk / 8;
        aRegisters[{kk, s}] = {aPair(2 * s, q), aPair(2 * s + 1, q),
                               aPair(2 * s, q + 1), aPair(2 * s + 1, q + 1)};
      }
  lowering.matrix->beginWarpGroupMma(b, loc);
  for (int64_t kk = 0; kk < k; kk += kStep) {
    const int64_t kBytes = kk * elementBytes;
    GpuMatrixHooks::SharedMatrix bMatrix =
        getStagedB(b, loc, bAddress, staging, kk, n, k, elementBytes);
    for (int64_t s = 0; s < slices; ++s) {
      // The later steps add to what the first one made.
      Value scale = kk == 0 ? accumulate : Value();
      if (aInRegisters) {
        sliceAcc[s] = lowering.matrix->warpGroupMmaRegisterA(
            b, loc, input, aRegisters[{kk, s}], bMatrix, unsigned(n), sliceAcc[s],
            scale);
        continue;
      }
      Value slice = addConst(b, loc, group, s * groups);
      GpuMatrixHooks::SharedMatrix aMatrix =
          getStagedA(b, loc, aAddress, mulConst(b, loc, slice, 64 * sa), sa, m, kBytes);
      sliceAcc[s] = lowering.matrix->warpGroupMma(b, loc, input, aMatrix, bMatrix,
                                                  unsigned(n), sliceAcc[s], scale);
    }
  }
  SmallVector<Value> all;
  for (const SmallVector<Value> &values : sliceAcc)
    all.append(values.begin(), values.end());
  // In flight (TileGpuAttrs.td): wait for the previous iteration's
  // instructions only; the loop's result waits for the last ones.
  auto async = op->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
  // (A's registers must keep their values until the wait: no dot in
  // flight reads them, but a drained one, whose A is computed from another
  // dot's result only after that dot's wait completed this one.)
  const bool inFlight = async && async.getInFlight() &&
                        GpuLowering::hasIterationNumber(op) &&
                        (!aInRegisters || async.getDrained());
  lowering.matrix->commitWarpGroupMma(b, loc);
  // A dot in flight feeds only the loop's yield, and the copies issued after
  // it write a buffer that no instruction in flight reads (DotStaging.h):
  // its wait for the previous iteration's instructions goes at the end of
  // the body, so that those copies are issued while the instructions run
  // instead of after the wait.
  OpBuilder::InsertionGuard guard(b);
  Operation *terminator = op->getBlock()->getTerminator();
  if (inFlight && op->hasOneUse() && *op->getUsers().begin() == terminator)
    b.setInsertionPoint(terminator);
  all = lowering.matrix->waitWarpGroupMma(b, loc, all, inFlight ? 1 : 0);
  if (async && lowering.releasesStaging(async.getDot()))
    releasePreviousBuffer(op, async, b, lowering);
  for (int64_t s = 0, at = 0; s < slices; ++s)
    for (int64_t r : regs[s])
      acc[r] = all[at++];
  return packVector(b, loc, accTile.getType(), acc);
}

/// The tensor-memory columns (a power of two, at least 32) the warp-group
/// dots of the function holding `op` need at most: one per element of a
/// row of each 64-row slice of the accumulator, all slices side by side.
unsigned getTensorMemoryColumns(Operation *op, const GpuLowering &lowering) {
  int64_t most = 32;
  op->getParentOfType<func::FuncOp>().walk([&](tile::DotOp dot) {
    if (canUseMatrixUnits(dot, lowering) && usesWarpGroupMma(dot) &&
        canUseWarpGroupMma(dot, lowering)) {
      auto [input, m, n, k] = getDotShape(dot);
      most = std::max(most, m / 64 * n);
    }
  });
  return unsigned(llvm::PowerOf2Ceil(uint64_t(most)));
}

/// The warp-group dot on tensor memory (MatrixHooks.h, hasTensorMemoryMma):
/// the 64-row slices and staging of lowerWithWarpGroupMma, slice t of the
/// accumulator (staged A rows 64t to 64t + 63) in tensor-memory columns
/// t * N to t * N + N - 1. Each warp stores its part of the accumulator
/// there (unless it is zero: the first instruction then ignores D),
/// thread 0 issues every instruction and commits them to the function's
/// barrier, every thread arrives on it and waits for the phase, and each
/// warp loads its part back. The dot is complete when it returns: its
/// staging buffer is free, and a loop's accumulator passes through its
/// registers as with any other dot. (Keeping D in tensor memory across the
/// iterations, with the commit waited for one iteration later, is the next
/// step.)
Value lowerWithTensorMemoryMma(tile::DotOp op, Value aTile, Value bTile, Value accTile,
                               OpBuilder &b, GpuLowering &lowering) {
  Location loc = op.getLoc();
  auto [input, m, n, k] = getDotShape(op);
  BlockedLayout c = lowering.getLayout(op.getType());
  const GpuMatrixHooks &matrix = *lowering.matrix;
  GpuLowering::TensorMemory memory =
      lowering.getTensorMemory(b, op, getTensorMemoryColumns(op, lowering));
  StagedOperands staged = stageOperands(op, aTile, bTile, b, lowering, true);
  tilegpu::SharedStagingAttr staging = staged.a.staging;
  const int64_t sa = staging.getASwizzle();
  const int64_t groups = lowering.numWarps / 4, slices = m / (64 * groups);
  const int64_t elementBytes = input.getIntOrFloatBitWidth() / 8;

  ThreadIndex index = getThreadIndex(b, loc, lowering);
  Value group = arith::DivUIOp::create(b, loc, index.warp, i32Const(b, loc, 4));
  Value quarter = arith::RemUIOp::create(b, loc, index.warp, i32Const(b, loc, 4));
  auto address = [&](Value ptr) {
    return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr).getResult();
  };
  Value aAddress = address(staged.a.base), bAddress = address(staged.b.base);
  // Slice s of this warp's group is slice s * G + g of the dot; the warp's
  // rows of it start at lane 32 * (warp % 4).
  Value warpLanes = arith::ShLIOp::create(b, loc, mulConst(b, loc, quarter, 32),
                                          i32Const(b, loc, 16));
  auto sliceAddress = [&](int64_t s) -> Value {
    Value slice = addConst(b, loc, group, s * groups);
    return arith::AddIOp::create(
        b, loc, arith::AddIOp::create(b, loc, memory.address, warpLanes),
        mulConst(b, loc, slice, n));
  };

  SmallVector<Value> acc = unpackVector(b, loc, accTile);
  SmallVector<SmallVector<int64_t>> regs(slices);
  for (int64_t s = 0; s < slices; ++s)
    for (int64_t i = 0; i < n / 2; ++i)
      regs[s].push_back(getAccRegister(c, 2 * s + (i / 2) % 2, 0, i / 4, i % 2));

  const bool zeroAcc = matchPattern(op.getAcc(), m_AnyZeroFloat());
  if (!zeroAcc) {
    for (int64_t s = 0; s < slices; ++s) {
      SmallVector<Value> values;
      for (int64_t r : regs[s])
        values.push_back(acc[r]);
      matrix.storeTensorMemory(b, loc, sliceAddress(s), values);
    }
    matrix.waitTensorMemoryStores(b, loc);
    matrix.fenceTensorMemory(b, loc, /*beforeBarrier=*/true);
    lowering.createBarrier(b, loc);
  }

  // One instruction reads 32 bytes of K: 16 halves or 32 fp8 values.
  const int64_t kStep = 32 / elementBytes;
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, index.thread,
                                      i32Const(b, loc, 0));
  when(b, loc, first, [&](OpBuilder &t) {
    matrix.fenceTensorMemory(t, loc, /*beforeBarrier=*/false);
    for (int64_t kk = 0; kk < k; kk += kStep) {
      const int64_t kBytes = kk * elementBytes;
      // B and each slice of A as lowerWithWarpGroupMma reads them.
      GpuMatrixHooks::SharedMatrix bMatrix =
          getStagedB(t, loc, bAddress, staging, kk, n, k, elementBytes);
      Value accumulate = arith::ConstantIntOp::create(t, loc, !zeroAcc || kk > 0, 1);
      for (int64_t slice = 0; slice < m / 64; ++slice) {
        GpuMatrixHooks::SharedMatrix aMatrix = getStagedA(
            t, loc, aAddress, i32Const(t, loc, slice * 64 * sa), sa, m, kBytes);
        Value d = addConst(t, loc, memory.address, slice * n);
        matrix.tensorMemoryMma(t, loc, input, d, aMatrix, bMatrix, unsigned(n),
                               accumulate);
      }
    }
    matrix.commitTensorMemoryMma(t, loc, memory.barrier);
  });
  // Every thread's arrival and the commit complete the phase.
  Value token = matrix.arriveForPhase(b, loc, memory.barrier);
  matrix.waitBarrierPhase(b, loc, memory.barrier, token);
  matrix.fenceTensorMemory(b, loc, /*beforeBarrier=*/false);
  for (int64_t s = 0; s < slices; ++s) {
    SmallVector<Value> values =
        matrix.loadTensorMemory(b, loc, sliceAddress(s), unsigned(n / 2));
    for (auto [r, v] : llvm::zip(regs[s], values))
      acc[r] = v;
  }
  // The next dot's instructions overwrite the columns only after a barrier
  // that follows these loads.
  matrix.fenceTensorMemory(b, loc, /*beforeBarrier=*/true);
  // With a producer warp: this iteration's instructions have completed, so
  // the previous iteration's buffer is certainly free (the release the
  // producer counts on comes one iteration late, as for wgmma).
  auto async = op->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
  if (async && lowering.releasesStaging(async.getDot()))
    releasePreviousBuffer(op, async, b, lowering);
  return packVector(b, loc, accTile.getType(), acc);
}

/// The matrix-unit dot (see the file comment).
Value lowerWithMatrixUnits(tile::DotOp op, Value aTile, Value bTile, Value accTile,
                           OpBuilder &b, GpuLowering &lowering) {
  Location loc = op.getLoc();
  auto [input, m, n, k] = getDotShape(op);
  BlockedLayout c = lowering.getLayout(op.getType());
  unsigned wm = c.warpsPerCTA[0], wn = c.warpsPerCTA[1];
  StagedOperands staged = stageOperands(op, aTile, bTile, b, lowering, false);
  Value aBase = staged.a.base, bBase = staged.b.base;
  int64_t aStride = staged.a.rowStride, bStride = staged.b.rowStride;
  ThreadIndex index = getThreadIndex(b, loc, lowering);

  if (!lowering.matrix->hasMatrixLoads() || !isMatrixLoadShape(lowering, input))
    return multiplyFragments(op, index, aBase, bBase, aStride, bStride, accTile, b,
                             lowering);

  // Warp position (as in the accumulator's blocked layout, order [1, 0]).
  Value warpN = arith::RemUIOp::create(b, loc, index.warp, i32Const(b, loc, wn));
  Value warpM = arith::RemUIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, index.warp, i32Const(b, loc, wn)),
      i32Const(b, loc, wm));
  // Lane l addresses row l % 8 of matrix l / 8.
  Value row8 = arith::RemUIOp::create(b, loc, index.lane, i32Const(b, loc, 8));
  Value matrix = arith::DivUIOp::create(b, loc, index.lane, i32Const(b, loc, 8));
  Value matrixLow = arith::AndIOp::create(b, loc, matrix, i32Const(b, loc, 1));
  Value matrixHigh = arith::ShRUIOp::create(b, loc, matrix, i32Const(b, loc, 1));

  // A: matrices (rows 0-7, k 0-7), (rows 8-15, k 0-7), (rows 0-7, k 8-15),
  // (rows 8-15, k 8-15) of a 16-row instruction tile, whose two 8-row halves
  // are the warp's consecutive row repetitions (8 * wm rows apart).
  Value aRow = arith::AddIOp::create(
      b, loc, arith::AddIOp::create(b, loc, mulConst(b, loc, warpM, 8), row8),
      mulConst(b, loc, matrixLow, 8 * wm));
  Value aLane = arith::AddIOp::create(b, loc, mulConst(b, loc, aRow, aStride),
                                      mulConst(b, loc, matrixHigh, 8));
  // B (transposed loads): matrices (k 0-7, tile q), (k 8-15, tile q),
  // (k 0-7, tile q+1), (k 8-15, tile q+1); tiles are 8 * wn columns apart.
  Value bRow = arith::AddIOp::create(b, loc, mulConst(b, loc, matrixLow, 8), row8);
  Value bLane = arith::AddIOp::create(
      b, loc, mulConst(b, loc, bRow, bStride),
      arith::AddIOp::create(b, loc, mulConst(b, loc, matrixHigh, 8 * wn),
                            mulConst(b, loc, warpN, 8)));

  int64_t tilesM = m / (16 * wm), tilesN = n / (8 * wn);
  // Accumulator register of (row repetition, column repetition, element).
  auto accRegister = [&](int64_t repM, int64_t repN, int64_t e) {
    return repM * (2 * tilesN) + repN * 2 + e;
  };
  SmallVector<Value> acc = unpackVector(b, loc, accTile);
  for (int64_t kk = 0; kk < k; kk += 16) {
    SmallVector<SmallVector<Value>> aFragments, bFragments;
    for (int64_t p = 0; p < tilesM; ++p) {
      Value offset = addConst(b, loc, aLane, p * 16 * wm * aStride + kk);
      aFragments.push_back(lowering.matrix->loadMatrices(
          b, loc, elementAddress(b, loc, aBase, input, offset), 4,
          /*transpose=*/false));
    }
    for (int64_t q = 0; q < tilesN; q += 2) {
      Value offset = addConst(b, loc, bLane, kk * bStride + q * 8 * wn);
      unsigned count = q + 1 < tilesN ? 4 : 2;
      SmallVector<Value> regs = lowering.matrix->loadMatrices(
          b, loc, elementAddress(b, loc, bBase, input, offset), count,
          /*transpose=*/true);
      bFragments.push_back({regs[0], regs[1]});
      if (count == 4)
        bFragments.push_back({regs[2], regs[3]});
    }
    for (int64_t p = 0; p < tilesM; ++p)
      for (int64_t q = 0; q < tilesN; ++q) {
        int64_t regs[4] = {accRegister(2 * p, q, 0), accRegister(2 * p, q, 1),
                           accRegister(2 * p + 1, q, 0), accRegister(2 * p + 1, q, 1)};
        SmallVector<Value> cIn;
        for (int64_t r : regs)
          cIn.push_back(acc[r]);
        SmallVector<Value> d = lowering.matrix->multiplyAccumulatePacked(
            b, loc, input, aFragments[p], bFragments[q], cIn);
        for (int i = 0; i < 4; ++i)
          acc[regs[i]] = d[i];
      }
  }
  return packVector(b, loc, accTile.getType(), acc);
}

struct DotLowering : GpuPattern<tile::DotOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (op->hasAttr(kStagedDotAttrName)) {
      // The loads left only zeros in registers: the operands must be read
      // from the staging buffers, once per iteration of the loop around.
      auto loop = dyn_cast<scf::ForOp>(op->getParentOp());
      if (!loop || !loop.getInductionVar().getType().isInteger(32) ||
          !lowering.matrix || !lowering.matrix->canStageOperands() ||
          !canUseMatrixUnits(op, lowering))
        return op.emitError()
               << "operands were staged for matrix instructions this dot "
                  "cannot use here";
      // A swizzled staging is the warp-group instruction's: the lowering
      // must offer it, and the accumulator must have its warp arrangement
      // (the passes before ran with the same warp-group-max-n).
      if (usesWarpGroupMma(op) && !canUseWarpGroupMma(op, lowering))
        return op.emitError()
               << "operands were staged for a warp-group matrix instruction that "
                  "this lowering does not offer for the dot (or its accumulator "
                  "layout does not have all warps along M)";
    }
    // Warps that release their staging's buffers do so after their wait
    // for the previous iteration's instructions: the dot must stay in
    // flight in its loop, its A not from registers.
    auto staged = op->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
    if (staged && lowering.releasesStaging(staged.getDot()) &&
        (!usesWarpGroupMma(op) || !staged.getInFlight() || staged.getDrained() ||
         readsARegisters(op, lowering) || !GpuLowering::hasIterationNumber(op)))
      return op.emitError() << "a dot that releases its staging's buffers must be a "
                               "warp-group dot left in flight in its loop";
    if (canUseMatrixUnits(op, lowering)) {
      auto lower = lowerWithMatrixUnits;
      if (usesWarpGroupMma(op) && lowering.matrix->hasTensorMemoryMma()) {
        // Tensor memory has 512 columns; the dot completes before the
        // next begins, so the dots share them.
        auto [input, m, n, k] = getDotShape(op);
        if (m / 64 * n > 512)
          return op.emitError() << "a " << m << "x" << n << " accumulator needs "
                                << m / 64 * n << " tensor-memory columns; 512 exist";
        lower = lowerWithTensorMemoryMma;
      } else if (usesWarpGroupMma(op)) {
        // An accumulator that restarts from zero under a condition is
        // passed as the carried value, the condition turned into the
        // instructions' scale of it: nothing reads the registers that the
        // previous dot's instructions may still be writing.
        Value acc = adaptor.getAcc(), accumulate;
        if (auto restart = getRestartCondition(op)) {
          Value condition = rewriter.getRemappedValue(restart->first);
          Value carried = rewriter.getRemappedValue(restart->second);
          if (condition && carried && condition.getType().isInteger(1) &&
              carried.getType() == acc.getType()) {
            Location loc = op.getLoc();
            Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
            accumulate = arith::XOrIOp::create(rewriter, loc, condition, one);
            acc = carried;
          }
        }
        // A dot left in flight must not have its accumulator computed
        // from the registers its previous instructions may still write:
        // a restart it could not take as its scale (the select in another
        // layout than the dot's) would read them early.
        auto staged = op->getAttrOfType<tilegpu::StagedDotAttr>(kStagedDotAttrName);
        Value source = op.getAcc();
        while (auto cast = source.getDefiningOp<tensor::CastOp>())
          source = cast.getSource();
        if (staged && staged.getInFlight() && !staged.getDrained() && !accumulate &&
            source.getDefiningOp<arith::SelectOp>())
          return op.emitError() << "a dot left in flight restarts its accumulator "
                                   "through a select the matrix instructions cannot "
                                   "take as their scale (its layout differs from "
                                   "the dot's)";
        rewriter.replaceOp(op,
                           lowerWithWarpGroupMma(op, adaptor.getA(), adaptor.getB(),
                                                 acc, accumulate, rewriter, lowering));
        return success();
      }
      rewriter.replaceOp(op, lower(op, adaptor.getA(), adaptor.getB(), adaptor.getAcc(),
                                   rewriter, lowering));
      return success();
    }
    Location loc = op.getLoc();
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto cType = cast<RankedTensorType>(op.getType());
    unsigned rank = cType.getRank();
    int64_t k = aType.getShape()[rank - 1];
    Type aElement = aType.getElementType(), bElement = bType.getElementType();
    Type accElement = cType.getElementType();
    int64_t bOffset =
        (aType.getNumElements() * SharedScratch::getStorageBytes(aElement) + 15) / 16 *
        16;
    lowering.requireSharedBytes(bOffset + bType.getNumElements() *
                                              SharedScratch::getStorageBytes(bElement));

    ThreadIndex index = getThreadIndex(rewriter, loc, lowering);
    SharedScratch scratch(rewriter, loc, lowering);
    scratch.barrier();
    auto store = [&](const BlockedLayout &layout, Value vec, ArrayRef<int64_t> shape,
                     int64_t offset) {
      auto coords = getRegisterCoordinates(rewriter, loc, layout, index);
      for (auto [reg, value] : llvm::enumerate(unpackVector(rewriter, loc, vec)))
        scratch.store(value, linearize(rewriter, loc, coords[reg], shape), offset);
    };
    store(lowering.getLayout(aType), adaptor.getA(), aType.getShape(), 0);
    store(lowering.getLayout(bType), adaptor.getB(), bType.getShape(), bOffset);
    scratch.barrier();

    auto accCoords =
        getRegisterCoordinates(rewriter, loc, lowering.getLayout(cType), index);
    Value zero = i32Const(rewriter, loc, 0);
    auto loop = scf::ForOp::create(
        rewriter, loc, zero, i32Const(rewriter, loc, k), i32Const(rewriter, loc, 1),
        ValueRange{adaptor.getAcc()},
        [&](OpBuilder &b, Location l, Value kk, ValueRange iter) {
          SmallVector<Value> acc = unpackVector(b, l, iter[0]);
          for (auto [reg, c] : llvm::enumerate(accCoords)) {
            // a[batch, m, kk] and b[batch, kk, n].
            SmallVector<Value> ac(c.begin(), c.end()), bc(c.begin(), c.end());
            ac[rank - 1] = kk;
            bc[rank - 2] = kk;
            Value av = scratch.load(aElement, linearize(b, l, ac, aType.getShape()));
            Value bv =
                scratch.load(bElement, linearize(b, l, bc, bType.getShape()), bOffset);
            av = extendTo(b, l, av, accElement);
            bv = extendTo(b, l, bv, accElement);
            if (isa<FloatType>(accElement))
              acc[reg] = math::FmaOp::create(b, l, av, bv, acc[reg]);
            else
              acc[reg] = arith::AddIOp::create(b, l, acc[reg],
                                               arith::MulIOp::create(b, l, av, bv));
          }
          scf::YieldOp::create(b, l, packVector(b, l, iter[0].getType(), acc));
        });
    rewriter.replaceOp(op, loop.getResult(0));
    return success();
  }
};

/// The result of a loop whose warp-group dot stayed in flight: waits for
/// its last instructions, the accumulator's registers passed through.
struct WaitDotLowering : GpuPattern<tilegpu::WaitDotOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tilegpu::WaitDotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Value value = adaptor.getValue();
    // (A tensor-memory dot has completed when its lowering returns.)
    if (lowering.matrix && lowering.matrix->getWarpGroupMaxN() != 0 &&
        !lowering.matrix->hasTensorMemoryMma()) {
      Location loc = op.getLoc();
      SmallVector<Value> acc = lowering.matrix->waitWarpGroupMma(
          rewriter, loc, unpackVector(rewriter, loc, value), /*pending=*/0);
      value = packVector(rewriter, loc, value.getType(), acc);
    }
    rewriter.replaceOp(op, value);
    return success();
  }
};

} // namespace

void populateDotPatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                         RewritePatternSet &patterns) {
  patterns.add<DotLowering, WaitDotLowering>(converter, lowering);
}

} // namespace tessel::gpu
