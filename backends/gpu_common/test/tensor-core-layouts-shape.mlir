// RUN: tessel-opt %s --tilegpu-assign-layouts="tensor-cores=1 warp-size=16 matrix-m=8 matrix-n=8 matrix-k=8 matrix-acc-elements-n=2 matrix-acc-lanes-n=4" | FileCheck %s
// RUN: tessel-opt %s --tilegpu-assign-layouts="tensor-cores=1 warp-size=64 matrix-m=32 matrix-n=32 matrix-k=8 matrix-acc-elements-m=4 matrix-acc-elements-n=1 matrix-acc-lanes-n=32" | FileCheck %s --check-prefix=WAVE64

// The accumulator layout follows the instruction shape and the warp size a
// target's description gives: for an 8x8x8 instruction on 16-lane
// sub-groups, 4 x 4 lanes holding 1 x 2 elements; for MFMA 32x32x8 on
// 64-lane waves, 2 x 32 lanes holding 4 x 1 (lane l: column l % 32, rows
// 4 * (l / 32) to +3 of every 8).
// CHECK-LABEL: func.func @dot
// CHECK: tile.dot {{.*}} -> tensor<64x64xf32, #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [4, 4], warpsPerCTA = [2, 2], order = [1, 0]}>>
// WAVE64-LABEL: func.func @dot
// WAVE64: tile.dot {{.*}} -> tensor<64x64xf32, #tilegpu.blocked<{sizePerThread = [4, 1], threadsPerWarp = [2, 32], warpsPerCTA = [2, 2], order = [1, 0]}>>
func.func @dot(%pa: tensor<64x32x!tile.ptr<f16>>, %pb: tensor<32x64x!tile.ptr<f16>>,
               %pc: tensor<64x64x!tile.ptr<f32>>) {
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %a = tile.load %pa : tensor<64x32x!tile.ptr<f16>>
  %b = tile.load %pb : tensor<32x64x!tile.ptr<f16>>
  %d = tile.dot %a, %b, %zero : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  tile.store %pc, %d : tensor<64x64x!tile.ptr<f32>>
  return
}
