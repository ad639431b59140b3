// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts --convert-tile-to-nvvm -verify-diagnostics

func.func @print(%x: tensor<8xf32>) {
  // expected-error @+1 {{tile.print is not supported by the nvidia backend yet}}
  tile.print "x = " %x : tensor<8xf32>
  return
}

// -----

func.func @assert(%c: tensor<8xi1>) {
  // expected-error @+1 {{tile.assert is not supported by the nvidia backend yet}}
  tile.assert %c, "boom" : tensor<8xi1>
  return
}

// -----

func.func private @desc(%p: !tile.ptr<f16>, %m: i32, %s: i64) -> tensor<64x32xf16> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  // expected-error @+1 {{tile.make_tensor_desc read other than by block copies is not supported by the nvidia backend yet}}
  %d = tile.make_tensor_desc %p, [%m, %m], [%s, %c1] : !tile.ptr<f16> -> !tile.tensordesc<tensor<64x32xf16>>
  // expected-error @+1 {{tile.desc_load is not supported by the nvidia backend yet}}
  %b = tile.desc_load %d[%c0, %c0] : !tile.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  return %b : tensor<64x32xf16>
}

// -----

func.func private @fp8_fnuz(%x: tensor<64xf32>) -> tensor<64xf8E4M3FNUZ> {
  // expected-error @+1 {{tile.fp_to_fp: fp8 formats other than e4m3fn and e5m2 are not supported by the nvidia backend yet}}
  %q = tile.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FNUZ>
  // expected-error @+1 {{func.return: fp8 formats other than e4m3fn and e5m2 are not supported by the nvidia backend yet}}
  return %q : tensor<64xf8E4M3FNUZ>
}

// -----

func.func private @rtz(%x: tensor<64xf32>) -> tensor<64xf16> {
  // expected-error @+1 {{tile.fp_to_fp: rounding = rtz is not supported by the nvidia backend yet}}
  %q = tile.fp_to_fp %x, rounding = rtz : tensor<64xf32> -> tensor<64xf16>
  return %q : tensor<64xf16>
}

// -----

func.func private @odd_shape() -> tensor<48xi32> {
  // expected-error @+1 {{tile.make_range: tile extents must be powers of two not supported by the nvidia backend yet}}
  %r = tile.make_range 0 to 48 : tensor<48xi32>
  // expected-error @+1 {{func.return: tile extents must be powers of two not supported by the nvidia backend yet}}
  return %r : tensor<48xi32>
}

// -----

func.func private @non_uniform() -> tensor<4xi32> {
  // expected-error @+1 {{arith.constant: non-uniform tile constants are not supported by the nvidia backend yet}}
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  return %c : tensor<4xi32>
}

// -----

func.func private @reduce_pointers(%p: tensor<4x!tile.ptr<f32>>) -> !tile.ptr<f32> {
  // expected-error @+1 {{tile.reduce over pointer tiles is not supported by the nvidia backend yet}}
  %r = tile.reduce %p axis = 0 : (tensor<4x!tile.ptr<f32>>) -> !tile.ptr<f32> {
  ^bb0(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>):
    tile.yield %a : !tile.ptr<f32>
  }
  return %r : !tile.ptr<f32>
}

// -----

// expected-error @+1 {{kernels (public functions) returning values are not supported by the nvidia backend yet}}
func.func @returns(%x: i32) -> i32 {
  return %x : i32
}

