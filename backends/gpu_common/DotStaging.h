//===- DotStaging.h - Where a tensor-core dot stages its operands -*- C++ -*-===//
//
// A dot on matrix units reads A and B from shared memory, rows padded by 16
// bytes (so that the eight rows one fragment load reads fall in distinct
// banks). When `tilegpu-pipeline-loads` lets the loads of a dot's operands
// copy straight into shared memory (asynchronous copies), the load and the
// dot are lowered separately and must agree on this geometry; both take it
// from the #tilegpu.shared attribute the markers below carry.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_DOTSTAGING_H
#define TESSEL_BACKENDS_GPU_COMMON_DOTSTAGING_H

#include <cstdint>

#include "dialects/tilegpu/IR/TileGpuDialect.h"
#include "llvm/ADT/StringRef.h"

namespace tessel::gpu {

/// Buffers of a dot whose operands are copied asynchronously one iteration
/// ahead: iteration i reads buffer i % 3 while the copies for i + 1 fill
/// buffer (i + 1) % 3; the third keeps those copies from overwriting what a
/// slower warp still reads of iteration i - 1, with one barrier an iteration.
inline constexpr int64_t kAsyncStagingBuffers = 3;

/// On a `tile.load` whose tile goes straight to a dot's staging buffer: a
/// #tilegpu.matrix_operand naming the dot, the operand and the staging.
inline constexpr llvm::StringLiteral kAsyncCopyAttrName =
    tilegpu::TileGpuDialect::AsyncCopyAttrHelper::getNameStr();
/// On that `tile.dot`: a #tilegpu.staged_dot with the operands copied that
/// way and the same staging.
inline constexpr llvm::StringLiteral kStagedDotAttrName =
    tilegpu::TileGpuDialect::StagedDotAttrHelper::getNameStr();

/// The staging of an M x N x K dot of 16-bit inputs: rows padded by 16
/// bytes, kAsyncStagingBuffers stages when the copies run ahead; for a dot
/// on the warp-group instruction (`warpGroupWarps`, the block's warps, not
/// 0), swizzled as that instruction reads its operands.
inline tilegpu::SharedStagingAttr getDotStaging(mlir::MLIRContext *context, int64_t m,
                                                int64_t n, int64_t k, bool async,
                                                unsigned warpGroupWarps = 0) {
  int64_t buffers = async ? kAsyncStagingBuffers : 1;
  if (warpGroupWarps != 0)
    return tilegpu::SharedStagingAttr::getSwizzled(context, m, n, k, /*elementBytes=*/2,
                                                   buffers, warpGroupWarps);
  return tilegpu::SharedStagingAttr::getPadded(context, m, n, k, /*elementBytes=*/2,
                                               buffers);
}

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_DOTSTAGING_H
