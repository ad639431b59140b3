//===- TileOps.h - Operations of the tile dialect -----------------*- C++ -*-===//

#ifndef TESSEL_DIALECTS_TILE_IR_TILEOPS_H
#define TESSEL_DIALECTS_TILE_IR_TILEOPS_H

#include "dialects/tile/IR/TileDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "dialects/tile/IR/TileOps.h.inc"

#endif // TESSEL_DIALECTS_TILE_IR_TILEOPS_H
