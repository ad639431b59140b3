//===- TileGpuDialect.cpp - Layouts of the shared GPU layer ---------------===//

#include "dialects/tilegpu/IR/TileGpuDialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

#include "dialects/tilegpu/IR/TileGpuDialect.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/tilegpu/IR/TileGpuOps.cpp.inc"

namespace tessel::tilegpu {

LogicalResult InitCopyBarriersOp::verify() {
  if (getBuffers() < 1)
    return emitOpError() << "needs at least one buffer, got " << getBuffers();
  // One arrival per operand copied by the engine: A, B or both.
  if (getArrivals() < 1 || getArrivals() > 2)
    return emitOpError() << "arrivals must be 1 or 2 (the copied operands), got "
                         << getArrivals();
  return success();
}

LogicalResult TensorCopyOp::verify() {
  if (getRowMultiple() < 1)
    return emitOpError() << "row_multiple must be positive, got " << getRowMultiple();
  return success();
}

void TileGpuDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialects/tilegpu/IR/TileGpuOps.cpp.inc"
      >();
}

namespace {

LogicalResult expectPositiveInteger(Operation *op, NamedAttribute attr,
                                    bool powerOfTwo) {
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value || value.getValue().isNegative() ||
      (powerOfTwo && !value.getValue().isPowerOf2()))
    return op->emitOpError() << "'" << attr.getName().strref() << "' must be a "
                             << (powerOfTwo ? "power of two" : "non-negative integer")
                             << ", got " << attr.getValue();
  return success();
}

/// `tilegpu.layouts`: one blocked layout per tensor result, of its rank.
LogicalResult verifyLayouts(Operation *op, NamedAttribute attr) {
  auto layouts = dyn_cast<ArrayAttr>(attr.getValue());
  SmallVector<RankedTensorType> tensors;
  for (Type type : op->getResultTypes())
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      tensors.push_back(tensor);
  if (!layouts || layouts.size() != tensors.size())
    return op->emitOpError() << "'tilegpu.layouts' must hold one #tilegpu.blocked per "
                                "tensor result ("
                             << tensors.size() << ")";
  for (auto [layout, tensor] : llvm::zip(layouts, tensors)) {
    auto blocked = dyn_cast<BlockedEncodingAttr>(layout);
    if (!blocked || blocked.getRank() != unsigned(tensor.getRank()))
      return op->emitOpError()
             << "'tilegpu.layouts' entry " << layout
             << " is not a #tilegpu.blocked of rank " << tensor.getRank();
  }
  return success();
}

} // namespace

LogicalResult TileGpuDialect::verifyOperationAttribute(Operation *op,
                                                       NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  if (name == LayoutsAttrHelper::getNameStr())
    return verifyLayouts(op, attr);
  if (name == VectorWidthAttrHelper::getNameStr() ||
      name == NumWarpsAttrHelper::getNameStr() ||
      name == WarpSizeAttrHelper::getNameStr() ||
      name == MaxRunAttrHelper::getNameStr())
    return expectPositiveInteger(op, attr, /*powerOfTwo=*/true);
  if (name == SharedMemBytesAttrHelper::getNameStr() ||
      name == ThreadsPerBlockAttrHelper::getNameStr() ||
      name == DedicatedOffsetAttrHelper::getNameStr() ||
      name == TensorMapAttrHelper::getNameStr() ||
      name == PlainTensorMapAttrHelper::getNameStr() ||
      name == ProducerWarpsAttrHelper::getNameStr() ||
      name == OverlayOffsetAttrHelper::getNameStr())
    return expectPositiveInteger(op, attr, /*powerOfTwo=*/false);
  if (name == ConstancyAttrHelper::getNameStr()) {
    auto runs = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    auto tensor = op->getNumResults() == 1
                      ? dyn_cast<RankedTensorType>(op->getResult(0).getType())
                      : RankedTensorType();
    if (!runs || !tensor || runs.size() != tensor.getRank() ||
        llvm::any_of(runs.asArrayRef(), [](int64_t run) { return run < 1; }))
      return op->emitOpError() << "'" << name
                               << "' must hold one positive run length per dimension "
                                  "of the op's one tile result";
    return success();
  }
  if (name == KernelAttrHelper::getNameStr() ||
      name == TensorMapFlagsAttrHelper::getNameStr() ||
      name == ElementwiseSelectAttrHelper::getNameStr() ||
      name == WarpRolesAttrHelper::getNameStr() ||
      name == ProducerAttrHelper::getNameStr() ||
      name == ReleasesStagingAttrHelper::getNameStr()) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' must be a unit attribute";
    return success();
  }
  if (name == AsyncCopyAttrHelper::getNameStr()) {
    if (!isa<MatrixOperandAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' must be a #tilegpu.matrix_operand";
    return success();
  }
  if (name == StagedDotAttrHelper::getNameStr()) {
    if (!isa<StagedDotAttr>(attr.getValue()))
      return op->emitOpError() << "'" << name << "' must be a #tilegpu.staged_dot";
    return success();
  }
  return op->emitOpError() << "unknown tilegpu attribute '" << name << "'";
}

} // namespace tessel::tilegpu
