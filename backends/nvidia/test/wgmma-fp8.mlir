// RUN: tessel-opt %s --tilegpu-pipeline-loads="async-copy=1 warp-group-max-n=256 num-stages=3" --tilegpu-assign-layouts="tensor-cores=1 warp-group-max-n=256 staged-run-bytes=16" | FileCheck %s --check-prefix=STAGE
// RUN: tessel-opt %s --tilegpu-pipeline-loads="async-copy=1 warp-group-max-n=256 num-stages=3" --tilegpu-assign-layouts="tensor-cores=1 warp-group-max-n=256 staged-run-bytes=16" --convert-tile-to-nvvm=warp-group-mma=1 | FileCheck %s
// RUN: tessel-opt %s --tilegpu-assign-layouts="tensor-cores=1 warp-group-max-n=256" --convert-tile-to-nvvm=warp-group-mma=1 | FileCheck %s --check-prefix=REGS
// RUN: tessel-nvidia-compile %s --arch=sm_90a --fp8-fast-accumulation | FileCheck %s --check-prefix=PTX
// RUN: tessel-nvidia-compile %s --arch=sm_90a --fp8-fast-accumulation --emit=cubin -o %t.fast.sm90a
// RUN: tessel-nvidia-compile %s --arch=sm_90a | FileCheck %s --check-prefix=WIDE
// RUN: tessel-nvidia-compile %s --arch=sm_90a --emit=cubin -o %t.sm90a
// RUN: tessel-nvidia-compile %s --arch=sm_80 --emit=cubin -o %t.sm80
// RUN: tessel-nvidia-compile %s --arch=sm_80 --fp8-fast-accumulation | FileCheck %s --check-prefix=SM80

// fp8 GEMMs of 64x64x64 tiles. The fp8 warp-group instructions accumulate
// with less precision than f32, so by default an fp8 dot is widened to f16
// (exact) and runs on the f16 instructions with f32 accumulation (WIDE); with
// --fp8-fast-accumulation (nvidia.fp8_fast_accumulation) it runs on the fp8
// ones (PTX), which the pass runs below test.
//
// The fp8 warp-group instruction reads fp8 A and B
// K-major only, 32 of K an instruction: B is staged K-major whatever its
// load's order (bKMajor), in elements of one byte (rows of 64 bytes,
// swizzled by 64), two instructions an iteration.
//
// @gemm_fp8_bt reads B along K (element (k, n) at pb + 64 n + k, the order
// cuBLAS's fp8 GEMM takes): its load tiles hold runs of 16 along K
// (sizePerThread [16, 1]) and every copy, A's and B's, moves 16 bytes.
// STAGE-LABEL: func.func @gemm_fp8_bt
// STAGE: tile.load {{.*}}operand = 0, ahead = 0, staging = <aStride = 64, bStride = 64, bOffset = 4096, stageBytes = 8192, buffers = 4, aSwizzle = 64, bSwizzle = 64, aRowWarps = 4, bKMajor = 1>, prologue = true>, tilegpu.layouts = [#tilegpu.blocked<{sizePerThread = [1, 16], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>], tilegpu.vector_width = 16 : i32}
// STAGE: tile.load {{.*}}operand = 1, ahead = 0, {{.*}}bKMajor = 1>, prologue = true>, tilegpu.layouts = [#tilegpu.blocked<{sizePerThread = [16, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>], tilegpu.vector_width = 16 : i32}
// STAGE: tile.dot {{.*}}tilegpu.staged_dot = #tilegpu.staged_dot<dot = 0, operands = 3, {{.*}}bKMajor = 1>, inFlight = true
//
// @gemm_fp8_b reads B along N (element (k, n) at pb + 64 k + n): still
// staged K-major, one byte at a time (vector width 1); correct, slow.
// STAGE-LABEL: func.func @gemm_fp8_b
// STAGE: tile.load {{.*}}operand = 1, ahead = 0, {{.*}}bKMajor = 1>, prologue = true>, {{.*}}tilegpu.vector_width = 1 : i32}

// CHECK-LABEL: func.func @gemm_fp8_bt
// CHECK: scf.for
// CHECK-COUNT-2: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 32>, D[<f32>, <one>], A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
// CHECK-NOT: nvvm.wgmma.mma_async
// CHECK: nvvm.cp.async.shared.global {{.*}}, 16, cache =  cg
// CHECK: nvvm.cp.async.shared.global {{.*}}, 16, cache =  cg
// CHECK-NOT: nvvm.cp.async.shared.global {{.*}}, {{2|4|8}}, cache
// CHECK: scf.yield
// CHECK-LABEL: func.func @gemm_fp8_b
// CHECK: scf.for
// CHECK-COUNT-2: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 32>, D[<f32>, <one>], A[<e5m2>, <one>, <row>], B[<e5m2>, <one>, <col>]
// CHECK: scf.yield

// Without the pipeline (operands in registers) the dots still take the
// warp-group instruction: A and B are stored to a swizzled staging, B
// K-major element by element.
// REGS-LABEL: func.func @gemm_fp8_bt
// REGS: scf.for
// REGS-COUNT-2: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 32>, {{.*}}A[<e4m3>, <one>, <row>], B[<e4m3>, <one>, <col>]
// REGS-LABEL: func.func @gemm_fp8_b
// REGS: scf.for
// REGS-COUNT-2: nvvm.wgmma.mma_async {{.*}}, <m = 64, n = 64, k = 32>, {{.*}}A[<e5m2>, <one>, <row>], B[<e5m2>, <one>, <col>]

// PTX-LABEL: .entry gemm_fp8_bt(
// PTX: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3
// PTX-LABEL: .entry gemm_fp8_b(
// PTX: wgmma.mma_async.sync.aligned.m64n64k32.f32.e5m2.e5m2

// Widened, the operands are f16 tiles in registers (the loads no longer
// feed the dot directly, so they are pipelined in registers), and a 16-bit
// dot from registers runs on mma.sync.
// WIDE-LABEL: .entry gemm_fp8_bt(
// WIDE-NOT: wgmma
// WIDE: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// WIDE-LABEL: .entry gemm_fp8_b(
// WIDE-NOT: wgmma
// WIDE: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

// sm_80 has no fp8 matrix instruction: the fp8 dots are widened to f16 and
// run on mma.sync there, option or not.
// SM80-NOT: wgmma
// SM80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
func.func @gemm_fp8_bt(%pa: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                   %pb: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32},
                   %pc: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = arith.constant dense<64> : tensor<64x64xi32>
  %db = arith.constant dense<64> : tensor<64x64xi32>
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %c64m = arith.constant dense<64> : tensor<64x1xi32>
  %c64k = arith.constant dense<64> : tensor<64x1xi32>
  %c64n = arith.constant dense<64> : tensor<1x64xi32>
  %am = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %amo = arith.muli %am, %c64m : tensor<64x1xi32>
  %amb = tile.broadcast %amo : tensor<64x1xi32> -> tensor<64x64xi32>
  %ak = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %akb = tile.broadcast %ak : tensor<1x64xi32> -> tensor<64x64xi32>
  %aoff = arith.addi %amb, %akb : tensor<64x64xi32>
  %abase = tile.splat %pa : !tile.ptr<f8E4M3FN> -> tensor<64x64x!tile.ptr<f8E4M3FN>>
  %pa0 = tile.addptr %abase, %aoff : tensor<64x64x!tile.ptr<f8E4M3FN>>, tensor<64x64xi32>
  %bk = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %bkb = tile.broadcast %bk : tensor<64x1xi32> -> tensor<64x64xi32>
  %bn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bno = arith.muli %bn, %c64n : tensor<1x64xi32>
  %bnb = tile.broadcast %bno : tensor<1x64xi32> -> tensor<64x64xi32>
  %boff = arith.addi %bkb, %bnb : tensor<64x64xi32>
  %bbase = tile.splat %pb : !tile.ptr<f8E4M3FN> -> tensor<64x64x!tile.ptr<f8E4M3FN>>
  %pb0 = tile.addptr %bbase, %boff : tensor<64x64x!tile.ptr<f8E4M3FN>>, tensor<64x64xi32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a_ptrs = %pa0, %b_ptrs = %pb0, %acc = %zero)
      -> (tensor<64x64x!tile.ptr<f8E4M3FN>>, tensor<64x64x!tile.ptr<f8E4M3FN>>, tensor<64x64xf32>) : i32 {
    %a = tile.load %a_ptrs : tensor<64x64x!tile.ptr<f8E4M3FN>>
    %b = tile.load %b_ptrs : tensor<64x64x!tile.ptr<f8E4M3FN>>
    %d = tile.dot %a, %b, %acc : tensor<64x64xf8E4M3FN> * tensor<64x64xf8E4M3FN> -> tensor<64x64xf32>
    %na = tile.addptr %a_ptrs, %da : tensor<64x64x!tile.ptr<f8E4M3FN>>, tensor<64x64xi32>
    %nb = tile.addptr %b_ptrs, %db : tensor<64x64x!tile.ptr<f8E4M3FN>>, tensor<64x64xi32>
    scf.yield %na, %nb, %d : tensor<64x64x!tile.ptr<f8E4M3FN>>, tensor<64x64x!tile.ptr<f8E4M3FN>>, tensor<64x64xf32>
  }
  %cm = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %cmo = arith.muli %cm, %c64m : tensor<64x1xi32>
  %cmb = tile.broadcast %cmo : tensor<64x1xi32> -> tensor<64x64xi32>
  %cn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cnb = tile.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %cmb, %cnb : tensor<64x64xi32>
  %cbase = tile.splat %pc : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %cptrs = tile.addptr %cbase, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cptrs, %r#2 : tensor<64x64x!tile.ptr<f32>>
  return
}

func.func @gemm_fp8_b(%pa: !tile.ptr<f8E5M2> {tile.divisibility = 16 : i32},
                   %pb: !tile.ptr<f8E5M2> {tile.divisibility = 16 : i32},
                   %pc: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %da = arith.constant dense<64> : tensor<64x64xi32>
  %db = arith.constant dense<4096> : tensor<64x64xi32>
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %c64m = arith.constant dense<64> : tensor<64x1xi32>
  %c64k = arith.constant dense<64> : tensor<64x1xi32>
  %c64n = arith.constant dense<64> : tensor<1x64xi32>
  %am = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %amo = arith.muli %am, %c64m : tensor<64x1xi32>
  %amb = tile.broadcast %amo : tensor<64x1xi32> -> tensor<64x64xi32>
  %ak = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %akb = tile.broadcast %ak : tensor<1x64xi32> -> tensor<64x64xi32>
  %aoff = arith.addi %amb, %akb : tensor<64x64xi32>
  %abase = tile.splat %pa : !tile.ptr<f8E5M2> -> tensor<64x64x!tile.ptr<f8E5M2>>
  %pa0 = tile.addptr %abase, %aoff : tensor<64x64x!tile.ptr<f8E5M2>>, tensor<64x64xi32>
  %bk = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %bko = arith.muli %bk, %c64k : tensor<64x1xi32>
  %bkb = tile.broadcast %bko : tensor<64x1xi32> -> tensor<64x64xi32>
  %bn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %bnb = tile.broadcast %bn : tensor<1x64xi32> -> tensor<64x64xi32>
  %boff = arith.addi %bkb, %bnb : tensor<64x64xi32>
  %bbase = tile.splat %pb : !tile.ptr<f8E5M2> -> tensor<64x64x!tile.ptr<f8E5M2>>
  %pb0 = tile.addptr %bbase, %boff : tensor<64x64x!tile.ptr<f8E5M2>>, tensor<64x64xi32>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a_ptrs = %pa0, %b_ptrs = %pb0, %acc = %zero)
      -> (tensor<64x64x!tile.ptr<f8E5M2>>, tensor<64x64x!tile.ptr<f8E5M2>>, tensor<64x64xf32>) : i32 {
    %a = tile.load %a_ptrs : tensor<64x64x!tile.ptr<f8E5M2>>
    %b = tile.load %b_ptrs : tensor<64x64x!tile.ptr<f8E5M2>>
    %d = tile.dot %a, %b, %acc : tensor<64x64xf8E5M2> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
    %na = tile.addptr %a_ptrs, %da : tensor<64x64x!tile.ptr<f8E5M2>>, tensor<64x64xi32>
    %nb = tile.addptr %b_ptrs, %db : tensor<64x64x!tile.ptr<f8E5M2>>, tensor<64x64xi32>
    scf.yield %na, %nb, %d : tensor<64x64x!tile.ptr<f8E5M2>>, tensor<64x64x!tile.ptr<f8E5M2>>, tensor<64x64xf32>
  }
  %cm = tile.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %cmo = arith.muli %cm, %c64m : tensor<64x1xi32>
  %cmb = tile.broadcast %cmo : tensor<64x1xi32> -> tensor<64x64xi32>
  %cn = tile.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %cnb = tile.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %cmb, %cnb : tensor<64x64xi32>
  %cbase = tile.splat %pc : !tile.ptr<f32> -> tensor<64x64x!tile.ptr<f32>>
  %cptrs = tile.addptr %cbase, %coff : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cptrs, %r#2 : tensor<64x64x!tile.ptr<f32>>
  return
}

