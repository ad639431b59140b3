// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts | FileCheck %s

// A row maximum spread back over its rows: the expand_dims takes the
// reduced tile's layout (R: its threads and warps, one column a thread),
// so that the reduction leaves each thread's rows where they are and the
// broadcast back copies registers.
// CHECK-LABEL: func.func @row_softmax
// CHECK: %[[M:.*]] = tile.reduce %{{.*}} axis = 1 {{.*}} : (tensor<64x64xf32>) -> tensor<64xf32>
// CHECK: %[[M1:.*]] = tile.expand_dims %[[M]] {{.*}} -> tensor<64x1xf32, #[[R:tilegpu.blocked<\{sizePerThread = \[1, 1\], threadsPerWarp = \[2, 16\], warpsPerCTA = \[4, 1\], order = \[1, 0\]\}>]]>
// CHECK: tile.broadcast %[[M1]] {{.*}} : tensor<64x1xf32, #[[R]]> -> tensor<64x64xf32>
func.func @row_softmax(%p: tensor<64x64x!tile.ptr<f32>>, %q: tensor<64x64x!tile.ptr<f32>>) {
  %x = tile.load %p : tensor<64x64x!tile.ptr<f32>>
  %m = tile.reduce %x axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tile.yield %t : f32
  }
  %m1 = tile.expand_dims %m {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %mb = tile.broadcast %m1 : tensor<64x1xf32> -> tensor<64x64xf32>
  %d = arith.subf %x, %mb : tensor<64x64xf32>
  tile.store %q, %d : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// A running maximum carried by a loop and spread over each iteration's
// tile: the loop carries it as [64, 1] in R (its init made so), the
// maximum and the subtraction's broadcast need no expand_dims, and the
// store after the loop reads a reshape back to [64].
// CHECK-LABEL: func.func @running_max
// CHECK: %[[INIT:.*]] = arith.constant {{.*}} dense<0xFF800000> : tensor<64x1xf32, #[[R:tilegpu.blocked<\{sizePerThread = \[1, 1\], threadsPerWarp = \[2, 16\], warpsPerCTA = \[4, 1\], order = \[1, 0\]\}>]]>
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[MI:.*]] = %[[INIT]]) -> (tensor<64x1xf32, #[[R]]>)
// CHECK: %[[M:.*]] = tile.reduce
// CHECK: %[[M1:.*]] = tile.expand_dims %[[M]] {{.*}} -> tensor<64x1xf32, #[[R]]>
// CHECK: %[[MN:.*]] = arith.maxnumf %[[MI]], %[[M1]] {{.*}} : tensor<64x1xf32, #[[R]]>
// CHECK-NOT: tile.expand_dims
// CHECK: tile.broadcast %[[MN]] {{.*}} : tensor<64x1xf32, #[[R]]> -> tensor<64x64xf32>
// CHECK: scf.yield %[[MN]] : tensor<64x1xf32, #[[R]]>
// CHECK: %[[BACK:.*]] = tile.reshape %[[LOOP]] {{.*}} : tensor<64x1xf32, #[[R]]> -> tensor<64xf32>
// CHECK: tile.store %{{.*}}, %[[BACK]]
func.func @running_max(%p: tensor<64x64x!tile.ptr<f32>>, %q: tensor<64x64x!tile.ptr<f32>>,
                       %o: tensor<64x!tile.ptr<f32>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ninf = arith.constant dense<0xFF800000> : tensor<64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%mi = %ninf) -> (tensor<64xf32>) : i32 {
    %x = tile.load %p : tensor<64x64x!tile.ptr<f32>>
    %m = tile.reduce %x axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.maxnumf %a, %b : f32
      tile.yield %t : f32
    }
    %mn = arith.maxnumf %mi, %m : tensor<64xf32>
    %m1 = tile.expand_dims %mn {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %mb = tile.broadcast %m1 : tensor<64x1xf32> -> tensor<64x64xf32>
    %d = arith.subf %x, %mb : tensor<64x64xf32>
    tile.store %q, %d : tensor<64x64x!tile.ptr<f32>>
    scf.yield %mn : tensor<64xf32>
  }
  tile.store %o, %r : tensor<64x!tile.ptr<f32>>
  return
}

// -----

// Not worth it: the sum meets a [64] tile loaded in the loop and is stored
// there as [64], which would cost an expand_dims and a reshape in the loop
// for the reduction's move and the expand_dims it saves. The group keeps
// its rank.
// CHECK-LABEL: func.func @stored_in_loop
// CHECK: %[[S:.*]] = tile.reduce
// CHECK: %[[Z:.*]] = arith.addf %[[S]], %{{.*}} : tensor<64xf32>
// CHECK: tile.expand_dims %[[Z]] {{.*}} : tensor<64xf32> -> tensor<64x1xf32>
// CHECK-NOT: tile.reshape
func.func @stored_in_loop(%p: tensor<64x64x!tile.ptr<f32>>, %q: tensor<64x64x!tile.ptr<f32>>,
                          %o: tensor<64x!tile.ptr<f32>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  scf.for %i = %c0 to %n step %c1 : i32 {
    %x = tile.load %p : tensor<64x64x!tile.ptr<f32>>
    %s = tile.reduce %x axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32> {
    ^bb0(%a: f32, %b: f32):
      %t = arith.addf %a, %b : f32
      tile.yield %t : f32
    }
    %y = tile.load %o : tensor<64x!tile.ptr<f32>>
    %z = arith.addf %s, %y : tensor<64xf32>
    tile.store %o, %z : tensor<64x!tile.ptr<f32>>
    %z1 = tile.expand_dims %z {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %zb = tile.broadcast %z1 : tensor<64x1xf32> -> tensor<64x64xf32>
    tile.store %q, %zb : tensor<64x64x!tile.ptr<f32>>
  }
  return
}
