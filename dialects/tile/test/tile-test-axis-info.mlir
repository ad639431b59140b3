// RUN: tessel-opt %s --split-input-file --tile-test-axis-info --verify-diagnostics

// A row-major block of pointers: rows are runs of 32 consecutive elements,
// columns are constant along the row offset.
func.func @block_pointers(%base: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %stride: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @+1 {{contiguity = [16], constancy = [1], divisibility = [1024]}}
  %rows = tile.make_range 1024 to 1040 : tensor<16xi32>
  // Along the inserted dimension every element is a run of its own, and
  // 1025 is odd.
  // expected-remark @+1 {{contiguity = [16, 1], constancy = [1, 1], divisibility = [1024, 1]}}
  %r = tile.expand_dims %rows {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  // expected-remark @+1 {{contiguity = [1, 1], constancy = [16, 1], divisibility = [16, 16]}}
  %s = tile.splat %stride : i32 -> tensor<16x1xi32>
  // The product has no runs: (1024 + r) * stride is a multiple of 16 only.
  // expected-remark @+1 {{contiguity = [1, 1], constancy = [1, 1], divisibility = [16, 16]}}
  %rs = arith.muli %r, %s : tensor<16x1xi32>
  // expected-remark @+1 {{contiguity = [1, 1], constancy = [1, 32], divisibility = [16, 16]}}
  %rb = tile.broadcast %rs : tensor<16x1xi32> -> tensor<16x32xi32>
  // expected-remark @+1 {{contiguity = [32], constancy = [1], divisibility = [1073741824]}}
  %cols = tile.make_range 0 to 32 : tensor<32xi32>
  // expected-remark @+1 {{contiguity = [1, 32], constancy = [1, 1], divisibility = [1, 1073741824]}}
  %c = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  // expected-remark @+1 {{contiguity = [1, 32], constancy = [16, 1], divisibility = [1, 1073741824]}}
  %cb = tile.broadcast %c : tensor<1x32xi32> -> tensor<16x32xi32>
  // Each row's run starts at a multiple of 16; down a column, the
  // elements are any integers.
  // expected-remark @+1 {{contiguity = [1, 32], constancy = [1, 1], divisibility = [1, 16]}}
  %off = arith.addi %rb, %cb : tensor<16x32xi32>
  // expected-remark @+1 {{contiguity = [1, 1], constancy = [16, 32], divisibility = [16, 16]}}
  %p = tile.splat %base : !tile.ptr<f32> -> tensor<16x32x!tile.ptr<f32>>
  // Pointer divisibility is in bytes: 16 from the base, 4 * 16 from the
  // offsets along a row, 4 down a column.
  // expected-remark @+1 {{contiguity = [1, 32], constancy = [1, 1], divisibility = [4, 16]}}
  %ptrs = tile.addptr %p, %off : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
  return
}

// -----

// A mask `offsets < n` is constant over aligned blocks as large as the
// divisibility of both sides allows; a division of uniform values is uniform.
func.func @mask_blocks(%n: i32 {tile.divisibility = 8 : i32}, %d: i32) {
  // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [1073741824]}}
  %offs = tile.make_range 0 to 64 : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [1], constancy = [64], divisibility = [8]}}
  %bound = tile.splat %n : i32 -> tensor<64xi32>
  // expected-remark @+1 {{contiguity = [1], constancy = [8], divisibility = [1]}}
  %mask = arith.cmpi slt, %offs, %bound : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [1], constancy = [64], divisibility = [1]}}
  %dd = tile.splat %d : i32 -> tensor<64xi32>
  // expected-remark @+1 {{contiguity = [1], constancy = [64], divisibility = [1]}}
  %q = arith.divsi %bound, %dd : tensor<64xi32>
  return
}

// -----

// A loop-carried pointer advanced by a multiple of 16 elements keeps its
// contiguity and loses only the divisibility the step does not preserve.
func.func @loop_carried(%base: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %k: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-remark @+1 {{contiguity = [1], constancy = [64], divisibility = [32]}}
  %step = arith.constant dense<32> : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [1073741824]}}
  %offs = tile.make_range 0 to 64 : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [1], constancy = [64], divisibility = [16]}}
  %p = tile.splat %base : !tile.ptr<f16> -> tensor<64x!tile.ptr<f16>>
  // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [16]}}
  %p0 = tile.addptr %p, %offs : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
  // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [16]}}
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%q = %p0) -> (tensor<64x!tile.ptr<f16>>) : i32 {
    // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [16]}}
    %next = tile.addptr %q, %step : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
    scf.yield %next : tensor<64x!tile.ptr<f16>>
  }
  return
}

// -----

// A loop over keys 64 at a time: its induction variable is a multiple of
// 64, so `start + range < n` (n a multiple of 16) is the same over each
// aligned run of 16 columns.
func.func @strided_induction(%n: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  scf.for %start = %c0 to %n step %c64 : i32 {
    // expected-remark @+1 {{contiguity = [1], constancy = [64], divisibility = [64]}}
    %s = tile.splat %start : i32 -> tensor<64xi32>
    // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [1073741824]}}
    %r = tile.make_range 0 to 64 : tensor<64xi32>
    // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [64]}}
    %cols = arith.addi %s, %r : tensor<64xi32>
    // expected-remark @+1 {{contiguity = [1], constancy = [64], divisibility = [16]}}
    %ns = tile.splat %n : i32 -> tensor<64xi32>
    // expected-remark @+1 {{contiguity = [1], constancy = [16], divisibility = [1]}}
    %ok = arith.cmpi slt, %cols, %ns : tensor<64xi32>
  }
  return
}

// -----

// A causal mask: query rows against key columns. Neither side is constant
// over runs of the other, in either operand order, so the comparison has no
// constant runs along the columns (each row's boundary falls anywhere).
func.func @causal_mask(%pid: i32 {tile.divisibility = 64 : i32}, %start: i32 {tile.divisibility = 64 : i32}) {
  // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [1073741824]}}
  %rows0 = tile.make_range 0 to 64 : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [1], constancy = [64], divisibility = [64]}}
  %pids = tile.splat %pid : i32 -> tensor<64xi32>
  // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [64]}}
  %rows = arith.addi %pids, %rows0 : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [1], constancy = [64], divisibility = [64]}}
  %starts = tile.splat %start : i32 -> tensor<64xi32>
  // expected-remark @+1 {{contiguity = [64], constancy = [1], divisibility = [64]}}
  %cols = arith.addi %starts, %rows0 : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [64, 1], constancy = [1, 1], divisibility = [64, 1]}}
  %r = tile.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @+1 {{contiguity = [64, 1], constancy = [1, 64], divisibility = [64, 1]}}
  %rb = tile.broadcast %r : tensor<64x1xi32> -> tensor<64x64xi32>
  // expected-remark @+1 {{contiguity = [1, 64], constancy = [1, 1], divisibility = [1, 64]}}
  %c = tile.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @+1 {{contiguity = [1, 64], constancy = [64, 1], divisibility = [1, 64]}}
  %cb = tile.broadcast %c : tensor<1x64xi32> -> tensor<64x64xi32>
  // expected-remark @+1 {{contiguity = [1, 1], constancy = [1, 1], divisibility = [1, 1]}}
  %keep = arith.cmpi sge, %rb, %cb : tensor<64x64xi32>
  // expected-remark @+1 {{contiguity = [1, 1], constancy = [1, 1], divisibility = [1, 1]}}
  %keep2 = arith.cmpi sle, %cb, %rb : tensor<64x64xi32>
  return
}

// -----

// A scalar condition (a flattened loop's `k == 0 ? init : carried`) picks
// one operand for the whole tile: the facts both operands share.
func.func @select_uniform(%c: i1) {
  // expected-remark @+1 {{contiguity = [16], constancy = [1], divisibility = [1073741824]}}
  %a = tile.make_range 0 to 16 : tensor<16xi32>
  // expected-remark @+1 {{contiguity = [16], constancy = [1], divisibility = [16]}}
  %b = tile.make_range 16 to 32 : tensor<16xi32>
  // expected-remark @+1 {{contiguity = [16], constancy = [1], divisibility = [16]}}
  %s = arith.select %c, %a, %b : tensor<16xi32>
  return
}
