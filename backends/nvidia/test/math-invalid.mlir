// RUN: tessel-opt %s --split-input-file --convert-math-to-nvvm-intrinsics -verify-diagnostics

// The lowering hands the pass scalars and 1-D vectors; libdevice calls are
// made a lane at a time, for those only.
func.func private @exp_f64_2d(%x: vector<2x2xf64>) -> vector<2x2xf64> {
  // expected-error @+1 {{math.exp on a vector of rank 2 is not supported by the nvidia backend yet}}
  %y = math.exp %x : vector<2x2xf64>
  return %y : vector<2x2xf64>
}

// -----

// What NVPTX selects natively stays, on f64 too.
func.func private @sqrt_f64(%x: f64) -> f64 {
  %y = math.sqrt %x : f64
  return %y : f64
}
