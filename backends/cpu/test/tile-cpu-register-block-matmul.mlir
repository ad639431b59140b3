// RUN: tessel-opt %s --split-input-file --tile-cpu-register-block-matmul | FileCheck %s

// Blocks of 4 rows by 16 f32 columns of C are read into vectors, updated in
// registers for every k (a row of B, widened from f16, times a broadcast
// element of A, with the contract flag so LLVM may fuse them), and written
// back once.
// CHECK-LABEL: func.func @matmul_f16_into_f32
// CHECK-SAME: (%[[A:.*]]: tensor<8x4xf16>, %[[B:.*]]: tensor<4x32xf16>, %[[C:.*]]: tensor<8x32xf32>)
// CHECK-NOT: linalg.matmul
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c4 iter_args(%[[CI:.*]] = %[[C]])
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %c16 iter_args(%[[CJ:.*]] = %[[CI]])
// CHECK-COUNT-4: vector.transfer_read %[[CJ]][%{{.*}}, %[[J]]], %{{.*}} {in_bounds = [true]} : tensor<8x32xf32>, vector<16xf32>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %c1 iter_args(%[[S0:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: %[[BROW:.*]] = vector.transfer_read %[[B]][%[[K]], %[[J]]]
// CHECK: %[[BW:.*]] = arith.extf %[[BROW]] : vector<16xf16> to vector<16xf32>
// CHECK: %[[AE:.*]] = tensor.extract %[[A]][%[[I]], %[[K]]] : tensor<8x4xf16>
// CHECK: %[[AW:.*]] = arith.extf %[[AE]] : f16 to f32
// CHECK: %[[AV:.*]] = vector.broadcast %[[AW]] : f32 to vector<16xf32>
// CHECK: %[[P:.*]] = arith.mulf %[[AV]], %[[BW]] fastmath<contract> : vector<16xf32>
// CHECK: arith.addf %[[S0]], %[[P]] fastmath<contract> : vector<16xf32>
// CHECK-COUNT-4: vector.transfer_write
func.func @matmul_f16_into_f32(%a: tensor<8x4xf16>, %b: tensor<4x32xf16>, %c: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<8x4xf16>, tensor<4x32xf16>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

// Narrow tiles use fewer rows and lanes: 2 rows by 4 lanes here.
// CHECK-LABEL: func.func @small
// CHECK: step %c2
// CHECK: step %c4
// CHECK: vector<4xf32>
func.func @small(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}

// -----

// Integer and f16-accumulated matmuls, and matmuls on buffers, are left to
// the loop nest.
// CHECK-LABEL: func.func @left_alone
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x4xi8>, tensor<4x4xi8>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x4xf16>, tensor<4x4xf16>)
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : memref<4x4xf32>, memref<4x4xf32>)
func.func @left_alone(%a: tensor<4x4xi8>, %c: tensor<4x4xi32>, %h: tensor<4x4xf16>, %m: memref<4x4xf32>) -> (tensor<4x4xi32>, tensor<4x4xf16>) {
  %i = linalg.matmul ins(%a, %a : tensor<4x4xi8>, tensor<4x4xi8>) outs(%c : tensor<4x4xi32>) -> tensor<4x4xi32>
  %f = linalg.matmul ins(%h, %h : tensor<4x4xf16>, tensor<4x4xf16>) outs(%h : tensor<4x4xf16>) -> tensor<4x4xf16>
  linalg.matmul ins(%m, %m : memref<4x4xf32>, memref<4x4xf32>) outs(%m : memref<4x4xf32>)
  return %i, %f : tensor<4x4xi32>, tensor<4x4xf16>
}
