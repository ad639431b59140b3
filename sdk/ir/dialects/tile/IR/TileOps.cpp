//===- TileOps.cpp - Verifiers and builders of tile operations ------------===//
//
// Folders and canonicalization patterns live in TileFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "dialects/tile/IR/TileOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;
using namespace tessel::tile;

namespace {

/// Prints a shape as [2, 3] for diagnostics.
std::string shapeString(ArrayRef<int64_t> shape) {
  std::string s = "[";
  llvm::raw_string_ostream os(s);
  llvm::interleaveComma(shape, os);
  os << "]";
  return s;
}

bool isFloat8(Type t) {
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType, Float8E5M2FNUZType,
             Float8E4M3B11FNUZType>(t);
}

/// Checks that every operand of a reduce/scan has the same shape and that
/// `axis` names one of its dimensions.
LogicalResult verifyReduceLikeOperands(Operation *op, ValueRange srcs, int32_t axis) {
  if (srcs.empty())
    return op->emitOpError("expects at least one operand");
  auto first = cast<RankedTensorType>(srcs.front().getType());
  for (auto [i, src] : llvm::enumerate(srcs)) {
    auto type = cast<RankedTensorType>(src.getType());
    if (type.getShape() != first.getShape())
      return op->emitOpError("operand #")
             << i << " has shape " << shapeString(type.getShape())
             << " but operand #0 has shape " << shapeString(first.getShape());
  }
  if (axis < 0 || axis >= first.getRank())
    return op->emitOpError("axis ")
           << axis << " is out of range for operands of rank " << first.getRank();
  return success();
}

/// Checks the combiner block: (acc..., next...) -> yield of one value per
/// operand, all scalars of the operands' element types.
LogicalResult verifyCombiner(Operation *op, Region &region, ValueRange srcs) {
  Block &block = region.front();
  size_t n = srcs.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("combiner must take ")
           << 2 * n << " arguments (two per operand), but takes "
           << block.getNumArguments();
  for (unsigned i = 0; i < 2 * n; ++i) {
    Type expected = cast<RankedTensorType>(srcs[i % n].getType()).getElementType();
    Type actual = block.getArgument(i).getType();
    if (actual != expected)
      return op->emitOpError("combiner argument #")
             << i << " has type " << actual << ", expected " << expected;
  }
  auto yield = cast<YieldOp>(block.getTerminator());
  if (yield.getValues().size() != n)
    return op->emitOpError("combiner must yield ")
           << n << " values (one per operand), but yields " << yield.getValues().size();
  for (auto [i, value] : llvm::enumerate(yield.getValues())) {
    Type expected = cast<RankedTensorType>(srcs[i].getType()).getElementType();
    if (value.getType() != expected)
      return op->emitOpError("combiner yields ")
             << value.getType() << " at position " << i << ", expected " << expected;
  }
  return success();
}

/// Element types a float-accumulating dot accepts for its operands.
bool isDotFloatOperand(Type t) {
  return t.isF16() || t.isBF16() || t.isF32() || t.isF64() || isFloat8(t);
}

} // namespace

//===----------------------------------------------------------------------===//
// Tile construction and shape manipulation
//===----------------------------------------------------------------------===//

LogicalResult InlineAsmOp::verify() {
  if (getResults().empty())
    return emitOpError("needs at least one result");
  Type first = getResults().front().getType();
  auto shapeOf = [](Type t) -> ArrayRef<int64_t> {
    if (auto tensor = dyn_cast<RankedTensorType>(t))
      return tensor.getShape();
    return {};
  };
  ArrayRef<int64_t> shape = shapeOf(first);
  SmallVector<Type> types(getResultTypes());
  llvm::append_range(types, getOperandTypes());
  for (Type t : types)
    if (isa<RankedTensorType>(t) != isa<RankedTensorType>(first) || shapeOf(t) != shape)
      return emitOpError("operands and results must all have one shape");
  int64_t elements = 1;
  for (int64_t d : shape)
    elements *= d;
  if (elements % getPack() != 0)
    return emitOpError("pack ")
           << getPack() << " does not divide the " << elements << " elements";
  return success();
}

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStart(), end = getEnd();
  if (end <= start)
    return emitOpError("end (")
           << end << ") must be greater than start (" << start << ")";
  RankedTensorType type = getResult().getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a 1-D tensor, got rank ") << type.getRank();
  if (type.getDimSize(0) != end - start)
    return emitOpError("result has ")
           << type.getDimSize(0) << " elements but the range [" << start << ", " << end
           << ") has " << end - start;
  return success();
}

LogicalResult BroadcastOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (src.getRank() != result.getRank())
    return emitOpError("source rank ")
           << src.getRank() << " does not match result rank " << result.getRank();
  for (int64_t i = 0; i < src.getRank(); ++i) {
    int64_t from = src.getDimSize(i), to = result.getDimSize(i);
    if (from != 1 && from != to)
      return emitOpError("source dimension ")
             << i << " has size " << from << ", which is neither 1 nor the result size "
             << to;
  }
  return success();
}

LogicalResult ExpandDimsOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  int32_t axis = getAxis();
  if (axis < 0 || axis > src.getRank())
    return emitOpError("axis ")
           << axis << " is out of range [0, " << src.getRank() << "]";
  SmallVector<int64_t> expected(src.getShape());
  expected.insert(expected.begin() + axis, 1);
  if (ArrayRef<int64_t>(expected) != result.getShape())
    return emitOpError("result shape ")
           << shapeString(result.getShape()) << " is not the source shape "
           << shapeString(src.getShape()) << " with a 1 inserted at axis " << axis
           << " (" << shapeString(expected) << ")";
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (src.getNumElements() != result.getNumElements())
    return emitOpError("source has ")
           << src.getNumElements() << " elements but the result has "
           << result.getNumElements();
  return success();
}

LogicalResult TransOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  ArrayRef<int32_t> order = getOrder();
  if (static_cast<int64_t>(order.size()) != src.getRank())
    return emitOpError("order has ")
           << order.size() << " entries but the source has rank " << src.getRank();
  SmallVector<bool> seen(order.size(), false);
  for (int32_t d : order) {
    if (d < 0 || d >= static_cast<int32_t>(order.size()) || seen[d])
      return emitOpError("order is not a permutation of [0, ") << order.size() << ")";
    seen[d] = true;
  }
  SmallVector<int64_t> expected;
  for (int32_t d : order)
    expected.push_back(src.getDimSize(d));
  if (ArrayRef<int64_t>(expected) != result.getShape())
    return emitOpError("result shape ")
           << shapeString(result.getShape())
           << " does not match the source shape permuted by the order ("
           << shapeString(expected) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// Pointers and memory
//===----------------------------------------------------------------------===//

LogicalResult AddPtrOp::verify() {
  Type ptr = getPtr().getType(), offset = getOffset().getType();
  bool ptrIsTensor = isa<RankedTensorType>(ptr);
  bool offsetIsTensor = isa<RankedTensorType>(offset);
  if (ptrIsTensor != offsetIsTensor)
    return emitOpError(ptrIsTensor ? "a tensor of pointers needs a tensor of offsets"
                                   : "a scalar pointer needs a scalar offset");
  if (getShapeOrScalar(ptr) != getShapeOrScalar(offset))
    return emitOpError("offset shape ")
           << shapeString(getShapeOrScalar(offset)) << " does not match pointer shape "
           << shapeString(getShapeOrScalar(ptr));
  return success();
}

LogicalResult PtrToIntOp::verify() {
  Type ptr = getPtr().getType(), result = getResult().getType();
  if (isa<RankedTensorType>(ptr) != isa<RankedTensorType>(result) ||
      getShapeOrScalar(ptr) != getShapeOrScalar(result))
    return emitOpError("result shape ")
           << shapeString(getShapeOrScalar(result)) << " does not match pointer shape "
           << shapeString(getShapeOrScalar(ptr));
  return success();
}

LogicalResult LoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError("'other' requires a mask");
  return success();
}

//===----------------------------------------------------------------------===//
// Dot
//===----------------------------------------------------------------------===//

LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto acc = cast<RankedTensorType>(getAcc().getType());
  int64_t rank = a.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError("operands must have rank 2, or 3 with a leading batch "
                       "dimension, got rank ")
           << rank;
  if (b.getRank() != rank || acc.getRank() != rank)
    return emitOpError("a, b and acc must have the same rank, got ")
           << rank << ", " << b.getRank() << " and " << acc.getRank();
  int64_t m = a.getDimSize(rank - 2), k = a.getDimSize(rank - 1);
  int64_t kb = b.getDimSize(rank - 2), n = b.getDimSize(rank - 1);
  if (k != kb)
    return emitOpError("inner dimensions differ: a is ")
           << m << "x" << k << " but b is " << kb << "x" << n;
  if (rank == 3 &&
      (a.getDimSize(0) != b.getDimSize(0) || a.getDimSize(0) != acc.getDimSize(0)))
    return emitOpError("batch dimensions differ: ")
           << a.getDimSize(0) << ", " << b.getDimSize(0) << " and "
           << acc.getDimSize(0);
  if (acc.getDimSize(rank - 2) != m || acc.getDimSize(rank - 1) != n)
    return emitOpError("accumulator shape ")
           << shapeString(acc.getShape()) << " does not match the product shape " << m
           << "x" << n;

  Type ea = a.getElementType(), eb = b.getElementType(), ec = acc.getElementType();
  bool bothFp8 = isFloat8(ea) && isFloat8(eb);
  if (ea != eb && !bothFp8)
    return emitOpError("a and b element types differ: ") << ea << " and " << eb;
  if (ea.isInteger(8)) {
    if (!ec.isInteger(32))
      return emitOpError("8-bit integer operands accumulate in i32, got ") << ec;
  } else if (isDotFloatOperand(ea)) {
    bool ok = ea.isF64() ? ec.isF64()
                         : (ec.isF32() || (ec.isF16() && (ea.isF16() || isFloat8(ea))));
    if (!ok)
      return emitOpError("accumulator type ")
             << ec << " is not valid for " << ea
             << " operands (f32; f16 also for f16 and fp8; f64 for f64)";
  } else {
    return emitOpError("operand element type ") << ea << " is not supported by dot";
  }
  if (getInputPrecision() != InputPrecision::IEEE && !ea.isF32())
    return emitOpError("input_precision ")
           << stringifyInputPrecision(getInputPrecision())
           << " applies only to f32 operands, got " << ea;
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions and scans
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verifyRegions() {
  if (failed(verifyReduceLikeOperands(*this, getSrcs(), getAxis())) ||
      failed(verifyCombiner(*this, getCombineOp(), getSrcs())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("expects ")
           << getSrcs().size() << " results (one per operand), got " << getNumResults();
  auto srcType = cast<RankedTensorType>(getSrcs().front().getType());
  SmallVector<int64_t> shape(srcType.getShape());
  shape.erase(shape.begin() + getAxis());
  for (auto [i, result] : llvm::enumerate(getResults())) {
    Type elem = cast<RankedTensorType>(getSrcs()[i].getType()).getElementType();
    Type expected = shape.empty() ? elem : RankedTensorType::get(shape, elem);
    if (result.getType() != expected)
      return emitOpError("result #")
             << i << " has type " << result.getType() << ", expected " << expected;
  }
  return success();
}

LogicalResult ScanOp::verifyRegions() {
  if (failed(verifyReduceLikeOperands(*this, getSrcs(), getAxis())) ||
      failed(verifyCombiner(*this, getCombineOp(), getSrcs())))
    return failure();
  if (getNumResults() != getSrcs().size())
    return emitOpError("expects ")
           << getSrcs().size() << " results (one per operand), got " << getNumResults();
  for (auto [i, result] : llvm::enumerate(getResults()))
    if (result.getType() != getSrcs()[i].getType())
      return emitOpError("result #") << i << " has type " << result.getType()
                                     << ", expected " << getSrcs()[i].getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWOp::verify() {
  Type elem = getElementTypeOrSelf(getVal().getType());
  bool isInt = isa<IntegerType>(elem), isFloatElem = isa<FloatType>(elem);
  switch (getKind()) {
  case AtomicRMWKind::FAdd:
    if (!isFloatElem)
      return emitOpError("fadd needs float elements, got ") << elem;
    break;
  case AtomicRMWKind::Add:
  case AtomicRMWKind::And:
  case AtomicRMWKind::Or:
  case AtomicRMWKind::Xor:
  case AtomicRMWKind::UMax:
  case AtomicRMWKind::UMin:
    if (!isInt)
      return emitOpError(stringifyAtomicRMWKind(getKind()))
             << " needs integer elements, got " << elem;
    break;
  case AtomicRMWKind::Max:
  case AtomicRMWKind::Min:
  case AtomicRMWKind::Xchg:
    break;
  }
  unsigned width = elem.getIntOrFloatBitWidth();
  if (width != 16 && width != 32 && width != 64)
    return emitOpError("atomics need 16-, 32- or 64-bit elements, got ") << elem;
  return success();
}

LogicalResult AtomicCASOp::verify() {
  Type elem = getElementTypeOrSelf(getVal().getType());
  unsigned width = elem.getIntOrFloatBitWidth();
  if (width != 16 && width != 32 && width != 64)
    return emitOpError("atomics need 16-, 32- or 64-bit elements, got ") << elem;
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType block = cast<TensorDescType>(getResult().getType()).getBlockType();
  int64_t rank = block.getRank();
  if (static_cast<int64_t>(getShape().size()) != rank)
    return emitOpError("expects ") << rank << " shape values for a block of rank "
                                   << rank << ", got " << getShape().size();
  if (static_cast<int64_t>(getStrides().size()) != rank)
    return emitOpError("expects ") << rank << " stride values for a block of rank "
                                   << rank << ", got " << getStrides().size();
  Type pointee = cast<PointerType>(getBase().getType()).getPointeeType();
  if (pointee != block.getElementType())
    return emitOpError("base points to ")
           << pointee << " but the block holds " << block.getElementType();
  return success();
}

/// Shared by desc_load and desc_store: one index per block dimension and a
/// tile of exactly the block type.
static LogicalResult verifyDescAccess(Operation *op, TensorDescType desc,
                                      size_t numIndices, Type tile,
                                      StringRef tileName) {
  RankedTensorType block = desc.getBlockType();
  if (static_cast<int64_t>(numIndices) != block.getRank())
    return op->emitOpError("expects ")
           << block.getRank() << " indices, got " << numIndices;
  if (tile != block)
    return op->emitOpError() << tileName << " type " << tile
                             << " does not match the descriptor block type " << block;
  return success();
}

LogicalResult DescLoadOp::verify() {
  return verifyDescAccess(*this, cast<TensorDescType>(getDesc().getType()),
                          getIndices().size(), getResult().getType(), "result");
}

LogicalResult DescStoreOp::verify() {
  return verifyDescAccess(*this, cast<TensorDescType>(getDesc().getType()),
                          getIndices().size(), getSrc().getType(), "stored tile");
}

//===----------------------------------------------------------------------===//
// Conversions
//===----------------------------------------------------------------------===//

LogicalResult FpToFpOp::verify() {
  Type src = getSrc().getType(), dst = getResult().getType();
  if (isa<RankedTensorType>(src) != isa<RankedTensorType>(dst) ||
      getShapeOrScalar(src) != getShapeOrScalar(dst))
    return emitOpError("source and result shapes differ: ") << src << " and " << dst;
  auto from = cast<FloatType>(getElementTypeOrSelf(src));
  auto to = cast<FloatType>(getElementTypeOrSelf(dst));
  if (from == to)
    return emitOpError("converts ") << from << " to itself";
  // Same-width conversions between different formats (fp16/bf16, e4m3/e5m2)
  // lose precision or range either way, so they round too.
  bool narrowing = to.getFPMantissaWidth() < from.getFPMantissaWidth() ||
                   to.getWidth() <= from.getWidth();
  if (narrowing && !getRounding())
    return emitOpError("narrowing conversion from ")
           << from << " to " << to << " needs a rounding mode";
  if (!narrowing && getRounding())
    return emitOpError("widening conversion from ")
           << from << " to " << to << " is exact and takes no rounding mode";
  return success();
}

#define GET_OP_CLASSES
#include "dialects/tile/IR/TileOps.cpp.inc"
