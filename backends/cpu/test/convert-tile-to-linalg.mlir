// RUN: tessel-opt %s --split-input-file --convert-tile-to-linalg | FileCheck %s

// Pointers become i64 byte addresses; offsets are sign-extended and scaled
// by the pointee size (2 bytes for f16).
// CHECK-LABEL: func.func @addptr_scales_by_pointee_size
// CHECK-SAME: (%[[P:.*]]: i64, %[[O:.*]]: tensor<8xi32>) -> tensor<8xi64>
// CHECK: %[[BASE:.*]] = linalg.fill ins(%[[P]] : i64)
// CHECK: %[[EXT:.*]] = arith.extsi %[[O]] : tensor<8xi32> to tensor<8xi64>
// CHECK: %[[SIZE:.*]] = arith.constant dense<2> : tensor<8xi64>
// CHECK: %[[BYTES:.*]] = arith.muli %[[EXT]], %[[SIZE]]
// CHECK: arith.addi %[[BASE]], %[[BYTES]]
// CHECK-NOT: tile.
func.func @addptr_scales_by_pointee_size(%p: !tile.ptr<f16>, %o: tensor<8xi32>) -> tensor<8x!tile.ptr<f16>> {
  %s = tile.splat %p : !tile.ptr<f16> -> tensor<8x!tile.ptr<f16>>
  %q = tile.addptr %s, %o : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  return %q : tensor<8x!tile.ptr<f16>>
}

// -----

// A masked load reads memory only inside `scf.if %mask`; `other` fills the
// lanes that are masked off.
// CHECK-LABEL: func.func @masked_load
// CHECK-SAME: (%[[P:.*]]: tensor<8xi64>, %[[M:.*]]: tensor<8xi1>, %[[O:.*]]: tensor<8xf32>)
// CHECK: tensor.generate
// CHECK: ^bb0(%[[I:.*]]: index):
// CHECK-DAG: %[[ADDR:.*]] = tensor.extract %[[P]][%[[I]]]
// CHECK-DAG: %[[OTHER:.*]] = tensor.extract %[[O]][%[[I]]]
// CHECK-DAG: %[[BIT:.*]] = tensor.extract %[[M]][%[[I]]]
// CHECK: %[[V:.*]] = scf.if %[[BIT]] -> (f32) {
// CHECK-NEXT: %[[PTR:.*]] = llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr
// CHECK-NEXT: %[[L:.*]] = llvm.load %[[PTR]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK-NEXT: scf.yield %[[L]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[OTHER]]
// CHECK: tensor.yield %[[V]]
func.func @masked_load(%p: tensor<8x!tile.ptr<f32>>, %m: tensor<8xi1>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %x = tile.load %p, %m, %o : tensor<8x!tile.ptr<f32>>
  return %x : tensor<8xf32>
}

// -----

// Without `other`, masked-off lanes read zero. An unmasked load has no scf.if.
// CHECK-LABEL: func.func @load_defaults
// CHECK: scf.if
// CHECK: } else {
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: scf.yield %[[Z]]
// CHECK: tensor.generate
// CHECK-NOT: scf.if
// CHECK: llvm.load volatile
func.func @load_defaults(%p: tensor<8x!tile.ptr<i32>>, %m: tensor<8xi1>) -> (tensor<8xi32>, tensor<8xi32>) {
  %x = tile.load %p, %m : tensor<8x!tile.ptr<i32>>
  %y = tile.load %p {isVolatile} : tensor<8x!tile.ptr<i32>>
  return %x, %y : tensor<8xi32>, tensor<8xi32>
}

// -----

// A masked store is a loop nest writing one element per iteration under
// `scf.if %mask`.
// CHECK-LABEL: func.func @masked_store
// CHECK: scf.for %[[I:.*]] =
// CHECK: scf.for %[[J:.*]] =
// CHECK-DAG: %[[ADDR:.*]] = tensor.extract %{{.*}}[%[[I]], %[[J]]] : tensor<4x8xi64>
// CHECK-DAG: %[[VAL:.*]] = tensor.extract %{{.*}}[%[[I]], %[[J]]] : tensor<4x8xbf16>
// CHECK-DAG: %[[BIT:.*]] = tensor.extract %{{.*}}[%[[I]], %[[J]]] : tensor<4x8xi1>
// CHECK: scf.if %[[BIT]] {
// CHECK-NEXT: %[[PTR:.*]] = llvm.inttoptr %[[ADDR]]
// CHECK-NEXT: llvm.store %[[VAL]], %[[PTR]] {alignment = 2 : i64} : bf16, !llvm.ptr
func.func @masked_store(%p: tensor<4x8x!tile.ptr<bf16>>, %v: tensor<4x8xbf16>, %m: tensor<4x8xi1>) {
  tile.store %p, %v, %m : tensor<4x8x!tile.ptr<bf16>>
  return
}

// -----

// Scalar accesses need no loop.
// CHECK-LABEL: func.func @scalar_access
// CHECK-NOT: scf.for
// CHECK: %[[PTR:.*]] = llvm.inttoptr
// CHECK: %[[V:.*]] = llvm.load %[[PTR]] {alignment = 8 : i64} : !llvm.ptr -> i64
// CHECK: scf.if
// CHECK: llvm.store
func.func @scalar_access(%p: !tile.ptr<i64>, %q: !tile.ptr<i64>, %m: i1) {
  %v = tile.load %p : !tile.ptr<i64>
  tile.store %q, %v, %m : !tile.ptr<i64>
  return
}

// -----

// 8-bit floats are loaded as bytes and bitcast.
// CHECK-LABEL: func.func @fp8_load
// CHECK: %[[B:.*]] = llvm.load %{{.*}} {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK: arith.bitcast %[[B]] : i8 to f8E4M3FN
func.func @fp8_load(%p: tensor<4x!tile.ptr<f8E4M3FN>>) -> tensor<4xf8E4M3FN> {
  %x = tile.load %p : tensor<4x!tile.ptr<f8E4M3FN>>
  return %x : tensor<4xf8E4M3FN>
}

// -----

// CHECK-LABEL: func.func @dot
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<16x8xf16>, tensor<8x32xf16>) outs(%{{.*}} : tensor<16x32xf32>)
// CHECK-LABEL: func.func @batched_dot
// CHECK: linalg.batch_matmul
func.func @dot(%a: tensor<16x8xf16>, %b: tensor<8x32xf16>, %c: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %d = tile.dot %a, %b, %c : tensor<16x8xf16> * tensor<8x32xf16> -> tensor<16x32xf32>
  return %d : tensor<16x32xf32>
}
func.func @batched_dot(%a: tensor<2x16x8xi8>, %b: tensor<2x8x32xi8>, %c: tensor<2x16x32xi32>) -> tensor<2x16x32xi32> {
  %d = tile.dot %a, %b, %c : tensor<2x16x8xi8> * tensor<2x8x32xi8> -> tensor<2x16x32xi32>
  return %d : tensor<2x16x32xi32>
}

// -----

// reduce: linalg.reduce over all but the first slice, seeded with it.
// CHECK-LABEL: func.func @reduce_rows
// CHECK: %[[SEED:.*]] = tensor.extract_slice %{{.*}}[0, 0] [4, 1] [1, 1] : tensor<4x16xf32> to tensor<4xf32>
// CHECK: %[[REST:.*]] = tensor.extract_slice %{{.*}}[0, 1] [4, 15] [1, 1] : tensor<4x16xf32> to tensor<4x15xf32>
// CHECK: linalg.reduce { arith.maximumf } ins(%[[REST]] : tensor<4x15xf32>) outs(%[[SEED]] : tensor<4xf32>) dimensions = [1]
func.func @reduce_rows(%x: tensor<4x16xf32>) -> tensor<4xf32> {
  %s = tile.reduce %x axis = 1 : (tensor<4x16xf32>) -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maximumf %a, %b : f32
    tile.yield %r : f32
  }
  return %s : tensor<4xf32>
}

// -----

// A 1-D reduction yields a scalar; several operands reduce together, and
// the combiner sees (accumulated..., incoming...).
// CHECK-LABEL: func.func @argmax
// CHECK: %[[R:.*]]:2 = linalg.reduce ins(%{{.*}}, %{{.*}} : tensor<7xf32>, tensor<7xi32>) outs(%{{.*}}, %{{.*}} : tensor<f32>, tensor<i32>) dimensions = [0]
// CHECK-NEXT: (%[[IN_V:.*]]: f32, %[[IN_I:.*]]: i32, %[[ACC_V:.*]]: f32, %[[ACC_I:.*]]: i32) {
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[ACC_V]], %[[IN_V]]
// CHECK: tensor.extract %[[R]]#0[] : tensor<f32>
// CHECK: tensor.extract %[[R]]#1[] : tensor<i32>
func.func @argmax(%x: tensor<8xf32>, %i: tensor<8xi32>) -> (f32, i32) {
  %v, %j = tile.reduce %x, %i axis = 0 : (tensor<8xf32>, tensor<8xi32>) -> (f32, i32) {
  ^bb0(%av: f32, %ai: i32, %bv: f32, %bi: i32):
    %gt = arith.cmpf ogt, %av, %bv : f32
    %mv = arith.select %gt, %av, %bv : f32
    %mi = arith.select %gt, %ai, %bi : i32
    tile.yield %mv, %mi : f32, i32
  }
  return %v, %j : f32, i32
}

// -----

// scan: a loop over the axis combining each slice with the running one.
// CHECK-LABEL: func.func @cumsum
// CHECK: scf.for
// CHECK: linalg.generic
// CHECK: arith.addi
// CHECK: tensor.insert_slice
func.func @cumsum(%x: tensor<16xi32>) -> tensor<16xi32> {
  %c = tile.scan %x axis = 0 : (tensor<16xi32>) -> tensor<16xi32> {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    tile.yield %r : i32
  }
  return %c : tensor<16xi32>
}

// -----

// CHECK-LABEL: func.func @shapes
// CHECK: linalg.generic
// CHECK: linalg.index 0
// CHECK: %[[C:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<1x8xf32> into tensor<8xf32>
// CHECK: linalg.broadcast ins(%[[C]] : tensor<8xf32>) outs(%{{.*}} : tensor<4x8xf32>) dimensions = [0]
// CHECK: linalg.transpose ins(%{{.*}} : tensor<4x8xf32>) outs(%{{.*}} : tensor<8x4xf32>) permutation = [1, 0]
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<4x8xf32> into tensor<32xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [4, 1, 8] : tensor<4x8xf32> into tensor<4x1x8xf32>
func.func @shapes(%x: tensor<1x8xf32>, %y: tensor<4x8xf32>) -> (tensor<16xi32>, tensor<4x8xf32>, tensor<8x4xf32>, tensor<32xf32>, tensor<4x1x8xf32>) {
  %m = tile.make_range 0 to 16 : tensor<16xi32>
  %b = tile.broadcast %x : tensor<1x8xf32> -> tensor<4x8xf32>
  %t = tile.trans %y [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  %r = tile.reshape %y : tensor<4x8xf32> -> tensor<32xf32>
  %e = tile.expand_dims %y {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
  return %m, %b, %t, %r, %e : tensor<16xi32>, tensor<4x8xf32>, tensor<8x4xf32>, tensor<32xf32>, tensor<4x1x8xf32>
}

// -----

// CHECK-LABEL: func.func @atomics
// CHECK: tensor.generate
// CHECK: scf.if
// CHECK: llvm.atomicrmw fadd %{{.*}}, %{{.*}} monotonic : !llvm.ptr, f32
// CHECK: %[[CAS:.*]] = llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel acquire : !llvm.ptr, i32
// CHECK: llvm.extractvalue %[[CAS]][0]
// CHECK: llvm.atomicrmw umax %{{.*}}, %{{.*}} acq_rel : !llvm.ptr, i32
func.func @atomics(%p: tensor<8x!tile.ptr<f32>>, %v: tensor<8xf32>, %m: tensor<8xi1>, %l: !tile.ptr<i32>, %c: i32, %n: i32) -> (tensor<8xf32>, i32, i32) {
  %old = tile.atomic_rmw fadd, %p, %v, %m {sem = #tile.sem<relaxed>} : tensor<8x!tile.ptr<f32>>
  %o = tile.atomic_cas %l, %c, %n : !tile.ptr<i32>
  %u = tile.atomic_rmw umax, %l, %n : !tile.ptr<i32>
  return %old, %o, %u : tensor<8xf32>, i32, i32
}

// -----

// CHECK-LABEL: func.func @fp_to_fp
// CHECK: arith.truncf %{{.*}} toward_zero : tensor<4xf32> to tensor<4xf16>
// CHECK: arith.extf %{{.*}} : tensor<4xf16> to tensor<4xf32>
// CHECK: arith.truncf %{{.*}} : tensor<4xf32> to tensor<4xbf16>
func.func @fp_to_fp(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xbf16>) {
  %h = tile.fp_to_fp %x, rounding = rtz : tensor<4xf32> -> tensor<4xf16>
  %w = tile.fp_to_fp %h : tensor<4xf16> -> tensor<4xf32>
  %b = tile.fp_to_fp %w, rounding = rtne : tensor<4xf32> -> tensor<4xbf16>
  return %w, %b : tensor<4xf32>, tensor<4xbf16>
}

// -----

// Pointer types are converted through loops and selects.
// CHECK-LABEL: func.func @pointer_control_flow
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (tensor<4xi64>)
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xi64>
func.func @pointer_control_flow(%p: tensor<4x!tile.ptr<f32>>, %q: tensor<4x!tile.ptr<f32>>, %c: tensor<4xi1>, %n: index) -> tensor<4x!tile.ptr<f32>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant dense<1> : tensor<4xi32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %p) -> (tensor<4x!tile.ptr<f32>>) {
    %b = tile.addptr %a, %one : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
    scf.yield %b : tensor<4x!tile.ptr<f32>>
  }
  %s = arith.select %c, %r, %q : tensor<4xi1>, tensor<4x!tile.ptr<f32>>
  return %s : tensor<4x!tile.ptr<f32>>
}
