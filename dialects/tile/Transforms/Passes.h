//===- Passes.h - Passes of the tile dialect ----------------------*- C++ -*-===//

#ifndef TESSEL_DIALECTS_TILE_TRANSFORMS_PASSES_H
#define TESSEL_DIALECTS_TILE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tessel::tile {

#define GEN_PASS_DECL
#include "dialects/tile/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "dialects/tile/Transforms/Passes.h.inc"

/// Rewrites one `tile.desc_load` or `tile.desc_store` whose descriptor a
/// `tile.make_tensor_desc` made into the masked pointer access it stands
/// for (tile-expand-tensor-descs), in place; fails, changing nothing, for a
/// descriptor made any other way.
mlir::LogicalResult expandTensorDescAccess(mlir::Operation *access);

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_TRANSFORMS_PASSES_H
