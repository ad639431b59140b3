// RUN: tessel-nvidia-compile %s --arch=sm_100a | FileCheck %s
// RUN: tessel-nvidia-compile %s --arch=sm_100a --emit=cubin -o %t.sm100a
// RUN: tessel-nvidia-compile %S/budget/gemm_fp8_kmajor_128x256x128.mlir --arch=sm_100a --fp8-fast-accumulation --num-warps=8 | FileCheck %s --check-prefix=FP8
// RUN: tessel-nvidia-compile %S/budget/gemm_fp8_kmajor_128x256x128.mlir --arch=sm_100a --fp8-fast-accumulation --num-warps=8 --emit=cubin -o %t.fp8
// RUN: tessel-opt %s --tilegpu-pipeline-loads="async-copy=1 warp-group-max-n=256 num-stages=3" --tilegpu-assign-layouts="tensor-cores=1 warp-group-max-n=256 staged-run-bytes=16" --convert-tile-to-nvvm="warp-group-mma=1 tensor-memory-mma=1" | FileCheck %s --check-prefix=NVVM

// The GEMM loop of wgmma-dot.mlir on sm_100a: the same staging and
// accumulator layout (64-row slices, four warps along M), its dot on
// tcgen05 with D in tensor memory (Tcgen05MatrixHooks.h); the cubin is
// assembled by ptxas for sm_100a.
//
// Warp 0 allocates the block's 64 columns (one per element of a row of the
// one 64-row slice; a power of two from 32) and gives up the right to
// allocate more; thread 0 arms the barrier for the 128 threads and the
// commit; a barrier between tensor-memory fences publishes the address.
// With fp8 fast accumulation an e4m3 GEMM (128x256x128, 8 warps, B staged
// K-major) takes kind::f8f6f4, 32-deep steps: instruction descriptor
// 1<<4 | (256>>3)<<17 | (64>>4)<<24 = 71303184 (E4M3 is 0 in both type
// fields, B not transposed); ptxas assembles it.
// FP8: mov.b32 [[FP8DESC:%r[0-9]+]], 71303184;
// FP8: tcgen05.mma.cta_group::1.kind::f8f6f4 [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, [[FP8DESC]], acc;
// FP8-NOT: wgmma
//
// CHECK-LABEL: .entry gemm(
// CHECK: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r{{[0-9]+}}], 64;
// CHECK-NEXT: tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
// CHECK: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 129;
// CHECK: tcgen05.fence::before_thread_sync;
// CHECK: bar.sync
// CHECK: tcgen05.fence::after_thread_sync;
// In the loop (in program order: NVVM below; LLVM rotates the loop) the
// accumulator, which the loop carries, goes to tensor memory, 16 rows of
// each warp as one .16x256b store of its 32 registers; thread 0 issues one
// 64x64x16 kind::f16 instruction per 16-deep step, f32 D, f16 A and B, B
// N-major (instruction descriptor 1<<4 | 1<<16 | (64>>3)<<17 | (64>>4)<<24
// = 68222992), and commits them to the barrier; every thread arrives,
// waits for the phase and loads its rows back, the load's wait in the same
// statement. Before the return, a barrier, then warp 0 frees the columns.
// CHECK: mbarrier.arrive.shared::cta.b64 [[TOKEN:%rd[0-9]+]], {{\[}}[[BAR:%r[0-9]+]]];
// CHECK: mbarrier.try_wait.shared::cta.b64 done, {{\[}}[[BAR]]], [[TOKEN]];
// CHECK: tcgen05.ld.sync.aligned.16x256b.x8.b32 {
// CHECK: tcgen05.wait::ld.sync.aligned;
// CHECK: tcgen05.st.sync.aligned.16x256b.x8.b32 [%r{{[0-9]+}}], {
// CHECK: tcgen05.wait::st.sync.aligned;
// CHECK: mov.b32 [[IDESC:%r[0-9]+]], 68222992;
// CHECK: tcgen05.mma.cta_group::1.kind::f16 [%r{{[0-9]+}}], %rd{{[0-9]+}}, %rd{{[0-9]+}}, [[IDESC]], acc;
// CHECK: tcgen05.mma.cta_group::1.kind::f16
// CHECK-NOT: tcgen05.mma
// CHECK: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r{{[0-9]+}}];
// CHECK: bar.sync
// CHECK: tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r{{[0-9]+}}, 64;
// CHECK-NOT: wgmma
// CHECK-NOT: mma.sync
//
// The descriptors' constant bits: A swizzled by 64 bytes (its 32-half
// rows: 4 << 61), 8-row groups 512 bytes apart (32 << 32), leading offset
// 16 bytes (1 << 16); B swizzled by 128 (2 << 61), N-major, 8-k groups
// 1024 bytes apart (64 << 32), 128-byte column blocks 32 rows of K apart
// (4096 bytes: 256 << 16); both with the fixed 1 << 46. The first
// instruction accumulates too: the loop carries D.
// NVVM-LABEL: func.func @gemm
// NVVM: tcgen05.alloc
// NVVM: "mbarrier.init.shared::cta.b64 [$0], 129;"
// NVVM: scf.for
// NVVM: tcgen05.st.sync.aligned.16x256b.x8.b32
// NVVM-NEXT: tcgen05.wait::st.sync.aligned
// NVVM-NEXT: tcgen05.fence::before_thread_sync
// NVVM-NEXT: nvvm.barrier0
// NVVM: scf.if
// NVVM-NEXT: tcgen05.fence::after_thread_sync
// NVVM: arith.constant true
// NVVM: llvm.mlir.constant(-9223301530671579136 : i64)
// NVVM: llvm.mlir.constant(4611756662066249728 : i64)
// NVVM: llvm.mlir.constant(68222992 : i32)
// NVVM: tcgen05.mma.cta_group::1.kind::f16
// NVVM: tcgen05.mma.cta_group::1.kind::f16
// NVVM-NEXT: tcgen05.commit
// NVVM: mbarrier.arrive.shared::cta.b64 $0, [$1];
// NVVM-NEXT: mbarrier.try_wait.shared::cta.b64
// NVVM-NEXT: tcgen05.fence::after_thread_sync
// NVVM: tcgen05.ld.sync.aligned.16x256b.x8.b32
// NVVM: tcgen05.fence::before_thread_sync
// NVVM: scf.yield
// NVVM: tcgen05.fence::before_thread_sync
// NVVM-NEXT: nvvm.barrier0
// NVVM: tcgen05.dealloc
// NVVM-NEXT: }
// NVVM-NEXT: return
func.func @gemm(%pa: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                %pb: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                %pc: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = arith.constant dense<32> : tensor<64x32xi32>
  %db = arith.constant dense<2048> : tensor<32x64xi32>
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %r32 = tile.make_range 0 to 32 : tensor<32xi32>
  // A: 64 rows of 32 (row stride 32); B: 32 rows of 64 (row stride 64).
  %c32 = arith.constant dense<32> : tensor<64x1xi32>
  %am = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %amo = arith.muli %am, %c32 : tensor<64x1xi32>
  %amb = tile.broadcast %amo : tensor<64x1xi32> -> tensor<64x32xi32>
  %ak = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %akb = tile.broadcast %ak : tensor<1x32xi32> -> tensor<64x32xi32>
  %aoff = arith.addi %amb, %akb : tensor<64x32xi32>
  %abase = tile.splat %pa : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
  %pa0 = tile.addptr %abase, %aoff : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %bk = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bko = arith.muli %bk, %c64 : tensor<32x1xi32>
  %bkb = tile.broadcast %bko : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bnb = tile.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
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
