// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads="async-copy=1 warp-group-max-n=256 num-stages=3" --tilegpu-assign-layouts="tensor-cores=1 warp-group-max-n=256 staged-run-bytes=16" | FileCheck %s --check-prefix=STAGE
// RUN: tessel-opt %s --split-input-file --tilegpu-pipeline-loads="async-copy=1 warp-group-max-n=256 num-stages=3" --tilegpu-assign-layouts="tensor-cores=1 warp-group-max-n=256 staged-run-bytes=16" --convert-tile-to-nvvm=warp-group-mma=1 | FileCheck %s
// RUN: tessel-nvidia-compile %s --arch=sm_90a --emit=cubin -o %t.sm90a
// RUN: tessel-nvidia-compile %s --arch=sm_80 --emit=cubin -o %t.sm80

// A warp-group dot whose A is loaded once, before the loop (Q in
// attention), and whose B is copied in the loop: the stages hold only B
// (bOffset 0, aSeparate), 8 KiB each instead of 16, and A goes to a region
// of its own.
// STAGE-LABEL: func.func @invariant_a
// STAGE: tile.load {{.*}}operand = 1, ahead = 0, staging = <aStride = 64, bStride = 64, bOffset = 0, stageBytes = 8192, buffers = 4, aSwizzle = 128, bSwizzle = 128, aRowWarps = 4, aSeparate = 1>, prologue = true>

// A is stored there once, before the loop, between two barriers, with the
// proxy fence for the warp-group instruction; in the loop, only B's copies
// are waited for: no store from registers and no fence.
// CHECK-LABEL: func.func @invariant_a
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : vector<8xf16>, !llvm.ptr<3>
// CHECK: nvvm.fence.proxy
// CHECK-NEXT: nvvm.barrier0
// CHECK: scf.for
// CHECK-NOT: llvm.store {{.*}} !llvm.ptr<3>
// CHECK-NOT: nvvm.fence.proxy
// CHECK: nvvm.wgmma.mma_async
// CHECK: scf.yield
func.func @invariant_a(%pa: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                       %pb: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                       %pc: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %db = arith.constant dense<4096> : tensor<64x64xi32>
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rows = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rowo = arith.muli %rows, %c64 : tensor<64x1xi32>
  %rowb = tile.broadcast %rowo : tensor<64x1xi32> -> tensor<64x64xi32>
  %cols = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %colb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rowb, %colb : tensor<64x64xi32>
  %abase = tile.splat %pa : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %aptrs = tile.addptr %abase, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %a = tile.load %aptrs : tensor<64x64x!tile.ptr<f16>>
  %bbase = tile.splat %pb : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %pb0 = tile.addptr %bbase, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%b_ptrs = %pb0, %acc = %zero)
      -> (tensor<64x64x!tile.ptr<f16>>, tensor<64x64xf32>) : i32 {
    %b = tile.load %b_ptrs : tensor<64x64x!tile.ptr<f16>>
    %d = tile.dot %a, %b, %acc : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %nb = tile.addptr %b_ptrs, %db : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
    scf.yield %nb, %d : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xf32>
  }
  %cbase = tile.splat %pc : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %cptrs = tile.addptr %cbase, %off : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cptrs, %r#1 : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// A load that feeds the dot and another op stays in registers (it is not
// copied, and its first user is not the dot); the staging choice looks
// only at copied operands' dots. Both operands in registers: mma.sync.
// STAGE-LABEL: func.func @shared_load
// STAGE-NOT: tilegpu.async_copy
// STAGE: tile.dot
// CHECK-LABEL: func.func @shared_load
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.mma.sync
func.func @shared_load(%pa: tensor<64x64x!tile.ptr<f16>>, %pb: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                       %pc: tensor<64x64x!tile.ptr<f16>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %db = arith.constant dense<4096> : tensor<64x64xi32>
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rows = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rowo = arith.muli %rows, %c64 : tensor<64x1xi32>
  %rowb = tile.broadcast %rowo : tensor<64x1xi32> -> tensor<64x64xi32>
  %cols = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %colb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rowb, %colb : tensor<64x64xi32>
  %bbase = tile.splat %pb : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %pb0 = tile.addptr %bbase, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %a = tile.load %pa : tensor<64x64x!tile.ptr<f16>>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%b_ptrs = %pb0, %acc = %zero, %s = %a)
      -> (tensor<64x64x!tile.ptr<f16>>, tensor<64x64xf32>, tensor<64x64xf16>) : i32 {
    %b = tile.load %b_ptrs : tensor<64x64x!tile.ptr<f16>>
    %d = tile.dot %a, %b, %acc : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %s2 = arith.addf %s, %b : tensor<64x64xf16>
    %nb = tile.addptr %b_ptrs, %db : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
    scf.yield %nb, %d, %s2 : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xf32>, tensor<64x64xf16>
  }
  %h = arith.truncf %r#1 : tensor<64x64xf32> to tensor<64x64xf16>
  %t = arith.addf %h, %r#2 : tensor<64x64xf16>
  tile.store %pc, %t : tensor<64x64x!tile.ptr<f16>>
  return
}
