// RUN: tessel-opt %s --tilegpu-pipeline-loads=async-copy=1 --tilegpu-assign-layouts=tensor-cores=1 --convert-tile-to-nvvm | FileCheck %s
// RUN: tessel-opt %s --tilegpu-pipeline-loads=num-stages=1 --tilegpu-assign-layouts=tensor-cores=1 --convert-tile-to-nvvm | FileCheck %s --check-prefix=REGS
// RUN: tessel-opt %s --tilegpu-pipeline-loads=async-copy=1 --tilegpu-assign-layouts=tensor-cores=1 --convert-tile-to-nvvm=matrix-loads=0 | FileCheck %s --check-prefix=FRAG

// Without ldmatrix, the shared fragment path: each lane reads its 8 A and
// 4 B elements of every instruction from shared memory (f16 loads from
// address space 3) in the fragments' register order, pairs them into
// 32-bit registers, and the same 2x4 mma per 16-deep step are issued.
// FRAG-LABEL: func.func @gemm
// FRAG: scf.for
// FRAG-NOT: nvvm.ldmatrix
// FRAG-COUNT-8: llvm.load {{.*}} : !llvm.ptr<3> -> f16
// FRAG: nvvm.mma.sync
// FRAG-COUNT-15: nvvm.mma.sync
// FRAG-NOT: nvvm.mma.sync
// FRAG-NOT: nvvm.ldmatrix

// A 64x64x32 f16 GEMM loop on tensor cores, 4 warps of 32x32.
// Pipelined over two stages: the first iteration's operands are copied
// before the loop (after a barrier); each iteration first copies the next
// iteration's operands (into the third buffer: a slower warp may still
// read the one before; mma.sync leaves nothing in flight, so they need not
// wait for the dot), then waits for its own copies (all but the two groups
// just issued), passes one barrier, loads fragments (2 A groups, 2 B groups
// per 16-deep step) and issues 2x4 mma per step. No copy runs past the
// loop.
// CHECK-LABEL: func.func @gemm
// CHECK: nvvm.barrier0
// CHECK: nvvm.cp.async.shared.global {{.*}}, 8, cache = {{ *}}ca
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.commit.group
// CHECK: scf.for
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.cp.async.wait.group 2
// CHECK: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.ldmatrix {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK: nvvm.ldmatrix {{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}
// CHECK-COUNT-8: nvvm.mma.sync
// CHECK-NOT: nvvm.barrier0
// CHECK-NOT: nvvm.cp.async
// CHECK: scf.yield
// CHECK: nvvm.cp.async.wait.group 0
//
// Without pipelining, each iteration stores its registers into one of two
// buffers and passes one barrier; no asynchronous copies.
// REGS-LABEL: func.func @gemm
// REGS-NOT: nvvm.cp.async
// REGS: scf.for
// REGS: llvm.store {{.*}} vector<4xf16>, !llvm.ptr<3>
// REGS: nvvm.barrier0
// REGS-NOT: nvvm.barrier0
// REGS: nvvm.mma.sync
// REGS: scf.yield
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
