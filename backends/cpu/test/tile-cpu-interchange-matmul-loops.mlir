// RUN: tessel-opt %s --split-input-file --tile-cpu-interchange-matmul-loops | FileCheck %s

// The reduction dimension moves in front of the columns, so the innermost
// loop walks contiguous columns of B and C.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK: arith.extf
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @matmul(%a: memref<16x8xf16>, %b: memref<8x32xf16>, %c: memref<16x32xf32>) {
  linalg.matmul ins(%a, %b : memref<16x8xf16>, memref<8x32xf16>) outs(%c : memref<16x32xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @batch_matmul
// CHECK: iterator_types = ["parallel", "parallel", "reduction", "parallel"]
func.func @batch_matmul(%a: memref<2x16x8xf32>, %b: memref<2x8x32xf32>, %c: memref<2x16x32xf32>) {
  linalg.batch_matmul ins(%a, %b : memref<2x16x8xf32>, memref<2x8x32xf32>) outs(%c : memref<2x16x32xf32>)
  return
}
