// RUN: tessel-opt %s --split-input-file --tile-expand-tensor-descs | FileCheck %s

// A block load is a masked load through base + row * stride + column,
// with the descriptor's padding (NaN here) where the block leaves the tensor.
// CHECK-LABEL: func.func @block_copy
// CHECK-SAME: (%[[SRC:.*]]: !tile.ptr<f16>, %[[DST:.*]]: !tile.ptr<f16>, %[[M:.*]]: i32, %[[N:.*]]: i32, %[[S:.*]]: i64, %[[I:.*]]: i32)
// CHECK: %[[ROWS:.*]] = tile.make_range 0 to 8 : tensor<8xi32>
// CHECK: tile.splat %[[I]] : i32 -> tensor<8xi32>
// CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
// CHECK: tile.splat %[[S]] : i64 -> tensor<8x4xi64>
// CHECK: tile.splat %[[M]] : i32 -> tensor<8x4xi32>
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sge
// CHECK: tile.make_range 0 to 4 : tensor<4xi32>
// CHECK: tile.expand_dims %{{.*}} {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
// CHECK: %[[BASE:.*]] = tile.splat %[[SRC]] : !tile.ptr<f16> -> tensor<8x4x!tile.ptr<f16>>
// CHECK: %[[PTRS:.*]] = tile.addptr %[[BASE]], %{{.*}} : tensor<8x4x!tile.ptr<f16>>, tensor<8x4xi64>
// CHECK: %[[PAD:.*]] = arith.constant dense<0x7E00> : tensor<8x4xf16>
// CHECK: %[[BLOCK:.*]] = tile.load %[[PTRS]], %{{.*}}, %[[PAD]]
// CHECK: tile.splat %[[DST]]
// CHECK: tile.store %{{.*}}, %[[BLOCK]], %{{.*}} : tensor<8x4x!tile.ptr<f16>>
// CHECK-NOT: tile.make_tensor_desc
// CHECK-NOT: tile.desc_
func.func @block_copy(%src: !tile.ptr<f16>, %dst: !tile.ptr<f16>, %m: i32, %n: i32, %s: i64, %i: i32) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  %d = tile.make_tensor_desc %src, [%m, %n], [%s, %c1] {padding = #tile.padding<nan>} : !tile.ptr<f16> -> !tile.tensordesc<tensor<8x4xf16>>
  %e = tile.make_tensor_desc %dst, [%m, %n], [%s, %c1] : !tile.ptr<f16> -> !tile.tensordesc<tensor<8x4xf16>>
  %blk = tile.desc_load %d[%i, %c0] : !tile.tensordesc<tensor<8x4xf16>> -> tensor<8x4xf16>
  tile.desc_store %e[%i, %c0], %blk : !tile.tensordesc<tensor<8x4xf16>>, tensor<8x4xf16>
  return
}
