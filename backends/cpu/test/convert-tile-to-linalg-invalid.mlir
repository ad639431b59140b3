// RUN: tessel-opt %s --split-input-file --convert-tile-to-linalg --verify-diagnostics

// Run alone, the conversion names the pass that has to come first.
func.func @kernel(%p: !tile.ptr<i32>) {
  // expected-error @+1 {{tile.program_id must be lowered by convert-tile-kernels-to-cpu-entries first}}
  %x = tile.program_id x
  tile.store %p, %x : !tile.ptr<i32>
  return
}

// -----

func.func @kernel(%x: i32) {
  // expected-error @+1 {{tile.print must be lowered by convert-tile-debug-to-cpu-runtime first}}
  tile.print "x = " %x : i32
  return
}

// -----

func.func @kernel(%p: !tile.ptr<f32>, %m: i32) {
  %one = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{tile.make_tensor_desc must be lowered by tile-expand-tensor-descs first}}
  %d = tile.make_tensor_desc %p, [%m], [%one] : !tile.ptr<f32> -> !tile.tensordesc<tensor<8xf32>>
  // expected-error @+1 {{tile.desc_load must be lowered by tile-expand-tensor-descs first}}
  %b = tile.desc_load %d[%c0] : !tile.tensordesc<tensor<8xf32>> -> tensor<8xf32>
  return
}

// -----

func.func @kernel(%p: tensor<4x!tile.ptr<f32>>) {
  // expected-error @+1 {{tile.reduce over pointers is not supported by the CPU backend yet}}
  %r = tile.reduce %p axis = 0 : (tensor<4x!tile.ptr<f32>>) -> !tile.ptr<f32> {
  ^bb0(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>):
    tile.yield %a : !tile.ptr<f32>
  }
  return
}
