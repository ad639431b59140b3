// RUN: tessel-opt %s --tile-nullgpu-lower-to-llvm=num-warps=4 | FileCheck %s

// A dot on the null GPU's 8x8x8 instruction through the shared fragment
// path: 4 sub-groups of 16 lanes as 2 x 2 over the 32x32 accumulator, each
// with 2 x 2 instructions per 8-deep step, 2 steps: 8 calls per lane, each
// with its 4 A, 4 B and 4 C elements.
// CHECK-DAG: llvm.func @nullgpu_mma_m8n8k8_f16(vector<4xf16>, vector<4xf16>, vector<4xf32>) -> vector<4xf32>
// CHECK-LABEL: llvm.func @dot
// CHECK-COUNT-8: llvm.call @nullgpu_mma_m8n8k8_f16
// CHECK-NOT: llvm.call @nullgpu_mma_m8n8k8_f16
func.func @dot(%pa: tensor<32x16x!tile.ptr<f16>>, %pb: tensor<16x32x!tile.ptr<f16>>,
               %pc: tensor<32x32x!tile.ptr<f32>>) {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %a = tile.load %pa : tensor<32x16x!tile.ptr<f16>>
  %b = tile.load %pb : tensor<16x32x!tile.ptr<f16>>
  %d = tile.dot %a, %b, %zero : tensor<32x16xf16> * tensor<16x32xf16> -> tensor<32x32xf32>
  tile.store %pc, %d : tensor<32x32x!tile.ptr<f32>>
  return
}
