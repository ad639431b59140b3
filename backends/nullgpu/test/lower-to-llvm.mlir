// RUN: tessel-opt %s --tile-nullgpu-lower-to-llvm=num-warps=2 | FileCheck %s

// The null GPU's special registers are calls of its runtime functions, and
// a kernel of 2 sub-groups of 16 lanes is marked with 32 threads.
// CHECK-DAG: llvm.func @nullgpu_thread_id() -> i32
// CHECK-DAG: llvm.func @nullgpu_block_id(i32) -> i32
// CHECK-LABEL: llvm.func @add
// CHECK-SAME: nullgpu.threads_per_block = 32 : i32
// CHECK: llvm.call @nullgpu_block_id
// CHECK: llvm.call @nullgpu_thread_id
// CHECK-NOT: tile.
func.func @add(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
               %y: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c64 = arith.constant 64 : i32
  %pid = tile.program_id x
  %start = arith.muli %pid, %c64 : i32
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %s = tile.splat %start : i32 -> tensor<64xi32>
  %offs = arith.addi %s, %r : tensor<64xi32>
  %nt = tile.splat %n : i32 -> tensor<64xi32>
  %mask = arith.cmpi slt, %offs, %nt : tensor<64xi32>
  %px = tile.splat %x : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %ptrx = tile.addptr %px, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %py = tile.splat %y : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %ptry = tile.addptr %py, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %vx = tile.load %ptrx, %mask : tensor<64x!tile.ptr<f32>>
  tile.store %ptry, %vx, %mask : tensor<64x!tile.ptr<f32>>
  return
}
