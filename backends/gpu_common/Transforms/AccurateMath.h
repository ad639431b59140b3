//===- AccurateMath.h - Accurate f32 sin, cos and tanh ----------*- C++ -*-===//
//
// Expansions of f32 `math.sin`, `math.cos` and `math.tanh` into arith ops,
// `math.fma`, bitcasts and selects, for GPU targets that link no device math
// library. They are within 1 ulp for every f32 input, huge arguments of sin
// and cos included (MLIR's own polynomial approximations lose thousands of
// ulps near the zeros of sin and cos), and follow C's sinf, cosf and tanhf
// for NaN, infinities and signed zeros.
//
// The expansions need the target to compute `math.fma` as a fused
// multiply-add and `arith.divf` correctly rounded (no flush of subnormals is
// assumed either). They create `scf.if` (sin and cos take a slower path only
// when an element is too large for the fast argument reduction) and, for
// vectors, `vector.reduction`: the SCF and vector dialects must be loaded.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_ACCURATEMATH_H
#define TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_ACCURATEMATH_H

#include "mlir/IR/PatternMatch.h"

namespace tessel::gpu {

/// Above this magnitude sin and cos reduce their argument by pi/2 with the
/// exact multi-word product of Payne and Hanek instead of the three-part
/// Cody-Waite subtraction (2^17).
inline constexpr float kSinCosFastReductionLimit = 131072.0f;

/// Adds patterns that rewrite `math.sin`, `math.cos` and `math.tanh` on f32
/// and on vectors of f32 (element by element). Other element types are left
/// alone (compute f16/bf16 in f32 first). `benefit` lets a caller rank them
/// above other patterns for the same ops, e.g. MLIR's approximations.
void populateAccurateF32SinCosTanhPatterns(mlir::RewritePatternSet &patterns,
                                           mlir::PatternBenefit benefit = 1);

} // namespace tessel::gpu

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_ACCURATEMATH_H
