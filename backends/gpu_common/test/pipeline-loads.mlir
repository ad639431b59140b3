// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads | FileCheck %s
// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads=num-stages=1 | FileCheck %s --check-prefix=OFF
// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads=async-copy=1 | FileCheck %s --check-prefix=ASYNC

// The loads feeding the dot move one iteration ahead: the first before the
// loop (masked by "the loop runs"), the next at the top of the body (masked
// by "there is a next iteration"), carried into the dot.
// CHECK-LABEL: func.func @gemm
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LB:.*]], %[[UB:.*]] : i32
// CHECK: %[[M0:.*]] = tile.splat %[[RUNS]] : i1 -> tensor<64x32xi1>
// CHECK: %[[A0:.*]] = tile.load %{{.*}}, %[[M0]]
// CHECK: tile.load
// CHECK: scf.for %[[IV:[a-z0-9_]+]] = %[[LB]] to %[[UB]] step %[[STEP:[a-z0-9_]+]] iter_args(%[[PA:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[PB:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[ACC:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[A:[a-z0-9_]+]] = %[[A0]], %[[B:[a-z0-9_]+]] = %{{[a-z0-9_]+}})
// CHECK: %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : i32
// CHECK: %[[MORE:.*]] = arith.cmpi slt, %[[NEXT]], %[[UB]] : i32
// CHECK: %[[NPA:.*]] = tile.addptr %[[PA]]
// CHECK: %[[MA:.*]] = tile.splat %[[MORE]] : i1 -> tensor<64x32xi1>
// CHECK: %[[NA:.*]] = tile.load %[[NPA]], %[[MA]]
// CHECK: %[[NB:.*]] = tile.load
// CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]]
// CHECK: scf.yield %{{.*}}, %{{.*}}, %[[D]], %[[NA]], %[[NB]]
// With asynchronous copies, the loads of a tensor-core dot's operands are
// marked with the dot, the operand, whether they copy for the next
// iteration and the staging (64x32 A rows padded to 40 halves, 32x64 B rows
// to 72, B at 5120 bytes, 9728 bytes a stage, three stages), and the dot
// with the operands (bit mask) it finds in its staging buffers.
// ASYNC-LABEL: func.func @gemm
// ASYNC: tile.load {{.*}}tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 0, ahead = 0, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>
// ASYNC: tile.load {{.*}}tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 1, ahead = 0, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>
// ASYNC: scf.for
// ASYNC: tile.load {{.*}}tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 0, ahead = 1, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>
// ASYNC: tile.load {{.*}}tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 1, ahead = 1, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>
// ASYNC: tile.dot {{.*}}tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>
// OFF-LABEL: func.func @gemm
// OFF: scf.for
// OFF: tile.load
// OFF: tile.dot
func.func @gemm(%pa0: tensor<64x32x!tile.ptr<f16>>, %pb0: tensor<32x64x!tile.ptr<f16>>,
                %lb: i32, %ub: i32, %step: i32) -> tensor<64x64xf32> {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = arith.constant dense<32> : tensor<64x32xi32>
  %db = arith.constant dense<2048> : tensor<32x64xi32>
  %r:3 = scf.for %i = %lb to %ub step %step iter_args(%pa = %pa0, %pb = %pb0, %acc = %zero)
      -> (tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>, tensor<64x64xf32>) : i32 {
    %a = tile.load %pa : tensor<64x32x!tile.ptr<f16>>
    %b = tile.load %pb : tensor<32x64x!tile.ptr<f16>>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %npa = tile.addptr %pa, %da : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    %npb = tile.addptr %pb, %db : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    scf.yield %npa, %npb, %d : tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>, tensor<64x64xf32>
  }
  return %r#2 : tensor<64x64xf32>
}

// -----

// A volatile load stays where it is (each access must happen when the
// program says); a 16x16 dot is too small for 4 warps of matrix tiles, so
// nothing is marked for asynchronous copies.
// ASYNC-LABEL: func.func @not_pipelined
// ASYNC-NOT: tilegpu.{{async_copy|staged_dot}}
// CHECK-LABEL: func.func @not_pipelined
// CHECK: scf.for
// CHECK: tile.load {{.*}}isVolatile
// CHECK: tile.dot
func.func @not_pipelined(%pa: tensor<16x16x!tile.ptr<f16>>, %b: tensor<16x16xf16>, %n: i32) -> tensor<16x16xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<16x16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) : i32 {
    %a = tile.load %pa {isVolatile} : tensor<16x16x!tile.ptr<f16>>
    %d = tile.dot %a, %b, %acc : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  return %r : tensor<16x16xf32>
}
