//===- WarpRoles.h - Producer warps and the warps they feed ------*- C++ -*-===//
//
// A warp-specialized kernel (Transforms/WarpSpecialize.cpp) has, beyond
// its `tilegpu.num_warps` warps, producer warps that only issue a loop's
// block copies. The two roles split at an `scf.if` marked
// `tilegpu.warp_roles`: the producer warps run its then-region, the others
// its else-region (the whole kernel but the copies). Within the
// else-region a block barrier counts only the consumer warps' threads (the
// producer warps never reach it); the copies wait for each buffer's
// release instead of a block barrier, and the staged dot releases the
// buffers its instructions read (`tilegpu.releases_staging`).
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_WARPROLES_H
#define TESSEL_BACKENDS_GPU_COMMON_WARPROLES_H

#include <cstdint>

#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

namespace tessel::gpu {

/// On the module: the producer warps the block has beyond num_warps.
inline constexpr llvm::StringLiteral kProducerWarpsAttrName =
    tilegpu::TileGpuDialect::ProducerWarpsAttrHelper::getNameStr();
/// On the `scf.if` that splits the roles.
inline constexpr llvm::StringLiteral kWarpRolesAttrName =
    tilegpu::TileGpuDialect::WarpRolesAttrHelper::getNameStr();
/// On a `tilegpu.tensor_copy` the producer warps issue.
inline constexpr llvm::StringLiteral kProducerAttrName =
    tilegpu::TileGpuDialect::ProducerAttrHelper::getNameStr();
/// On a staged `tile.dot` whose warps release its staging's buffers.
inline constexpr llvm::StringLiteral kReleasesStagingAttrName =
    tilegpu::TileGpuDialect::ReleasesStagingAttrHelper::getNameStr();

/// The producer warps of `module` (0 when it is not warp-specialized).
inline int64_t getProducerWarps(mlir::Operation *module) {
  auto warps = module->getAttrOfType<mlir::IntegerAttr>(kProducerWarpsAttrName);
  return warps ? warps.getInt() : 0;
}

/// The named barrier (besides barrier 0, the whole block's) that the
/// consumer warps meet at inside their region, and the one both roles
/// meet at once, before the producer's first copy (after the consumers'
/// last use of shared memory before their loop).
inline constexpr unsigned kConsumerBarrierId = 1;
inline constexpr unsigned kRolesBarrierId = 2;

/// Whether `block` lies in the consumer region of a warp-roles split.
inline bool isInConsumerRegion(mlir::Block *block) {
  for (mlir::Region *region = block ? block->getParent() : nullptr; region;
       region = region->getParentRegion()) {
    auto split = llvm::dyn_cast_or_null<mlir::scf::IfOp>(region->getParentOp());
    if (split && split->hasAttr(kWarpRolesAttrName))
      return region == &split.getElseRegion();
  }
  return false;
}

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_WARPROLES_H
