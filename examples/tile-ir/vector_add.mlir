// RUN: tessel-opt %s --verify-roundtrip --canonicalize | FileCheck %s
// CHECK: tile.store
// The vector add kernel of the Triton programming model, in tile IR: each
// program instance adds one block of 1024 elements, masked at the ragged end.
module {
  func.func @add_kernel(%x_ptr: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %y_ptr: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %out_ptr: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                        %n: i32) {
    %block = arith.constant 1024 : i32
    %pid = tile.program_id x
    %start = arith.muli %pid, %block : i32
    %range = tile.make_range 0 to 1024 : tensor<1024xi32>
    %start_t = tile.splat %start : i32 -> tensor<1024xi32>
    %offsets = arith.addi %start_t, %range : tensor<1024xi32>
    %n_t = tile.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offsets, %n_t : tensor<1024xi32>
    %xs = tile.splat %x_ptr : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %xp = tile.addptr %xs, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %x = tile.load %xp, %mask : tensor<1024x!tile.ptr<f32>>
    %ys = tile.splat %y_ptr : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %yp = tile.addptr %ys, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %y = tile.load %yp, %mask : tensor<1024x!tile.ptr<f32>>
    %sum = arith.addf %x, %y : tensor<1024xf32>
    %os = tile.splat %out_ptr : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %op = tile.addptr %os, %offsets : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %op, %sum, %mask : tensor<1024x!tile.ptr<f32>>
    return
  }
}
