// Copies one 256-element block per program without a mask: on a ragged
// size it reads and writes past the end. The end-to-end tests use it to
// show that their guard pages catch such accesses.
module {
  func.func @unmasked_copy(%src: !tile.ptr<f32>, %dst: !tile.ptr<f32>) {
    %pid = tile.program_id x
    %c256 = arith.constant 256 : i32
    %start = arith.muli %pid, %c256 : i32
    %range = tile.make_range 0 to 256 : tensor<256xi32>
    %start_t = tile.splat %start : i32 -> tensor<256xi32>
    %offs = arith.addi %start_t, %range : tensor<256xi32>
    %s = tile.splat %src : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
    %sp = tile.addptr %s, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
    %x = tile.load %sp : tensor<256x!tile.ptr<f32>>
    %d = tile.splat %dst : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
    %dp = tile.addptr %d, %offs : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
    tile.store %dp, %x : tensor<256x!tile.ptr<f32>>
    return
  }
}
