// Copies a rows x cols f16 matrix (row stride `stride` elements) in 16x8
// blocks through tensor descriptors, adding 1 to every element; a 2-D grid
// with ragged edges on both axes.
module {
  func.func @descriptor_copy(%src: !tile.ptr<f16>, %dst: !tile.ptr<f16>, %rows: i32,
                             %cols: i32, %stride: i64) {
    %one64 = arith.constant 1 : i64
    %c16 = arith.constant 16 : i32
    %c8 = arith.constant 8 : i32
    %px = tile.program_id x
    %py = tile.program_id y
    %i = arith.muli %px, %c16 : i32
    %j = arith.muli %py, %c8 : i32
    %in = tile.make_tensor_desc %src, [%rows, %cols], [%stride, %one64] : !tile.ptr<f16> -> !tile.tensordesc<tensor<16x8xf16>>
    %out = tile.make_tensor_desc %dst, [%rows, %cols], [%stride, %one64] : !tile.ptr<f16> -> !tile.tensordesc<tensor<16x8xf16>>
    %blk = tile.desc_load %in[%i, %j] : !tile.tensordesc<tensor<16x8xf16>> -> tensor<16x8xf16>
    %ones = arith.constant dense<1.0> : tensor<16x8xf16>
    %inc = arith.addf %blk, %ones : tensor<16x8xf16>
    tile.desc_store %out[%i, %j], %inc : !tile.tensordesc<tensor<16x8xf16>>, tensor<16x8xf16>
    return
  }
}
