// RUN: tessel-opt %s --tilegpu-pipeline-loads=async-copy=1 --tilegpu-assign-layouts=tensor-cores=1 --convert-tile-to-nvvm | FileCheck %s
// RUN: tessel-nvidia-compile %s --arch=sm_80 | FileCheck %s --check-prefix=PTX
// RUN: tessel-nvidia-compile %s --arch=sm_90a --emit=cubin -o %t.sm90a

// A bf16 GEMM loop on tensor cores: the same fragments as f16, packed two
// bf16 to an i32 register, multiplied by the NVVM op (not inline assembly).
// CHECK-LABEL: func.func @gemm
// CHECK: scf.for
// CHECK-COUNT-8: nvvm.mma.sync {{.*}}multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32)
// CHECK-NOT: llvm.inline_asm {{.*}}mma
// CHECK: scf.yield
//
// PTX-LABEL: .entry gemm(
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// PTX-NOT: begin inline asm
// PTX: ret;
func.func @gemm(%pa: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                %pb: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
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
  %abase = tile.splat %pa : !tile.ptr<bf16> -> tensor<64x32x!tile.ptr<bf16>>
  %pa0 = tile.addptr %abase, %aoff : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %c64 = arith.constant dense<64> : tensor<32x1xi32>
  %bk = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %bko = arith.muli %bk, %c64 : tensor<32x1xi32>
  %bkb = tile.broadcast %bko : tensor<32x1xi32> -> tensor<32x64xi32>
  %bn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bnb = tile.broadcast %bn : tensor<1x64xi32> -> tensor<32x64xi32>
  %boff = arith.addi %bkb, %bnb : tensor<32x64xi32>
  %bbase = tile.splat %pb : !tile.ptr<bf16> -> tensor<32x64x!tile.ptr<bf16>>
  %pb0 = tile.addptr %bbase, %boff : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a_ptrs = %pa0, %b_ptrs = %pb0, %acc = %zero)
      -> (tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>, tensor<64x64xf32>) : i32 {
    %a = tile.load %a_ptrs : tensor<64x32x!tile.ptr<bf16>>
    %b = tile.load %b_ptrs : tensor<32x64x!tile.ptr<bf16>>
    %d = tile.dot %a, %b, %acc : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
    %na = tile.addptr %a_ptrs, %da : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %nb = tile.addptr %b_ptrs, %db : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %na, %nb, %d : tensor<64x32x!tile.ptr<bf16>>, tensor<32x64x!tile.ptr<bf16>>, tensor<64x64xf32>
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
