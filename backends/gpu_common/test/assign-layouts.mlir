// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts | FileCheck %s
// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts=num-warps=8 | FileCheck %s --check-prefix=W8

// 16-byte aligned base and offsets contiguous in runs of 1024 from a
// multiple of 1024, under a mask uniform in blocks of 16: 4 x f32 per access.
// CHECK: module attributes {tilegpu.num_warps = 4 : i32, tilegpu.warp_size = 32 : i32}
// CHECK-LABEL: func.func @aligned
// CHECK: tile.make_range {{.*}}tilegpu.layouts = [#tilegpu.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>]
// CHECK: tile.load {{.*}}tilegpu.vector_width = 4 : i32
// CHECK: tile.store {{.*}}tilegpu.vector_width = 4 : i32
// W8: tile.make_range {{.*}}warpsPerCTA = [8]
func.func @aligned(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) {
  %c1024 = arith.constant 1024 : i32
  %pid = tile.program_id x
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %s = tile.splat %start : i32 -> tensor<1024xi32>
  %offs = arith.addi %s, %r : tensor<1024xi32>
  %nt = tile.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %offs, %nt : tensor<1024xi32>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %offs : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %ptrs, %mask : tensor<1024x!tile.ptr<f32>>
  tile.store %ptrs, %x, %mask : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// Nothing known about the alignment of %p or the bound %n: one element per
// access.
// CHECK-LABEL: func.func @unaligned
// CHECK: tile.load {{.*}}tilegpu.vector_width = 1 : i32
func.func @unaligned(%p: !tile.ptr<f32>, %n: i32) {
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %nt = tile.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %r, %nt : tensor<1024xi32>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %ptrs, %mask : tensor<1024x!tile.ptr<f32>>
  tile.store %ptrs, %x : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// 2-D: rows of 32 f16 with a row stride divisible by 16 elements; the
// accesses are 4 x f16 (each thread's run along the row).
// CHECK-LABEL: func.func @rows
// CHECK: tile.broadcast {{.*}}tilegpu.layouts = [#tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>]
// CHECK: tile.load {{.*}}tilegpu.vector_width = 4 : i32
func.func @rows(%p: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %stride: i32 {tile.divisibility = 16 : i32}) {
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %r32 = tile.make_range 0 to 32 : tensor<32xi32>
  %rows = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %st = tile.splat %stride : i32 -> tensor<64x1xi32>
  %roff = arith.muli %rows, %st : tensor<64x1xi32>
  %roffb = tile.broadcast %roff : tensor<64x1xi32> -> tensor<64x32xi32>
  %cols = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %colsb = tile.broadcast %cols : tensor<1x32xi32> -> tensor<64x32xi32>
  %off = arith.addi %roffb, %colsb : tensor<64x32xi32>
  %base = tile.splat %p : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
  %ptrs = tile.addptr %base, %off : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %x = tile.load %ptrs : tensor<64x32x!tile.ptr<f16>>
  tile.store %ptrs, %x : tensor<64x32x!tile.ptr<f16>>
  return
}
