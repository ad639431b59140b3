//===- TileDialect.cpp - The tile dialect ---------------------------------===//

#include "dialects/tile/IR/TileDialect.h"

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace tessel::tile;

#include "dialects/tile/IR/TileDialect.cpp.inc"

void TileDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "dialects/tile/IR/TileOps.cpp.inc"
      >();
  registerBytecodeInterface();
}

Operation *TileDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  // Folders of splat/broadcast/reshape produce dense splat attributes; arith
  // owns the constant op that holds them.
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

LogicalResult TileDialect::verifyRegionArgAttribute(Operation *op, unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  if (attr.getName() == kBoundsRecordAttrName) {
    // Backends rewrite the argument's type as they lower (an i64 address,
    // an LLVM pointer); while it is a tile pointer it points to i64.
    Region &region = op->getRegion(regionIndex);
    auto record = region.empty() || argIndex >= region.getNumArguments()
                      ? PointerType()
                      : dyn_cast<PointerType>(region.getArgument(argIndex).getType());
    if (!isa<UnitAttr>(attr.getValue()) ||
        (record && !record.getPointeeType().isInteger(64)))
      return op->emitError() << "'" << kBoundsRecordAttrName
                             << "' must be a unit attribute of a !tile.ptr<i64> argument";
    return success();
  }
  if (attr.getName() != kDivisibilityAttrName)
    return op->emitError() << "unknown tile argument attribute '"
                           << attr.getName().getValue() << "'";
  auto value = dyn_cast<IntegerAttr>(attr.getValue());
  if (!value || value.getValue().isNonPositive() || !value.getValue().isPowerOf2())
    return op->emitError() << "'" << kDivisibilityAttrName << "' of argument #"
                           << argIndex << " must be a positive power of two";
  Region &region = op->getRegion(regionIndex);
  if (region.empty() || argIndex >= region.getNumArguments())
    return success();
  Type argType = region.getArgument(argIndex).getType();
  if (!isa<IntegerType, PointerType>(argType))
    return op->emitError() << "'" << kDivisibilityAttrName << "' of argument #"
                           << argIndex
                           << " applies only to integer and pointer arguments, got "
                           << argType;
  return success();
}
