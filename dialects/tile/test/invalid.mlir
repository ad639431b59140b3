// Every verifier message of the tile dialect, triggered once.
// RUN: tessel-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{pointee type must be an integer, float or pointer, got 'tensor<4xf32>'}}
func.func @ptr_to_tensor(%p: !tile.ptr<tensor<4xf32>>) { return }

// -----

// expected-error @+1 {{address space must be non-negative, got -1}}
func.func @negative_address_space(%p: !tile.ptr<f32, -1>) { return }

// -----

// expected-error @+1 {{tensor descriptor block must have a static shape}}
func.func @dynamic_desc(%d: !tile.tensordesc<tensor<?x4xf16>>) { return }

// -----

// expected-error @+1 {{tensor descriptor block must have rank 1 to 5, got rank 6}}
func.func @rank6_desc(%d: !tile.tensordesc<tensor<1x1x1x1x1x2xf16>>) { return }

// -----

// expected-error @+1 {{tensor descriptor elements must be integers or floats}}
func.func @ptr_desc(%d: !tile.tensordesc<tensor<4x!tile.ptr<f32>>>) { return }

// -----

// expected-error @+1 {{unknown tile argument attribute 'tile.alignment'}}
func.func @unknown_arg_attr(%n: i32 {tile.alignment = 16 : i32}) { return }

// -----

// expected-error @+1 {{'tile.divisibility' of argument #0 must be a positive power of two}}
func.func @divisibility_not_pow2(%n: i32 {tile.divisibility = 12 : i32}) { return }

// -----

// expected-error @+1 {{'tile.divisibility' of argument #0 applies only to integer and pointer arguments, got 'f32'}}
func.func @divisibility_on_float(%x: f32 {tile.divisibility = 16 : i32}) { return }

// -----

func.func @range_empty() {
  // expected-error @+1 {{end (0) must be greater than start (0)}}
  %r = tile.make_range 0 to 0 : tensor<0xi32>
  return
}

// -----

func.func @range_rank() {
  // expected-error @+1 {{result must be a 1-D tensor, got rank 2}}
  %r = tile.make_range 0 to 16 : tensor<4x4xi32>
  return
}

// -----

func.func @range_size() {
  // expected-error @+1 {{result has 64 elements but the range [0, 128) has 128}}
  %r = tile.make_range 0 to 128 : tensor<64xi32>
  return
}

// -----

func.func @splat_type(%x: f32) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %s = tile.splat %x : f32 -> tensor<4xf16>
  return
}

// -----

func.func @broadcast_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{source rank 1 does not match result rank 2}}
  %b = tile.broadcast %x : tensor<4xf32> -> tensor<4x4xf32>
  return
}

// -----

func.func @broadcast_dim(%x: tensor<2x4xf32>) {
  // expected-error @+1 {{source dimension 0 has size 2, which is neither 1 nor the result size 8}}
  %b = tile.broadcast %x : tensor<2x4xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @expand_dims_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{axis 2 is out of range [0, 1]}}
  %e = tile.expand_dims %x {axis = 2 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  return
}

// -----

func.func @expand_dims_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{result shape [4, 1] is not the source shape [4] with a 1 inserted at axis 0 ([1, 4])}}
  %e = tile.expand_dims %x {axis = 0 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  return
}

// -----

func.func @reshape_count(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{source has 32 elements but the result has 16}}
  %r = tile.reshape %x : tensor<4x8xf32> -> tensor<16xf32>
  return
}

// -----

func.func @trans_order_size(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{order has 3 entries but the source has rank 2}}
  %t = tile.trans %x [2, 1, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return
}

// -----

func.func @trans_not_permutation(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{order is not a permutation of [0, 2)}}
  %t = tile.trans %x [1, 1] : tensor<4x8xf32> -> tensor<8x8xf32>
  return
}

// -----

func.func @trans_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result shape [4, 8] does not match the source shape permuted by the order ([8, 4])}}
  %t = tile.trans %x [1, 0] : tensor<4x8xf32> -> tensor<4x8xf32>
  return
}

// -----

func.func @addptr_tensor_scalar(%p: tensor<4x!tile.ptr<f32>>, %o: i32) {
  // expected-error @+1 {{a tensor of pointers needs a tensor of offsets}}
  %q = tile.addptr %p, %o : tensor<4x!tile.ptr<f32>>, i32
  return
}

// -----

func.func @addptr_scalar_tensor(%p: !tile.ptr<f32>, %o: tensor<4xi32>) {
  // expected-error @+1 {{a scalar pointer needs a scalar offset}}
  %q = tile.addptr %p, %o : !tile.ptr<f32>, tensor<4xi32>
  return
}

// -----

func.func @ptr_to_int_shape(%p: tensor<4x!tile.ptr<f32>>) {
  // expected-error @+1 {{result shape [8] does not match pointer shape [4]}}
  %a = tile.ptr_to_int %p : tensor<4x!tile.ptr<f32>> -> tensor<8xi64>
  return
}

// -----

func.func @ptr_to_int_scalar(%p: !tile.ptr<f32>) {
  // expected-error @+1 {{result shape [4] does not match pointer shape}}
  %a = tile.ptr_to_int %p : !tile.ptr<f32> -> tensor<4xi64>
  return
}

// -----

func.func @addptr_shape(%p: tensor<4x!tile.ptr<f32>>, %o: tensor<8xi32>) {
  // expected-error @+1 {{offset shape [8] does not match pointer shape [4]}}
  %q = tile.addptr %p, %o : tensor<4x!tile.ptr<f32>>, tensor<8xi32>
  return
}

// -----

func.func @addptr_float_offset(%p: !tile.ptr<f32>, %o: f32) {
  // expected-error @+1 {{operand #1 must be integer or tensor of integers}}
  %q = tile.addptr %p, %o : !tile.ptr<f32>, f32
  return
}

// -----

func.func @load_other_without_mask(%p: tensor<4x!tile.ptr<f32>>, %o: tensor<4xf32>) {
  // expected-error @+1 {{'other' requires a mask}}
  %x = "tile.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<4x!tile.ptr<f32>>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @load_mask_shape(%p: tensor<4x!tile.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @+1 {{mask type is i1 in the shape of ptr}}
  %x = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<4x!tile.ptr<f32>>, tensor<8xi1>) -> tensor<4xf32>
  return
}

// -----

func.func @load_other_type(%p: tensor<4x!tile.ptr<f32>>, %m: tensor<4xi1>, %o: tensor<4xf16>) {
  // expected-error @+1 {{other type matches the pointee type of ptr}}
  %x = "tile.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<4x!tile.ptr<f32>>, tensor<4xi1>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @load_result_type(%p: tensor<4x!tile.ptr<f32>>) {
  // expected-error @+1 {{result type matches the pointee type of ptr}}
  %x = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<4x!tile.ptr<f32>>) -> tensor<4xi32>
  return
}

// -----

func.func @store_value_type(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<8xf32>) {
  // expected-error @+1 {{value type matches the pointee type of ptr}}
  "tile.store"(%p, %v) : (tensor<4x!tile.ptr<f32>>, tensor<8xf32>) -> ()
  return
}

// -----

func.func @store_mask_type(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf32>, %m: tensor<8xi1>) {
  // expected-error @+1 {{mask type is i1 in the shape of ptr}}
  "tile.store"(%p, %v, %m) : (tensor<4x!tile.ptr<f32>>, tensor<4xf32>, tensor<8xi1>) -> ()
  return
}

// -----

func.func @dot_rank(%a: tensor<4x4x4x4xf16>, %c: tensor<4x4x4x4xf32>) {
  // expected-error @+1 {{operands must have rank 2, or 3 with a leading batch dimension, got rank 4}}
  %d = tile.dot %a, %a, %c : tensor<4x4x4x4xf16> * tensor<4x4x4x4xf16> -> tensor<4x4x4x4xf32>
  return
}

// -----

func.func @dot_mixed_rank(%a: tensor<16x16xf16>, %b: tensor<2x16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a, b and acc must have the same rank, got 2, 3 and 2}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<2x16x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_inner(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{inner dimensions differ: a is 16x32 but b is 16x16}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{batch dimensions differ: 2, 4 and 2}}
  %d = tile.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  return
}

// -----

func.func @dot_acc_shape(%a: tensor<16x32xf16>, %b: tensor<32x8xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{accumulator shape [16, 16] does not match the product shape 16x8}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x8xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_mixed_types(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a and b element types differ: 'f16' and 'bf16'}}
  %d = tile.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_int_acc(%a: tensor<16x16xi8>, %c: tensor<16x16xi16>) {
  // expected-error @+1 {{8-bit integer operands accumulate in i32, got 'i16'}}
  %d = tile.dot %a, %a, %c : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi16>
  return
}

// -----

func.func @dot_float_acc(%a: tensor<16x16xbf16>, %c: tensor<16x16xbf16>) {
  // expected-error @+1 {{accumulator type 'bf16' is not valid for 'bf16' operands}}
  %d = tile.dot %a, %a, %c : tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xbf16>
  return
}

// -----

func.func @dot_element(%a: tensor<16x16xi16>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{operand element type 'i16' is not supported by dot}}
  %d = tile.dot %a, %a, %c : tensor<16x16xi16> * tensor<16x16xi16> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_precision(%a: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{input_precision tf32 applies only to f32 operands, got 'f16'}}
  %d = tile.dot %a, %a, %c {input_precision = #tile.input_precision<tf32>} : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @reduce_no_operand() {
  // expected-error @+1 {{expects at least one operand}}
  "tile.reduce"() <{axis = 0 : i32}> ({
  ^bb0:
    tile.yield
  }) : () -> ()
  return
}

// -----

func.func @reduce_shapes(%a: tensor<4xf32>, %b: tensor<8xi32>) {
  // expected-error @+1 {{operand #1 has shape [8] but operand #0 has shape [4]}}
  %r:2 = tile.reduce %a, %b axis = 0 : (tensor<4xf32>, tensor<8xi32>) -> (f32, i32) {
  ^bb0(%x: f32, %i: i32, %y: f32, %j: i32):
    tile.yield %x, %i : f32, i32
  }
  return
}

// -----

func.func @reduce_axis(%a: tensor<4xf32>) {
  // expected-error @+1 {{axis 1 is out of range for operands of rank 1}}
  %r = tile.reduce %a axis = 1 : (tensor<4xf32>) -> f32 {
  ^bb0(%x: f32, %y: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @reduce_arg_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{combiner must take 2 arguments (two per operand), but takes 1}}
  %r = tile.reduce %a axis = 0 : (tensor<4xf32>) -> f32 {
  ^bb0(%x: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @reduce_arg_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{combiner argument #1 has type 'f16', expected 'f32'}}
  %r = tile.reduce %a axis = 0 : (tensor<4xf32>) -> f32 {
  ^bb0(%x: f32, %y: f16):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @reduce_yield_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{combiner must yield 1 values (one per operand), but yields 2}}
  %r = tile.reduce %a axis = 0 : (tensor<4xf32>) -> f32 {
  ^bb0(%x: f32, %y: f32):
    tile.yield %x, %y : f32, f32
  }
  return
}

// -----

func.func @reduce_yield_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{combiner yields 'i32' at position 0, expected 'f32'}}
  %r = tile.reduce %a axis = 0 : (tensor<4xf32>) -> f32 {
  ^bb0(%x: f32, %y: f32):
    %c = arith.constant 0 : i32
    tile.yield %c : i32
  }
  return
}

// -----

func.func @reduce_result_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{expects 1 results (one per operand), got 2}}
  %r:2 = tile.reduce %a axis = 0 : (tensor<4xf32>) -> (f32, f32) {
  ^bb0(%x: f32, %y: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @reduce_result_type(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{result #0 has type 'tensor<8xf32>', expected 'tensor<4xf32>'}}
  %r = tile.reduce %a axis = 1 : (tensor<4x8xf32>) -> tensor<8xf32> {
  ^bb0(%x: f32, %y: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @scan_result_type(%a: tensor<4x8xf32>) {
  // expected-error @+1 {{result #0 has type 'tensor<4xf32>', expected 'tensor<4x8xf32>'}}
  %r = tile.scan %a axis = 1 : (tensor<4x8xf32>) -> tensor<4xf32> {
  ^bb0(%x: f32, %y: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @scan_result_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{expects 1 results (one per operand), got 2}}
  %r:2 = tile.scan %a axis = 0 : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    tile.yield %x : f32
  }
  return
}

// -----

func.func @yield_outside(%x: f32) {
  // expected-error @+1 {{expects parent op to be one of 'tile.reduce, tile.scan'}}
  tile.yield %x : f32
}

// -----

func.func @rmw_fadd_int(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{fadd needs float elements, got 'i32'}}
  %o = tile.atomic_rmw fadd, %p, %v : !tile.ptr<i32>
  return
}

// -----

func.func @rmw_and_float(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{and needs integer elements, got 'f32'}}
  %o = tile.atomic_rmw and, %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_width(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{atomics need 16-, 32- or 64-bit elements, got 'i8'}}
  %o = tile.atomic_rmw xchg, %p, %v : !tile.ptr<i8>
  return
}

// -----

func.func @cas_width(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{atomics need 16-, 32- or 64-bit elements, got 'i8'}}
  %o = tile.atomic_cas %p, %v, %v : !tile.ptr<i8>
  return
}

// -----

func.func @desc_shape_count(%b: !tile.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{expects 2 shape values for a block of rank 2, got 1}}
  %d = tile.make_tensor_desc %b, [%m], [%s, %s] : !tile.ptr<f16> -> !tile.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_stride_count(%b: !tile.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{expects 2 stride values for a block of rank 2, got 3}}
  %d = tile.make_tensor_desc %b, [%m, %m], [%s, %s, %s] : !tile.ptr<f16> -> !tile.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_element(%b: !tile.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @+1 {{base points to 'f32' but the block holds 'f16'}}
  %d = tile.make_tensor_desc %b, [%m, %m], [%s, %s] : !tile.ptr<f32> -> !tile.tensordesc<tensor<16x16xf16>>
  return
}

// -----

func.func @desc_load_indices(%d: !tile.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{expects 2 indices, got 1}}
  %x = tile.desc_load %d[%i] : !tile.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
  return
}

// -----

func.func @desc_load_type(%d: !tile.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{result type 'tensor<16x8xf16>' does not match the descriptor block type 'tensor<16x16xf16>'}}
  %x = tile.desc_load %d[%i, %i] : !tile.tensordesc<tensor<16x16xf16>> -> tensor<16x8xf16>
  return
}

// -----

func.func @desc_store_type(%d: !tile.tensordesc<tensor<16x16xf16>>, %i: i32, %v: tensor<16x16xf32>) {
  // expected-error @+1 {{stored tile type 'tensor<16x16xf32>' does not match the descriptor block type 'tensor<16x16xf16>'}}
  tile.desc_store %d[%i, %i], %v : !tile.tensordesc<tensor<16x16xf16>>, tensor<16x16xf32>
  return
}

// -----

func.func @fp_shapes(%x: tensor<4xf32>) {
  // expected-error @+1 {{source and result shapes differ}}
  %y = tile.fp_to_fp %x, rounding = rtne : tensor<4xf32> -> tensor<8xf16>
  return
}

// -----

func.func @fp_same(%x: tensor<4xf32>) {
  // expected-error @+1 {{converts 'f32' to itself}}
  %y = tile.fp_to_fp %x : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @fp_narrow_no_rounding(%x: tensor<4xf32>) {
  // expected-error @+1 {{narrowing conversion from 'f32' to 'f8E5M2' needs a rounding mode}}
  %y = tile.fp_to_fp %x : tensor<4xf32> -> tensor<4xf8E5M2>
  return
}

// -----

func.func @fp_widen_rounding(%x: tensor<4xf8E4M3FN>) {
  // expected-error @+1 {{widening conversion from 'f8E4M3FN' to 'f32' is exact and takes no rounding mode}}
  %y = tile.fp_to_fp %x, rounding = rtz : tensor<4xf8E4M3FN> -> tensor<4xf32>
  return
}

// -----

func.func @rmw_mask_type(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf32>, %m: tensor<2xi1>) {
  // expected-error @+1 {{mask type is i1 in the shape of ptr}}
  %o = "tile.atomic_rmw"(%p, %v, %m) <{kind = 1 : i32}> : (tensor<4x!tile.ptr<f32>>, tensor<4xf32>, tensor<2xi1>) -> tensor<4xf32>
  return
}

// -----

func.func @rmw_val_type(%p: tensor<4x!tile.ptr<f32>>, %v: tensor<4xf16>) {
  // expected-error @+1 {{val type matches the pointee type of ptr}}
  %o = "tile.atomic_rmw"(%p, %v) <{kind = 1 : i32}> : (tensor<4x!tile.ptr<f32>>, tensor<4xf16>) -> tensor<4xf32>
  return
}

// -----

func.func @cas_cmp_type(%p: !tile.ptr<i32>, %c: i64, %v: i32) {
  // expected-error @+1 {{cmp type matches the pointee type of ptr}}
  %o = "tile.atomic_cas"(%p, %c, %v) : (!tile.ptr<i32>, i64, i32) -> i32
  return
}

// -----

func.func @inline_asm_shapes(%a: tensor<64xi32>, %b: tensor<32xi32>) {
  // expected-error @+1 {{operands and results must all have one shape}}
  %o = tile.inline_asm "add.s32 $0, $1, $2;", "=r,r,r" pack 1 %a, %b : tensor<64xi32>, tensor<32xi32> -> tensor<64xi32>
  return
}

// -----

func.func @inline_asm_pack(%a: tensor<8xi32>) {
  // expected-error @+1 {{pack 3 does not divide the 8 elements}}
  %o = tile.inline_asm "mov.b32 $0, $1;", "=r,r" pack 3 %a : tensor<8xi32> -> tensor<8xi32>
  return
}
