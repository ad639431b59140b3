//===- TensorCoreLayouts.cpp - Accumulators in matrix-instruction layout --===//

#include "backends/gpu_common/Transforms/TensorCoreLayouts.h"

#include "backends/gpu_common/BlockedLayout.h"
#include "backends/gpu_common/DotStaging.h"
#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

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

bool isFp8(Type type) { return isa<Float8E4M3FNType, Float8E5M2Type>(type); }

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
  if (cast<RankedTensorType>(dot.getType()).getEncoding())
    return std::nullopt;
  if (isWarpGroupDot(dot, numWarps, warpGroupMaxN))
    return std::make_pair(numWarps, 1u);
  if (!hasMatrixTypes(dot, tile))
    return std::nullopt;
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

/// Whether `op` computes each element of its one result from the elements
/// at the same place of its operands (tile.addptr too).
bool isElementwise(Operation *op) {
  return (op->hasTrait<OpTrait::Elementwise>() || isa<tile::AddPtrOp>(op)) &&
         op->getNumResults() == 1 && op->getNumRegions() == 0;
}

/// Whether `value` is a tile (a scalar, such as the condition of a select
/// between tiles, has no layout: any layout takes it as it is).
bool hasLayout(Value value) { return isa<RankedTensorType>(value.getType()); }

/// How many elementwise ops deep canMakeIn looks through operands.
constexpr unsigned kMaxRematerializeDepth = 4;

/// Whether `value` (used elsewhere too) can be computed again in another
/// layout beside itself at little cost: a splat, an expand_dims (made anew
/// in that layout; it moves elements anyway), a broadcast of such a value
/// (then it copies registers), or an elementwise op (tile.addptr too) over
/// such values, a few deep: the pointer tile `base + rows[:, None] * stride
/// + cols[None, :]` of a GEMM operand, or its mask along K.
bool isRematerializable(Value value, unsigned depth = 0) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || type.getEncoding())
    return false;
  DenseElementsAttr splat;
  if (matchPattern(value, m_Constant(&splat)) && splat.isSplat())
    return true;
  Operation *def = value.getDefiningOp();
  if (isa_and_nonnull<tile::SplatOp, tile::ExpandDimsOp>(def))
    return true;
  if (!def || depth >= kMaxRematerializeDepth + 2)
    return false;
  if (auto broadcast = dyn_cast<tile::BroadcastOp>(def))
    return isRematerializable(broadcast.getSrc(), depth + 1);
  return isElementwise(def) && llvm::all_of(def->getOperands(), [&](Value operand) {
           return !isa<RankedTensorType>(operand.getType()) ||
                  isRematerializable(operand, depth + 1);
         });
}

/// `value` (isRematerializable) computed again in `encoding` after its
/// original: a constant through a cast (folded), a splat or expand_dims
/// anew from the same operand, other ops over their operands so made. A
/// copy made for an earlier use is shared.
Value rematerialize(Value value, Attribute encoding) {
  RankedTensorType encoded =
      withEncoding(cast<RankedTensorType>(value.getType()), encoding);
  Operation *def = value.getDefiningOp();
  OpBuilder b(value.getContext());
  b.setInsertionPointAfter(def);
  DenseElementsAttr splat;
  if (matchPattern(value, m_Constant(&splat)))
    return tensor::CastOp::create(b, value.getLoc(), encoded, value);
  const bool leaf = isa<tile::SplatOp, tile::ExpandDimsOp>(def);
  SmallVector<Value> operands;
  for (Value operand : def->getOperands())
    operands.push_back(!leaf && isa<RankedTensorType>(operand.getType())
                           ? rematerialize(operand, encoding)
                           : operand);
  if (!operands.empty())
    for (Operation *other : operands.front().getUsers())
      if (other != def && other->getName() == def->getName() &&
          other->getAttrDictionary() == def->getAttrDictionary() &&
          llvm::equal(other->getOperands(), operands) &&
          other->getResult(0).getType() == encoded)
        return other->getResult(0);
  Operation *copy = b.clone(*def);
  copy->setOperands(operands);
  copy->getResult(0).setType(encoded);
  return copy->getResult(0);
}

/// Whether `value` can be had in `encoding` at no cost (or the cost moves
/// out of a loop): it leaves that layout through a cast, is a splat (a
/// constant or tile.splat, made in any layout alike), is loop-carried (the
/// loop then carries it in `encoding`), is a broadcast used only here (a
/// broadcast moves elements anyway; given its source in the same layout it
/// stays inside each thread), or is an elementwise op used only here whose
/// operands are all such values (the causal mask of an attention kernel);
/// a value used elsewhere too is computed again if that is cheap
/// (isRematerializable).
bool canMakeIn(Value value, Attribute encoding, unsigned depth = 0) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return false;
  if (tensor::CastOp c = getLayoutCast(value))
    return getEncoding(c.getSource().getType()) == encoding;
  if (type.getEncoding())
    return false;
  DenseElementsAttr splat;
  if (matchPattern(value, m_Constant(&splat)) && splat.isSplat())
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value))
    return isa<scf::ForOp>(arg.getOwner()->getParentOp());
  Operation *def = value.getDefiningOp();
  if (isa<tile::SplatOp>(def))
    return true;
  if (!value.hasOneUse())
    return isRematerializable(value);
  if (isa<tile::BroadcastOp>(def))
    return true;
  if (depth >= kMaxRematerializeDepth || !isElementwise(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return !hasLayout(operand) || canMakeIn(operand, encoding, depth + 1);
  });
}

/// Gives the source of a broadcast whose result is now in `encoding` the
/// same layout where that costs nothing: an expand_dims (it moves elements
/// anyway) or a splat used only here is made in it, so that the broadcast
/// copies registers (see the broadcast's lowering).
void alignBroadcastSource(tile::BroadcastOp broadcast, Attribute encoding) {
  Value src = broadcast.getSrc();
  auto type = cast<RankedTensorType>(src.getType());
  if (type.getEncoding() || !src.hasOneUse())
    return;
  Operation *def = src.getDefiningOp();
  DenseElementsAttr splat;
  if (isa_and_nonnull<tile::ExpandDimsOp, tile::SplatOp>(def) ||
      (matchPattern(src, m_Constant(&splat)) && splat.isSplat())) {
    if (isa<tile::ExpandDimsOp, tile::SplatOp>(def)) {
      src.setType(withEncoding(type, encoding));
      return;
    }
    OpBuilder b(broadcast);
    broadcast.getSrcMutable().assign(
        tensor::CastOp::create(b, broadcast.getLoc(), withEncoding(type, encoding), src));
  }
}

/// `value` (for which canMakeIn holds) in `encoding`, for a use at `user`.
Value makeIn(Value value, Attribute encoding, Operation *user) {
  auto plain = cast<RankedTensorType>(value.getType());
  RankedTensorType encoded = withEncoding(plain, encoding);
  if (tensor::CastOp c = getLayoutCast(value))
    if (c.getSource().getType() == encoded)
      return c.getSource();
  Operation *def = value.getDefiningOp();
  DenseElementsAttr splat;
  bool isConstant = matchPattern(value, m_Constant(&splat));
  if (!def || isConstant) {
    // foldCast makes the constant anew; carryInLayout moves the cast of a
    // loop-carried value out of the loop.
    OpBuilder b(user);
    return tensor::CastOp::create(b, user->getLoc(), encoded, value);
  }
  if (auto splatOp = dyn_cast<tile::SplatOp>(def)) {
    OpBuilder b(user);
    Operation *copy = b.clone(*splatOp);
    copy->getResult(0).setType(encoded);
    return copy->getResult(0);
  }
  if (!value.hasOneUse())
    return rematerialize(value, encoding);
  // Used only by `user`: changed in place.
  if (auto broadcast = dyn_cast<tile::BroadcastOp>(def)) {
    value.setType(encoded);
    alignBroadcastSource(broadcast, encoding);
    return value;
  }
  for (OpOperand &operand : def->getOpOperands())
    if (hasLayout(operand.get()))
      operand.set(makeIn(operand.get(), encoding, def));
  value.setType(encoded);
  return value;
}

/// Runs an elementwise `op` one of whose operands leaves `encoding` through
/// a cast in that layout instead, casting its result back.
bool sinkIntoElementwise(Operation *op, Attribute encoding) {
  if (!op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
      op->getNumRegions() != 0 || !isa<RankedTensorType>(op->getResult(0).getType()) ||
      getEncoding(op->getResult(0).getType()))
    return false;
  for (Value operand : op->getOperands())
    if (hasLayout(operand) && !canMakeIn(operand, encoding))
      return false;
  for (OpOperand &operand : op->getOpOperands())
    if (hasLayout(operand.get()))
      operand.set(makeIn(operand.get(), encoding, op));
  Value result = op->getResult(0);
  Type plain = result.getType();
  result.setType(withEncoding(plain, encoding));
  OpBuilder b(op);
  b.setInsertionPointAfter(op);
  auto back = tensor::CastOp::create(b, op->getLoc(), plain, result);
  result.replaceAllUsesExcept(back, back);
  return true;
}

/// Ops that take a tile in any layout read a cast's source directly: a
/// reduce (its lowering combines whatever each thread holds and gives its
/// result the default layout) and a dot's A and B (stored to shared memory
/// by their coordinates). All of a reduce's operands must share a layout.
bool bypassCast(Operation *op) {
  auto castSource = [](Value v) -> Value {
    tensor::CastOp c = getLayoutCast(v);
    if (!c || !getEncoding(c.getSource().getType()) || getEncoding(c.getType()))
      return nullptr;
    return c.getSource();
  };
  if (auto reduce = dyn_cast<tile::ReduceOp>(op)) {
    SmallVector<Value> sources;
    for (Value src : reduce.getSrcs())
      if (Value s = castSource(src))
        sources.push_back(s);
    if (sources.size() != reduce.getSrcs().size() ||
        llvm::any_of(sources, [&](Value s) {
          return getEncoding(s.getType()) != getEncoding(sources[0].getType());
        }))
      return false;
    reduce.getSrcsMutable().assign(sources);
    return true;
  }
  if (auto dot = dyn_cast<tile::DotOp>(op)) {
    bool changed = false;
    if (Value s = castSource(dot.getA())) {
      dot.getAMutable().assign(s);
      changed = true;
    }
    if (Value s = castSource(dot.getB())) {
      dot.getBMutable().assign(s);
      changed = true;
    }
    return changed;
  }
  return false;
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

/// The layout of a B tile staged K-major (DotStaging.h): the default
/// layout of its transpose, with runs of 16 bytes along K (8 16-bit or 16
/// fp8 elements: one copy), transposed back.
Attribute getKMajorLayout(RankedTensorType type, unsigned numWarps, unsigned warpSize) {
  BlockedLayout t = BlockedLayout::getDefault(
      {type.getDimSize(1), type.getDimSize(0)}, numWarps, warpSize,
      /*maxRun=*/128 / type.getElementTypeBitWidth());
  BlockedLayout layout;
  layout.shape.assign(type.getShape().begin(), type.getShape().end());
  layout.sizePerThread = {t.sizePerThread[1], t.sizePerThread[0]};
  layout.threadsPerWarp = {t.threadsPerWarp[1], t.threadsPerWarp[0]};
  layout.warpsPerCTA = {t.warpsPerCTA[1], t.warpsPerCTA[0]};
  layout.order = {0, 1};
  return layout.toAttr(type.getContext());
}

/// Gives the tiles of K-major loads their layout: the pointer, mask and
/// `other` operands are made in it where that is free (canMakeIn), a
/// pointer advanced by the loop is carried in it, anything else is cast
/// once where it is defined.
class KMajorLoads {
public:
  explicit KMajorLoads(unsigned numWarps, unsigned warpSize)
      : numWarps(numWarps), warpSize(warpSize) {}

  void assign(tile::LoadOp load) {
    auto type = cast<RankedTensorType>(load.getType());
    if (type.getEncoding())
      return;
    Attribute layout = getKMajorLayout(type, numWarps, warpSize);
    load.getPtrMutable().assign(materialize(load.getPtr(), layout, load));
    if (Value mask = load.getMask())
      load.getMaskMutable().assign(materialize(mask, layout, load));
    if (Value other = load.getOther())
      load.getOtherMutable().assign(materialize(other, layout, load));
    load.getResult().setType(withEncoding(type, layout));
    retypeUses(load.getResult(), layout);
  }

private:
  unsigned numWarps, warpSize;
  /// Values already cast into the layout where they are defined.
  DenseMap<Value, Value> casts;

  /// A cast of `value` back to its plain type for `use`.
  static void castBack(OpOperand &use, Type plain) {
    OpBuilder b(use.getOwner());
    use.set(tensor::CastOp::create(b, use.getOwner()->getLoc(), plain, use.get()));
  }

  /// `value`, now in `layout`, reaches the dot's B as it is (its registers
  /// are not read: the copy staged the tile); a loop that carries it to the
  /// next iteration carries it in `layout`; other uses get it back in the
  /// plain layout.
  void retypeUses(Value value, Attribute layout) {
    Type plain = withEncoding(value.getType(), nullptr);
    for (OpOperand &use : llvm::make_early_inc_range(value.getUses())) {
      Operation *owner = use.getOwner();
      if (isa<tile::DotOp>(owner) && use.getOperandNumber() == 1)
        continue;
      if (auto yield = dyn_cast<scf::YieldOp>(owner)) {
        auto loop = dyn_cast<scf::ForOp>(yield->getParentOp());
        if (!loop) {
          castBack(use, plain);
          continue;
        }
        unsigned i = use.getOperandNumber();
        BlockArgument arg = loop.getRegionIterArg(i);
        if (getEncoding(arg.getType()) == layout)
          continue;
        RankedTensorType encoded = withEncoding(arg.getType(), layout);
        arg.setType(encoded);
        OpOperand &init = loop.getInitArgsMutable()[i];
        init.set(materialize(init.get(), layout, loop));
        Value result = loop.getResult(i);
        result.setType(encoded);
        for (OpOperand &after : llvm::make_early_inc_range(result.getUses()))
          castBack(after, plain);
        retypeUses(arg, layout);
        continue;
      }
      // A loop's initial value: the carried value takes the layout when the
      // yield is reached (retypeUses of the in-loop load); until then, and
      // if never, a cast back.
      castBack(use, plain);
    }
  }

  Value materialize(Value value, Attribute layout, Operation *user) {
    if (getEncoding(value.getType()) == layout)
      return value;
    if (tensor::CastOp c = getLayoutCast(value))
      if (getEncoding(c.getSource().getType()) == layout)
        return c.getSource();
    if (auto it = casts.find(value); it != casts.end())
      return it->second;
    if (canMakeIn(value, layout))
      return makeIn(value, layout, user);
    if (Value carried = carryPointer(value, layout, user))
      return carried;
    // Once, where the value is defined.
    OpBuilder b(user->getContext());
    if (Operation *def = value.getDefiningOp())
      b.setInsertionPointAfter(def);
    else
      b.setInsertionPointToStart(cast<BlockArgument>(value).getOwner());
    Value c = tensor::CastOp::create(b, value.getLoc(),
                                     withEncoding(value.getType(), layout), value);
    casts[value] = c;
    return c;
  }

  /// Whether `load` is a copy into a K-major staging (it takes the layout
  /// too).
  static bool isKMajorLoad(Operation *op) {
    auto marker = op->getAttrOfType<tilegpu::MatrixOperandAttr>(kAsyncCopyAttrName);
    return isa<tile::LoadOp>(op) && marker && marker.getOperand() == 1 &&
           marker.getStaging().getBKMajor();
  }

  /// A pointer tile a loop advances: `value` is reached from a carried
  /// value by tile.addptr steps, and those sums (the carried value's next
  /// one, and the pointers of iterations further ahead that pipelined
  /// copies read) are used only by further steps, K-major loads and the
  /// yield. All of them are made in `layout` and the loop carries it so
  /// (its initial value made so once, before the loop).
  Value carryPointer(Value value, Attribute layout, Operation *user) {
    Value root = value;
    while (auto add = root.getDefiningOp<tile::AddPtrOp>())
      root = add.getPtr();
    auto arg = dyn_cast<BlockArgument>(root);
    auto loop = arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()) : nullptr;
    if (!loop || arg.getArgNumber() == 0 || getEncoding(arg.getType()))
      return nullptr;
    unsigned i = arg.getArgNumber() - 1;
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    llvm::SetVector<Value> chain;
    chain.insert(arg);
    for (size_t at = 0; at < chain.size(); ++at)
      for (OpOperand &use : chain[at].getUses()) {
        Operation *owner = use.getOwner();
        auto add = dyn_cast<tile::AddPtrOp>(owner);
        if (add && use.getOperandNumber() == 0 && add->getBlock() == loop.getBody())
          chain.insert(add.getResult());
        else if (!(owner == yield && use.getOperandNumber() == i) &&
                 !isKMajorLoad(owner))
          return nullptr;
      }
    if (!chain.contains(value) || !chain.contains(yield.getOperand(i)))
      return nullptr;
    RankedTensorType encoded = withEncoding(arg.getType(), layout);
    for (Value v : chain)
      v.setType(encoded);
    for (Value v : chain)
      if (auto add = v.getDefiningOp<tile::AddPtrOp>())
        add.getOffsetMutable().assign(materialize(add.getOffset(), layout, add));
    OpOperand &init = loop.getInitArgsMutable()[i];
    init.set(materialize(init.get(), layout, loop));
    Value result = loop.getResult(i);
    result.setType(encoded);
    for (OpOperand &after : llvm::make_early_inc_range(result.getUses()))
      castBack(after, withEncoding(encoded, nullptr));
    return value;
  }
};

} // namespace

bool isTensorCoreDot(Operation *op, unsigned numWarps, const MatrixTileShape &tile,
                     unsigned warpGroupMaxN) {
  auto dot = dyn_cast<tile::DotOp>(op);
  return dot && getTensorCoreWarps(dot, numWarps, tile, warpGroupMaxN).has_value();
}

bool isFp8WarpGroupInput(Type a, Type b) { return isFp8(a) && a == b; }

bool isWarpGroupDot(Operation *op, unsigned numWarps, unsigned warpGroupMaxN) {
  auto dot = dyn_cast<tile::DotOp>(op);
  if (!dot || warpGroupMaxN == 0 || numWarps % 4 != 0)
    return false;
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto bType = cast<RankedTensorType>(dot.getB().getType());
  auto cType = cast<RankedTensorType>(dot.getType());
  const bool fp8 = cType.getRank() == 2 && cType.getElementType().isF32() &&
                   isFp8WarpGroupInput(aType.getElementType(), bType.getElementType());
  if (!fp8 && !hasMatrixElementTypes(dot))
    return false;
  int64_t m = cType.getDimSize(0), n = cType.getDimSize(1), k = aType.getDimSize(1);
  // Each warp holds 8-row groups of every 8 * numWarps rows (the mma
  // accumulator layout with all warps along M); a warp group's 64-row slice
  // takes two such groups of each of its warps. One instruction reads 32
  // bytes of K (16 halves, 32 fp8 values); rows of A and B of a multiple of
  // 32 bytes take a swizzled staging.
  return m % (16 * int64_t(numWarps)) == 0 && n % 16 == 0 && n <= warpGroupMaxN &&
         k % (fp8 ? 32 : 16) == 0;
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
  // B tiles copied into a K-major staging, in program order (the copies
  // before a loop first).
  KMajorLoads kMajor(numWarps, warpSize);
  SmallVector<tile::LoadOp> kMajorLoads;
  func.walk([&](tile::LoadOp load) {
    auto marker = load->getAttrOfType<tilegpu::MatrixOperandAttr>(kAsyncCopyAttrName);
    if (marker && marker.getOperand() == 1 && marker.getStaging().getBKMajor())
      kMajorLoads.push_back(load);
  });
  for (tile::LoadOp load : kMajorLoads)
    kMajor.assign(load);

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
    // A tile cast into a layout that its producer can make directly (the
    // scaled accumulator of an attention kernel) is made so.
    for (tensor::CastOp c : casts) {
      Value source = c.getSource();
      Attribute encoding = getEncoding(c.getType());
      Operation *def = source.getDefiningOp();
      bool producer =
          def && (isa<tile::BroadcastOp>(def) || def->hasTrait<OpTrait::Elementwise>());
      if (!encoding || getEncoding(source.getType()) || !source.hasOneUse() || !producer ||
          !canMakeIn(source, encoding))
        continue;
      c.replaceAllUsesWith(makeIn(source, encoding, c));
      c->erase();
      changed = true;
    }
    casts.clear();
    func.walk([&](tensor::CastOp c) { casts.push_back(c); });
    for (tensor::CastOp c : casts) {
      Attribute encoding = getEncoding(c.getSource().getType());
      if (!encoding || getEncoding(c.getType()))
        continue;
      for (Operation *user : llvm::to_vector(c->getUsers()))
        changed |= sinkIntoElementwise(user, encoding) || bypassCast(user);
    }
  }
  // Splats copied into a layout may leave their original unused.
  func.walk([&](Operation *op) {
    if (isa<tensor::CastOp, tile::SplatOp>(op) && op->use_empty())
      op->erase();
  });
}

} // namespace tessel::gpu
