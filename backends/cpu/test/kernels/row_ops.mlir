// Row-wise operations on a 4x8 block of a row-major rows x n matrix (one
// program per 4 rows; columns masked to n <= 8): per-row sums (reduce on
// axis 1), per-row running sums (scan on axis 1), the transposed block,
// and the row maxima scaled by an f16 argument.
module {
  func.func @row_ops(%in: !tile.ptr<f32>, %sums: !tile.ptr<f32>, %cums: !tile.ptr<f32>,
                     %trans: !tile.ptr<f32>, %maxes: !tile.ptr<f16>, %rows: i32, %n: i32,
                     %scale: f16) {
    %pid = tile.program_id x
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %row0 = arith.muli %pid, %c4 : i32
    %r = tile.make_range 0 to 4 : tensor<4xi32>
    %row0_t = tile.splat %row0 : i32 -> tensor<4xi32>
    %rws = arith.addi %row0_t, %r : tensor<4xi32>
    %c = tile.make_range 0 to 8 : tensor<8xi32>
    %rws2 = tile.expand_dims %rws {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
    %c2 = tile.expand_dims %c {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %n_r = tile.splat %n : i32 -> tensor<4x1xi32>
    %row_off = arith.muli %rws2, %n_r : tensor<4x1xi32>
    %row_off_b = tile.broadcast %row_off : tensor<4x1xi32> -> tensor<4x8xi32>
    %c_b = tile.broadcast %c2 : tensor<1x8xi32> -> tensor<4x8xi32>
    %offs = arith.addi %row_off_b, %c_b : tensor<4x8xi32>
    %rows_t = tile.splat %rows : i32 -> tensor<4x1xi32>
    %row_ok = arith.cmpi slt, %rws2, %rows_t : tensor<4x1xi32>
    %row_ok_b = tile.broadcast %row_ok : tensor<4x1xi1> -> tensor<4x8xi1>
    %n_c = tile.splat %n : i32 -> tensor<1x8xi32>
    %col_ok = arith.cmpi slt, %c2, %n_c : tensor<1x8xi32>
    %col_ok_b = tile.broadcast %col_ok : tensor<1x8xi1> -> tensor<4x8xi1>
    %mask = arith.andi %row_ok_b, %col_ok_b : tensor<4x8xi1>
    %base = tile.splat %in : !tile.ptr<f32> -> tensor<4x8x!tile.ptr<f32>>
    %ptrs = tile.addptr %base, %offs : tensor<4x8x!tile.ptr<f32>>, tensor<4x8xi32>
    %zero = arith.constant dense<0.0> : tensor<4x8xf32>
    %x = tile.load %ptrs, %mask, %zero : tensor<4x8x!tile.ptr<f32>>

    %sum = tile.reduce %x axis = 1 : (tensor<4x8xf32>) -> tensor<4xf32> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.yield %s : f32
    }
    %sbase = tile.splat %sums : !tile.ptr<f32> -> tensor<4x!tile.ptr<f32>>
    %sptrs = tile.addptr %sbase, %rws : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
    %rows_1d = tile.splat %rows : i32 -> tensor<4xi32>
    %row_ok_1d = arith.cmpi slt, %rws, %rows_1d : tensor<4xi32>
    tile.store %sptrs, %sum, %row_ok_1d : tensor<4x!tile.ptr<f32>>

    %cum = tile.scan %x axis = 1 : (tensor<4x8xf32>) -> tensor<4x8xf32> {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tile.yield %s : f32
    }
    %cbase = tile.splat %cums : !tile.ptr<f32> -> tensor<4x8x!tile.ptr<f32>>
    %cptrs = tile.addptr %cbase, %offs : tensor<4x8x!tile.ptr<f32>>, tensor<4x8xi32>
    tile.store %cptrs, %cum, %mask : tensor<4x8x!tile.ptr<f32>>

    // Transposed: trans[col * rows + row] = x[row][col].
    %xt = tile.trans %x [1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
    %ct = tile.expand_dims %c {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %rows_t2 = tile.splat %rows : i32 -> tensor<8x1xi32>
    %t_row_off = arith.muli %ct, %rows_t2 : tensor<8x1xi32>
    %t_row_off_b = tile.broadcast %t_row_off : tensor<8x1xi32> -> tensor<8x4xi32>
    %rt = tile.expand_dims %rws {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
    %rt_b = tile.broadcast %rt : tensor<1x4xi32> -> tensor<8x4xi32>
    %toffs = arith.addi %t_row_off_b, %rt_b : tensor<8x4xi32>
    %tmask = tile.trans %mask [1, 0] : tensor<4x8xi1> -> tensor<8x4xi1>
    %tbase = tile.splat %trans : !tile.ptr<f32> -> tensor<8x4x!tile.ptr<f32>>
    %tptrs = tile.addptr %tbase, %toffs : tensor<8x4x!tile.ptr<f32>>, tensor<8x4xi32>
    tile.store %tptrs, %xt, %tmask : tensor<8x4x!tile.ptr<f32>>

    // Row maxima in f16, times an f16 scalar argument.
    %flat = tile.reshape %x : tensor<4x8xf32> -> tensor<32xf32>
    %back = tile.reshape %flat : tensor<32xf32> -> tensor<4x8xf32>
    %ninf = arith.constant dense<0xFF800000> : tensor<4x8xf32>
    %xm = arith.select %mask, %back, %ninf : tensor<4x8xi1>, tensor<4x8xf32>
    %max = tile.reduce %xm axis = 1 : (tensor<4x8xf32>) -> tensor<4xf32> {
    ^bb0(%a: f32, %b: f32):
      %m = arith.maximumf %a, %b : f32
      tile.yield %m : f32
    }
    %max16 = tile.fp_to_fp %max, rounding = rtne : tensor<4xf32> -> tensor<4xf16>
    %scale_t = tile.splat %scale : f16 -> tensor<4xf16>
    %scaled = arith.mulf %max16, %scale_t : tensor<4xf16>
    %mbase = tile.splat %maxes : !tile.ptr<f16> -> tensor<4x!tile.ptr<f16>>
    %mptrs = tile.addptr %mbase, %rws : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
    tile.store %mptrs, %scaled, %row_ok_1d : tensor<4x!tile.ptr<f16>>
    return
  }
}
