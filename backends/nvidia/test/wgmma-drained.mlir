// RUN: tessel-opt %s --tilegpu-pipeline-loads="async-copy=1 warp-group-max-n=256 num-stages=3" | FileCheck %s --check-prefix=STAGE
// RUN: tessel-opt %s --tilegpu-pipeline-loads="async-copy=1 warp-group-max-n=256 num-stages=3" --tilegpu-assign-layouts="tensor-cores=1 warp-group-max-n=256 staged-run-bytes=16" --convert-tile-to-nvvm=warp-group-mma=1 | FileCheck %s
// RUN: tessel-nvidia-compile %s --arch=sm_90a --emit=cubin -o %t.sm90a

// Attention's loop in short: the scores' dot S = Q K^T, P = f16(S), and
// acc = P V + acc * 0.5 carried. The second dot's result only feeds the
// next iteration, whose scores' dot (which P depends on) waits for all
// instructions before P exists: that dot stays in flight ("drained"),
// with the copies still first in the body, and its carried accumulator
// waits (tilegpu.wait_dot) right before its first use there and after the
// loop. The scores' dot is not in flight.
// STAGE-LABEL: func.func @drained
// STAGE: scf.for
// STAGE: tile.dot {{.*}}#tilegpu.staged_dot<dot = 0, {{.*}}groups = 2, copiesFirst = true>
// STAGE: %[[W:.*]] = tilegpu.wait_dot %{{.*}} : tensor<64x64xf32>
// STAGE-NEXT: arith.mulf %[[W]]
// STAGE: tile.dot {{.*}}#tilegpu.staged_dot<dot = 1, {{.*}}inFlight = true, groups = 2, copiesFirst = true, drained = true>
// STAGE: scf.yield
// STAGE: tilegpu.wait_dot

// In the loop: the scores' dot waits for everything (wait_group 0), the
// carried accumulator passes through a wait of its own, and the second dot,
// its A (P) read from registers, leaves its group pending at the end of the
// body (wait_group 1); the loop's result waits after it.
// CHECK-LABEL: func.func @drained
// CHECK: scf.for
// CHECK: nvvm.wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: "wgmma.wait_group.sync.aligned 0;"
// CHECK: "wgmma.wait_group.sync.aligned 0;"
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}{$64, $65, $66, $67}
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK: "wgmma.wait_group.sync.aligned 1;"
// CHECK-NOT: wgmma.wait_group
// CHECK: scf.yield
// CHECK: "wgmma.wait_group.sync.aligned 0;"
func.func @drained(%pq: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                   %pk: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                   %pv: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                   %po: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %half = arith.constant dense<0.5> : tensor<64x64xf32>
  %step = arith.constant dense<4096> : tensor<64x64xi32>
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64x1xi32>
  %rows = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %rowo = arith.muli %rows, %c64 : tensor<64x1xi32>
  %rowb = tile.broadcast %rowo : tensor<64x1xi32> -> tensor<64x64xi32>
  %cols = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %colb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  %off = arith.addi %rowb, %colb : tensor<64x64xi32>
  %qbase = tile.splat %pq : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %qptrs = tile.addptr %qbase, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %q = tile.load %qptrs : tensor<64x64x!tile.ptr<f16>>
  %kbase = tile.splat %pk : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %pk0 = tile.addptr %kbase, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %vbase = tile.splat %pv : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
  %pv0 = tile.addptr %vbase, %off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%k_ptrs = %pk0, %v_ptrs = %pv0, %acc = %zero)
      -> (tensor<64x64x!tile.ptr<f16>>, tensor<64x64x!tile.ptr<f16>>, tensor<64x64xf32>) : i32 {
    %k = tile.load %k_ptrs : tensor<64x64x!tile.ptr<f16>>
    %s = tile.dot %q, %k, %zero : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %p = arith.truncf %s : tensor<64x64xf32> to tensor<64x64xf16>
    %v = tile.load %v_ptrs : tensor<64x64x!tile.ptr<f16>>
    %scaled = arith.mulf %acc, %half : tensor<64x64xf32>
    %d = tile.dot %p, %v, %scaled : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %nk = tile.addptr %k_ptrs, %step : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
    %nv = tile.addptr %v_ptrs, %step : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
    scf.yield %nk, %nv, %d : tensor<64x64x!tile.ptr<f16>>, tensor<64x64x!tile.ptr<f16>>, tensor<64x64xf32>
  }
  %obase = tile.splat %po : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %optrs = tile.addptr %obase, %off : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %optrs, %r#2 : tensor<64x64x!tile.ptr<f32>>
  return
}
