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

/// Buffers of a dot whose operands are copied asynchronously `ahead`
/// iterations ahead (the pipeline's stages less one): iteration i reads
/// buffer i % B while the copies for i + 1 .. i + ahead are in flight; the
/// copies for i + ahead are issued in iteration i (at its top, or after its
/// dot when the dot's matrix instructions stay in flight into the next
/// iteration), and one more buffer keeps them from overwriting what a
/// slower warp (or a matrix instruction still in flight) reads of
/// iteration i - 1: B = ahead + 2, with one barrier an iteration. (At the
/// top of iteration i they write the buffer of i - 2, which every warp
/// finished reading before the barrier of i - 1.) (A loop that also pipelines loads
/// into registers copies one iteration ahead at the top of its body, into the same
/// three buffers; its dots then wait for their own instructions.)
inline constexpr int64_t getAsyncStagingBuffers(int64_t ahead) { return ahead + 2; }

/// On a `tile.load` whose tile goes straight to a dot's staging buffer: a
/// #tilegpu.matrix_operand naming the dot, the operand and the staging.
inline constexpr llvm::StringLiteral kAsyncCopyAttrName =
    tilegpu::TileGpuDialect::AsyncCopyAttrHelper::getNameStr();
/// On that `tile.dot`: a #tilegpu.staged_dot with the operands copied that
/// way and the same staging.
inline constexpr llvm::StringLiteral kStagedDotAttrName =
    tilegpu::TileGpuDialect::StagedDotAttrHelper::getNameStr();

/// The staging of an M x N x K dot of inputs of `elementBytes` (2: the
/// 16-bit ones loads stage; 1 and 4 for i8 and tf32 operands stored from
/// registers) in `buffers` buffers (1 for operands stored from registers):
/// rows padded by 16 bytes; for a dot on the warp-group instruction
/// (`warpGroupWarps`, the block's warps, not 0; 16-bit or fp8 inputs),
/// swizzled as that instruction reads its operands, B K-major with
/// `bKMajor` (its load runs along K, or fp8 inputs), A outside the stages
/// with `aSeparate` (A from registers).
inline tilegpu::SharedStagingAttr getDotStaging(mlir::MLIRContext *context, int64_t m,
                                                int64_t n, int64_t k, int64_t buffers,
                                                unsigned warpGroupWarps = 0,
                                                int64_t elementBytes = 2,
                                                bool bKMajor = false,
                                                bool aSeparate = false) {
  if (warpGroupWarps != 0)
    return tilegpu::SharedStagingAttr::getSwizzled(
        context, m, n, k, elementBytes, buffers, warpGroupWarps, bKMajor, aSeparate);
  return tilegpu::SharedStagingAttr::getPadded(context, m, n, k, elementBytes, buffers);
}

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_DOTSTAGING_H
