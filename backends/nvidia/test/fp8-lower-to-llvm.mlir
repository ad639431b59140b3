// RUN: tessel-opt %s --tile-nvidia-lower-to-llvm | FileCheck %s

// fp8 through the shared GPU lowering: values are bytes wherever LLVM holds
// them (global loads and stores, the shared scratch of the transpose and of
// the reduction), arithmetic runs in f32, and the conversions are integer
// code on the bits. No fp8 type is left for LLVM to reject.
// CHECK-LABEL: llvm.func @fp8_kernel
// CHECK-NOT: f8E4M3FN
// CHECK-NOT: f8E5M2
// CHECK: llvm.load {{.*}} : !llvm.ptr<1> -> {{i8|vector<[0-9]+xi8>}}
// CHECK-NOT: f8E4M3FN
// CHECK-NOT: f8E5M2
// CHECK: llvm.fmul {{.*}} : f32
// CHECK-NOT: f8E4M3FN
// CHECK-NOT: f8E5M2
// CHECK: llvm.store {{.*}} : {{i8|vector<[0-9]+xi8>}}, !llvm.ptr<1>
// CHECK-NOT: f8E4M3FN
// CHECK-NOT: f8E5M2
func.func @fp8_kernel(%in: !tile.ptr<f8E4M3FN>, %out: !tile.ptr<f8E5M2>,
                      %max: !tile.ptr<f8E4M3FN>) {
  %r = tile.make_range 0 to 32 : tensor<32xi32>
  %c32 = arith.constant 32 : i32
  %rows = tile.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols = tile.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %rs = tile.broadcast %rows : tensor<32x1xi32> -> tensor<32x32xi32>
  %cs = tile.broadcast %cols : tensor<1x32xi32> -> tensor<32x32xi32>
  %stride = tile.splat %c32 : i32 -> tensor<32x32xi32>
  %ro = arith.muli %rs, %stride : tensor<32x32xi32>
  %offs = arith.addi %ro, %cs : tensor<32x32xi32>
  %ib = tile.splat %in : !tile.ptr<f8E4M3FN> -> tensor<32x32x!tile.ptr<f8E4M3FN>>
  %ip = tile.addptr %ib, %offs : tensor<32x32x!tile.ptr<f8E4M3FN>>, tensor<32x32xi32>
  %x = tile.load %ip : tensor<32x32x!tile.ptr<f8E4M3FN>>
  %sq = arith.mulf %x, %x : tensor<32x32xf8E4M3FN>
  %t = tile.trans %sq [1, 0] : tensor<32x32xf8E4M3FN> -> tensor<32x32xf8E4M3FN>
  %e = tile.fp_to_fp %t, rounding = rtne : tensor<32x32xf8E4M3FN> -> tensor<32x32xf8E5M2>
  %ob = tile.splat %out : !tile.ptr<f8E5M2> -> tensor<32x32x!tile.ptr<f8E5M2>>
  %op = tile.addptr %ob, %offs : tensor<32x32x!tile.ptr<f8E5M2>>, tensor<32x32xi32>
  tile.store %op, %e : tensor<32x32x!tile.ptr<f8E5M2>>
  %m = tile.reduce %x axis = 1 : (tensor<32x32xf8E4M3FN>) -> tensor<32xf8E4M3FN> {
  ^bb0(%a: f8E4M3FN, %b: f8E4M3FN):
    %y = arith.maximumf %a, %b : f8E4M3FN
    tile.yield %y : f8E4M3FN
  }
  %mb = tile.splat %max : !tile.ptr<f8E4M3FN> -> tensor<32x!tile.ptr<f8E4M3FN>>
  %mp = tile.addptr %mb, %r : tensor<32x!tile.ptr<f8E4M3FN>>, tensor<32xi32>
  tile.store %mp, %m : tensor<32x!tile.ptr<f8E4M3FN>>
  return
}
