//===- BlockLoadCopy.cpp - Dot operands staged by 2D block loads ----------===//
//
// On a target with 2D block loads (GpuMatrixHooks::hasBlockLoads), a load
// marked for staging (DotStaging.h) fills its staging buffer with them: the
// warps split the R x C tile into blocks of H rows x warp-size columns, and
// each lane stores the column it read into the buffer. A block load reads
// one 2D surface (a base address, a pitch between rows), but the pointer
// tiles kernels compute (`a + (m % M)[:, None] * s + k[None, :]`) are
// rarely provably one at compile time, so the lowering proves it at run
// time, for the whole tile, in three steps:
//
//   1. the thread holding element (0, 0) publishes its address p00, the
//      one holding (1, 0) its address p10, in shared memory; barrier;
//   2. every thread checks its elements (the first of each run of
//      consecutive ones, which the layout pass proved contiguous): address
//      = p00 + r * (p10 - p00) + c * 2 and mask set; every thread also
//      checks the surface against the target's rules (alignment, width,
//      pitch). A thread that finds a violation clears a shared flag;
//      barrier;
//   3. every thread reads the flag, so the branch to the block loads or to
//      the element-by-element copy (zeros where masked off) is the same for
//      the whole block: no warp-level operation is ever divergent.
//
// The flag and addresses live in shared memory of this load's own; the
// next execution of the same load (the next iteration) writes them only
// after the dot's barrier, which every thread reaches after reading them.
// In a loop the load also keeps its last p00 there: from the second
// iteration on, the blocks of the tile one more step ahead are prefetched
// (GpuMatrixHooks::blockPrefetch).
//
// proveSurface, the proof itself, also serves the block stores of matrix
// accumulators (BlockStore.cpp).
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

Value i64Const(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value));
}

Value toI64(OpBuilder &b, Location loc, Value v) {
  return arith::ExtUIOp::create(b, loc, b.getI64Type(), v);
}

Value andOf(OpBuilder &b, Location loc, Value a, Value c) {
  return a ? arith::AndIOp::create(b, loc, a, c).getResult() : c;
}

Value cmp(OpBuilder &b, Location loc, arith::CmpIPredicate p, Value x, Value y) {
  return arith::CmpIOp::create(b, loc, p, x, y);
}

/// The rows of one block load of an R-row tile: the tallest the target
/// allows that divides R; 0 when none does.
unsigned chooseBlockRows(const GpuMatrixHooks::BlockLoadRules &rules, int64_t rows) {
  for (unsigned h : rules.heights)
    if (h > 0 && rows % h == 0)
      return h;
  return 0;
}

} // namespace

ProvenSurface proveSurface(OpBuilder &b, Location loc, GpuLowering &lowering,
                           const BlockedLayout &layout,
                           ArrayRef<SmallVector<Value>> coords, ArrayRef<Value> ptrs,
                           ArrayRef<Value> masks, unsigned width, int64_t elementBytes,
                           int64_t cols, const GpuMatrixHooks::BlockLoadRules &rules,
                           int64_t pitchScale, Operation *trackIn) {
  ThreadIndex index = getThreadIndex(b, loc, lowering);
  // Step 1: p00 and p10 (i64 each) and the flag (i32), in 24 bytes of
  // shared memory of this access's own; with `trackIn`, 8 more for the
  // p00 of the access's previous execution (0 before the first, written
  // before `trackIn`).
  Value slots;
  if (trackIn) {
    // Made before `trackIn`, whose entry initializes the last slot.
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(trackIn);
    slots = lowering.allocateDedicatedShared(b, loc, 32);
  } else {
    slots = lowering.allocateDedicatedShared(b, loc, 24);
  }
  auto slot = [&](OpBuilder &nb, int64_t offset) {
    return lowering.getSharedAddress(
        nb, loc, arith::AddIOp::create(nb, loc, slots, i32Const(nb, loc, offset)));
  };
  Value zero32 = i32Const(b, loc, 0), one32 = i32Const(b, loc, 1);
  Value isThread0 = cmp(b, loc, arith::CmpIPredicate::eq, index.thread, zero32);
  if (trackIn) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(trackIn);
    ThreadIndex outer = getThreadIndex(b, loc, lowering);
    when(b, loc, cmp(b, loc, arith::CmpIPredicate::eq, outer.thread, i32Const(b, loc, 0)),
         [&](OpBuilder &nb) {
           LLVM::StoreOp::create(nb, loc, i64Const(nb, loc, 0), slot(nb, 24), 8);
         });
  }
  when(b, loc, isThread0,
       [&](OpBuilder &nb) {
         // Thread 0's first register is element (0, 0) in every layout.
         LLVM::StoreOp::create(nb, loc, ptrs[0], slot(nb, 0), 8);
         LLVM::StoreOp::create(nb, loc, one32, slot(nb, 16), 4);
       });
  for (size_t reg = 0; reg < ptrs.size(); ++reg) {
    // Only registers whose static offset can reach (1, 0) are asked.
    if (!layout.isReplicated() && (layout.getStaticCoordinate(reg, 1) != 0 ||
                                   layout.getStaticCoordinate(reg, 0) > 1))
      continue;
    Value isRow1 =
        andOf(b, loc, cmp(b, loc, arith::CmpIPredicate::eq, coords[reg][0], one32),
              cmp(b, loc, arith::CmpIPredicate::eq, coords[reg][1], zero32));
    when(b, loc, isRow1, [&](OpBuilder &nb) {
      LLVM::StoreOp::create(nb, loc, ptrs[reg], slot(nb, 8), 8);
    });
  }
  lowering.createBarrier(b, loc);

  // Step 2: this thread's elements and the surface's rules.
  Type i64 = b.getI64Type();
  Value p00 = LLVM::LoadOp::create(b, loc, i64, slot(b, 0), 8);
  Value p10 = LLVM::LoadOp::create(b, loc, i64, slot(b, 8), 8);
  Value pitch = arith::SubIOp::create(b, loc, p10, p00);
  Value previous;
  if (trackIn)
    previous = LLVM::LoadOp::create(b, loc, i64, slot(b, 24), 8);
  Value ok;
  for (size_t reg = 0; reg < ptrs.size(); reg += width) {
    Value expected = arith::AddIOp::create(
        b, loc, p00,
        arith::AddIOp::create(
            b, loc, arith::MulIOp::create(b, loc, toI64(b, loc, coords[reg][0]), pitch),
            arith::MulIOp::create(b, loc, toI64(b, loc, coords[reg][1]),
                                  i64Const(b, loc, elementBytes))));
    ok = andOf(b, loc, ok, cmp(b, loc, arith::CmpIPredicate::eq, ptrs[reg], expected));
    if (!masks.empty())
      ok = andOf(b, loc, ok, masks[reg]);
  }
  // The surface: its base p00 aligned down, the block's first column
  // `x` bytes in; rows wide enough for x and the tile's columns.
  Value xBytes =
      arith::AndIOp::create(b, loc, p00, i64Const(b, loc, rules.baseAlignment - 1));
  Value surface = arith::SubIOp::create(b, loc, p00, xBytes);
  int64_t tileBytes = cols * elementBytes;
  Value widthBytes = arith::AddIOp::create(
      b, loc, xBytes, i64Const(b, loc, tileBytes + rules.widthMultiple - 1));
  widthBytes = arith::AndIOp::create(b, loc, widthBytes,
                                     i64Const(b, loc, -int64_t(rules.widthMultiple)));
  widthBytes = arith::MaxUIOp::create(b, loc, widthBytes, i64Const(b, loc, rules.minWidth));
  auto multiple = [&](Value v, int64_t m) {
    return cmp(b, loc, arith::CmpIPredicate::eq,
               arith::AndIOp::create(b, loc, v, i64Const(b, loc, m - 1)),
               i64Const(b, loc, 0));
  };
  ok = andOf(b, loc, ok, multiple(xBytes, rules.xMultiple));
  ok = andOf(b, loc, ok, multiple(pitch, rules.pitchMultiple));
  // Signed: a negative pitch (rows in reverse) fails here.
  ok = andOf(b, loc, ok,
             cmp(b, loc, arith::CmpIPredicate::sge, pitch,
                 arith::MaxUIOp::create(b, loc, widthBytes,
                                        i64Const(b, loc, rules.minPitch))));
  ok = andOf(b, loc, ok,
             cmp(b, loc, arith::CmpIPredicate::sle, pitch,
                 i64Const(b, loc, rules.maxExtent / pitchScale)));
  when(b, loc,
       arith::XOrIOp::create(b, loc, ok,
                             arith::ConstantOp::create(b, loc, b.getBoolAttr(true))),
       [&](OpBuilder &nb) { LLVM::StoreOp::create(nb, loc, zero32, slot(nb, 16), 4); });
  lowering.createBarrier(b, loc);

  // Step 3: the same answer for every thread.
  Value flag = LLVM::LoadOp::create(b, loc, b.getI32Type(), slot(b, 16), 4);
  if (trackIn) {
    // Every thread read it between the barriers; thread 0 replaces it only
    // after the second, and the next execution reads it after its first.
    when(b, loc, isThread0, [&](OpBuilder &nb) {
      LLVM::StoreOp::create(nb, loc, p00, slot(nb, 24), 8);
    });
  }
  return {cmp(b, loc, arith::CmpIPredicate::ne, flag, zero32), surface, xBytes,
          widthBytes, pitch, p00, previous};
}

void lowerBlockLoadCopy(tile::LoadOp op, tilegpu::MatrixOperandAttr marker,
                        Value ptrTile, Value maskTile, Type resultType, unsigned width,
                        ConversionPatternRewriter &rewriter, GpuLowering &lowering) {
  OpBuilder &b = rewriter;
  Location loc = op.getLoc();
  auto tileType = cast<RankedTensorType>(op.getType());
  auto ptrType = cast<tile::PointerType>(getElementTypeOrSelf(op.getPtr().getType()));
  Type element = ptrType.getPointeeType();
  const GpuMatrixHooks &matrix = *lowering.matrix;
  GpuMatrixHooks::BlockLoadRules rules = matrix.getBlockLoadRules();
  int64_t rows = tileType.getDimSize(0), cols = tileType.getDimSize(1);
  int64_t lanes = lowering.warpSize;
  unsigned blockRows = chooseBlockRows(rules, rows);
  // Only tiles the blocks cover exactly take the block loads at all.
  bool blocks = tileType.getRank() == 2 && element.getIntOrFloatBitWidth() == 16 &&
                rows >= 2 && cols % lanes == 0 && blockRows != 0;

  // The staging writes come after the check's barriers: they order this
  // copy behind earlier readers already.
  StagingDestination staged =
      getStagingDestination(b, op, marker, lowering, /*ordered=*/blocks);
  BlockedLayout layout = lowering.getLayout(op.getType());
  ThreadIndex index = getThreadIndex(b, loc, lowering);
  auto coords = getRegisterCoordinates(b, loc, layout, index);
  SmallVector<Value> ptrs = unpackVector(b, loc, ptrTile);
  SmallVector<Value> masks;
  if (maskTile)
    masks = unpackVector(b, loc, maskTile);
  auto destination = [&](OpBuilder &nb, Value row, Value col) {
    return staged.getElementAddress(nb, loc, row, col, element);
  };
  auto globalPointer = [&](OpBuilder &nb, Value address) {
    return LLVM::IntToPtrOp::create(
        nb, loc, LLVM::LLVMPointerType::get(nb.getContext(), ptrType.getAddressSpace()),
        address);
  };

  // Each thread's elements, `width` at a time: loaded (zeros where masked
  // off, the run's mask is uniform) and stored into the buffer.
  auto copyByElements = [&](OpBuilder &nb) {
    Type access = width == 1 ? element : VectorType::get({int64_t(width)}, element);
    Value zero = arith::ConstantOp::create(nb, loc, nb.getZeroAttr(access));
    for (size_t reg = 0; reg < ptrs.size(); reg += width) {
      Value src = globalPointer(nb, ptrs[reg]);
      Value value;
      if (masks.empty()) {
        value = LLVM::LoadOp::create(nb, loc, access, src, width * 2);
      } else {
        auto ifOp = scf::IfOp::create(
            nb, loc, masks[reg],
            [&](OpBuilder &tb, Location l) {
              scf::YieldOp::create(
                  tb, l,
                  ValueRange{LLVM::LoadOp::create(tb, l, access, src, width * 2)});
            },
            [&](OpBuilder &eb, Location l) { scf::YieldOp::create(eb, l, zero); });
        value = ifOp.getResult(0);
      }
      LLVM::StoreOp::create(nb, loc, value,
                            destination(nb, coords[reg][0], coords[reg][1]),
                            /*alignment=*/2);
    }
  };

  if (!blocks) {
    copyByElements(b);
  } else {
    // In a loop, the proof also keeps the previous iteration's p00, from
    // which the next iteration's tile is prefetched.
    Operation *loop = marker.getPrologue() ? nullptr : op->getParentOp();
    if (loop && !isa<scf::ForOp>(loop))
      loop = nullptr;
    ProvenSurface proof = proveSurface(b, loc, lowering, layout, coords, ptrs, masks,
                                       width, /*elementBytes=*/2, cols, rules,
                                       /*pitchScale=*/1, loop);
    if (marker.getPrologue())
      // Before the loop no dot's barrier separates this from the next run
      // of the same load (an outer loop's next iteration).
      lowering.createBarrier(b, loc);
    Value pitch = proof.pitch;
    auto ifOp = scf::IfOp::create(b, loc, proof.all, /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
      Type i32 = b.getI32Type();
      Value pitch32 = arith::TruncIOp::create(b, loc, i32, pitch);
      Value height = i32Const(b, loc, rows);
      int64_t blocksPerRow = cols / lanes;
      int64_t count = (rows / blockRows) * blocksPerRow;
      int64_t warps = lowering.numWarps;
      // The surface of a tile whose element (0, 0) is at `start`: its base
      // aligned down, the tile's first column (elements) and the width.
      struct Surface {
        Value base, x0, width;
      };
      auto surfaceAt = [&](OpBuilder &nb, Value start) {
        Value xBytes = arith::AndIOp::create(nb, loc, start,
                                             i64Const(nb, loc, rules.baseAlignment - 1));
        Value widthBytes = arith::AddIOp::create(
            nb, loc, xBytes, i64Const(nb, loc, cols * 2 + rules.widthMultiple - 1));
        widthBytes = arith::AndIOp::create(
            nb, loc, widthBytes, i64Const(nb, loc, -int64_t(rules.widthMultiple)));
        widthBytes = arith::MaxUIOp::create(nb, loc, widthBytes,
                                            i64Const(nb, loc, rules.minWidth));
        return Surface{
            globalPointer(nb, arith::SubIOp::create(nb, loc, start, xBytes).getResult()),
            arith::TruncIOp::create(
                nb, loc, i32, arith::ShRUIOp::create(nb, loc, xBytes, i64Const(nb, loc, 1))),
            arith::TruncIOp::create(nb, loc, i32, widthBytes)};
      };
      // Each warp takes blocks j = warp, warp + warps, ... of the tile,
      // `rows x lanes` each, row-major; `body` gets its first row and column.
      auto forEachBlock = [&](OpBuilder &nb,
                              function_ref<void(OpBuilder &, Value, Value)> body) {
        for (int64_t i = 0; i * warps < count; ++i) {
          Value j =
              arith::AddIOp::create(nb, loc, index.warp, i32Const(nb, loc, i * warps));
          auto block = [&](OpBuilder &bb) {
            Value row0 = arith::MulIOp::create(
                bb, loc,
                arith::DivUIOp::create(bb, loc, j, i32Const(bb, loc, blocksPerRow)),
                i32Const(bb, loc, blockRows));
            Value col0 = arith::MulIOp::create(
                bb, loc,
                arith::RemUIOp::create(bb, loc, j, i32Const(bb, loc, blocksPerRow)),
                i32Const(bb, loc, lanes));
            body(bb, row0, col0);
          };
          // Whole rounds of blocks need no guard (the warp's branch would be
          // uniform over the warp anyway).
          if ((i + 1) * warps <= count)
            block(nb);
          else
            when(nb, loc,
                 cmp(nb, loc, arith::CmpIPredicate::ult, j, i32Const(nb, loc, count)),
                 block);
        }
      };
      Surface here = surfaceAt(b, proof.p00);
      forEachBlock(b, [&](OpBuilder &nb, Value row0, Value col0) {
        SmallVector<Value> column = matrix.blockLoad(
            nb, loc, here.base, here.width, height, pitch32,
            arith::AddIOp::create(nb, loc, here.x0, col0), row0, blockRows);
        Value col = arith::AddIOp::create(nb, loc, col0, index.lane);
        for (auto [r, value] : llvm::enumerate(column)) {
          Value row = arith::AddIOp::create(nb, loc, row0, i32Const(nb, loc, r));
          LLVM::StoreOp::create(nb, loc, value, destination(nb, row, col), 2);
        }
      });
      if (proof.previous) {
        // The next iteration's tile, if the pointers move by the same step
        // again (they do in a K loop), into the cache. A prefetch is a hint
        // (Intel's 2D block prefetch ignores what lies outside its
        // surface), so a wrong guess costs bandwidth; the surface is still
        // kept within the rules. Uniform: `previous` came from shared
        // memory.
        Value step = arith::SubIOp::create(b, loc, proof.p00, proof.previous);
        Value hasPrevious =
            cmp(b, loc, arith::CmpIPredicate::ne, proof.previous, i64Const(b, loc, 0));
        // Only where the next surface obeys the rules the proof checked
        // for this one: its width within the pitch, its offset aligned.
        Value nextStart = arith::AddIOp::create(b, loc, proof.p00, step);
        Value nextX = arith::AndIOp::create(b, loc, nextStart,
                                            i64Const(b, loc, rules.baseAlignment - 1));
        Value nextWidth = arith::AddIOp::create(
            b, loc, nextX, i64Const(b, loc, cols * 2 + rules.widthMultiple - 1));
        nextWidth = arith::AndIOp::create(
            b, loc, nextWidth, i64Const(b, loc, -int64_t(rules.widthMultiple)));
        hasPrevious = andOf(
            b, loc, hasPrevious,
            cmp(b, loc, arith::CmpIPredicate::sle, nextWidth, pitch));
        hasPrevious = andOf(
            b, loc, hasPrevious,
            cmp(b, loc, arith::CmpIPredicate::eq,
                arith::AndIOp::create(b, loc, nextX, i64Const(b, loc, rules.xMultiple - 1)),
                i64Const(b, loc, 0)));
        when(b, loc, hasPrevious, [&](OpBuilder &nb) {
          Surface next = surfaceAt(nb, nextStart);
          forEachBlock(nb, [&](OpBuilder &bb, Value row0, Value col0) {
            matrix.blockPrefetch(bb, loc, next.base, next.width, height, pitch32,
                                 arith::AddIOp::create(bb, loc, next.x0, col0), row0,
                                 blockRows);
          });
        });
      }
      b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
      copyByElements(b);
    }
  }
  matrix.commitAsyncCopies(b, loc);
  Value zeros = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(cast<ShapedType>(resultType),
                             b.getZeroAttr(getElementTypeOrSelf(resultType))));
  rewriter.replaceOp(op, zeros);
}

} // namespace tessel::gpu
