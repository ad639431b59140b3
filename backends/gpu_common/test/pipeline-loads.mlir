// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads | FileCheck %s
// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads=num-stages=1 | FileCheck %s --check-prefix=OFF
// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads=async-copy=1 | FileCheck %s --check-prefix=ASYNC
// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads="async-copy=1 num-stages=4" | FileCheck %s --check-prefix=DEEP
// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads="async-copy=1 num-stages=4 shared-bytes=45000" | FileCheck %s --check-prefix=FIT
// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads="num-stages=4" | FileCheck %s

// The loads feeding the dot move one iteration ahead: the first before the
// loop (masked by "the loop runs"), the next at the top of the body (masked
// by "there is a next iteration"), carried into the dot. Loads whose tiles
// stay in registers go one iteration ahead whatever the number of stages.
// CHECK-LABEL: func.func @gemm
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[LB:.*]], %[[UB:.*]] : i32
// CHECK: %[[M0:.*]] = tile.splat %[[RUNS]] : i1 -> tensor<64x32xi1>
// CHECK: %[[A0:.*]] = tile.load %{{.*}}, %[[M0]]
// CHECK: tile.load
// CHECK: scf.for %[[IV:[a-z0-9_]+]] = %[[LB]] to %[[UB]] step %[[STEP:[a-z0-9_]+]] iter_args(%[[PA:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[PB:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[ACC:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[A:[a-z0-9_]+]] = %[[A0]], %[[B:[a-z0-9_]+]] = %{{[a-z0-9_]+}})
// CHECK: %[[NPA:.*]] = tile.addptr %[[PA]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[IV]], %[[STEP]] : i32
// CHECK: %[[MORE:.*]] = arith.cmpi slt, %[[NEXT]], %[[UB]] : i32
// CHECK: %[[MA:.*]] = tile.splat %[[MORE]] : i1 -> tensor<64x32xi1>
// CHECK: %[[NA:.*]] = tile.load %[[NPA]], %[[MA]]
// CHECK: %[[NB:.*]] = tile.load
// CHECK: %[[D:.*]] = tile.dot %[[A]], %[[B]], %[[ACC]]
// CHECK: scf.yield %{{.*}}, %{{.*}}, %[[D]], %[[NA]], %[[NB]]
// With asynchronous copies, the loads of a tensor-core dot's operands are
// marked with the dot, the operand, which iteration they copy for and the
// staging (64x32 A rows padded to 40 halves, 32x64 B rows to 72, B at 5120
// bytes, 9728 bytes a stage, three buffers), and the dot with the operands
// (bit mask) it finds in its staging buffers and the copy groups an
// iteration issues. No dot is left in flight (no warp-group instruction
// here), so the copies for the next iteration come first in the body,
// before the dot (copiesFirst): their latency overlaps the whole iteration.
// ASYNC-LABEL: func.func @gemm
// ASYNC: tile.load {{.*}}tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 0, ahead = 0, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>, prologue = true>
// ASYNC: tile.load {{.*}}tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 1, ahead = 0, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>, prologue = true>
// ASYNC: scf.for
// ASYNC: tile.load {{.*}}tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 0, ahead = 1, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>
// ASYNC: tile.load {{.*}}tilegpu.async_copy = #tilegpu.matrix_operand<dot = 0, operand = 1, ahead = 1, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>>
// ASYNC: tile.dot {{.*}}tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, staging = <aStride = 40, bStride = 72, bOffset = 5120, stageBytes = 9728, buffers = 3>, groups = 2, copiesFirst = true>
// ASYNC: scf.yield
// With four stages the copies run three iterations ahead: those of the
// first three before the loop (each masked by "the loop gets there"), in
// five buffers; each is carried through three iter args (the current
// iteration's first), and the loop's own copy is for three iterations on.
// DEEP-LABEL: func.func @gemm
// DEEP: %[[R0:.*]] = arith.cmpi slt, %[[LB:[a-z0-9_]+]], %[[UB:[a-z0-9_]+]] : i32
// DEEP: %[[A0:.*]] = tile.load {{.*}}ahead = 0, {{.*}}buffers = 5>, prologue = true>
// DEEP: %[[B0:.*]] = tile.load {{.*}}operand = 1, ahead = 0,
// DEEP: %[[PA1:.*]] = tile.addptr %arg0
// DEEP: %[[I1:.*]] = arith.addi %[[LB]], %[[STEP:[a-z0-9_]+]] : i32
// DEEP: %[[R1:.*]] = arith.cmpi slt, %[[I1]], %[[UB]] : i32
// DEEP: %[[M1:.*]] = tile.splat %[[R1]]
// DEEP: %[[A1:.*]] = tile.load %[[PA1]], %[[M1]] {{.*}}ahead = 1, {{.*}}prologue = true>
// DEEP: %[[B1:.*]] = tile.load {{.*}}ahead = 1, {{.*}}prologue = true>
// DEEP: %[[A2:.*]] = tile.load {{.*}}ahead = 2, {{.*}}prologue = true>
// DEEP: %[[B2:.*]] = tile.load {{.*}}ahead = 2, {{.*}}prologue = true>
// DEEP: scf.for %[[IV:[a-z0-9_]+]] = {{.*}} iter_args({{.*}}, %[[ACC:[a-z0-9_]+]] = %{{[a-z0-9_]+}}, %[[CA:[a-z0-9_]+]] = %[[A0]], %[[CA1:[a-z0-9_]+]] = %[[A1]], %[[CA2:[a-z0-9_]+]] = %[[A2]], %[[CB:[a-z0-9_]+]] = %[[B0]], %[[CB1:[a-z0-9_]+]] = %[[B1]], %[[CB2:[a-z0-9_]+]] = %[[B2]])
// DEEP: %[[THREE:.*]] = arith.muli %c3{{.*}}, %[[STEP]] : i32
// DEEP: %[[I3:.*]] = arith.addi %[[IV]], %[[THREE]] : i32
// DEEP: arith.cmpi slt, %[[I3]], %[[UB]] : i32
// DEEP: %[[NA:.*]] = tile.load {{.*}}operand = 0, ahead = 3, {{.*}}buffers = 5>>
// DEEP: %[[NB:.*]] = tile.load {{.*}}operand = 1, ahead = 3, {{.*}}buffers = 5>>
// DEEP: %[[D:.*]] = tile.dot %[[CA]], %[[CB]], %[[ACC]] {{.*}}buffers = 5>, groups = 2, copiesFirst = true>
// DEEP: scf.yield %{{.*}}, %{{.*}}, %[[D]], %[[CA1]], %[[CA2]], %[[NA]], %[[CB1]], %[[CB2]], %[[NB]]
// Five buffers of 9728 bytes do not fit in 45000 bytes; four (two
// iterations ahead) do: the epilogue's scratch (the 64x64 f32 accumulator,
// 16384 bytes) may take the same bytes, since no op of the loop uses the
// scratch (StagingOverlay.h).
// FIT-LABEL: func.func @gemm
// FIT: tile.dot {{.*}}buffers = 4>, groups = 2, copiesFirst = true>
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

// A reduction in the loop uses the scratch while the staging holds data:
// the two need bytes of their own, and only three buffers (one iteration
// ahead) fit in 45000 bytes beside the 16384 of the accumulator.
// FIT-LABEL: func.func @gemm_reducing
// FIT: tile.dot {{.*}}buffers = 3>, groups = 2, copiesFirst = true>
func.func @gemm_reducing(%pa0: tensor<64x32x!tile.ptr<f16>>, %pb0: tensor<32x64x!tile.ptr<f16>>,
                         %lb: i32, %ub: i32, %step: i32) -> (tensor<64x64xf32>, tensor<64xf32>) {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %zrow = arith.constant dense<0.0> : tensor<64xf32>
  %da = arith.constant dense<32> : tensor<64x32xi32>
  %db = arith.constant dense<2048> : tensor<32x64xi32>
  %r:4 = scf.for %i = %lb to %ub step %step iter_args(%pa = %pa0, %pb = %pb0, %acc = %zero, %row = %zrow)
      -> (tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>, tensor<64x64xf32>, tensor<64xf32>) : i32 {
    %a = tile.load %pa : tensor<64x32x!tile.ptr<f16>>
    %b = tile.load %pb : tensor<32x64x!tile.ptr<f16>>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %mx = tile.reduce %d axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32> {
    ^bb0(%x: f32, %y: f32):
      %t = arith.maxnumf %x, %y : f32
      tile.yield %t : f32
    }
    %nrow = arith.addf %row, %mx : tensor<64xf32>
    %npa = tile.addptr %pa, %da : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    %npb = tile.addptr %pb, %db : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    scf.yield %npa, %npb, %d, %nrow : tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>, tensor<64x64xf32>, tensor<64xf32>
  }
  return %r#2, %r#3 : tensor<64x64xf32>, tensor<64xf32>
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
