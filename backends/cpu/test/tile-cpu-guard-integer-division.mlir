// RUN: tessel-opt %s --split-input-file --tile-cpu-guard-integer-division | FileCheck %s

// CHECK-LABEL: func.func @signed_tile
// CHECK-SAME: (%[[X:.*]]: tensor<8xi32>, %[[D:.*]]: tensor<8xi32>)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0> : tensor<8xi32>
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1> : tensor<8xi32>
// CHECK-DAG: %[[M1:.*]] = arith.constant dense<-1> : tensor<8xi32>
// CHECK-DAG: %[[MIN:.*]] = arith.constant dense<-2147483648> : tensor<8xi32>
// CHECK: %[[Z:.*]] = arith.cmpi eq, %[[D]], %[[ZERO]]
// CHECK: %[[N1:.*]] = arith.cmpi eq, %[[D]], %[[M1]]
// CHECK: %[[NM:.*]] = arith.cmpi eq, %[[X]], %[[MIN]]
// CHECK: %[[OV:.*]] = arith.andi %[[N1]], %[[NM]]
// CHECK: %[[BAD:.*]] = arith.ori %[[Z]], %[[OV]]
// CHECK: %[[SAFE:.*]] = arith.select %[[BAD]], %[[ONE]], %[[D]]
// CHECK: arith.divsi %[[X]], %[[SAFE]]
func.func @signed_tile(%x: tensor<8xi32>, %d: tensor<8xi32>) -> tensor<8xi32> {
  %q = arith.divsi %x, %d : tensor<8xi32>
  return %q : tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func @unsigned_scalar
// CHECK: %[[Z:.*]] = arith.cmpi eq, %arg1, %c0_i8
// CHECK: %[[SAFE:.*]] = arith.select %[[Z]], %c1_i8, %arg1
// CHECK: arith.remui %arg0, %[[SAFE]]
func.func @unsigned_scalar(%x: i8, %d: i8) -> i8 {
  %r = arith.remui %x, %d : i8
  return %r : i8
}

// -----

// A constant divisor that cannot trap is left alone.
// CHECK-LABEL: func.func @safe_constant
// CHECK-NOT: arith.select
// CHECK: arith.divsi
func.func @safe_constant(%x: tensor<4xi64>) -> tensor<4xi64> {
  %c = arith.constant dense<7> : tensor<4xi64>
  %q = arith.divsi %x, %c : tensor<4xi64>
  return %q : tensor<4xi64>
}
