// A multiply whose product is added: rounded twice by default (`.rn` keeps
// ptxas from fusing), once with --fp-fusion (Triton's default), in f32 and
// f64 alike. The PTX is assembled for sm_90a too.
// RUN: tessel-nvidia-compile %s --arch=sm_90a | FileCheck %s --check-prefix=EXACT
// RUN: tessel-nvidia-compile %s --arch=sm_90a --fp-fusion | FileCheck %s --check-prefix=FUSED
// RUN: tessel-nvidia-compile %s --arch=sm_90a --fp-fusion --emit=cubin -o %t.cubin
// EXACT-LABEL: .entry mul_add(
// EXACT-NOT: fma.rn
// EXACT-DAG: mul.rn.f32
// EXACT-DAG: add.rn.f32
// EXACT-DAG: mul.rn.f64
// EXACT-DAG: sub.rn.f64
// FUSED-LABEL: .entry mul_add(
// FUSED-NOT: mul.rn
// FUSED-DAG: fma.rn.f32
// FUSED-DAG: fma.rn.f64
module {
  func.func @mul_add(%x_ptr: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %d_ptr: !tile.ptr<f64> {tile.divisibility = 16 : i32}) {
    %range = tile.make_range 0 to 128 : tensor<128xi32>
    %xs = tile.splat %x_ptr : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %x = tile.load %xp : tensor<128x!tile.ptr<f32>>
    %prod = arith.mulf %x, %x : tensor<128xf32>
    %sum = arith.addf %prod, %x : tensor<128xf32>
    tile.store %xp, %sum : tensor<128x!tile.ptr<f32>>
    %ds = tile.splat %d_ptr : !tile.ptr<f64> -> tensor<128x!tile.ptr<f64>>
    %dp = tile.addptr %ds, %range : tensor<128x!tile.ptr<f64>>, tensor<128xi32>
    %d = tile.load %dp : tensor<128x!tile.ptr<f64>>
    %dprod = arith.mulf %d, %d : tensor<128xf64>
    %diff = arith.subf %dprod, %d : tensor<128xf64>
    tile.store %dp, %diff : tensor<128x!tile.ptr<f64>>
    return
  }
}
