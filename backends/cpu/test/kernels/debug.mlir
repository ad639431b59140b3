// tile.print and tile.assert: prints a 4-element tile and a scalar from
// every program, then asserts that every element of x is below `limit`.
module {
  func.func @print_and_check(%x: !tile.ptr<i32>, %limit: i32) {
    %r = tile.make_range 0 to 4 : tensor<4xi32>
    %b = tile.splat %x : !tile.ptr<i32> -> tensor<4x!tile.ptr<i32>>
    %p = tile.addptr %b, %r : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
    %v = tile.load %p : tensor<4x!tile.ptr<i32>>
    tile.print "v = " %v : tensor<4xi32>
    %f = arith.sitofp %limit : i32 to f32
    tile.print "limit = " %f : f32
    %l = tile.splat %limit : i32 -> tensor<4xi32>
    %ok = arith.cmpi slt, %v, %l : tensor<4xi32>
    tile.assert %ok, "v < limit" : tensor<4xi1>
    return
  }
}
