// Tile dialect 1.2 added tile.barrier and tile.inline_asm; written at
// dialect version 1.2.
module {
  func.func @corpus_1_2(%x: !tile.ptr<i32> {tile.divisibility = 16 : i32}) {
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    %p = tile.splat %x : !tile.ptr<i32> -> tensor<64x!tile.ptr<i32>>
    %q = tile.addptr %p, %r : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
    tile.barrier
    %o = tile.inline_asm "mov.b32 $0, $1;", "=r,r" pack 1 %r : tensor<64xi32> -> tensor<64xi32>
    tile.store %q, %o : tensor<64x!tile.ptr<i32>>
    return
  }
}
