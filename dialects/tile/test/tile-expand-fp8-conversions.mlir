// RUN: tessel-opt %s --split-input-file --tile-expand-fp8-conversions | FileCheck %s

// Decoding: the bits as i32, the normal value re-biased in place, the
// subnormal value as mantissa * 2^-9 (f8E4M3FN), NaN for S.1111.111.
// CHECK-LABEL: func.func @extf_e4m3
// CHECK-NOT: arith.extf
// CHECK: %[[B:.*]] = arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK: arith.extui %[[B]] : i8 to i32
// CHECK: arith.constant 0.001953125 : f32
// CHECK: arith.cmpi ult, %{{.*}}, %c8_i32
// CHECK: arith.cmpi eq, %{{.*}}, %c127_i32
// CHECK: arith.select %{{.*}}, %c2143289344_i32
// CHECK: arith.bitcast %{{.*}} : i32 to f32
// CHECK-NOT: arith.extf
func.func @extf_e4m3(%x: f8E4M3FN) -> f32 {
  %y = arith.extf %x : f8E4M3FN to f32
  return %y : f32
}

// -----

// f8E5M2 has infinities; the f32 value is extended exactly to f64.
// CHECK-LABEL: func.func @extf_e5m2_vector
// CHECK: arith.bitcast %{{.*}} : vector<8xf8E5M2> to vector<8xi8>
// CHECK: arith.constant dense<1.52587891E-5> : vector<8xf32>
// CHECK: arith.constant dense<2139095040> : vector<8xi32>
// CHECK: %[[F:.*]] = arith.bitcast %{{.*}} : vector<8xi32> to vector<8xf32>
// CHECK: arith.extf %[[F]] : vector<8xf32> to vector<8xf64>
func.func @extf_e5m2_vector(%x: vector<8xf8E5M2>) -> vector<8xf64> {
  %y = arith.extf %x : vector<8xf8E5M2> to vector<8xf64>
  return %y : vector<8xf64>
}

// -----

// Encoding rounds half to even and clamps to the NaN code (f8E4M3FN has
// no infinity).
// CHECK-LABEL: func.func @truncf_e4m3
// CHECK-NOT: arith.truncf
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.cmpi ult, %{{.*}}, %c121_i32
// CHECK: arith.minui %{{.*}}, %c25_i32
// CHECK: arith.cmpi eq
// CHECK: arith.cmpi ugt
// CHECK: arith.minui %{{.*}}, %c127_i32 : i32
// CHECK: arith.cmpi ugt, %{{.*}}, %c2139095040_i32
// CHECK: arith.trunci %{{.*}} : i32 to i8
// CHECK: arith.bitcast %{{.*}} : i8 to f8E4M3FN
func.func @truncf_e4m3(%x: f32) -> f8E4M3FN {
  %y = arith.truncf %x : f32 to f8E4M3FN
  return %y : f8E4M3FN
}

// -----

// Toward zero: no rounding increment; overflow saturates to the largest
// finite code (0x7B), infinity stays infinity (0x7C).
// CHECK-LABEL: func.func @truncf_e5m2_rtz
// CHECK: arith.cmpi ult, %{{.*}}, %c113_i32
// CHECK-NOT: arith.cmpi ugt, %{{.*}}, %{{[0-9]+}} : i32
// CHECK: arith.minui %{{.*}}, %c123_i32
// CHECK: arith.cmpi eq, %{{.*}}, %c2139095040_i32
// CHECK: arith.select %{{.*}}, %c124_i32
// CHECK: arith.bitcast %{{.*}} : i8 to f8E5M2
func.func @truncf_e5m2_rtz(%x: f32) -> f8E5M2 {
  %y = arith.truncf %x toward_zero : f32 to f8E5M2
  return %y : f8E5M2
}

// -----

// f16 is extended to f32 first (exactly); f64 is encoded from its own bits,
// since going through f32 would round twice.
// CHECK-LABEL: func.func @truncf_sources
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK: arith.cmpi ult, %{{.*}}, %c1017_i64
// CHECK: arith.trunci %{{.*}} : i64 to i8
func.func @truncf_sources(%h: f16, %d: f64) -> (f8E5M2, f8E4M3FN) {
  %a = arith.truncf %h : f16 to f8E5M2
  %b = arith.truncf %d : f64 to f8E4M3FN
  return %a, %b : f8E5M2, f8E4M3FN
}

// -----

// Other conversions are left alone.
// CHECK-LABEL: func.func @others
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @others(%h: f16) -> bf16 {
  %a = arith.extf %h : f16 to f32
  %b = arith.truncf %a : f32 to bf16
  return %b : bf16
}
