// RUN: tessel-opt %s --split-input-file --convert-math-to-nvvm-intrinsics | FileCheck %s

// CHECK-LABEL: func.func @exp2
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%{{.*}}) : (f32) -> f32
// CHECK-NOT: math.exp2
func.func @exp2(%x: f32) -> f32 {
  %y = math.exp2 %x : f32
  return %y : f32
}

// -----

// exp is a polynomial (ex2.approx after scaling is off by several ulp).
// CHECK-LABEL: func.func @exp
// CHECK-NOT: llvm.call_intrinsic
// CHECK-NOT: math.exp
// CHECK: math.fma
func.func @exp(%x: f32) -> f32 {
  %y = math.exp %x : f32
  return %y : f32
}

// -----

// Vectors are computed element by element.
// CHECK-LABEL: func.func @exp2_vector
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
// CHECK: vector.from_elements {{.*}} : vector<2xf32>
func.func @exp2_vector(%x: vector<2xf32>) -> vector<2xf32> {
  %y = math.exp2 %x : vector<2xf32>
  return %y : vector<2xf32>
}

// -----

// tanh and erf become polynomials.
// CHECK-LABEL: func.func @tanh_erf
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: return
func.func @tanh_erf(%x: f32) -> f32 {
  %t = math.tanh %x : f32
  %e = math.erf %t : f32
  return %e : f32
}

// -----

// sqrt is left for convert-math-to-llvm (sqrt.rn in PTX).
// CHECK-LABEL: func.func @sqrt
// CHECK: math.sqrt
func.func @sqrt(%x: f32) -> f32 {
  %y = math.sqrt %x : f32
  return %y : f32
}

// -----

// f16 math is computed in f32 and rounded back.
// CHECK-LABEL: func.func @exp2_f16
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
// CHECK: arith.truncf {{.*}} : f32 to f16
func.func @exp2_f16(%x: f16) -> f16 {
  %y = math.exp2 %x : f16
  return %y : f16
}
