// RUN: tessel-opt %s --split-input-file --tile-flatten-loops | FileCheck %s

// A persistent walk over tiles (`flatten=True`) with a loop over K: one
// loop over nO * nI steps (in rounds that keep the steps within i32: one
// here); pre at every step, the accumulator restarting at each tile's
// first step, post (with the walk's carried counter) at its last; without
// inner steps, the outer loop alone.
// CHECK-LABEL: func.func @walk
// CHECK-SAME: (%[[P:.*]]: tensor<16x!tile.ptr<f32>>, %[[N:.*]]: i32, %[[K:.*]]: i32, %[[START:.*]]: i32)
// CHECK-DAG: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : tensor<16xf32>
// CHECK: %[[NO:.*]] = arith.maxsi
// CHECK: %[[NI:.*]] = arith.maxsi
// CHECK: %[[SOME:.*]] = arith.cmpi sgt, %[[NI]]
// CHECK: %[[PERROUND:.*]] = arith.divsi %c2147483647_i64,
// CHECK: %[[ROUNDS:.*]] = arith.ceildivsi %[[NO]], %[[PERROUND]] : i64
// CHECK: %[[NROUNDS:.*]] = arith.select %[[SOME]], %[[ROUNDS]]
// CHECK: %[[PER:.*]] = arith.trunci %[[NI]] : i64 to i32
// CHECK: %[[R:.*]] = scf.for %[[ROUND:.*]] = %{{.*}} to %[[NROUNDS]] step %{{.*}} iter_args(%[[RDONE:.*]] = %[[START]]) -> (i32)  : i64 {
// CHECK: %[[STEPS:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: %[[BASE:.*]] = arith.trunci %{{.*}} : i64 to i32
// CHECK: %[[LOOP:.*]]:2 = scf.for %[[IT:.*]] = %{{.*}} to %[[STEPS]] step %{{.*}} iter_args(%[[DONE:.*]] = %[[RDONE]], %[[ACC:.*]] = %[[ZEROS]]) -> (i32, tensor<16xf32>)
// CHECK: %[[T:.*]] = arith.divsi %[[IT]], %[[PER]]
// CHECK: arith.addi %[[BASE]], %[[T]]
// CHECK: %[[KK:.*]] = arith.remsi %[[IT]], %[[PER]]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[KK]], %{{.*}} : i32
// CHECK: %[[CUR:.*]] = arith.select %[[FIRST]], %[[ZEROS]], %[[ACC]] : tensor<16xf32>
// CHECK: %[[NEXT:.*]] = arith.addf %[[CUR]],
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[KK]],
// CHECK: %[[END:.*]] = scf.if %[[LAST]] -> (i32) {
// CHECK:   tile.store %[[P]], %[[NEXT]]
// CHECK:   scf.yield %{{.*}} : i32
// CHECK: } else {
// CHECK:   scf.yield %[[DONE]] : i32
// CHECK: } {tile.flattened_epilogue}
// CHECK: scf.yield %[[END]], %[[NEXT]] : i32, tensor<16xf32>
// CHECK: } {tile.flattened}
// CHECK: scf.yield %[[LOOP]]#0 : i32
// CHECK: %[[CHOICE:.*]] = scf.if %[[SOME]] -> (i32) {
// CHECK:   scf.yield %[[R]] : i32
// CHECK: } else {
// CHECK:   %[[ALONE:.*]] = scf.for
// CHECK-NOT: scf.for
// CHECK:     tile.store %[[P]], %[[ZEROS]]
// CHECK:   scf.yield %[[ALONE]] : i32
// CHECK: }
// CHECK: return %[[CHOICE]] : i32
// CHECK-NOT: tile.flatten}
func.func @walk(%p: tensor<16x!tile.ptr<f32>>, %n: i32, %k: i32, %start: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %zeros = arith.constant dense<0.0> : tensor<16xf32>
  %r = scf.for %t = %start to %n step %c3 iter_args(%done = %start) -> (i32) : i32 {
    %tf = arith.sitofp %t : i32 to f32
    %row = tile.splat %tf : f32 -> tensor<16xf32>
    %acc = scf.for %j = %c0 to %k step %c1 iter_args(%a = %zeros) -> (tensor<16xf32>) : i32 {
      %next = arith.addf %a, %row : tensor<16xf32>
      scf.yield %next : tensor<16xf32>
    }
    %d = arith.addi %done, %c3 : i32
    tile.store %p, %acc : tensor<16x!tile.ptr<f32>>
    scf.yield %d : i32
  } {tile.flatten}
  return %r : i32
}

// -----

// Pre that reads memory would read it again at every step: the nest stays.
// CHECK-LABEL: func.func @pre_reads
// CHECK: scf.for
// CHECK:   tile.load
// CHECK:   scf.for
// CHECK: } {tile.flatten}
func.func @pre_reads(%p: tensor<16x!tile.ptr<f32>>, %n: i32, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zeros = arith.constant dense<0.0> : tensor<16xf32>
  scf.for %t = %c0 to %n step %c1 : i32 {
    %row = tile.load %p : tensor<16x!tile.ptr<f32>>
    %acc = scf.for %j = %c0 to %k step %c1 iter_args(%a = %zeros) -> (tensor<16xf32>) : i32 {
      %next = arith.addf %a, %row : tensor<16xf32>
      scf.yield %next : tensor<16xf32>
    }
    tile.store %p, %acc : tensor<16x!tile.ptr<f32>>
  } {tile.flatten}
  return
}

// -----

// An inner trip count that changes with the tile: the nest stays.
// CHECK-LABEL: func.func @varying_inner
// CHECK: scf.for
// CHECK:   scf.for
// CHECK: } {tile.flatten}
func.func @varying_inner(%p: tensor<16x!tile.ptr<f32>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zeros = arith.constant dense<0.0> : tensor<16xf32>
  scf.for %t = %c0 to %n step %c1 : i32 {
    %acc = scf.for %j = %c0 to %t step %c1 iter_args(%a = %zeros) -> (tensor<16xf32>) : i32 {
      %next = arith.addf %a, %a : tensor<16xf32>
      scf.yield %next : tensor<16xf32>
    }
    tile.store %p, %acc : tensor<16x!tile.ptr<f32>>
  } {tile.flatten}
  return
}

// -----

// A walk without carried values, around an inner loop without any: one
// yield a loop.
// CHECK-LABEL: func.func @no_carried
// CHECK: scf.for {{.*}} : i64 {
// CHECK:   scf.for {{.*}} : i32 {
// CHECK:     tile.store
// CHECK:     scf.if
// CHECK:       tile.store
// CHECK:     } {tile.flattened_epilogue}
// CHECK-NEXT: } {tile.flattened}
// CHECK-NEXT: }
func.func @no_carried(%p: tensor<16x!tile.ptr<f32>>, %n: i32, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ones = arith.constant dense<1.0> : tensor<16xf32>
  scf.for %t = %c0 to %n step %c1 : i32 {
    scf.for %j = %c0 to %k step %c1 : i32 {
      tile.store %p, %ones : tensor<16x!tile.ptr<f32>>
    }
    tile.store %p, %ones : tensor<16x!tile.ptr<f32>>
  } {tile.flatten}
  return
}
