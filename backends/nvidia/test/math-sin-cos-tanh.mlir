// RUN: tessel-opt %s --split-input-file --convert-math-to-nvvm-intrinsics | FileCheck %s

// f32 sin: Cody-Waite reduction in fma, Payne-Hanek (64-bit integer
// products with the bits of 2/pi) under an scf.if, then the polynomials.
// CHECK-LABEL: func.func @sin
// CHECK-DAG: arith.constant 2734261102 : i64
// CHECK-DAG: arith.constant 1.310720e+05 : f32
// CHECK-NOT: math.sin
// CHECK: math.fma
// CHECK: scf.if
// CHECK: arith.muli {{.*}} : i64
// CHECK: arith.sitofp {{.*}} : i64 to f32
// CHECK: } else {
// CHECK: arith.xori
// CHECK-NOT: math.sin
// CHECK: return
func.func @sin(%x: f32) -> f32 {
  %y = math.sin %x : f32
  return %y : f32
}

// -----

// Vectors stay vectors; the slow path runs when any element needs it.
// CHECK-LABEL: func.func @cos_vector
// CHECK-NOT: math.cos
// CHECK: vector.reduction <or>, {{.*}} : vector<4xi1> into i1
// CHECK: scf.if {{.*}} -> (vector<4xf32>, vector<4xf32>, vector<4xi32>)
// CHECK-NOT: math.cos
// CHECK: return {{.*}} : vector<4xf32>
func.func @cos_vector(%x: vector<4xf32>) -> vector<4xf32> {
  %y = math.cos %x : vector<4xf32>
  return %y : vector<4xf32>
}

// -----

// tanh: no branch, its own exponential, one division, the sign of x.
// CHECK-LABEL: func.func @tanh
// CHECK-NOT: math.tanh
// CHECK-NOT: math.exp
// CHECK-NOT: scf.if
// CHECK: arith.divf
// CHECK: math.copysign
// CHECK-NEXT: return
func.func @tanh(%x: f32) -> f32 {
  %y = math.tanh %x : f32
  return %y : f32
}

// -----

// f16 is computed in f32 by the same expansions; tan goes through them too.
// CHECK-LABEL: func.func @sin_f16_tan
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: scf.if
// CHECK: arith.truncf {{.*}} : f32 to f16
// CHECK-NOT: math.sin
// CHECK-NOT: math.cos
// CHECK-NOT: math.tan
// CHECK: return
func.func @sin_f16_tan(%x: f16, %t: f32) -> (f16, f32) {
  %y = math.sin %x : f16
  %z = math.tan %t : f32
  return %y, %z : f16, f32
}

