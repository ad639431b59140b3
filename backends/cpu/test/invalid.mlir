// RUN: tessel-opt %s --split-input-file --tile-cpu-lower-to-llvm --verify-diagnostics

func.func @fp8_conversion(%p: !tile.ptr<f8E4M3FN>, %x: f32) {
  // expected-error @+1 {{tile.fp_to_fp to or from an 8-bit float type is not supported by the CPU backend yet}}
  %q = tile.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FN
  tile.store %p, %q : !tile.ptr<f8E4M3FN>
  return
}

// -----

func.func @fp8_arith(%p: !tile.ptr<f8E5M2>) {
  %x = tile.load %p : !tile.ptr<f8E5M2>
  // expected-error @+1 {{arithmetic on 8-bit float types (arith.addf) is not supported by the CPU backend yet}}
  %y = arith.addf %x, %x : f8E5M2
  tile.store %p, %y : !tile.ptr<f8E5M2>
  return
}

// -----

func.func @fp8_dot(%pa: !tile.ptr<f8E4M3FN>, %pc: !tile.ptr<f32>) {
  %sa = tile.splat %pa : !tile.ptr<f8E4M3FN> -> tensor<16x16x!tile.ptr<f8E4M3FN>>
  %a = tile.load %sa : tensor<16x16x!tile.ptr<f8E4M3FN>>
  %c = arith.constant dense<0.0> : tensor<16x16xf32>
  %p = tile.splat %pc : !tile.ptr<f32> -> tensor<16x16x!tile.ptr<f32>>
  // expected-error @+1 {{tile.dot on 8-bit float types is not supported by the CPU backend yet}}
  %d = tile.dot %a, %a, %c : tensor<16x16xf8E4M3FN> * tensor<16x16xf8E4M3FN> -> tensor<16x16xf32>
  tile.store %p, %d : tensor<16x16x!tile.ptr<f32>>
  return
}

// -----

func.func private @helper() -> i32 {
  // expected-error @+1 {{tile.program_id outside a kernel function (a public func.func) is not supported by the CPU backend}}
  %x = tile.program_id x
  return %x : i32
}

// -----

// expected-error @+1 {{kernel argument of type 'tensor<4xf32>' is not supported by the CPU backend (arguments are scalars or !tile.ptr)}}
func.func @tensor_argument(%x: tensor<4xf32>) {
  return
}


// -----

func.func @descriptor_through_loop(%p: !tile.ptr<f16>, %m: i32, %s: i64, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %i0 = arith.constant 0 : i32
  %one = arith.constant 1 : i64
  %d = tile.make_tensor_desc %p, [%m, %m], [%s, %one] : !tile.ptr<f16> -> !tile.tensordesc<tensor<8x8xf16>>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%e = %d) -> (!tile.tensordesc<tensor<8x8xf16>>) : i32 {
    // expected-error @+1 {{tile.desc_load of a descriptor not made by tile.make_tensor_desc in the same function is not supported by the CPU backend yet}}
    %b = tile.desc_load %e[%i0, %i0] : !tile.tensordesc<tensor<8x8xf16>> -> tensor<8x8xf16>
    scf.yield %e : !tile.tensordesc<tensor<8x8xf16>>
  }
  return
}

