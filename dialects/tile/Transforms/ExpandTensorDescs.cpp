//===- TensorDescsToPointers.cpp - tile-expand-tensor-descs --===//
//
// A CPU has no block mover, so a block access through a tensor descriptor
// is the masked pointer access it stands for: pointers
// base + sum_d (index_d + range_d) * stride_d, masked to 0 <= coord_d <
// shape_d, with the padding value where the mask is false. The rewrite stays
// in the tile dialect; convert-tile-to-linalg lowers the result.
//
//===----------------------------------------------------------------------===//

#include "dialects/tile/Transforms/Passes.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace tessel::tile {
#define GEN_PASS_DEF_TILEEXPANDTENSORDESCS
#include "dialects/tile/Transforms/Passes.h.inc"
} // namespace tessel::tile

using namespace mlir;
using namespace tessel;

namespace {

/// Pointers and in-bounds mask of one block access.
struct BlockAccess {
  Value pointers;
  Value mask;
};

/// The coordinates along `dim` of every element of the block at `index`:
/// index + [0, extent) laid out along `dim` and broadcast over the block.
Value getCoordinates(OpBuilder &b, Location loc, RankedTensorType block,
                     int64_t dim, Value index) {
  Type i32 = b.getI32Type();
  int64_t extent = block.getDimSize(dim);
  auto lineType = RankedTensorType::get({extent}, i32);
  Value range = tile::MakeRangeOp::create(b, loc, lineType, 0, int32_t(extent));
  Value start = tile::SplatOp::create(b, loc, lineType, index);
  Value line = arith::AddIOp::create(b, loc, start, range);
  SmallVector<int64_t> shape = {extent};
  for (int64_t axis = 0; axis < block.getRank(); ++axis) {
    if (axis == dim)
      continue;
    // Visiting axes in order, each new unit dimension lands at its own index.
    shape.insert(shape.begin() + axis, 1);
    line = tile::ExpandDimsOp::create(b, loc, RankedTensorType::get(shape, i32), line,
                                      b.getI32IntegerAttr(axis));
  }
  auto fullType = RankedTensorType::get(block.getShape(), i32);
  if (block.getRank() > 1)
    line = tile::BroadcastOp::create(b, loc, fullType, line);
  return line;
}

BlockAccess getBlockAccess(OpBuilder &b, Location loc, tile::MakeTensorDescOp desc,
                           ValueRange indices) {
  auto descType = cast<tile::TensorDescType>(desc.getType());
  RankedTensorType block = descType.getBlockType();
  Type i64 = b.getI64Type();
  auto offsetType = RankedTensorType::get(block.getShape(), i64);
  auto coordType = RankedTensorType::get(block.getShape(), b.getI32Type());
  Value offset, mask;
  for (int64_t dim = 0; dim < block.getRank(); ++dim) {
    Value coord = getCoordinates(b, loc, block, dim, indices[dim]);
    Value stride = tile::SplatOp::create(b, loc, offsetType, desc.getStrides()[dim]);
    Value term = arith::MulIOp::create(
        b, loc, arith::ExtSIOp::create(b, loc, offsetType, coord), stride);
    offset = offset ? arith::AddIOp::create(b, loc, offset, term).getResult() : term;
    Value zero = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(coordType, b.getI32IntegerAttr(0)));
    Value bound = tile::SplatOp::create(b, loc, coordType, desc.getShape()[dim]);
    Value inside = arith::AndIOp::create(
        b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, coord, zero),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, coord, bound));
    mask = mask ? arith::AndIOp::create(b, loc, mask, inside).getResult() : inside;
  }
  Type ptrType = desc.getBase().getType();
  auto ptrsType = RankedTensorType::get(block.getShape(), ptrType);
  Value base = tile::SplatOp::create(b, loc, ptrsType, desc.getBase());
  Value pointers = tile::AddPtrOp::create(b, loc, ptrsType, base, offset);
  return {pointers, mask};
}

/// Whether `load` is one keep-dot-loads leaves: in a loop, used only by a
/// tile.dot (or by a transpose only it uses), its descriptor made in the
/// function's entry block.
bool isKeptDotLoad(Operation *op) {
  auto load = dyn_cast<tile::DescLoadOp>(op);
  if (!load || !load->hasOneUse() || !isa<scf::ForOp>(load->getParentOp()))
    return false;
  Operation *user = *load->getUsers().begin();
  if (isa<tile::TransOp>(user) && user->hasOneUse())
    user = *user->getUsers().begin();
  if (!isa<tile::DotOp>(user))
    return false;
  auto desc = load.getDesc().getDefiningOp<tile::MakeTensorDescOp>();
  auto func = load->getParentOfType<func::FuncOp>();
  return desc && func && desc->getBlock() == &func.getBody().front();
}

struct ExpandTensorDescsPass
    : public tessel::tile::impl::TileExpandTensorDescsBase<
          ExpandTensorDescsPass> {
  using TileExpandTensorDescsBase::TileExpandTensorDescsBase;
  void runOnOperation() override {
    SmallVector<Operation *> accesses;
    getOperation().walk([&](Operation *op) {
      if (isa<tile::DescLoadOp, tile::DescStoreOp>(op) &&
          !(keepDotLoads && isKeptDotLoad(op)))
        accesses.push_back(op);
    });
    bool ok = true;
    for (Operation *op : accesses) {
      if (succeeded(tile::expandTensorDescAccess(op)))
        continue;
      op->emitError() << op->getName()
                      << " of a descriptor not made by tile.make_tensor_desc "
                         "in the same function is not supported by the CPU "
                         "backend yet";
      ok = false;
    }
    // Descriptors whose accesses are all rewritten are dead now.
    getOperation().walk([](tile::MakeTensorDescOp desc) {
      if (desc->use_empty())
        desc.erase();
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace

LogicalResult tessel::tile::expandTensorDescAccess(Operation *op) {
  auto desc = op->getOperand(0).getDefiningOp<tile::MakeTensorDescOp>();
  if (!desc)
    return failure();
  OpBuilder b(op);
  Location loc = op->getLoc();
  if (auto load = dyn_cast<tile::DescLoadOp>(op)) {
    BlockAccess access = getBlockAccess(b, loc, desc, load.getIndices());
    auto type = cast<RankedTensorType>(load.getType());
    Type element = type.getElementType();
    TypedAttr padding = b.getZeroAttr(element);
    if (auto floatType = dyn_cast<FloatType>(element);
        floatType && desc.getPadding() == tile::PaddingOption::NaN)
      padding =
          b.getFloatAttr(floatType, APFloat::getQNaN(floatType.getFloatSemantics()));
    Value other =
        arith::ConstantOp::create(b, loc, DenseElementsAttr::get(type, padding));
    Value loaded = tile::LoadOp::create(b, loc, type, access.pointers, access.mask,
                                        other, load.getCacheAttr(), load.getEvictAttr(),
                                        /*isVolatile=*/nullptr);
    load.replaceAllUsesWith(loaded);
  } else {
    auto store = cast<tile::DescStoreOp>(op);
    BlockAccess access = getBlockAccess(b, loc, desc, store.getIndices());
    tile::StoreOp::create(b, loc, access.pointers, store.getSrc(), access.mask);
  }
  op->erase();
  return success();
}
