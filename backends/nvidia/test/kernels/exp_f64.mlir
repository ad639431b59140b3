// exp on f64 (a libdevice function) and sqrt on f64 (NVPTX's own), by hand.
module {
  func.func @exp_f64(%x: !tile.ptr<f64> {tile.divisibility = 16 : i32}, %y: !tile.ptr<f64> {tile.divisibility = 16 : i32}) {
    %r = tile.make_range 0 to 128 : tensor<128xi32>
    %xb = tile.splat %x : !tile.ptr<f64> -> tensor<128x!tile.ptr<f64>>
    %xp = tile.addptr %xb, %r : tensor<128x!tile.ptr<f64>>, tensor<128xi32>
    %v = tile.load %xp : tensor<128x!tile.ptr<f64>>
    %e = math.exp %v : tensor<128xf64>
    %s = math.sqrt %e : tensor<128xf64>
    %yb = tile.splat %y : !tile.ptr<f64> -> tensor<128x!tile.ptr<f64>>
    %yp = tile.addptr %yb, %r : tensor<128x!tile.ptr<f64>>, tensor<128xi32>
    tile.store %yp, %s : tensor<128x!tile.ptr<f64>>
    return
  }
}
