//===- TileTypes.cpp - Types of the tile dialect --------------------------===//

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tessel::tile;

#define GET_TYPEDEF_CLASSES
#include "dialects/tile/IR/TileTypes.cpp.inc"

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType, int addressSpace) {
  if (!llvm::isa<IntegerType, FloatType, PointerType>(pointeeType))
    return emitError() << "pointee type must be an integer, float or pointer, got "
                       << pointeeType;
  if (addressSpace < 0)
    return emitError() << "address space must be non-negative, got " << addressSpace;
  return success();
}

LogicalResult TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                     RankedTensorType blockType) {
  if (!blockType.hasStaticShape())
    return emitError() << "tensor descriptor block must have a static shape, got "
                       << blockType;
  if (blockType.getRank() < 1 || blockType.getRank() > 5)
    return emitError() << "tensor descriptor block must have rank 1 to 5, got rank "
                       << blockType.getRank();
  if (!llvm::isa<IntegerType, FloatType>(blockType.getElementType()))
    return emitError() << "tensor descriptor elements must be integers or floats, got "
                       << blockType.getElementType();
  return success();
}

void TileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/tile/IR/TileTypes.cpp.inc"
      >();
}

namespace tessel::tile {

// Both keep a tile type's encoding: a backend's layout annotation of the
// pointers holds for the values and masks of the same access.
Type getPointeeTensorType(Type ptrLike) {
  if (auto ptr = dyn_cast<PointerType>(ptrLike))
    return ptr.getPointeeType();
  if (auto tensor = dyn_cast<RankedTensorType>(ptrLike))
    if (auto ptr = dyn_cast<PointerType>(tensor.getElementType()))
      return RankedTensorType::get(tensor.getShape(), ptr.getPointeeType(),
                                   tensor.getEncoding());
  return ptrLike;
}

Type getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i1, tensor.getEncoding());
  return i1;
}

ArrayRef<int64_t> getShapeOrScalar(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getShape();
  return {};
}

} // namespace tessel::tile
