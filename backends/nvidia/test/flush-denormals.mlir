// f32 subnormals: kept by default (exp2 on ex2.approx, scaled in and out of
// the subnormal range around it by ptxas; mul and add without .ftz), flushed
// with --flush-denormals (ex2.approx.ftz, .ftz arithmetic), as Triton
// compiles. f64 has no ftz forms and is left alone. Assembled for sm_90a.
// RUN: tessel-nvidia-compile %s --arch=sm_90a | FileCheck %s --check-prefix=KEEP
// RUN: tessel-nvidia-compile %s --arch=sm_90a --flush-denormals | FileCheck %s --check-prefix=FLUSH
// RUN: tessel-nvidia-compile %s --arch=sm_90a --flush-denormals --fp-fusion | FileCheck %s --check-prefix=BOTH
// RUN: tessel-nvidia-compile %s --arch=sm_90a --flush-denormals --emit=cubin -o %t.cubin
// KEEP-LABEL: .entry exp2_scale(
// KEEP-NOT: .ftz
// KEEP: ex2.approx.f32
// KEEP-NOT: .ftz
// FLUSH-LABEL: .entry exp2_scale(
// FLUSH-DAG: ex2.approx.ftz.f32
// FLUSH-DAG: mul.rn.ftz.f32
// FLUSH-DAG: add.rn.ftz.f32
// FLUSH-DAG: add.rn.f64
// BOTH-LABEL: .entry exp2_scale(
// BOTH-DAG: ex2.approx.ftz.f32
// BOTH-DAG: fma.rn.ftz.f32
module {
  func.func @exp2_scale(%x_ptr: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %d_ptr: !tile.ptr<f64> {tile.divisibility = 16 : i32}) {
    %range = tile.make_range 0 to 128 : tensor<128xi32>
    %xs = tile.splat %x_ptr : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %x = tile.load %xp : tensor<128x!tile.ptr<f32>>
    %e = math.exp2 %x : tensor<128xf32>
    %prod = arith.mulf %e, %x : tensor<128xf32>
    %sum = arith.addf %prod, %x : tensor<128xf32>
    tile.store %xp, %sum : tensor<128x!tile.ptr<f32>>
    %ds = tile.splat %d_ptr : !tile.ptr<f64> -> tensor<128x!tile.ptr<f64>>
    %dp = tile.addptr %ds, %range : tensor<128x!tile.ptr<f64>>, tensor<128xi32>
    %d = tile.load %dp : tensor<128x!tile.ptr<f64>>
    %dsum = arith.addf %d, %d : tensor<128xf64>
    tile.store %dp, %dsum : tensor<128x!tile.ptr<f64>>
    return
  }
}
