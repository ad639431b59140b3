//===- TileGpuDialect.h - Layouts of the shared GPU layer ---------*- C++ -*-===//
//
// The tilegpu dialect's attributes (TileGpuAttrs.td), its ops (TileGpuOps.td)
// and the helpers of its discardable attributes (TileGpuDialect.td).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_H
#define TESSEL_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

// The attribute classes come first: the dialect's discardable-attribute
// helpers are typed by two of them.
#define GET_ATTRDEF_CLASSES
#include "dialects/tilegpu/IR/TileGpuAttrs.h.inc"

#include "dialects/tilegpu/IR/TileGpuDialect.h.inc"

#define GET_OP_CLASSES
#include "dialects/tilegpu/IR/TileGpuOps.h.inc"

#endif // TESSEL_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_H
