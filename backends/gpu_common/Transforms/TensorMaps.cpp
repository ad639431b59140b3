//===- TensorMaps.cpp - Descriptors a block-copy engine can read ----------===//

#include "backends/gpu_common/Transforms/TensorMaps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace tessel::gpu {

namespace {

/// The argument number when `v` is an argument of `func`'s entry block.
std::optional<unsigned> getArgumentNumber(func::FuncOp func, Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg || arg.getOwner() != &func.getBody().front())
    return std::nullopt;
  return arg.getArgNumber();
}

std::optional<KernelScalar> traceScalar(func::FuncOp func, Value v) {
  APInt constant;
  if (matchPattern(v, m_ConstantInt(&constant)))
    return KernelScalar{KernelScalar::Kind::Constant, constant.getSExtValue(), 0, true};
  bool isSigned = true;
  if (auto ext = v.getDefiningOp<arith::ExtSIOp>()) {
    v = ext.getIn();
  } else if (auto ext = v.getDefiningOp<arith::ExtUIOp>()) {
    v = ext.getIn();
    isSigned = false;
  }
  std::optional<unsigned> number = getArgumentNumber(func, v);
  unsigned bits = v.getType().getIntOrFloatBitWidth();
  if (!number || (bits != 32 && bits != 64))
    return std::nullopt;
  return KernelScalar{KernelScalar::Kind::Argument, int64_t(*number), bits, isSigned};
}

} // namespace

std::optional<TensorMapSource> traceTensorMapSource(tile::MakeTensorDescOp desc) {
  auto func = desc->getParentOfType<func::FuncOp>();
  if (!func || desc->getBlock() != &func.getBody().front() ||
      desc.getPadding() != tile::PaddingOption::Zero || desc.getShape().size() != 2)
    return std::nullopt;
  auto block = cast<tile::TensorDescType>(desc.getType()).getBlockType();
  if (!block.getElementType().isIntOrFloat())
    return std::nullopt;
  Value baseValue = desc.getBase();
  // `argument + index * stride`: a slice of the argument's tensor.
  Value outerIndex;
  std::optional<KernelScalar> outerStride;
  if (auto add = baseValue.getDefiningOp<tile::AddPtrOp>();
      add && add->getBlock() == desc->getBlock() &&
      add.getOffset().getType().isInteger(32)) {
    auto mul = add.getOffset().getDefiningOp<arith::MulIOp>();
    if (!mul)
      return std::nullopt;
    for (auto [index, stride] : {std::pair(mul.getLhs(), mul.getRhs()),
                                 std::pair(mul.getRhs(), mul.getLhs())}) {
      std::optional<KernelScalar> traced = traceScalar(func, stride);
      if (traced && traced->kind == KernelScalar::Kind::Argument) {
        outerIndex = index;
        outerStride = traced;
        break;
      }
    }
    if (!outerIndex)
      return std::nullopt;
    baseValue = add.getPtr();
  }
  std::optional<unsigned> base = getArgumentNumber(func, baseValue);
  APInt inner;
  if (!base || !matchPattern(desc.getStrides()[1], m_ConstantInt(&inner)) || inner != 1)
    return std::nullopt;
  auto rows = traceScalar(func, desc.getShape()[0]);
  auto columns = traceScalar(func, desc.getShape()[1]);
  auto stride = traceScalar(func, desc.getStrides()[0]);
  if (!rows || !columns || !stride)
    return std::nullopt;
  TensorMapSource source{*base, *rows, *columns, *stride,
                         unsigned(block.getElementTypeBitWidth() / 8)};
  if (outerIndex) {
    source.outerIndex = outerIndex;
    source.outerStride = *outerStride;
  }
  return source;
}

std::optional<TensorCopyBoxes> getTensorCopyBoxes(tilegpu::SharedStagingAttr staging,
                                                  unsigned operand,
                                                  RankedTensorType tile,
                                                  bool transposed) {
  const int64_t swizzle = operand == 0 ? staging.getASwizzle() : staging.getBSwizzle();
  const int64_t elementBytes = tile.getElementTypeBitWidth() / 8;
  // The staging's rows must be the block's: A's, an N-major B's, or a
  // K-major B's N rows (the transpose of the block the dot reads).
  const bool kMajorB = operand == 1 && staging.getBKMajor();
  if (swizzle == 0 || elementBytes == 0 || kMajorB != transposed || tile.getRank() != 2)
    return std::nullopt;
  TensorCopyBoxes boxes;
  boxes.swizzleBytes = swizzle;
  boxes.boxColumns = swizzle / elementBytes;
  const int64_t rows = tile.getDimSize(0), columns = tile.getDimSize(1);
  if (columns % boxes.boxColumns != 0)
    return std::nullopt;
  boxes.columnBlocks = columns / boxes.boxColumns;
  const bool reordered = operand == 0 && staging.getARowWarps() != 0;
  boxes.boxRows = reordered ? 8 : rows;
  if (rows % boxes.boxRows != 0 || boxes.boxRows > 256)
    return std::nullopt;
  boxes.rowGroups = rows / boxes.boxRows;
  if (reordered)
    boxes.groupWarps = staging.getARowWarps();
  return boxes;
}

int64_t getGroupedCopyWarps(const TensorCopyBoxes &boxes, int64_t rows,
                            int64_t rowMultiple, bool slices) {
  const int64_t w = boxes.groupWarps;
  if (slices || (w != 4 && w != 8) || boxes.boxRows != 8 || rows % (16 * w) != 0 ||
      rowMultiple % (16 * w) != 0)
    return 0;
  return w;
}

} // namespace tessel::gpu
