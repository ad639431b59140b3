// RUN: tessel-opt %s --split-input-file -verify-diagnostics

// expected-error @+1 {{layout extents must be powers of two, got 3}}
func.func private @f(tensor<64xf32, #tilegpu.blocked<{sizePerThread = [3], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>>)

// -----

// expected-error @+1 {{order must be a permutation of the 2 dimensions}}
func.func private @f(tensor<64x64xf32, #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 1]}>>)

// -----

// expected-error @+1 {{one entry per dimension}}
func.func private @f(tensor<64x64xf32, #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32], warpsPerCTA = [4, 1], order = [1, 0]}>>)

// -----

func.func @f(%p: tensor<64x!tile.ptr<f32>>) {
  // expected-error @+1 {{'tilegpu.layouts' entry #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}> is not a #tilegpu.blocked of rank 1}}
  %a = tile.load %p {tilegpu.layouts = [#tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>]} : tensor<64x!tile.ptr<f32>>
  return
}

// -----

func.func @f(%p: tensor<64x!tile.ptr<f32>>) {
  // expected-error @+1 {{'tilegpu.layouts' must hold one #tilegpu.blocked per tensor result (1)}}
  %a = tile.load %p {tilegpu.layouts = []} : tensor<64x!tile.ptr<f32>>
  return
}

// -----

func.func @f(%p: tensor<64x!tile.ptr<f32>>) {
  // expected-error @+1 {{'tilegpu.vector_width' must be a power of two, got 3 : i32}}
  %a = tile.load %p {tilegpu.vector_width = 3 : i32} : tensor<64x!tile.ptr<f32>>
  return
}

// -----

// expected-error @+1 {{'tilegpu.async_copy' must be a #tilegpu.matrix_operand}}
func.func private @f() attributes {tilegpu.async_copy = array<i32: 0, 0, 0, 64, 64, 32>}

// -----

// expected-error @+1 {{operand must be 0 (A) or 1 (B), got 2}}
func.func private @f() attributes {tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 2, ahead = 0, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>}

// -----

// With three buffers the copies run one iteration ahead: a copy before the
// loop is for iteration 0, one in the loop for the next iteration.
// expected-error @+1 {{a copy before the loop is for one of its first 1 iterations (the staging has 3 buffers), got ahead = 1}}
func.func private @f() attributes {tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 0, ahead = 1, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>, prologue = true>}

// -----

// expected-error @+1 {{a copy in the loop runs 1 to 1 iterations ahead (the staging has 3 buffers), got ahead = 0}}
func.func private @f() attributes {tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 0, ahead = 0, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>}

// -----

// expected-error @+1 {{a copy in the loop runs 1 to 3 iterations ahead (the staging has 5 buffers), got ahead = 4}}
func.func private @f() attributes {tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 1, ahead = 4, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 5>>}

// -----

func.func @f(%acc: tensor<64x64xf32>) -> tensor<64x64xf16> {
  // expected-error @+1 {{'tilegpu.wait_dot' op requires the same type for all operands and results}}
  %w = "tilegpu.wait_dot"(%acc) : (tensor<64x64xf32>) -> tensor<64x64xf16>
  return %w : tensor<64x64xf16>
}

// -----

// Each copied operand issues its own group of copies an iteration.
// expected-error @+1 {{groups (1) must cover the 2 operands copied by loads}}
func.func private @f() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>, groups = 1>}

// -----

// Block copies (tensorCopies) wait on barriers, not groups: one group for
// the one operand copied by loads is enough.
func.func private @block_copy_a() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>, groups = 1, tensorCopies = 1>}

// -----

// expected-error @+1 {{tensorCopies (2) must be a sub-mask of operands (1)}}
func.func private @f() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 1, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>, tensorCopies = 2>}

// -----

func.func @copy_barriers() {
  // expected-error @+1 {{'tilegpu.init_copy_barriers' op arrivals must be 1 or 2 (the copied operands), got 3}}
  tilegpu.init_copy_barriers {arrivals = 3 : i32, buffers = 4 : i32, dot = 0 : i32}
  return
}

// -----

func.func @copy_barriers() {
  // expected-error @+1 {{'tilegpu.init_copy_barriers' op needs at least one buffer, got 0}}
  tilegpu.init_copy_barriers {arrivals = 1 : i32, buffers = 0 : i32, dot = 0 : i32}
  return
}

// -----

func.func @copy_row_multiple(%d: !tile.tensordesc<tensor<64x32xf16>>, %i: i32, %on: i1) {
  // expected-error @+1 {{'tilegpu.tensor_copy' op row_multiple must be positive, got 0}}
  %a = tilegpu.tensor_copy %d[%i, %i] if %on {row_multiple = 0} : !tile.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  return
}

// -----

// expected-error @+1 {{'tilegpu.max_run' must be a power of two, got 6 : i32}}
module attributes {tilegpu.max_run = 6 : i32} {}

// -----

// A malformed staging is refused where it is parsed.
// expected-error @+2 {{B must start 16-byte aligned after A}}
// expected-error @+1 {{failed to parse TileGpu_StagedDotAttr parameter 'staging'}}
func.func private @f() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5121, stageBytes = 9728, buffers = 3>>}

// -----

// A swizzle is 32, 64 or 128 bytes, on both operands.
// expected-error @+2 {{swizzles must both be 32, 64 or 128 bytes, or both 0 (got 64 and 0)}}
// expected-error @+1 {{failed to parse TileGpu_StagedDotAttr parameter 'staging'}}
func.func private @f() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, staging = #tilegpu.shared<aStride = 32, bStride = 128, bOffset = 8192, stageBytes = 16384, buffers = 3, aSwizzle = 64>>}

// -----

// Swizzle atoms must start 1024-byte aligned.
// expected-error @+2 {{swizzled operands need 1024-byte aligned regions (bOffset 4096, stageBytes 9728)}}
// expected-error @+1 {{failed to parse TileGpu_StagedDotAttr parameter 'staging'}}
func.func private @f() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, staging = #tilegpu.shared<aStride = 32, bStride = 64, bOffset = 4096, stageBytes = 9728, buffers = 3, aSwizzle = 64, bSwizzle = 128>>}

// -----

// The warp-group row order needs swizzled operands and whole warp groups.
// expected-error @+2 {{aRowWarps (6) needs swizzled operands and whole warp groups}}
// expected-error @+1 {{failed to parse TileGpu_StagedDotAttr parameter 'staging'}}
func.func private @f() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, staging = #tilegpu.shared<aStride = 32, bStride = 64, bOffset = 4096, stageBytes = 8192, buffers = 3, aSwizzle = 64, bSwizzle = 128, aRowWarps = 6>>}

// -----

// expected-error @+1 {{unknown tilegpu attribute 'tilegpu.async_operands'}}
func.func private @f() attributes {tilegpu.async_operands = array<i32: 0, 3>}

// -----

// Copies first would overwrite what a dot left in flight still reads,
// unless another dot's wait drains it in the next iteration.
// expected-error @+1 {{a dot left in flight needs its copies after it, or drained}}
func.func private @f() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 2, staging = #tilegpu.shared<aStride = 64, bStride = 64, bOffset = 0, stageBytes = 8192, buffers = 4, aSwizzle = 128, bSwizzle = 128, aRowWarps = 4, aSeparate = 1>, inFlight = true, copiesFirst = true>}

// -----

// expected-error @+1 {{drained applies to a dot left in flight}}
func.func private @f() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 2, staging = #tilegpu.shared<aStride = 64, bStride = 64, bOffset = 0, stageBytes = 8192, buffers = 4, aSwizzle = 128, bSwizzle = 128, aRowWarps = 4, aSeparate = 1>, copiesFirst = true, drained = true>}

// -----

func.func @constancy_rank(%a: tensor<16xi32>, %b: tensor<16xi32>) -> tensor<16xi1> {
  // expected-error @+1 {{'tilegpu.constancy' must hold one positive run length per dimension of the op's one tile result}}
  %c = arith.cmpi slt, %a, %b {tilegpu.constancy = array<i64: 4, 4>} : tensor<16xi32>
  return %c : tensor<16xi1>
}
