// RUN: tessel-opt %s --verify-roundtrip --canonicalize | FileCheck %s
// CHECK: tile.store
// A 64x64 block of C = A * B (fp16 in, fp32 accumulate, fp16 out) with a
// K loop, in tile IR. A is MxK row-major, B is KxN row-major.
module {
  func.func @matmul_kernel(%a_ptr: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %b_ptr: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %c_ptr: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                           %M: i32, %N: i32, %K: i32 {tile.divisibility = 16 : i32}) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c32 = arith.constant 32 : i32
    %c64 = arith.constant 64 : i32
    %pid_m = tile.program_id x
    %pid_n = tile.program_id y
    %m0 = arith.muli %pid_m, %c64 : i32
    %n0 = arith.muli %pid_n, %c64 : i32
    %r64 = tile.make_range 0 to 64 : tensor<64xi32>
    %r32 = tile.make_range 0 to 32 : tensor<32xi32>
    %m0_t = tile.splat %m0 : i32 -> tensor<64xi32>
    %rows = arith.addi %m0_t, %r64 : tensor<64xi32>
    %n0_t = tile.splat %n0 : i32 -> tensor<64xi32>
    %cols = arith.addi %n0_t, %r64 : tensor<64xi32>
    // A block pointers: a_ptr + rows[:, None] * K + k[None, :]
    %rows2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %K_t = tile.splat %K : i32 -> tensor<64x1xi32>
    %row_off = arith.muli %rows2, %K_t : tensor<64x1xi32>
    %row_off_b = tile.broadcast %row_off : tensor<64x1xi32> -> tensor<64x32xi32>
    %k_row = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %k_row_b = tile.broadcast %k_row : tensor<1x32xi32> -> tensor<64x32xi32>
    %a_off = arith.addi %row_off_b, %k_row_b : tensor<64x32xi32>
    %a_base = tile.splat %a_ptr : !tile.ptr<f16> -> tensor<64x32x!tile.ptr<f16>>
    %a_ptrs = tile.addptr %a_base, %a_off : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
    // B block pointers: b_ptr + k[:, None] * N + cols[None, :]
    %k_col = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %N_t = tile.splat %N : i32 -> tensor<32x1xi32>
    %k_off = arith.muli %k_col, %N_t : tensor<32x1xi32>
    %k_off_b = tile.broadcast %k_off : tensor<32x1xi32> -> tensor<32x64xi32>
    %cols2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %cols_b = tile.broadcast %cols2 : tensor<1x64xi32> -> tensor<32x64xi32>
    %b_off = arith.addi %k_off_b, %cols_b : tensor<32x64xi32>
    %b_base = tile.splat %b_ptr : !tile.ptr<f16> -> tensor<32x64x!tile.ptr<f16>>
    %b_ptrs = tile.addptr %b_base, %b_off : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
    %steps = arith.ceildivsi %K, %c32 : i32
    %b_step = arith.muli %c32, %N : i32
    %b_step_t = tile.splat %b_step : i32 -> tensor<32x64xi32>
    %a_step_t = arith.constant dense<32> : tensor<64x32xi32>
    %res:3 = scf.for %k = %c0 to %steps step %c1 iter_args(%acc = %acc0, %ap = %a_ptrs, %bp = %b_ptrs)
        -> (tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>) : i32 {
      %a = tile.load %ap : tensor<64x32x!tile.ptr<f16>>
      %b = tile.load %bp : tensor<32x64x!tile.ptr<f16>>
      %d = tile.dot %a, %b, %acc : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
      %ap2 = tile.addptr %ap, %a_step_t : tensor<64x32x!tile.ptr<f16>>, tensor<64x32xi32>
      %bp2 = tile.addptr %bp, %b_step_t : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
      scf.yield %d, %ap2, %bp2 : tensor<64x64xf32>, tensor<64x32x!tile.ptr<f16>>, tensor<32x64x!tile.ptr<f16>>
    }
    %c16 = arith.truncf %res#0 : tensor<64x64xf32> to tensor<64x64xf16>
    // C pointers and the ragged-edge mask.
    %N_r = tile.splat %N : i32 -> tensor<64x1xi32>
    %c_row_off = arith.muli %rows2, %N_r : tensor<64x1xi32>
    %c_row_off_b = tile.broadcast %c_row_off : tensor<64x1xi32> -> tensor<64x64xi32>
    %cols_c = tile.broadcast %cols2 : tensor<1x64xi32> -> tensor<64x64xi32>
    %c_off = arith.addi %c_row_off_b, %cols_c : tensor<64x64xi32>
    %c_base = tile.splat %c_ptr : !tile.ptr<f16> -> tensor<64x64x!tile.ptr<f16>>
    %c_ptrs = tile.addptr %c_base, %c_off : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
    %M_t = tile.splat %M : i32 -> tensor<64x1xi32>
    %row_ok = arith.cmpi slt, %rows2, %M_t : tensor<64x1xi32>
    %row_ok_b = tile.broadcast %row_ok : tensor<64x1xi1> -> tensor<64x64xi1>
    %N_c = tile.splat %N : i32 -> tensor<1x64xi32>
    %col_ok = arith.cmpi slt, %cols2, %N_c : tensor<1x64xi32>
    %col_ok_b = tile.broadcast %col_ok : tensor<1x64xi1> -> tensor<64x64xi1>
    %mask = arith.andi %row_ok_b, %col_ok_b : tensor<64x64xi1>
    tile.store %c_ptrs, %c16, %mask : tensor<64x64x!tile.ptr<f16>>
    return
  }
}
