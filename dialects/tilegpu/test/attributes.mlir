// RUN: tessel-opt %s | tessel-opt | FileCheck %s

// Every attribute and annotation of the dialect prints and parses back.

// CHECK: module attributes {tilegpu.max_run = 8 : i32, tilegpu.num_warps = 4 : i32, tilegpu.shared_mem_bytes = 9728 : i32, tilegpu.warp_size = 32 : i32}
module attributes {tilegpu.num_warps = 4 : i32, tilegpu.warp_size = 32 : i32,
                   tilegpu.shared_mem_bytes = 9728 : i32, tilegpu.max_run = 8 : i32} {
  // CHECK-LABEL: func.func @annotated
  // CHECK-SAME: tilegpu.kernel
  // CHECK-SAME: tilegpu.threads_per_block = 128 : i32
  func.func @annotated(%p: tensor<64x32x!tile.ptr<f16>>,
                       %acc: tensor<64x64xf32, #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>>)
      attributes {tilegpu.kernel, tilegpu.threads_per_block = 128 : i32} {
    // CHECK: tile.load %{{.*}} {tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 1, ahead = 1, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>, tilegpu.layouts = [#tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>], tilegpu.vector_width = 4 : i32}
    %a = tile.load %p {tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 1, ahead = 1, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>,
                       tilegpu.layouts = [#tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>],
                       tilegpu.vector_width = 4 : i32} : tensor<64x32x!tile.ptr<f16>>
    return
  }
  // A 64-lane wave with 16 warps' worth of 4-element runs.
  // CHECK: #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [1, 0]}>
  func.func private @wave64(tensor<64x64xf32, #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 8], warpsPerCTA = [2, 2], order = [1, 0]}>>)
  // CHECK: #tilegpu.staged_dot<dot = 2, operands = 1, staging = <aStride = 40, bStride = 136, bOffset = 10240, stageBytes = 19968, buffers = 1>>
  func.func private @staged() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 2, operands = 1, staging = #tilegpu.shared<aStride = 40, bStride = 136, bOffset = 10240, stageBytes = 19968, buffers = 1>>}
  // The swizzled staging of a warp-group dot keeps its extra parameters;
  // the padded one prints without them (their defaults, 0).
  // CHECK: #tilegpu.staged_dot<dot = 3, operands = 3, staging = <aStride = 32, bStride = 128, bOffset = 8192, stageBytes = 16384, buffers = 3, aSwizzle = 64, bSwizzle = 128, aRowWarps = 4>>
  func.func private @swizzled() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 3, operands = 3, staging = #tilegpu.shared<aStride = 32, bStride = 128, bOffset = 8192, stageBytes = 16384, buffers = 3, aSwizzle = 64, bSwizzle = 128, aRowWarps = 4>>}
  // A deeper pipeline: a copy before the loop names its iteration, a dot
  // in flight says so and how many copy groups an iteration issues.
  // CHECK: #tilegpu.matrix_operand<dot = 4, operand = 0, ahead = 2, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 5>, prologue = true>
  func.func private @prologue() attributes {tilegpu.async_copy = #tilegpu.matrix_operand<dot = 4, operand = 0, ahead = 2, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 5>, prologue = true>}
  // CHECK: #tilegpu.staged_dot<dot = 4, operands = 3, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 5>, inFlight = true, groups = 2>
  func.func private @in_flight() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 4, operands = 3, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 5>, inFlight = true, groups = 2>}
  // The wait for in-flight dots is the identity on its tile.
  // CHECK-LABEL: func.func @wait
  // CHECK: %[[W:.*]] = tilegpu.wait_dot %{{.*}} : tensor<64x64xf32>
  // CHECK: return %[[W]]
  func.func @wait(%acc: tensor<64x64xf32>) -> tensor<64x64xf32> {
    %w = tilegpu.wait_dot %acc : tensor<64x64xf32>
    return %w : tensor<64x64xf32>
  }
  // Block copies, transposed or not, their barriers, the tensor map they
  // read, and the dot's operands they bring.
  // CHECK-LABEL: func.func @block_copies
  // CHECK: tilegpu.init_copy_barriers {arrivals = 2 : i32, buffers = 3 : i32, dot = 0 : i32}
  // CHECK: tilegpu.tensor_copy %{{.*}}[%{{.*}}, %{{.*}}] if %{{.*}} {tilegpu.tensor_map = 6 : i32} : !tile.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  // CHECK: tilegpu.tensor_copy %{{.*}}[%{{.*}}, %{{.*}}] if %{{.*}} {transposed} : !tile.tensordesc<tensor<64x32xf16>> -> tensor<32x64xf16>
  // CHECK: tilegpu.tensor_copy %{{.*}}[%{{.*}}, %{{.*}}] if %{{.*}} {row_multiple = 128 : i64} : !tile.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  // CHECK: tilegpu.inval_copy_barriers {buffers = 3 : i32, dot = 0 : i32}
  // CHECK: tensorCopies = 3
  func.func @block_copies(%d: !tile.tensordesc<tensor<64x32xf16>>, %i: i32, %on: i1) {
    tilegpu.init_copy_barriers {arrivals = 2 : i32, buffers = 3 : i32, dot = 0 : i32}
    %a = tilegpu.tensor_copy %d[%i, %i] if %on {tilegpu.tensor_map = 6 : i32} : !tile.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
    %b = tilegpu.tensor_copy %d[%i, %i] if %on {transposed} : !tile.tensordesc<tensor<64x32xf16>> -> tensor<32x64xf16>
    %c = tilegpu.tensor_copy %d[%i, %i] if %on {row_multiple = 128} : !tile.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
    tilegpu.inval_copy_barriers {buffers = 3 : i32, dot = 0 : i32}
    return
  }
  func.func private @staged_by_block_copies() attributes {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 4, operands = 3, staging = #tilegpu.shared<aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 5>, inFlight = true, tensorCopies = 3>}
}
