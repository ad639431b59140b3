//===- TileAttrs.cpp - Enumerated attributes of the tile dialect ----------===//

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tessel::tile;

#include "dialects/tile/IR/TileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/tile/IR/TileAttrs.cpp.inc"

void TileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/tile/IR/TileAttrs.cpp.inc"
      >();
}
