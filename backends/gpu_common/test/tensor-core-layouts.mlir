// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts=tensor-cores=1 | FileCheck %s
// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts | FileCheck %s --check-prefix=OFF

// The canonical GEMM loop: the accumulator is carried in the matrix layout
// (2x2 warps for 4 warps over 128x128), the zero constant is made in it,
// and the epilogue's truncf runs in it, so the tile changes layout once,
// before the store.
// CHECK-LABEL: func.func @gemm
// CHECK: %[[ZERO:.*]] = arith.constant {{.*}} : tensor<128x128xf32, #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>>
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]])
// CHECK-NOT: tensor.cast
// CHECK: tile.dot {{.*}}, %[[ACC]]
// CHECK-NOT: tensor.cast
// CHECK: scf.yield
// CHECK: %[[HALF:.*]] = arith.truncf %[[LOOP]] {{.*}} to tensor<128x128xf16, #tilegpu.blocked
// CHECK: %[[PLAIN:.*]] = tensor.cast %[[HALF]] {{.*}} to tensor<128x128xf16>
// CHECK: tile.store {{.*}}, %[[PLAIN]]
// OFF-LABEL: func.func @gemm
// OFF-NOT: tensor.cast
// OFF-NOT: warpsPerCTA = [2, 2]
func.func @gemm(%pa: tensor<128x32x!tile.ptr<f16>>, %pb: tensor<32x128x!tile.ptr<f16>>,
                %pc: tensor<128x128x!tile.ptr<f16>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
    %a = tile.load %pa : tensor<128x32x!tile.ptr<f16>>
    %b = tile.load %pb : tensor<32x128x!tile.ptr<f16>>
    %d = tile.dot %a, %b, %acc : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  %h = arith.truncf %acc : tensor<128x128xf32> to tensor<128x128xf16>
  tile.store %pc, %h : tensor<128x128x!tile.ptr<f16>>
  return
}

// -----

// A flattened walk's accumulator (tile-flatten-loops): it restarts from
// zero at a tile's first step through a select whose condition is a
// scalar. The select is made in the matrix layout (a scalar has none), so
// the loop carries the accumulator in it and no step changes its layout.
// CHECK-LABEL: func.func @restart
// CHECK: %[[ZERO:.*]] = arith.constant {{.*}} : tensor<128x128xf32, #[[M:tilegpu.blocked<\{sizePerThread = \[1, 2\], threadsPerWarp = \[8, 4\], warpsPerCTA = \[2, 2\], order = \[1, 0\]\}>]]>
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]])
// CHECK-NOT: tensor.cast
// CHECK: %[[START:.*]] = arith.select %{{.*}}, %{{.*}}, %[[ACC]] {{.*}} : tensor<128x128xf32, #[[M]]>
// CHECK-NOT: tensor.cast
// CHECK: tile.dot {{.*}}, %[[START]]
// CHECK-NOT: tensor.cast
// CHECK: scf.yield
func.func @restart(%pa: tensor<128x32x!tile.ptr<f16>>, %pb: tensor<32x128x!tile.ptr<f16>>,
                   %n: i32, %steps: i32) -> tensor<128x128xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32>) : i32 {
    %k = arith.remsi %i, %steps : i32
    %first = arith.cmpi eq, %k, %c0 : i32
    %start = arith.select %first, %zero, %acc : tensor<128x128xf32>
    %a = tile.load %pa : tensor<128x32x!tile.ptr<f16>>
    %b = tile.load %pb : tensor<32x128x!tile.ptr<f16>>
    %d = tile.dot %a, %b, %start : tensor<128x32xf16> * tensor<32x128xf16> -> tensor<128x128xf32>
    scf.yield %d : tensor<128x128xf32>
  }
  return %acc : tensor<128x128xf32>
}

// -----

// Shapes the 16x8x16 instruction cannot tile over 4 warps, f32 inputs and
// i8 inputs keep the default layout (the dot then uses FMA).
// CHECK-LABEL: func.func @not_eligible
// CHECK-NOT: tensor.cast
// CHECK-NOT: sizePerThread = [1, 2], threadsPerWarp = [8, 4]
func.func @not_eligible(%a: tensor<16x16xf16>, %b: tensor<16x8xf16>, %c: tensor<16x8xf32>,
                        %x: tensor<32x32xf32>, %y: tensor<32x32xf32>, %z: tensor<32x32xf32>,
                        %i: tensor<32x32xi8>, %j: tensor<32x32xi8>, %k: tensor<32x32xi32>) {
  %0 = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x8xf16> -> tensor<16x8xf32>
  %1 = tile.dot %x, %y, %z : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  %2 = tile.dot %i, %j, %k : tensor<32x32xi8> * tensor<32x32xi8> -> tensor<32x32xi32>
  return
}

// -----

// A dot outside a loop with a plain accumulator: one cast in, one out.
// CHECK-LABEL: func.func @single
// CHECK: %[[IN:.*]] = tensor.cast %arg2 {{.*}}: tensor<64x64xf32> to tensor<64x64xf32, #tilegpu.blocked
// CHECK: %[[D:.*]] = tile.dot %arg0, %arg1, %[[IN]]
// CHECK: tensor.cast %[[D]] {{.*}} to tensor<64x64xf32>
func.func @single(%a: tensor<64x32xbf16>, %b: tensor<32x64xbf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// -----

// The online-softmax step of flash attention: the scores stay in the matrix
// layout through the scale (a splat), the mask (a broadcast), both
// reductions (which read any layout), the subtraction of the broadcast row
// maximum, exp2, and the conversion that feeds the second dot as A; the
// broadcasts' sources (expand_dims) are made in that layout, so each
// broadcast stays inside the threads; the rescaled accumulator is carried
// in the matrix layout. The row maximum is carried as a [64, 1] tile in
// that layout with one column a thread (R), so that the reduction's
// expand_dims and the broadcasts back stay in registers; the second
// reduction's result is expanded in R directly. The only casts left are the
// epilogue's, after the loop.
// CHECK-LABEL: func.func @attention_step
// CHECK: scf.for
// CHECK-NOT: tensor.cast
// CHECK: %[[S:.*]] = tile.dot {{.*}} -> tensor<64x64xf32, #[[E:tilegpu.blocked<\{sizePerThread = \[1, 2\], threadsPerWarp = \[8, 4\], warpsPerCTA = \[2, 2\], order = \[1, 0\]\}>]]>
// CHECK: tile.splat {{.*}} -> tensor<64x64xf32, #[[E]]>
// CHECK: arith.mulf %[[S]]
// CHECK: tile.expand_dims {{.*}} -> tensor<1x64xi1, #[[E]]>
// CHECK: tile.broadcast {{.*}} : tensor<1x64xi1, #[[E]]> -> tensor<64x64xi1, #[[E]]>
// CHECK: %[[MX:.*]] = tile.reduce {{.*}} : (tensor<64x64xf32, #[[E]]>) -> tensor<64xf32>
// CHECK: %[[MX1:.*]] = tile.expand_dims %[[MX]] {{.*}} -> tensor<64x1xf32, #[[R:tilegpu.blocked<\{sizePerThread = \[1, 1\], threadsPerWarp = \[8, 4\], warpsPerCTA = \[2, 2\], order = \[1, 0\]\}>]]>
// CHECK: %[[MN:.*]] = arith.maxnumf %{{.*}}, %[[MX1]] {{.*}} : tensor<64x1xf32, #[[R]]>
// CHECK: tile.broadcast %[[MN]] {{.*}} : tensor<64x1xf32, #[[R]]> -> tensor<64x64xf32, #[[E]]>
// CHECK: math.exp2 {{.*}} : tensor<64x64xf32, #[[E]]>
// CHECK: %[[L:.*]] = tile.reduce {{.*}} : (tensor<64x64xf32, #[[E]]>) -> tensor<64xf32>
// CHECK: %[[L1:.*]] = tile.expand_dims %[[L]] {{.*}} -> tensor<64x1xf32, #[[R]]>
// CHECK: math.exp2 %[[L1]] {{.*}} : tensor<64x1xf32, #[[R]]>
// CHECK: tile.broadcast {{.*}} : tensor<64x1xf32, #[[R]]> -> tensor<64x64xf32, #[[E]]>
// CHECK: arith.truncf {{.*}} to tensor<64x64xf16, #[[E]]>
// CHECK: tile.dot {{.*}} : tensor<64x64xf16, #[[E]]> * tensor<64x64xf16> -> tensor<64x64xf32, #[[E]]>
// CHECK-NOT: tensor.cast
// CHECK: scf.yield {{.*}} : tensor<64x64xf32, #[[E]]>, tensor<64x1xf32, #[[R]]>
// CHECK: tensor.cast
// OFF-LABEL: func.func @attention_step
// OFF-NOT: tensor.cast
func.func @attention_step(%q: tensor<64x64xf16>, %k: tensor<64x64xf16>, %v: tensor<64x64xf16>,
                          %ok: tensor<64xi1>, %scale: f32, %n: i32,
                          %po: tensor<64x64x!tile.ptr<f32>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %ninf = arith.constant dense<0xFF800000> : tensor<64x64xf32>
  %m0 = arith.constant dense<0xFF800000> : tensor<64xf32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %m = %m0) -> (tensor<64x64xf32>, tensor<64xf32>) : i32 {
    %s = tile.dot %q, %k, %zero : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    %sc = tile.splat %scale : f32 -> tensor<64x64xf32>
    %s1 = arith.mulf %s, %sc : tensor<64x64xf32>
    %ok1 = tile.expand_dims %ok {axis = 0 : i32} : tensor<64xi1> -> tensor<1x64xi1>
    %okb = tile.broadcast %ok1 : tensor<1x64xi1> -> tensor<64x64xi1>
    %s2 = arith.select %okb, %s1, %ninf : tensor<64x64xi1>, tensor<64x64xf32>
    %mx = tile.reduce %s2 axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32> {
    ^bb0(%x: f32, %y: f32):
      %t = arith.maxnumf %x, %y : f32
      tile.yield %t : f32
    }
    %mn = arith.maxnumf %m, %mx : tensor<64xf32>
    %mn1 = tile.expand_dims %mn {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %mnb = tile.broadcast %mn1 : tensor<64x1xf32> -> tensor<64x64xf32>
    %d = arith.subf %s2, %mnb : tensor<64x64xf32>
    %p = math.exp2 %d : tensor<64x64xf32>
    %l = tile.reduce %p axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32> {
    ^bb0(%x: f32, %y: f32):
      %t = arith.addf %x, %y : f32
      tile.yield %t : f32
    }
    %al = math.exp2 %l : tensor<64xf32>
    %al1 = tile.expand_dims %al {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %alb = tile.broadcast %al1 : tensor<64x1xf32> -> tensor<64x64xf32>
    %acc1 = arith.mulf %acc, %alb : tensor<64x64xf32>
    %ph = arith.truncf %p : tensor<64x64xf32> to tensor<64x64xf16>
    %o = tile.dot %ph, %v, %acc1 : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %o, %mn : tensor<64x64xf32>, tensor<64xf32>
  }
  tile.store %po, %r#0 : tensor<64x64x!tile.ptr<f32>>
  return
}
