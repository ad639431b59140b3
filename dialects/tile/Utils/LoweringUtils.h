//===- LoweringUtils.h - Helpers every lowering of tile IR shares -*- C++ -*-===//
//
// Small pieces of lowering that do not depend on the target: inlining a
// reduce/scan combiner, and the LLVM atomic operation and orderings of the
// atomic ops.
// Backends call them instead of keeping their own copies.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILE_UTILS_LOWERINGUTILS_H
#define TESSEL_DIALECTS_TILE_UTILS_LOWERINGUTILS_H

#include <optional>

#include "dialects/tile/IR/TileOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace tessel::tile {

/// Clones the single-block combiner `region` of a tile.reduce or tile.scan
/// at the builder's insertion point, with its arguments bound to
/// `accumulated` then `incoming`, and returns the values it yields.
/// `rewrite`, when given, may build a replacement for an op of the body from
/// its mapped operands (a target's min/max intrinsic, say); it returns null
/// to have the op cloned as it is.
llvm::SmallVector<mlir::Value>
inlineCombiner(mlir::OpBuilder &builder, mlir::Region &region,
               mlir::ValueRange accumulated, mlir::ValueRange incoming,
               llvm::function_ref<mlir::Value(mlir::OpBuilder &, mlir::Operation *,
                                              llvm::ArrayRef<mlir::Value>)>
                   rewrite = nullptr);

/// The LLVM atomic read-modify-write operation of `kind` on elements of
/// `type`, or nullopt when there is none (bitwise and unsigned kinds on
/// floats, `fadd` on integers).
std::optional<mlir::LLVM::AtomicBinOp> getAtomicBinOp(AtomicRMWKind kind,
                                                      mlir::Type type);

/// The LLVM ordering of a memory semantic: relaxed is monotonic.
mlir::LLVM::AtomicOrdering getAtomicOrdering(MemSemantic semantic);

/// The strongest ordering a failed cmpxchg may have with `success`: LLVM
/// forbids release semantics on the failure path.
mlir::LLVM::AtomicOrdering
getCmpXchgFailureOrdering(mlir::LLVM::AtomicOrdering success);

} // namespace tessel::tile

#endif // TESSEL_DIALECTS_TILE_UTILS_LOWERINGUTILS_H
