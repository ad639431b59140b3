// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts --convert-tile-to-nvvm | FileCheck %s
// RUN: tessel-nvidia-compile %S/budget/attn_desc_d64.mlir --num-warps=4 --num-stages=3 --emit=ptx | FileCheck %s --check-prefix=SLICED --implicit-check-not=cp.async.bulk.tensor

// The benchmark's attention with K and V through descriptors
// (budget/attn_desc_d64.mlir, printed from the tile IR bench/nvidia/kernels.py
// gives it) reads one slice of K and V each (`K + slice * stride`). Such
// descriptors are not copied by TMA by default (PipelineLoads.cpp: the
// kernel stopped with an illegal instruction at its first 3-D copy on an
// H100, the same with and without the uniform-mask branch; tma.test covers
// --sliced-tensor-copies); their tiles come by cp.async, and the loop's
// selects may branch as any loop's.
// SLICED: cp.async.cg.shared.global
// SLICED: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16

// A causal mask, rows q0 + [0, 64) against columns k0 + [0, 32), and a
// bounds mask k0 + [0, 32) < n: true everywhere when q0 >= k0 + 31 and
// k0 + 31 < n (each side's exact extremes, in i64, inside the 32-bit range
// where the elements do not wrap). The select branches on that: the
// values as they are, else the select.
// CHECK-LABEL: func.func @causal
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK: arith.constant -2147483648 : i64
// CHECK: arith.constant 2147483647 : i64
// CHECK: arith.cmpi sge, %{{.*}}, %{{.*}} : i64
// CHECK: scf.if %{{.*}} -> (vector<16xf32>) {
// CHECK-NEXT: scf.yield %[[X:.*]] : vector<16xf32>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[S:.*]] = arith.select %{{.*}}, %[[X]], %{{.*}} : vector<16xi1>, vector<16xf32>
// CHECK-NEXT: scf.yield %[[S]] : vector<16xf32>
func.func @causal(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %q0: i32, %k0: i32,
                  %n: i32) {
  %rows = tile.make_range 0 to 64 : tensor<64xi32>
  %cols = tile.make_range 0 to 32 : tensor<32xi32>
  %qs = tile.splat %q0 : i32 -> tensor<64xi32>
  %q = arith.addi %qs, %rows : tensor<64xi32>
  %ks = tile.splat %k0 : i32 -> tensor<32xi32>
  %k = arith.addi %ks, %cols : tensor<32xi32>
  %ns = tile.splat %n : i32 -> tensor<32xi32>
  %inb = arith.cmpi slt, %k, %ns : tensor<32xi32>
  %q2 = tile.expand_dims %q {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %k2 = tile.expand_dims %k {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %qb = tile.broadcast %q2 : tensor<64x1xi32> -> tensor<64x32xi32>
  %kb = tile.broadcast %k2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %causal = arith.cmpi sge, %qb, %kb : tensor<64x32xi32>
  %inb2 = tile.expand_dims %inb {axis = 0 : i32} : tensor<32xi1> -> tensor<1x32xi1>
  %inbb = tile.broadcast %inb2 : tensor<1x32xi1> -> tensor<64x32xi1>
  %keep = arith.andi %inbb, %causal : tensor<64x32xi1>
  %c = tile.make_range 0 to 2048 : tensor<2048xi32>
  %idx = tile.reshape %c : tensor<2048xi32> -> tensor<64x32xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<64x32x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %idx : tensor<64x32x!tile.ptr<f32>>, tensor<64x32xi32>
  %x = tile.load %pp : tensor<64x32x!tile.ptr<f32>>
  %ninf = arith.constant dense<0xFF800000> : tensor<64x32xf32>
  %y = arith.select %keep, %x, %ninf : tensor<64x32xi1>, tensor<64x32xf32>
  tile.store %pp, %y : tensor<64x32x!tile.ptr<f32>>
  return
}

// -----

// A mask the analysis cannot bound (a loaded tile's comparison): the plain
// select, element by element.
// CHECK-LABEL: func.func @loaded_mask
// CHECK-NOT: scf.if
// CHECK: arith.select %{{.*}} : vector<8xi1>, vector<8xf32>
func.func @loaded_mask(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %t: f32) {
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %pp : tensor<1024x!tile.ptr<f32>>
  %ts = tile.splat %t : f32 -> tensor<1024xf32>
  %m = arith.cmpf olt, %x, %ts : tensor<1024xf32>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %y = arith.select %m, %x, %zero : tensor<1024xi1>, tensor<1024xf32>
  tile.store %pp, %y : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// An equality has no uniform condition here: the plain select.
// CHECK-LABEL: func.func @equality
// CHECK-NOT: scf.if
// CHECK: arith.select
func.func @equality(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %k0: i32) {
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %ks = tile.splat %k0 : i32 -> tensor<1024xi32>
  %m = arith.cmpi eq, %r, %ks : tensor<1024xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %pp : tensor<1024x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %y = arith.select %m, %x, %zero : tensor<1024xi1>, tensor<1024xf32>
  tile.store %pp, %y : tensor<1024x!tile.ptr<f32>>
  return
}
