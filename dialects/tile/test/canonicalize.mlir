// RUN: tessel-opt %s --split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @splat_of_constant
// CHECK: %[[C:.*]] = arith.constant dense<3.000000e+00> : tensor<64xf32>
// CHECK-NOT: tile.splat
// CHECK: return %[[C]]
func.func @splat_of_constant() -> tensor<64xf32> {
  %c = arith.constant 3.0 : f32
  %s = tile.splat %c : f32 -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_of_splat
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[S:.*]] = tile.splat %[[X]] : i32 -> tensor<32x16xi32>
// CHECK-NOT: tile.broadcast
// CHECK: return %[[S]]
func.func @broadcast_of_splat(%x: i32) -> tensor<32x16xi32> {
  %s = tile.splat %x : i32 -> tensor<1x16xi32>
  %b = tile.broadcast %s : tensor<1x16xi32> -> tensor<32x16xi32>
  return %b : tensor<32x16xi32>
}

// -----

// CHECK-LABEL: func.func @broadcast_of_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<1x1xf32>)
// CHECK: %[[B:.*]] = tile.broadcast %[[X]] : tensor<1x1xf32> -> tensor<8x4xf32>
// CHECK-NEXT: return %[[B]]
func.func @broadcast_of_broadcast(%x: tensor<1x1xf32>) -> tensor<8x4xf32> {
  %a = tile.broadcast %x : tensor<1x1xf32> -> tensor<1x4xf32>
  %b = tile.broadcast %a : tensor<1x4xf32> -> tensor<8x4xf32>
  return %b : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_identity
// CHECK-SAME: (%[[X:.*]]: tensor<8x4xf32>)
// CHECK-NEXT: return %[[X]]
func.func @broadcast_identity(%x: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %b = tile.broadcast %x : tensor<8x4xf32> -> tensor<8x4xf32>
  return %b : tensor<8x4xf32>
}

// -----

// CHECK-LABEL: func.func @addptr_zero
// CHECK-SAME: (%[[P:.*]]: tensor<16x!tile.ptr<f32>>, %[[Q:.*]]: !tile.ptr<f32>)
// CHECK-NOT: tile.addptr
// CHECK: return %[[P]], %[[Q]]
func.func @addptr_zero(%p: tensor<16x!tile.ptr<f32>>, %q: !tile.ptr<f32>) -> (tensor<16x!tile.ptr<f32>>, !tile.ptr<f32>) {
  %z = arith.constant dense<0> : tensor<16xi32>
  %a = tile.addptr %p, %z : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %zi = arith.constant 0 : i64
  %b = tile.addptr %q, %zi : !tile.ptr<f32>, i64
  return %a, %b : tensor<16x!tile.ptr<f32>>, !tile.ptr<f32>
}

// -----

// CHECK-LABEL: func.func @addptr_nonzero_kept
// CHECK: tile.addptr
func.func @addptr_nonzero_kept(%q: !tile.ptr<f32>) -> !tile.ptr<f32> {
  %one = arith.constant 1 : i32
  %b = tile.addptr %q, %one : !tile.ptr<f32>, i32
  return %b : !tile.ptr<f32>
}

// -----

// CHECK-LABEL: func.func @expand_dims_of_splat
// CHECK-SAME: (%[[X:.*]]: f16)
// CHECK: %[[S:.*]] = tile.splat %[[X]] : f16 -> tensor<1x64xf16>
// CHECK-NOT: tile.expand_dims
// CHECK: return %[[S]]
func.func @expand_dims_of_splat(%x: f16) -> tensor<1x64xf16> {
  %s = tile.splat %x : f16 -> tensor<64xf16>
  %e = tile.expand_dims %s {axis = 0 : i32} : tensor<64xf16> -> tensor<1x64xf16>
  return %e : tensor<1x64xf16>
}

// -----

// CHECK-LABEL: func.func @shape_ops_of_constant_splat
// CHECK-DAG: arith.constant dense<7> : tensor<1x8xi32>
// CHECK-DAG: arith.constant dense<7> : tensor<4x8xi32>
// CHECK-DAG: arith.constant dense<7> : tensor<2x4xi32>
// CHECK-DAG: arith.constant dense<7> : tensor<8x4xi32>
// CHECK-NOT: tile.
func.func @shape_ops_of_constant_splat() -> (tensor<1x8xi32>, tensor<4x8xi32>, tensor<2x4xi32>, tensor<8x4xi32>) {
  %c = arith.constant dense<7> : tensor<8xi32>
  %e = tile.expand_dims %c {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %b = tile.broadcast %e : tensor<1x8xi32> -> tensor<4x8xi32>
  %r = tile.reshape %c : tensor<8xi32> -> tensor<2x4xi32>
  %t = tile.trans %b [1, 0] : tensor<4x8xi32> -> tensor<8x4xi32>
  return %e, %b, %r, %t : tensor<1x8xi32>, tensor<4x8xi32>, tensor<2x4xi32>, tensor<8x4xi32>
}

// -----

// CHECK-LABEL: func.func @identity_reshape_and_trans
// CHECK-SAME: (%[[X:.*]]: tensor<4x8xf32>)
// CHECK-NEXT: return %[[X]], %[[X]]
func.func @identity_reshape_and_trans(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %r = tile.reshape %x : tensor<4x8xf32> -> tensor<4x8xf32>
  %t = tile.trans %x [0, 1] : tensor<4x8xf32> -> tensor<4x8xf32>
  return %r, %t : tensor<4x8xf32>, tensor<4x8xf32>
}
