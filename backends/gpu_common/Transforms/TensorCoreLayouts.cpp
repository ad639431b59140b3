//===- TensorCoreLayouts.cpp - Accumulators in matrix-instruction layout --===//

#include "backends/gpu_common/Transforms/TensorCoreLayouts.h"

#include "backends/gpu_common/BlockedLayout.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace tessel::gpu {
namespace {

/// The warps of a block arranged as warpsM x warpsN over an MxN accumulator,
/// each warp owning whole instruction tiles; splits the dimension in which
/// a warp's tile is longer first (m on a tie), as square warp tiles load the
/// fewest fragments.
std::optional<std::pair<unsigned, unsigned>>
arrangeWarps(int64_t m, int64_t n, unsigned numWarps, const MatrixTileShape &tile) {
  int64_t tm = tile.m, tn = tile.n;
  unsigned wm = 1, wn = 1;
  while (wm * wn < numWarps) {
    bool canM = m % (tm * int64_t(wm) * 2) == 0;
    bool canN = n % (tn * int64_t(wn) * 2) == 0;
    if (canM && (!canN || m / wm >= n / wn))
      wm *= 2;
    else if (canN)
      wn *= 2;
    else
      return std::nullopt;
  }
  return std::make_pair(wm, wn);
}

bool isMatrixInput(Type type) { return type.isF16() || type.isBF16(); }

RankedTensorType withEncoding(Type type, Attribute encoding) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(), encoding);
}

/// A tensor.cast that changes only the layout encoding.
tensor::CastOp getLayoutCast(Value value) {
  auto cast = value.getDefiningOp<tensor::CastOp>();
  if (!cast || !isa<RankedTensorType>(cast.getSource().getType()))
    return nullptr;
  return cast;
}

Attribute getEncoding(Type type) { return cast<RankedTensorType>(type).getEncoding(); }

/// Whether the dot's types suit the matrix instructions at all (whatever
/// layout it has).
bool hasMatrixElementTypes(tile::DotOp dot) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto cType = cast<RankedTensorType>(dot.getType());
  return cType.getRank() == 2 && isMatrixInput(aType.getElementType()) &&
         cType.getElementType().isF32() &&
         dot.getInputPrecision() == tile::InputPrecision::IEEE;
}

/// The reduction depth of the instruction of `tile`'s accumulator shape
/// that computes `dot` (16-bit floats into f32; f32 inputs as tf32 where
/// the dot asks for tf32 precision; i8 into i32), 0 where there is none.
unsigned getMatrixK(tile::DotOp dot, const MatrixTileShape &tile) {
  if (hasMatrixElementTypes(dot))
    return tile.k;
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto cType = cast<RankedTensorType>(dot.getType());
  if (cType.getRank() != 2)
    return 0;
  Type input = aType.getElementType(), acc = cType.getElementType();
  if (input.isF32() && acc.isF32() &&
      dot.getInputPrecision() == tile::InputPrecision::TF32)
    return tile.tf32K;
  if (input.isInteger(8) && acc.isInteger(32))
    return tile.i8K;
  return 0;
}

/// Whether some instruction computes `dot` and it has no layout yet (the
/// one this pass gives).
bool hasMatrixTypes(tile::DotOp dot, const MatrixTileShape &tile) {
  return getMatrixK(dot, tile) != 0 &&
         !cast<RankedTensorType>(dot.getType()).getEncoding();
}

/// The warp arrangement of a dot the matrix instruction can compute: all
/// warps along M for a warp-group dot (each warp group takes 64-row
/// slices of the accumulator, as its instruction computes them).
std::optional<std::pair<unsigned, unsigned>>
getTensorCoreWarps(tile::DotOp dot, unsigned numWarps, const MatrixTileShape &tile,
                   unsigned warpGroupMaxN) {
  if (!hasMatrixTypes(dot, tile))
    return std::nullopt;
  if (isWarpGroupDot(dot, numWarps, warpGroupMaxN))
    return std::make_pair(numWarps, 1u);
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto cType = cast<RankedTensorType>(dot.getType());
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = aType.getDimSize(1);
  if (m % tile.m != 0 || n % tile.n != 0 || k % getMatrixK(dot, tile) != 0)
    return std::nullopt;
  return arrangeWarps(m, n, numWarps, tile);
}

/// Makes the dot produce, and take its accumulator in, the matrix layout.
void assignDot(tile::DotOp dot, unsigned numWarps, unsigned warpSize,
               const MatrixTileShape &tile, unsigned warpGroupMaxN) {
  auto cType = cast<RankedTensorType>(dot.getType());
  auto warps = getTensorCoreWarps(dot, numWarps, tile, warpGroupMaxN);
  if (!warps)
    return;
  Attribute encoding = BlockedLayout::getMmaAccumulator(cType.getShape(), warps->first,
                                                        warps->second, tile, warpSize)
                           .toAttr(dot.getContext());
  RankedTensorType mmaType = withEncoding(cType, encoding);
  OpBuilder b(dot);
  Value acc = tensor::CastOp::create(b, dot.getLoc(), mmaType, dot.getAcc());
  dot.getAccMutable().assign(acc);
  dot.getResult().setType(mmaType);
  b.setInsertionPointAfter(dot);
  auto back = tensor::CastOp::create(b, dot.getLoc(), cType, dot.getResult());
  dot.getResult().replaceAllUsesExcept(back, back);
}

/// cast(cast(x)) back to x's type is x; a cast of a splat constant is the
/// constant in the new layout.
bool foldCast(tensor::CastOp op) {
  if (op.getSource().getType() == op.getType()) {
    op.replaceAllUsesWith(op.getSource());
    return true;
  }
  if (tensor::CastOp inner = getLayoutCast(op.getSource()))
    if (inner.getSource().getType() == op.getType()) {
      op.replaceAllUsesWith(inner.getSource());
      return true;
    }
  DenseElementsAttr splat;
  if (matchPattern(op.getSource(), m_Constant(&splat)) && splat.isSplat()) {
    OpBuilder b(op);
    auto type = cast<ShapedType>(op.getType());
    Value constant = arith::ConstantOp::create(
        b, op.getLoc(), type,
        DenseElementsAttr::get(type, splat.getSplatValue<Attribute>()));
    op.replaceAllUsesWith(constant);
    return true;
  }
  return false;
}

/// Whether `value` can enter `encoding` at no cost (or the cost moves out of
/// a loop): it leaves that layout through a cast, is a splat constant, or is
/// loop-carried (the loop then carries it in `encoding`).
bool isFreeIn(Value value, Attribute encoding) {
  if (tensor::CastOp c = getLayoutCast(value))
    return getEncoding(c.getSource().getType()) == encoding;
  DenseElementsAttr splat;
  if (matchPattern(value, m_Constant(&splat)) && splat.isSplat())
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value))
    return isa<scf::ForOp>(arg.getOwner()->getParentOp());
  return false;
}

/// Runs an elementwise `op` one of whose operands leaves `encoding` through
/// a cast in that layout instead, casting its result back.
bool sinkIntoElementwise(Operation *op, Attribute encoding) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
      op->getNumRegions() != 0 || !isa<RankedTensorType>(op->getResult(0).getType()) ||
      getEncoding(op->getResult(0).getType()))
    return false;
  for (Value operand : op->getOperands())
    if (!isa<RankedTensorType>(operand.getType()) || !isFreeIn(operand, encoding))
      return false;
  OpBuilder b(op);
  for (OpOperand &operand : op->getOpOperands()) {
    if (tensor::CastOp c = getLayoutCast(operand.get());
        c && getEncoding(c.getSource().getType()) == encoding) {
      operand.set(c.getSource());
      continue;
    }
    operand.set(tensor::CastOp::create(b, op->getLoc(),
                                       withEncoding(operand.get().getType(), encoding),
                                       operand.get()));
  }
  Value result = op->getResult(0);
  Type plain = result.getType();
  result.setType(withEncoding(plain, encoding));
  b.setInsertionPointAfter(op);
  auto back = tensor::CastOp::create(b, op->getLoc(), plain, result);
  result.replaceAllUsesExcept(back, back);
  return true;
}

/// A loop-carried tile that is cast into `encoding` at each use and out of
/// it at the yield is carried in `encoding`: the casts move out of the loop.
bool carryInLayout(scf::ForOp loop) {
  bool changed = false;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (unsigned i = 0; i < loop.getNumRegionIterArgs(); ++i) {
    BlockArgument arg = loop.getRegionIterArg(i);
    auto plain = dyn_cast<RankedTensorType>(arg.getType());
    if (!plain || plain.getEncoding() || arg.use_empty())
      continue;
    tensor::CastOp out = getLayoutCast(yield.getOperand(i));
    if (!out)
      continue;
    Attribute encoding = getEncoding(out.getSource().getType());
    if (!encoding)
      continue;
    bool allCastIn = llvm::all_of(arg.getUsers(), [&](Operation *user) {
      auto c = dyn_cast<tensor::CastOp>(user);
      return c && getEncoding(c.getType()) == encoding;
    });
    if (!allCastIn)
      continue;
    RankedTensorType encoded = withEncoding(plain, encoding);
    for (Operation *user : llvm::make_early_inc_range(arg.getUsers())) {
      user->getResult(0).replaceAllUsesWith(arg);
      user->erase();
    }
    arg.setType(encoded);
    yield.setOperand(i, out.getSource());
    OpBuilder b(loop);
    OpOperand &init = loop.getInitArgsMutable()[i];
    init.set(tensor::CastOp::create(b, loop.getLoc(), encoded, init.get()));
    Value result = loop.getResult(i);
    result.setType(encoded);
    b.setInsertionPointAfter(loop);
    auto back = tensor::CastOp::create(b, loop.getLoc(), plain, result);
    result.replaceAllUsesExcept(back, back);
    changed = true;
  }
  return changed;
}

} // namespace

bool isTensorCoreDot(Operation *op, unsigned numWarps, const MatrixTileShape &tile,
                     unsigned warpGroupMaxN) {
  auto dot = dyn_cast<tile::DotOp>(op);
  return dot && getTensorCoreWarps(dot, numWarps, tile, warpGroupMaxN).has_value();
}

bool isWarpGroupDot(Operation *op, unsigned numWarps, unsigned warpGroupMaxN) {
  auto dot = dyn_cast<tile::DotOp>(op);
  if (!dot || warpGroupMaxN == 0 || !hasMatrixElementTypes(dot) || numWarps % 4 != 0)
    return false;
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto cType = cast<RankedTensorType>(dot.getType());
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = aType.getDimSize(1);
  // Each warp holds 8-row groups of every 8 * numWarps rows (the mma
  // accumulator layout with all warps along M); a warp group's 64-row slice
  // takes two such groups of each of its warps. Rows of A and B of a
  // multiple of 32 bytes take a swizzled staging.
  return m % (16 * int64_t(numWarps)) == 0 && n % 16 == 0 && n <= warpGroupMaxN &&
         k % 16 == 0;
}

void assignTensorCoreLayouts(func::FuncOp func, unsigned numWarps, unsigned warpSize,
                             const MatrixTileShape &tile, unsigned warpGroupMaxN) {
  // The lanes of a warp must tile the accumulator fragment's grid.
  if (!tile.isValid(warpSize))
    return;
  SmallVector<tile::DotOp> dots;
  func.walk([&](tile::DotOp dot) { dots.push_back(dot); });
  if (dots.empty())
    return;
  for (tile::DotOp dot : dots)
    assignDot(dot, numWarps, warpSize, tile, warpGroupMaxN);

  // Move the casts until nothing changes; every step removes a cast from a
  // loop or moves one later in the program, so this ends.
  for (bool changed = true; changed;) {
    changed = false;
    SmallVector<tensor::CastOp> casts;
    func.walk([&](tensor::CastOp c) { casts.push_back(c); });
    for (tensor::CastOp c : casts) {
      if (c->use_empty() || !foldCast(c))
        continue;
      changed = true;
    }
    func.walk([&](tensor::CastOp c) {
      if (c->use_empty())
        c->erase();
    });
    func.walk([&](scf::ForOp loop) { changed |= carryInLayout(loop); });
    casts.clear();
    func.walk([&](tensor::CastOp c) { casts.push_back(c); });
    for (tensor::CastOp c : casts) {
      Attribute encoding = getEncoding(c.getSource().getType());
      if (!encoding || getEncoding(c.getType()))
        continue;
      for (Operation *user : llvm::to_vector(c->getUsers()))
        changed |= sinkIntoElementwise(user, encoding);
    }
  }
  func.walk([&](tensor::CastOp c) {
    if (c->use_empty())
      c->erase();
  });
}

} // namespace tessel::gpu
