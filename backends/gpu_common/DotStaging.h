//===- DotStaging.h - Where a tensor-core dot stages its operands -*- C++ -*-===//
//
// A dot on matrix units reads A and B from shared memory, rows padded by 16
// bytes (so that the eight rows one fragment load reads fall in distinct
// banks). When `tilegpu-pipeline-loads` lets the loads of a dot's operands
// copy straight into shared memory (asynchronous copies), the load and the
// dot are lowered separately and must agree on this geometry; both take it
// from here, keyed by the attributes below.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_DOTSTAGING_H
#define TESSEL_BACKENDS_GPU_COMMON_DOTSTAGING_H

#include <cstdint>

#include "llvm/ADT/StringRef.h"

namespace tessel::gpu {

struct DotStaging {
  /// Elements per padded row of A (M x K) and of B (K x N).
  int64_t aStride, bStride;
  /// Bytes from the start of a stage to B, and bytes per stage.
  int64_t bOffset, stageBytes;

  static DotStaging get(int64_t m, int64_t n, int64_t k, int64_t elementBytes) {
    DotStaging s;
    s.aStride = k + 16 / elementBytes;
    s.bStride = n + 16 / elementBytes;
    s.bOffset = (m * s.aStride * elementBytes + 15) / 16 * 16;
    s.stageBytes = (s.bOffset + k * s.bStride * elementBytes + 15) / 16 * 16;
    return s;
  }
};

/// Buffers of a dot whose operands are copied asynchronously one iteration
/// ahead: iteration i reads buffer i % 3 while the copies for i + 1 fill
/// buffer (i + 1) % 3; the third keeps those copies from overwriting what a
/// slower warp still reads of iteration i - 1, with one barrier an iteration.
inline constexpr int64_t kAsyncStagingBuffers = 3;

/// On a `tile.load` whose tile goes straight to a dot's staging buffer:
/// [dot id, operand (0: A, 1: B), 1 for the next iteration's copy in the
/// loop or 0 for the first iteration's before it, M, N, K of the dot].
inline constexpr llvm::StringLiteral kAsyncCopyAttrName = "tilegpu.async_copy";
/// On that `tile.dot`: [dot id, bit mask of the operands copied that way].
inline constexpr llvm::StringLiteral kAsyncOperandsAttrName = "tilegpu.async_operands";

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_DOTSTAGING_H
