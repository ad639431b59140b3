// RUN: tessel-opt %s --split-input-file --tile-cpu-lower-to-llvm --verify-diagnostics

// f8E4M3FN and f8E5M2 compute in f32; the other 8-bit formats have no
// conversions yet.
func.func @fp8_conversion(%p: !tile.ptr<f8E4M3FNUZ>, %x: f32) {
  // expected-error @+1 {{tile.fp_to_fp to or from an 8-bit float type other than f8E4M3FN and f8E5M2 is not supported by the CPU backend yet}}
  %q = tile.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FNUZ
  tile.store %p, %q : !tile.ptr<f8E4M3FNUZ>
  return
}

// -----

func.func @fp8_arith(%p: !tile.ptr<f8E5M2FNUZ>) {
  %x = tile.load %p : !tile.ptr<f8E5M2FNUZ>
  // expected-error @+1 {{arithmetic on 8-bit float types other than f8E4M3FN and f8E5M2 (arith.addf) is not supported by the CPU backend yet}}
  %y = arith.addf %x, %x : f8E5M2FNUZ
  tile.store %p, %y : !tile.ptr<f8E5M2FNUZ>
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

