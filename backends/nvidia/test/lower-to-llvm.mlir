// RUN: tessel-opt %s --tile-nvidia-lower-to-llvm | FileCheck %s
// RUN: tessel-opt %s --tile-nvidia-lower-to-llvm=num-warps=8 | FileCheck %s --check-prefix=W8

// The whole pipeline: an llvm.func kernel with NVVM attributes, exp2 through
// ex2.approx, no tile/tensor/vector/scf op left.
// CHECK-LABEL: llvm.func @exp_kernel
// CHECK-SAME: nvvm.kernel
// CHECK-SAME: nvvm.maxntid = array<i32: 128, 1, 1>
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"
// CHECK-NOT: tile.
// CHECK-NOT: scf.
// CHECK-NOT: vector.
// CHECK-NOT: math.exp2
// W8: nvvm.maxntid = array<i32: 256, 1, 1>
func.func @exp_kernel(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %pid = tile.program_id x
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %r = tile.make_range 0 to 256 : tensor<256xi32>
  %s = tile.splat %start : i32 -> tensor<256xi32>
  %offs = arith.addi %s, %r : tensor<256xi32>
  %ib = tile.splat %in : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %ip = tile.addptr %ib, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %x = tile.load %ip : tensor<256x!tile.ptr<f32>>
  %y = math.exp2 %x : tensor<256xf32>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %op, %y : tensor<256x!tile.ptr<f32>>
  return
}
