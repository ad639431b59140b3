// RUN: tessel-opt %s --verify-roundtrip --canonicalize | FileCheck %s
// CHECK: tile.store
// Fused row softmax in tile IR: one program instance per row of up to 1024
// columns; out-of-row lanes read -inf so they vanish from max and sum.
module {
  func.func @softmax_kernel(%out: !tile.ptr<f32>, %in: !tile.ptr<f32>,
                            %in_stride: i32, %out_stride: i32, %n_cols: i32) {
    %row = tile.program_id x
    %in_row_off = arith.muli %row, %in_stride : i32
    %in_row = tile.addptr %in, %in_row_off : !tile.ptr<f32>, i32
    %cols = tile.make_range 0 to 1024 : tensor<1024xi32>
    %n_t = tile.splat %n_cols : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %cols, %n_t : tensor<1024xi32>
    %base = tile.splat %in_row : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %ptrs = tile.addptr %base, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %ninf = arith.constant dense<0xFF800000> : tensor<1024xf32>
    %x = tile.load %ptrs, %mask, %ninf : tensor<1024x!tile.ptr<f32>>
    %max = tile.reduce %x axis = 0 : (tensor<1024xf32>) -> f32 {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      tile.yield %m : f32
    }
    %max_t = tile.splat %max : f32 -> tensor<1024xf32>
    %shifted = arith.subf %x, %max_t : tensor<1024xf32>
    %num = math.exp %shifted : tensor<1024xf32>
    %den = tile.reduce %num axis = 0 : (tensor<1024xf32>) -> f32 {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.yield %s : f32
    }
    %den_t = tile.splat %den : f32 -> tensor<1024xf32>
    %y = arith.divf %num, %den_t : tensor<1024xf32>
    %out_row_off = arith.muli %row, %out_stride : i32
    %out_row = tile.addptr %out, %out_row_off : !tile.ptr<f32>, i32
    %obase = tile.splat %out_row : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %optrs = tile.addptr %obase, %cols : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    tile.store %optrs, %y, %mask : tensor<1024x!tile.ptr<f32>>
    return
  }
}
