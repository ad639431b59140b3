// RUN: tessel-opt %s --split-input-file --tilegpu-broadcast-early --canonicalize | FileCheck %s

// The column mask of an attention loop, `cols < n` over [64], spread over
// rows one way for one load and the other way for another: each
// expand_dims and broadcast goes to the operands, so that the compare is
// made at each full shape over the index tiles and splats (no [64] tile
// moves between layouts in the loop), and the index tiles' broadcasts are
// left loop-invariant.
// CHECK-LABEL: func.func @column_mask
// CHECK-DAG: %[[R0:.*]] = tile.expand_dims %[[RANGE:.*]] {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
// CHECK-DAG: %[[R1:.*]] = tile.expand_dims %[[RANGE]] {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
// CHECK-DAG: %[[B0:.*]] = tile.broadcast %[[R0]] : tensor<1x64xi32> -> tensor<128x64xi32>
// CHECK-DAG: %[[B1:.*]] = tile.broadcast %[[R1]] : tensor<64x1xi32> -> tensor<64x64xi32>
// CHECK-DAG: %[[C0:.*]] = arith.addi %{{.*}}, %[[B0]] : tensor<128x64xi32>
// CHECK-DAG: arith.cmpi slt, %[[C0]], %{{.*}} : tensor<128x64xi32>
// CHECK-DAG: %[[C1:.*]] = arith.addi %{{.*}}, %[[B1]] : tensor<64x64xi32>
// CHECK-DAG: arith.cmpi slt, %[[C1]], %{{.*}} : tensor<64x64xi32>
// CHECK-NOT: tensor<64xi1>
// CHECK: return
func.func @column_mask(%start: i32, %n: i32) -> (tensor<128x64xi1>, tensor<64x64xi1>) {
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %s = tile.splat %start : i32 -> tensor<64xi32>
  %cols = arith.addi %s, %r : tensor<64xi32>
  %nt = tile.splat %n : i32 -> tensor<64xi32>
  %ok = arith.cmpi slt, %cols, %nt : tensor<64xi32>
  %row = tile.expand_dims %ok {axis = 0 : i32} : tensor<64xi1> -> tensor<1x64xi1>
  %rowb = tile.broadcast %row : tensor<1x64xi1> -> tensor<128x64xi1>
  %col = tile.expand_dims %ok {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
  %colb = tile.broadcast %col : tensor<64x1xi1> -> tensor<64x64xi1>
  return %rowb, %colb : tensor<128x64xi1>, tensor<64x64xi1>
}

// -----

// An exp is not repeated for every copy: the broadcast and expand_dims of
// its result stay.
// CHECK-LABEL: func.func @costly
// CHECK: %[[E:.*]] = math.exp %{{.*}} : tensor<64xf32>
// CHECK: %[[X:.*]] = tile.expand_dims %[[E]] {axis = 1 : i32}
// CHECK: tile.broadcast %[[X]]
func.func @costly(%x: tensor<64xf32>) -> tensor<64x64xf32> {
  %e = math.exp %x : tensor<64xf32>
  %e1 = tile.expand_dims %e {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %eb = tile.broadcast %e1 : tensor<64x1xf32> -> tensor<64x64xf32>
  return %eb : tensor<64x64xf32>
}
