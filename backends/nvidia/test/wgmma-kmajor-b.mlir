// RUN: tessel-opt %s --tilegpu-pipeline-loads="async-copy=1 warp-group-max-n=256 num-stages=3" --tilegpu-assign-layouts="tensor-cores=1 warp-group-max-n=256 staged-run-bytes=16" | FileCheck %s --check-prefix=STAGE
// RUN: tessel-opt %s --tilegpu-pipeline-loads="async-copy=1 warp-group-max-n=256 num-stages=3" --tilegpu-assign-layouts="tensor-cores=1 warp-group-max-n=256 staged-run-bytes=16" --convert-tile-to-nvvm=warp-group-mma=1 | FileCheck %s
// RUN: tessel-nvidia-compile %s --arch=sm_90a | FileCheck %s --check-prefix=PTX
// RUN: tessel-nvidia-compile %s --arch=sm_90a --emit=cubin -o %t.sm90a
// RUN: tessel-nvidia-compile %s --arch=sm_80 --emit=cubin -o %t.sm80

// A 64x64x32 f16 GEMM whose B (K x N) is read transposed: element (k, n)
// at pb + 32 n + k, memory running along K, as K^T in attention. On the
// warp-group path B is staged K-major (bKMajor: N rows of 32 halves,
// swizzled by their 64 bytes), its load tiles hold runs of 8 along K
// (sizePerThread [8, 1], order [0, 1]) so that each copy moves 16 bytes,
// and the loop carries B's pointers in that layout (no conversion in the
// loop).
// STAGE-LABEL: func.func @gemm_bt
// STAGE: tile.load {{.*}}operand = 1, ahead = 0, staging = <aStride = 32, bStride = 32, bOffset = 4096, stageBytes = 8192, buffers = 4, aSwizzle = 64, bSwizzle = 64, aRowWarps = 4, bKMajor = 1>, prologue = true>, tilegpu.layouts = [#tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>]
// STAGE: scf.for {{.*}} -> (tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>, #tilegpu.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>>
// STAGE-NOT: tensor.cast
// STAGE: tile.load {{.*}}operand = 1, ahead = 2, {{.*}}tilegpu.vector_width = 8 : i32} : tensor<32x64x!tile.ptr<f16>, #tilegpu.blocked<{sizePerThread = [8, 1]
// STAGE-NOT: tensor.cast
// STAGE: scf.yield

// The copies of B are 16 bytes like A's, and each wgmma reads B K-major
// (the col layout: no transpose).
// CHECK-LABEL: func.func @gemm_bt
// CHECK: scf.for
// CHECK-COUNT-2: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 16>, D[<f32>, <one>], A[<f16>, <one>, <row>], B[<f16>, <one>, <col>]
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.cp.async.shared.global {{.*}}, 16, cache =  cg
// CHECK: nvvm.cp.async.shared.global {{.*}}, 16, cache =  cg
// CHECK-NOT: nvvm.cp.async.shared.global {{.*}}, {{2|4|8}}, cache
// CHECK: scf.yield

// PTX-LABEL: .entry gemm_bt(
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// PTX-NOT: ld.global.b16
func.func @gemm_bt(%pa: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                   %pb: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                   %pc: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = arith.constant dense<32> : tensor<64x32xi32>
  %db = arith.constant dense<32> : tensor<32x64xi32>
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %r32 = tile.make_range 0 to 32 : tensor<32xi32>
  // A: 64 rows of 32 (row stride 32).
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %am = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %amo = arith.muli %am, %c32 : tensor<64x1xi32>
  %amb = tile.broadcast %amo : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %akb = tile.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %amb, %akb : tensor<64x32xi32>
  %abase = tile.splat %pa : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
  %pa0 = tile.addptr %abase, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  // B^T: element (k, n) at 32 n + k.
  %bk = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bkb = tile.broadcast %bk : tensor<32x1xi32> -> tensor<32x64xi32>
  %c32n = arith.constant dense<32> : tensor<1x64xi32>
  %bn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bno = arith.muli %bn, %c32n : tensor<1x64xi32>
  %bnb = tile.broadcast %bno : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %bkb, %bnb : tensor<32x64xi32>
  %bbase = tile.splat %pb : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
  %pb0 = tile.addptr %bbase, %boff : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a_ptrs = %pa0, %b_ptrs = %pb0, %acc = %zero)
      -> (tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>, tensor<64x64xf32>) : i32 {
    %a = tile.load %a_ptrs : tensor<64x32x!tile.ptr<f16>>
    %b = tile.load %b_ptrs : tensor<32x64x!tile.ptr<f16>>
    %d = tile.dot %a, %b, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
    %na = tile.addptr %a_ptrs, %da : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    %nb = tile.addptr %b_ptrs, %db : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    scf.yield %na, %nb, %d : tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>, tensor<64x64xf32>
  }
  %cm = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c64b = arith.constant dense<64> : tensor<64x1xi32>
  %cmo = arith.muli %cm, %c64b : tensor<64x1xi32>
  %cmb = tile.broadcast %cmo : tensor<64x1xi32> -> tensor<64x64xi32>
  %cn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cnb = tile.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %cmb, %cnb : tensor<64x64xi32>
  %cbase = tile.splat %pc : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %cptrs = tile.addptr %cbase, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cptrs, %r#2 : tensor<64x64x!tile.ptr<f32>>
  return
}
