// Tile dialect 1.0: ops and types of the first release (a masked vector
// add), written at dialect version 1.0.
module {
  func.func @corpus_1_0(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
    %pid = tile.program_id x
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    %p = tile.splat %x : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %q = tile.addptr %p, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %ns = tile.splat %n : i32 -> tensor<64xi32>
    %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
    %v = tile.load %q, %m : tensor<64x!tile.ptr<f32>>
    %w = arith.addf %v, %v : tensor<64xf32>
    tile.store %q, %w, %m : tensor<64x!tile.ptr<f32>>
    return
  }
}
