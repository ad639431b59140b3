// RUN: tessel-opt %s --split-input-file --convert-tile-debug-to-cpu-runtime | FileCheck %s

// CHECK-DAG: llvm.mlir.global internal constant @[[PREFIX:.*]]("x = \00")
// CHECK-DAG: func.func private @tessel_cpu_print_f64(!llvm.ptr, i32, i32, i32, i64, f64)
// CHECK-DAG: func.func private @tessel_cpu_print_i64(!llvm.ptr, i32, i32, i32, i64, i64, i32)
// CHECK-LABEL: func.func @print
// CHECK: %[[STR:.*]] = llvm.mlir.addressof @[[PREFIX]]
// CHECK: %[[X:.*]] = tile.program_id x
// CHECK: %[[Y:.*]] = tile.program_id y
// CHECK: %[[Z:.*]] = tile.program_id z
// CHECK: scf.for %[[I:.*]] =
// CHECK: %[[E:.*]] = tensor.extract %{{.*}}[%[[I]]] : tensor<4xf16>
// CHECK: %[[IDX:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[W:.*]] = arith.extf %[[E]] : f16 to f64
// CHECK: call @tessel_cpu_print_f64(%[[STR]], %[[X]], %[[Y]], %[[Z]], %[[IDX]], %[[W]])
// Hex i32: zero-extended, format = hex | width 32 << 8 = 8193.
// CHECK: %[[U:.*]] = arith.extui %{{.*}} : i32 to i64
// CHECK: %[[FMT:.*]] = arith.constant 8193 : i32
// CHECK: call @tessel_cpu_print_i64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[U]], %[[FMT]])
// CHECK-NOT: tile.print
func.func @print(%x: tensor<4xf16>, %i: i32) {
  tile.print "x = " %x : tensor<4xf16>
  tile.print "i = " hex %i : i32
  return
}

// -----

// CHECK-DAG: llvm.mlir.global internal constant @{{.*}}("in range\00")
// CHECK-DAG: func.func private @tessel_cpu_assert_fail(!llvm.ptr, !llvm.ptr, i32, i32, i32, i64)
// CHECK-LABEL: func.func @check
// CHECK: scf.for
// CHECK: %[[OK:.*]] = tensor.extract
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[BAD:.*]] = arith.xori %[[OK]], %[[TRUE]]
// CHECK: scf.if %[[BAD]] {
// CHECK-NEXT: func.call @tessel_cpu_assert_fail
// CHECK-NOT: tile.assert
func.func @check(%ok: tensor<8xi1>) {
  tile.assert %ok, "in range" : tensor<8xi1>
  return
}
