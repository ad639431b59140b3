//===- ReduceScanOps.cpp - tile.reduce and tile.scan ----------------------===//
//
// reduce: each thread combines its own elements along the axis, then lanes
// combine with butterfly shuffles, then warps combine through shared memory;
// every thread then holds the result for its positions, which moves to the
// result's layout through shared memory. A `tile.expand_dims` of the result
// along the reduced axis whose layout distributes the other dimensions as
// the reduced tile does (ReducedDims.h) takes those registers instead; when
// nothing else reads the result, nothing moves. Combiners are assumed associative
// and commutative (as in Triton): the order of combination is not the
// sequential one.
// scan: through shared memory; each element combines the elements before it
// in order (quadratic work, simple and exact in order; a shuffle-based scan
// is a later step).
//
//===----------------------------------------------------------------------===//

#include "backends/gpu_common/Conversion/TileToGpu/Lowering.h"

#include <map>

#include "dialects/tile/IR/TileDialect.h"
#include "dialects/tile/IR/TileOps.h"
#include "dialects/tile/Utils/LoweringUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

/// Float min/max as LLVM's intrinsics, for which targets have instructions
/// (PTX `max.f32`, `max.NaN.f32`): arith's ops would be expanded into
/// compares and selects (arith-expand) before LLVM sees them, which makes
/// the combine step of a max reduction four instructions instead of one.
/// Null for other ops, and for bf16 (arith's ops on it are emulated in f32).
Value createMinMaxIntrinsic(OpBuilder &b, Operation *op, ValueRange operands) {
  if (operands.size() != 2 || op->getNumResults() != 1)
    return nullptr;
  Type type = operands[0].getType();
  if (!type.isF16() && !type.isF32() && !type.isF64())
    return nullptr;
  Location loc = op->getLoc();
  Value lhs = operands[0], rhs = operands[1];
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](arith::MaxNumFOp) { return LLVM::MaxNumOp::create(b, loc, lhs, rhs); })
      .Case([&](arith::MinNumFOp) { return LLVM::MinNumOp::create(b, loc, lhs, rhs); })
      .Case(
          [&](arith::MaximumFOp) { return LLVM::MaximumOp::create(b, loc, lhs, rhs); })
      .Case(
          [&](arith::MinimumFOp) { return LLVM::MinimumOp::create(b, loc, lhs, rhs); })
      .Default([](Operation *) { return Value(); });
}

/// The combiner inlined, with float min/max as createMinMaxIntrinsic makes
/// them.
SmallVector<Value> combine(OpBuilder &b, Region &region, ValueRange accumulated,
                           ValueRange incoming) {
  return tile::inlineCombiner(
      b, region, accumulated, incoming,
      [](OpBuilder &b, Operation *op, ArrayRef<Value> operands) {
        return createMinMaxIntrinsic(b, op, operands);
      });
}

/// Shuffles any scalar of up to 64 bits as one or two i32 values.
Value shuffleXor(OpBuilder &b, Location loc, const GpuTargetHooks &hooks, Value value,
                 unsigned mask) {
  Type type = value.getType();
  unsigned bits = type.getIntOrFloatBitWidth();
  Type i32 = b.getI32Type();
  Type asInt = b.getIntegerType(bits);
  Value v =
      type.isInteger(bits) ? value : arith::BitcastOp::create(b, loc, asInt, value);
  if (bits == 64) {
    Value lo = arith::TruncIOp::create(b, loc, i32, v);
    Value hi = arith::TruncIOp::create(
        b, loc, i32,
        arith::ShRUIOp::create(b, loc, v,
                               arith::ConstantIntOp::create(b, loc, 32, 64)));
    lo =
        arith::ExtUIOp::create(b, loc, asInt, hooks.createShuffleXor(b, loc, lo, mask));
    hi =
        arith::ExtUIOp::create(b, loc, asInt, hooks.createShuffleXor(b, loc, hi, mask));
    v = arith::OrIOp::create(
        b, loc, lo,
        arith::ShLIOp::create(b, loc, hi,
                              arith::ConstantIntOp::create(b, loc, 32, 64)));
  } else if (bits < 32) {
    v = arith::ExtUIOp::create(b, loc, i32, v);
    v = arith::TruncIOp::create(b, loc, asInt, hooks.createShuffleXor(b, loc, v, mask));
  } else {
    v = hooks.createShuffleXor(b, loc, v, mask);
  }
  return type.isInteger(bits) ? v : arith::BitcastOp::create(b, loc, type, v);
}

/// The registers of `expanded`, the layout of the reduction's result
/// expanded along `axis`, from `partial` (operand `operand`'s results by
/// position off the axis, as the reduction's lowering groups them): when
/// it distributes the other dimensions as `reduced` does, each thread
/// holds the results of its registers. Nullopt otherwise.
std::optional<SmallVector<Value>>
getExpandedRegisters(const BlockedLayout &reduced, const BlockedLayout &expanded,
                     unsigned axis,
                     const std::map<SmallVector<int64_t>, SmallVector<Value>> &partial,
                     unsigned operand) {
  if (!isExpandedInReducedLayout(reduced, expanded, axis))
    return std::nullopt;
  SmallVector<Value> registers;
  for (int64_t reg = 0, n = expanded.getElementsPerThread(); reg < n; ++reg) {
    SmallVector<int64_t> key = expanded.getRegisterOffsets(reg);
    key.erase(key.begin() + axis);
    auto it = partial.find(key);
    if (it == partial.end())
      return std::nullopt;
    registers.push_back(it->second[operand]);
  }
  return registers;
}

} // namespace

bool isExpandedInReducedLayout(const BlockedLayout &reduced,
                               const BlockedLayout &expanded, unsigned axis) {
  if (expanded.getRank() != reduced.getRank() || expanded.shape[axis] != 1 ||
      expanded.threadsPerWarp != reduced.threadsPerWarp ||
      expanded.warpsPerCTA != reduced.warpsPerCTA || expanded.order != reduced.order)
    return false;
  for (unsigned d = 0; d < reduced.getRank(); ++d)
    if (d != axis && (expanded.shape[d] != reduced.shape[d] ||
                      expanded.sizePerThread[d] != reduced.sizePerThread[d]))
      return false;
  return true;
}

bool isReducedInRegisters(tile::ReduceOp reduce, const GpuLowering &lowering) {
  BlockedLayout layout = lowering.getLayout(reduce.getSrcs()[0].getType());
  const unsigned axis = reduce.getAxis();
  if (layout.getRank() < 2 || layout.getDistinctWarps(axis) > 1)
    return false;
  for (Value result : reduce.getResults())
    for (Operation *user : result.getUsers()) {
      auto expand = dyn_cast<tile::ExpandDimsOp>(user);
      if (!expand || expand.getAxis() != axis ||
          !isExpandedInReducedLayout(layout, lowering.getLayout(expand.getType()),
                                     axis))
        return false;
    }
  return true;
}

namespace {

struct ReduceLowering : GpuPattern<tile::ReduceOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    unsigned axis = op.getAxis();
    unsigned numOperands = op.getSrcs().size();
    BlockedLayout layout = lowering.getLayout(srcType);
    SmallVector<Type> elements;
    for (Value src : op.getSrcs())
      elements.push_back(cast<RankedTensorType>(src.getType()).getElementType());
    SmallVector<SmallVector<Value>> regs;
    for (Value src : adaptor.getSrcs())
      regs.push_back(unpackVector(rewriter, loc, src));

    // 1. Inside the thread: group registers by their position off the axis.
    std::map<SmallVector<int64_t>, SmallVector<Value>> partial;
    std::map<SmallVector<int64_t>, int64_t> representative;
    for (int64_t reg = 0, n = layout.getElementsPerThread(); reg < n; ++reg) {
      SmallVector<int64_t> key = layout.getRegisterOffsets(reg);
      key.erase(key.begin() + axis);
      SmallVector<Value> incoming;
      for (unsigned i = 0; i < numOperands; ++i)
        incoming.push_back(regs[i][reg]);
      auto it = partial.find(key);
      if (it == partial.end()) {
        partial[key] = incoming;
        representative[key] = reg;
      } else {
        it->second = combine(rewriter, op.getCombineOp(), it->second, incoming);
      }
    }

    // 2. Across the lanes that hold distinct elements along the axis.
    unsigned laneStride = layout.getLaneStride(axis);
    unsigned lanes = layout.getDistinctLanes(axis);
    for (unsigned mask = laneStride; mask < laneStride * lanes; mask *= 2)
      for (auto &[key, values] : partial) {
        SmallVector<Value> other;
        for (Value v : values)
          other.push_back(shuffleXor(rewriter, loc, lowering.hooks, v, mask));
        values = combine(rewriter, op.getCombineOp(), values, other);
      }

    // Positions of the result each key stands for (row-major in the result).
    ThreadIndex index = getThreadIndex(rewriter, loc, lowering);
    auto coords = getRegisterCoordinates(rewriter, loc, layout, index);
    SmallVector<int64_t> resultShape(srcType.getShape());
    resultShape.erase(resultShape.begin() + axis);
    int64_t resultElements = 1;
    for (int64_t e : resultShape)
      resultElements *= e;
    auto resultIndex = [&](const SmallVector<int64_t> &key) {
      SmallVector<Value> c(coords[representative[key]]);
      c.erase(c.begin() + axis);
      return linearize(rewriter, loc, c, resultShape);
    };
    // Scratch offsets of each operand, for `slots` values per result element.
    auto operandOffsets = [&](int64_t slots) {
      SmallVector<int64_t> offsets;
      int64_t offset = 0;
      for (Type t : elements) {
        offsets.push_back(offset);
        offset +=
            (slots * resultElements * SharedScratch::getStorageBytes(t) + 15) / 16 * 16;
      }
      lowering.requireSharedBytes(offset);
      return offsets;
    };

    // 3. Across warps: each warp leaves its partials in shared memory.
    unsigned warps = layout.getDistinctWarps(axis);
    if (warps > 1) {
      SmallVector<int64_t> offsets = operandOffsets(warps);
      SharedScratch scratch(rewriter, loc, lowering);
      Value warpOnAxis =
          arith::DivUIOp::create(rewriter, loc, index.warp,
                                 i32Const(rewriter, loc, layout.getWarpStride(axis)));
      warpOnAxis = arith::RemUIOp::create(rewriter, loc, warpOnAxis,
                                          i32Const(rewriter, loc, warps));
      Value warpBase = arith::MulIOp::create(rewriter, loc, warpOnAxis,
                                             i32Const(rewriter, loc, resultElements));
      scratch.barrier();
      for (auto &[key, values] : partial) {
        Value slot = arith::AddIOp::create(rewriter, loc, warpBase, resultIndex(key));
        for (unsigned i = 0; i < numOperands; ++i)
          scratch.store(values[i], slot, offsets[i]);
      }
      scratch.barrier();
      for (auto &[key, values] : partial) {
        Value position = resultIndex(key);
        SmallVector<Value> acc;
        for (unsigned w = 0; w < warps; ++w) {
          Value slot = arith::AddIOp::create(
              rewriter, loc, position, i32Const(rewriter, loc, w * resultElements));
          SmallVector<Value> incoming;
          for (unsigned i = 0; i < numOperands; ++i)
            incoming.push_back(scratch.load(elements[i], slot, offsets[i]));
          acc = w == 0 ? incoming : combine(rewriter, op.getCombineOp(), acc, incoming);
        }
        values = acc;
      }
    }

    lowering.loweredReductions.insert(op);
    // 4. A 1-D reduce yields scalars every thread now holds.
    if (resultShape.empty()) {
      rewriter.replaceOp(op, partial.begin()->second);
      return success();
    }
    // 5. The expand_dims along the axis in the reduced tile's distribution
    // take each thread's results as they are.
    bool allExpanded = true;
    for (unsigned i = 0; i < numOperands; ++i)
      for (Operation *user : op.getResult()[i].getUsers()) {
        auto expand = dyn_cast<tile::ExpandDimsOp>(user);
        std::optional<SmallVector<Value>> expanded;
        if (expand && expand.getAxis() == axis)
          expanded = getExpandedRegisters(layout, lowering.getLayout(expand.getType()),
                                          axis, partial, i);
        if (!expanded) {
          allExpanded = false;
          continue;
        }
        lowering.reducedExpansions[user] = std::move(*expanded);
      }
    if (allExpanded) {
      SmallVector<Value> unread;
      for (Value result : op.getResult())
        unread.push_back(LLVM::PoisonOp::create(
            rewriter, loc, getTypeConverter()->convertType(result.getType())));
      rewriter.replaceOp(op, unread);
      return success();
    }
    // Otherwise move the per-position results into the result's layout.
    SmallVector<int64_t> offsets = operandOffsets(1);
    SharedScratch scratch(rewriter, loc, lowering);
    scratch.barrier();
    for (auto &[key, values] : partial) {
      Value position = resultIndex(key);
      for (unsigned i = 0; i < numOperands; ++i)
        scratch.store(values[i], position, offsets[i]);
    }
    scratch.barrier();
    BlockedLayout resultLayout = BlockedLayout::getDefault(
        resultShape, lowering.numWarps, lowering.warpSize, lowering.maxRun);
    auto resultCoords = getRegisterCoordinates(rewriter, loc, resultLayout, index);
    SmallVector<Value> results;
    for (unsigned i = 0; i < numOperands; ++i) {
      SmallVector<Value> out;
      for (auto &c : resultCoords)
        out.push_back(scratch.load(
            elements[i], linearize(rewriter, loc, c, resultShape), offsets[i]));
      results.push_back(packVector(
          rewriter, loc, getTypeConverter()->convertType(op.getResult()[i].getType()),
          out));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct ScanLowering : GpuPattern<tile::ScanOp> {
  using GpuPattern::GpuPattern;
  LogicalResult matchAndRewrite(tile::ScanOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    ArrayRef<int64_t> shape = srcType.getShape();
    unsigned axis = op.getAxis();
    int64_t extent = shape[axis];
    bool reverse = op.getReverse();
    BlockedLayout layout = lowering.getLayout(srcType);
    unsigned numOperands = op.getSrcs().size();
    int64_t total = srcType.getNumElements();

    SmallVector<Type> elements;
    SmallVector<int64_t> offsets;
    int64_t offset = 0;
    for (Value src : op.getSrcs()) {
      Type t = cast<RankedTensorType>(src.getType()).getElementType();
      elements.push_back(t);
      offsets.push_back(offset);
      offset += (total * SharedScratch::getStorageBytes(t) + 15) / 16 * 16;
    }
    lowering.requireSharedBytes(offset);

    ThreadIndex index = getThreadIndex(rewriter, loc, lowering);
    auto coords = getRegisterCoordinates(rewriter, loc, layout, index);
    SharedScratch scratch(rewriter, loc, lowering);
    scratch.barrier();
    for (unsigned i = 0; i < numOperands; ++i)
      for (auto [reg, value] :
           llvm::enumerate(unpackVector(rewriter, loc, adaptor.getSrcs()[i])))
        scratch.store(value, linearize(rewriter, loc, coords[reg], shape), offsets[i]);
    scratch.barrier();

    // Element at axis position j of this register's line.
    auto loadAt = [&](OpBuilder &b, ArrayRef<Value> c, Value j) {
      SmallVector<Value> at(c.begin(), c.end());
      at[axis] = j;
      Value position = linearize(b, loc, at, shape);
      SmallVector<Value> values;
      for (unsigned i = 0; i < numOperands; ++i)
        values.push_back(scratch.load(elements[i], position, offsets[i]));
      return values;
    };
    SmallVector<SmallVector<Value>> out(numOperands);
    for (auto &c : coords) {
      // Forward: x[0], then x[1..c]; reverse: x[n-1], then x[n-2..c] downwards.
      Value first = i32Const(rewriter, loc, reverse ? extent - 1 : 0);
      SmallVector<Value> init = loadAt(rewriter, c, first);
      Value steps =
          reverse ? arith::SubIOp::create(rewriter, loc,
                                          i32Const(rewriter, loc, extent - 1), c[axis])
                        .getResult()
                  : c[axis];
      auto loop = scf::ForOp::create(
          rewriter, loc, i32Const(rewriter, loc, 1),
          arith::AddIOp::create(rewriter, loc, steps, i32Const(rewriter, loc, 1)),
          i32Const(rewriter, loc, 1), init,
          [&](OpBuilder &b, Location l, Value t, ValueRange acc) {
            Value j = reverse ? arith::SubIOp::create(b, l, first, t).getResult() : t;
            SmallVector<Value> incoming = loadAt(b, c, j);
            scf::YieldOp::create(b, l, combine(b, op.getCombineOp(), acc, incoming));
          });
      for (unsigned i = 0; i < numOperands; ++i)
        out[i].push_back(loop.getResult(i));
    }
    SmallVector<Value> results;
    for (unsigned i = 0; i < numOperands; ++i)
      results.push_back(packVector(
          rewriter, loc, getTypeConverter()->convertType(op.getResult()[i].getType()),
          out[i]));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void populateReducePatterns(GpuTypeConverter &converter, GpuLowering &lowering,
                            RewritePatternSet &patterns) {
  patterns.add<ReduceLowering, ScanLowering>(converter, lowering);
}

} // namespace tessel::gpu
