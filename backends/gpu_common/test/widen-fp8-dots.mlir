// RUN: tessel-opt %s --tilegpu-widen-fp8-dots | FileCheck %s

// fp8 dots into f32 take f16 operands: every e4m3 and e5m2 value is an f16
// value and their products are exact in f32, so the result is unchanged.
// CHECK-LABEL: func.func @e4m3
// CHECK: %[[A:.*]] = arith.extf %arg0 : tensor<64x32xf8E4M3FN> to tensor<64x32xf16>
// CHECK: %[[B:.*]] = arith.extf %arg1 : tensor<32x64xf8E4M3FN> to tensor<32x64xf16>
// CHECK: tile.dot %[[A]], %[[B]], %arg2 : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
func.func @e4m3(%a: tensor<64x32xf8E4M3FN>, %b: tensor<32x64xf8E4M3FN>,
                %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<64x32xf8E4M3FN> * tensor<32x64xf8E4M3FN> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// CHECK-LABEL: func.func @e5m2
// CHECK: arith.extf %arg0 : tensor<16x16xf8E5M2> to tensor<16x16xf16>
// CHECK: arith.extf %arg1 : tensor<16x16xf8E5M2> to tensor<16x16xf16>
// CHECK: tile.dot {{.*}} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
func.func @e5m2(%a: tensor<16x16xf8E5M2>, %b: tensor<16x16xf8E5M2>,
                %c: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %d = tile.dot %a, %b, %c : tensor<16x16xf8E5M2> * tensor<16x16xf8E5M2> -> tensor<16x16xf32>
  return %d : tensor<16x16xf32>
}

// Other dots are left alone: f16 inputs, and fp8 ones into another
// accumulator type.
// CHECK-LABEL: func.func @others
// CHECK-NOT: arith.extf
// CHECK: tile.dot %arg0, %arg1, %arg2 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
// CHECK: tile.dot %arg3, %arg4, %arg5 : tensor<16x16xf8E4M3FN> * tensor<16x16xf8E4M3FN> -> tensor<16x16xf16>
func.func @others(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>,
                  %a8: tensor<16x16xf8E4M3FN>, %b8: tensor<16x16xf8E4M3FN>,
                  %c16: tensor<16x16xf16>) -> (tensor<16x16xf32>, tensor<16x16xf16>) {
  %d = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %e = tile.dot %a8, %b8, %c16 : tensor<16x16xf8E4M3FN> * tensor<16x16xf8E4M3FN> -> tensor<16x16xf16>
  return %d, %e : tensor<16x16xf32>, tensor<16x16xf16>
}
