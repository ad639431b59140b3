// RUN: tessel-opt %s --pass-pipeline='builtin.module(func.func(tile-flatten-loops{max-dot-bytes=232448},tile-expand-tensor-descs{keep-dot-loads=1}),canonicalize,cse,tilegpu-pipeline-loads{async-copy=1 tensor-copies=1 warp-group-max-n=256 num-stages=3 num-warps=4 shared-bytes=232448})' | FileCheck %s
// RUN: tessel-opt %s --pass-pipeline='builtin.module(func.func(tile-flatten-loops{max-dot-bytes=100000},tile-expand-tensor-descs{keep-dot-loads=1}),canonicalize,cse,tilegpu-pipeline-loads{async-copy=1 tensor-copies=1 warp-group-max-n=256 num-stages=3 num-warps=4 shared-bytes=232448})' | FileCheck %s --check-prefix=NEST

// The persistent GEMM of the conformance suite (desc_matmul_persistent_flat,
// 128x128x64 tiles; its tile IR as the frontend prints it): a walk over
// tiles with `flatten=True` around the loop over K. Flattened, the one loop
// is pipelined across tiles: the block copies of the next steps (the next
// tile's first ones included) are in flight during this step's dot, and
// the epilogue's stores (which flatten=True states later loads do not read)
// stay in their scf.if, so the loop counts as one that does not write. The
// accumulator restarts from zero at each tile's first step (a select the
// lowering folds into the matrix instructions): the dot stays in flight
// into the next step, as a GEMM's does, its copies issued after it, and
// the epilogue waits for its instructions.
// CHECK: scf.for {{.*}} : i64 {
// CHECK: tilegpu.init_copy_barriers {arrivals = 2 : i32, buffers = 4 : i32, dot = 0 : i32}
// CHECK: tilegpu.tensor_copy {{.*}}ahead = 0
// CHECK: tilegpu.tensor_copy {{.*}}ahead = 1
// CHECK: scf.for {{.*}} : i32 {
// CHECK: %[[ACC:.*]] = arith.select %{{.*}}, %cst, %arg{{[0-9]+}} : tensor<128x128xf32>
// CHECK: %[[DOT:.*]] = tile.dot {{.*}}, %[[ACC]] {tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, {{.*}}inFlight = true, tensorCopies = 3>
// CHECK: scf.if
// CHECK-NEXT: %[[DONE:.*]] = tilegpu.wait_dot %[[DOT]]
// CHECK: tile.store {{.*}}, %[[DONE]],
// CHECK: } {tile.flattened_epilogue}
// CHECK: tilegpu.tensor_copy {{.*}}ahead = 2
// CHECK: tilegpu.tensor_copy {{.*}}operand = 1, ahead = 2
// CHECK: } {tile.flattened}
// CHECK: tilegpu.wait_dot
// CHECK: tilegpu.inval_copy_barriers
// Without inner steps (K = 0), the walk alone: no dot, no copies.
// CHECK: scf.if
// CHECK-NOT: tile.dot
// CHECK: return

// Where three stages of operands and the accumulator would not fit (a
// budget of 100000 bytes here), the nest stays and its inner loop is
// pipelined once a tile, as without flatten=True.
// NEST: scf.for
// NEST: tilegpu.init_copy_barriers
// NEST: scf.for
// NEST: tile.dot {{.*}}inFlight = true
// NEST: tilegpu.inval_copy_barriers
// NEST: tile.store
// NEST: } {tile.flatten}
module {
  func.func @desc_matmul_persistent_flat(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.divisibility = 16 : i32}) {
    %c127_i32 = arith.constant 127 : i32
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
    %c128_i32 = arith.constant 128 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg5 : i32 to i64
    %1 = tile.make_tensor_desc %arg0, [%arg3, %arg5], [%0, %c1_i64] : !tile.ptr<f16> -> !tile.tensordesc<tensor<128x64xf16>>
    %2 = arith.extsi %arg4 : i32 to i64
    %3 = tile.make_tensor_desc %arg1, [%arg5, %arg4], [%2, %c1_i64] : !tile.ptr<f16> -> !tile.tensordesc<tensor<64x128xf16>>
    %4 = arith.addi %arg4, %c127_i32 : i32
    %5 = arith.divsi %4, %c128_i32 : i32
    %6 = arith.addi %arg3, %c127_i32 : i32
    %7 = arith.divsi %6, %c128_i32 : i32
    %8 = arith.muli %7, %5 : i32
    %9 = tile.program_id x
    %10 = tile.num_programs x
    %11 = arith.subi %9, %10 : i32
    %12 = scf.for %arg6 = %9 to %8 step %10 iter_args(%arg7 = %11) -> (i32)  : i32 {
      %13 = arith.divsi %arg6, %5 : i32
      %14 = arith.muli %13, %c128_i32 : i32
      %15 = arith.remsi %arg6, %5 : i32
      %16 = arith.muli %15, %c128_i32 : i32
      %17 = scf.for %arg8 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg9 = %cst) -> (tensor<128x128xf32>)  : i32 {
        %44 = tile.desc_load %1[%14, %arg8] : !tile.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16>
        %45 = tile.desc_load %3[%arg8, %16] : !tile.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
        %46 = tile.dot %44, %45, %arg9 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
        scf.yield %46 : tensor<128x128xf32>
      }
      %18 = arith.addi %arg7, %10 : i32
      %19 = arith.divsi %18, %5 : i32
      %20 = arith.muli %19, %c128_i32 : i32
      %21 = tile.make_range 0 to 128 : tensor<128xi32>
      %22 = tile.splat %20 : i32 -> tensor<128xi32>
      %23 = arith.addi %22, %21 : tensor<128xi32>
      %24 = arith.remsi %18, %5 : i32
      %25 = arith.muli %24, %c128_i32 : i32
      %26 = tile.splat %25 : i32 -> tensor<128xi32>
      %27 = arith.addi %26, %21 : tensor<128xi32>
      %28 = tile.expand_dims %23 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
      %29 = tile.splat %arg4 : i32 -> tensor<128x1xi32>
      %30 = arith.muli %28, %29 : tensor<128x1xi32>
      %31 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<128x1x!tile.ptr<f32>>
      %32 = tile.addptr %31, %30 : tensor<128x1x!tile.ptr<f32>>, tensor<128x1xi32>
      %33 = tile.expand_dims %27 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
      %34 = tile.broadcast %32 : tensor<128x1x!tile.ptr<f32>> -> tensor<128x128x!tile.ptr<f32>>
      %35 = tile.broadcast %33 : tensor<1x128xi32> -> tensor<128x128xi32>
      %36 = tile.addptr %34, %35 : tensor<128x128x!tile.ptr<f32>>, tensor<128x128xi32>
      %37 = tile.splat %arg3 : i32 -> tensor<128x1xi32>
      %38 = arith.cmpi slt, %28, %37 : tensor<128x1xi32>
      %39 = tile.splat %arg4 : i32 -> tensor<1x128xi32>
      %40 = arith.cmpi slt, %33, %39 : tensor<1x128xi32>
      %41 = tile.broadcast %38 : tensor<128x1xi1> -> tensor<128x128xi1>
      %42 = tile.broadcast %40 : tensor<1x128xi1> -> tensor<128x128xi1>
      %43 = arith.andi %41, %42 : tensor<128x128xi1>
      tile.store %36, %17, %43 : tensor<128x128x!tile.ptr<f32>>
      scf.yield %18 : i32
    } {tile.flatten}
    return
  }
}
