// RUN: tessel-opt %s --convert-math-to-nvvm-intrinsics | FileCheck %s

// f64 transcendental functions, and the f32 ones whose in-line code misses
// the suite's accuracy, become calls to libdevice, declared once each.
// CHECK-DAG: llvm.func @__nv_exp(f64) -> f64
// CHECK-DAG: llvm.func @__nv_atan2f(f32, f32) -> f32
// CHECK-DAG: llvm.func @__nv_cos(f64) -> f64
// CHECK-NOT: llvm.func @__nv_expf

// CHECK-LABEL: func.func private @f64_functions
func.func private @f64_functions(%x: f64) -> f64 {
  // CHECK: %[[E:.*]] = llvm.call @__nv_exp(%{{.*}}) : (f64) -> f64
  %e = math.exp %x : f64
  // CHECK: llvm.call @__nv_exp(%[[E]]) : (f64) -> f64
  %y = math.exp %e : f64
  return %y : f64
}

// Two operands, on f32.
// CHECK-LABEL: func.func private @atan2_f32
func.func private @atan2_f32(%y: f32, %x: f32) -> f32 {
  // CHECK: llvm.call @__nv_atan2f(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
  %a = math.atan2 %y, %x : f32
  return %a : f32
}

// A vector: one call a lane.
// CHECK-LABEL: func.func private @cos_vector
func.func private @cos_vector(%x: vector<2xf64>) -> vector<2xf64> {
  // CHECK: vector.extract %{{.*}}[0]
  // CHECK: llvm.call @__nv_cos
  // CHECK: vector.extract %{{.*}}[1]
  // CHECK: llvm.call @__nv_cos
  // CHECK: vector.from_elements
  %c = math.cos %x : vector<2xf64>
  return %c : vector<2xf64>
}

// f32 exp keeps its in-line polynomial.
// CHECK-LABEL: func.func private @exp_f32
func.func private @exp_f32(%x: f32) -> f32 {
  // CHECK-NOT: llvm.call
  %e = math.exp %x : f32
  return %e : f32
}
