// RUN: tessel-opt %s --split-input-file --convert-math-to-nvvm-intrinsics -verify-diagnostics

// f64 transcendental functions would need a device library.
func.func private @exp_f64(%x: f64) -> f64 {
  // expected-error @+1 {{math.exp on 'f64' is not supported by the nvidia backend yet}}
  %y = math.exp %x : f64
  return %y : f64
}

// -----

// What NVPTX selects natively stays, on f64 too.
func.func private @sqrt_f64(%x: f64) -> f64 {
  %y = math.sqrt %x : f64
  return %y : f64
}
