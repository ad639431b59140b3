// Tile dialect 1.1 added tile.ptr_to_int; written at dialect version 1.1.
module {
  func.func @corpus_1_1(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    %p = tile.splat %x : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %q = tile.addptr %p, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %a = tile.ptr_to_int %q : tensor<64x!tile.ptr<f32>> -> tensor<64xi64>
    %b = tile.ptr_to_int %x : !tile.ptr<f32> -> i64
    return
  }
}
