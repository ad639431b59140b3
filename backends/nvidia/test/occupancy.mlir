// RUN: tessel-nvidia-compile %s --num-warps=16 | FileCheck %s --check-prefix=W16
// RUN: tessel-nvidia-compile %s --num-warps=8 | FileCheck %s --check-prefix=W8
// RUN: tessel-nvidia-compile %s --num-warps=32 | FileCheck %s --check-prefix=W32
// RUN: tessel-nvidia-compile %s --num-warps=16 --arch=sm_80 --emit=cubin -o %t

// Blocks of 512 threads ask ptxas for two resident blocks per SM (at most 64
// registers a thread); other block sizes leave the choice to ptxas.
// W16: .maxntid 512, 1, 1
// W16-NEXT: .minnctapersm 2
// W8: .maxntid 256, 1, 1
// W8-NOT: .minnctapersm
// W32: .maxntid 1024, 1, 1
// W32-NOT: .minnctapersm
func.func @rows(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %out: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %pid = tile.program_id x
  %c = arith.constant 16384 : i32
  %start = arith.muli %pid, %c : i32
  %r = tile.make_range 0 to 16384 : tensor<16384xi32>
  %s = tile.splat %start : i32 -> tensor<16384xi32>
  %offs = arith.addi %s, %r : tensor<16384xi32>
  %ib = tile.splat %in : !tile.ptr<f32> -> tensor<16384x!tile.ptr<f32>>
  %ip = tile.addptr %ib, %offs : tensor<16384x!tile.ptr<f32>>, tensor<16384xi32>
  %x = tile.load %ip : tensor<16384x!tile.ptr<f32>>
  %y = arith.addf %x, %x : tensor<16384xf32>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<16384x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<16384x!tile.ptr<f32>>, tensor<16384xi32>
  tile.store %op, %y : tensor<16384x!tile.ptr<f32>>
  return
}
