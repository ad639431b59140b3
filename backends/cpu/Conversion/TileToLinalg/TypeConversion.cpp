//===- TypeConversion.cpp - Tile types on the way to linalg ---------------===//

#include "backends/cpu/Conversion/TileToLinalg/TypeConversion.h"

#include "dialects/tile/IR/TileDialect.h"

using namespace mlir;

namespace tessel::cpu {

static Value materializeCast(OpBuilder &builder, Type type, ValueRange inputs,
                             Location loc) {
  return UnrealizedConversionCastOp::create(builder, loc, type, inputs).getResult(0);
}

TilePointerTypeConverter::TilePointerTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](tile::PointerType type) -> Type {
    return IntegerType::get(type.getContext(), 64);
  });
  addConversion([](RankedTensorType type) -> Type {
    if (isa<tile::PointerType>(type.getElementType()))
      return type.clone(IntegerType::get(type.getContext(), 64));
    return type;
  });
  addSourceMaterialization(materializeCast);
  addTargetMaterialization(materializeCast);
}

} // namespace tessel::cpu
