// RUN: tessel-opt %s --split-input-file --tilegpu-pointer-tile-copies="num-warps=4 warp-group-max-n=256" --canonicalize | FileCheck %s
// RUN: tessel-opt %s --split-input-file --tilegpu-pointer-tile-copies="num-warps=4 warp-group-max-n=0" | FileCheck %s --check-prefix=NONE

// A target without the warp-group instruction keeps every pointer load.
// NONE-NOT: tile.make_tensor_desc
// NONE-NOT: tile.desc_load

// The tutorial's GEMM (rows and columns of the free dimensions wrapped by
// `%`, K masked, the accumulator scaled and stored under row and column
// bounds): A and B become loads of descriptors over the whole matrices,
// made in the entry block (extents M x K and K x N, row strides the
// arguments), at the tile's first row and column; the carried pointers go.
// CHECK-LABEL: func.func @tutorial
// CHECK-DAG: %[[SA:.*]] = arith.extsi %arg6 : i32 to i64
// CHECK-DAG: %[[SB:.*]] = arith.extsi %arg7 : i32 to i64
// CHECK-DAG: %[[DB:.*]] = tile.make_tensor_desc %arg1, [%arg5, %arg4], [%[[SB]], %{{.*}}] : !tile.ptr<bf16> -> !tile.tensordesc<tensor<32x64xbf16>>
// CHECK-DAG: %[[DA:.*]] = tile.make_tensor_desc %arg0, [%arg3, %arg5], [%[[SA]], %{{.*}}] : !tile.ptr<bf16> -> !tile.tensordesc<tensor<64x32xbf16>>
// CHECK: %[[M0:.*]] = arith.muli %{{.*}}, %c64_i32
// CHECK: %[[N0:.*]] = arith.muli %{{.*}}, %c64_i32
// CHECK: scf.for %[[K:[a-z0-9_]+]] = {{.*}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{[a-z0-9_]+}}) -> (tensor<64x64xf32>)
// CHECK: %[[KA:.*]] = arith.muli %[[K]], %c32_i32
// CHECK: %[[A:.*]] = tile.desc_load %[[DA]][%[[M0]], %[[KA]]]
// CHECK: %[[KB:.*]] = arith.muli %[[K]], %c32_i32
// CHECK: %[[B:.*]] = tile.desc_load %[[DB]][%[[KB]], %[[N0]]]
// CHECK: tile.dot %[[A]], %[[B]], %[[ACC]]
// CHECK-NOT: tile.load
func.func @tutorial(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %za = arith.constant dense<0.000000e+00> : tensor<64x32xbf16>
  %oa = arith.constant dense<1.000000e+00> : tensor<64x32xbf16>
  %zb = arith.constant dense<0.000000e+00> : tensor<32x64xbf16>
  %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %c64 : i32
  %n0 = arith.muli %pid_n, %c64 : i32
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %r32 = tile.make_range 0 to 32 : tensor<32xi32>
  %sm = tile.splat %m0 : i32 -> tensor<64xi32>
  %om = arith.addi %sm, %r64 : tensor<64xi32>
  %sM = tile.splat %M : i32 -> tensor<64xi32>
  %am = arith.remsi %om, %sM : tensor<64xi32>
  %sn = tile.splat %n0 : i32 -> tensor<64xi32>
  %on = arith.addi %sn, %r64 : tensor<64xi32>
  %sN = tile.splat %N : i32 -> tensor<64xi32>
  %bn = arith.remsi %on, %sN : tensor<64xi32>
  %am2 = tile.expand_dims %am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ssam = tile.splat %sam : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am2, %ssam : tensor<64x1xi32>
  %pa0 = tile.splat %a : !tile.ptr<bf16> -> tensor<64x1x!tile.ptr<bf16>>
  %pa1 = tile.addptr %pa0, %arow : tensor<64x1x!tile.ptr<bf16>>, tensor<64x1xi32>
  %k2 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %pa2 = tile.broadcast %pa1 : tensor<64x1x!tile.ptr<bf16>> -> tensor<64x32x!tile.ptr<bf16>>
  %k2b = tile.broadcast %k2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %pa = tile.addptr %pa2, %k2b : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %k1 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ssbk = tile.splat %sbk : i32 -> tensor<32x1xi32>
  %brow = arith.muli %k1, %ssbk : tensor<32x1xi32>
  %pb0 = tile.splat %b : !tile.ptr<bf16> -> tensor<32x1x!tile.ptr<bf16>>
  %pb1 = tile.addptr %pb0, %brow : tensor<32x1x!tile.ptr<bf16>>, tensor<32x1xi32>
  %bn2 = tile.expand_dims %bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pb2 = tile.broadcast %pb1 : tensor<32x1x!tile.ptr<bf16>> -> tensor<32x64x!tile.ptr<bf16>>
  %bn2b = tile.broadcast %bn2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %pb = tile.addptr %pb2, %bn2b : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %kt = arith.addi %K, %c32 : i32
  %kn = arith.divsi %kt, %c32 : i32
  %res:3 = scf.for %k = %c0 to %kn step %c1 iter_args(%ia = %pa, %acc = %acc0, %ib = %pb) -> (tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %rem = arith.subi %K, %kk : i32
    %srem = tile.splat %rem : i32 -> tensor<1x32xi32>
    %mk = arith.cmpi slt, %k2, %srem : tensor<1x32xi32>
    %mka = tile.broadcast %mk : tensor<1x32xi1> -> tensor<64x32xi1>
    %va = tile.load %ia, %mka, %za : tensor<64x32x!tile.ptr<bf16>>
    %srem1 = tile.splat %rem : i32 -> tensor<32x1xi32>
    %mkb = arith.cmpi slt, %k1, %srem1 : tensor<32x1xi32>
    %mkbb = tile.broadcast %mkb : tensor<32x1xi1> -> tensor<32x64xi1>
    %vb = tile.load %ib, %mkbb, %zb : tensor<32x64x!tile.ptr<bf16>>
    %d = tile.dot %va, %vb, %acc : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
    %na = tile.addptr %ia, %step_a : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %bstep = arith.muli %sbk, %c32 : i32
    %sbstep = tile.splat %bstep : i32 -> tensor<32x64xi32>
    %nb = tile.addptr %ib, %sbstep : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %na, %d, %nb : tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>
  }
  %cm = tile.expand_dims %om {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sNc = tile.splat %N : i32 -> tensor<64x1xi32>
  %crow = arith.muli %cm, %sNc : tensor<64x1xi32>
  %pc0 = tile.splat %c : !tile.ptr<f32> -> tensor<64x1x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc0, %crow : tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>
  %cn = tile.expand_dims %on {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pc2 = tile.broadcast %pc1 : tensor<64x1x!tile.ptr<f32>> -> tensor<64x64x!tile.ptr<f32>>
  %cnb = tile.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %pc = tile.addptr %pc2, %cnb : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %sMc = tile.splat %M : i32 -> tensor<64x1xi32>
  %cmm = arith.cmpi slt, %cm, %sMc : tensor<64x1xi32>
  %sNn = tile.splat %N : i32 -> tensor<1x64xi32>
  %cnm = arith.cmpi slt, %cn, %sNn : tensor<1x64xi32>
  %cmmb = tile.broadcast %cmm : tensor<64x1xi1> -> tensor<64x64xi1>
  %cnmb = tile.broadcast %cnm : tensor<1x64xi1> -> tensor<64x64xi1>
  %cmask = arith.andi %cmmb, %cnmb : tensor<64x64xi1>
  %scale = arith.constant dense<2.000000e+00> : tensor<64x64xf32>
  %out = arith.mulf %res#1, %scale : tensor<64x64xf32>
  tile.store %pc, %out, %cmask : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// Rows bounded by the load's own mask instead of wrapped: the same.
// CHECK-LABEL: func.func @rows_masked
// CHECK: tile.make_tensor_desc %arg1, [%arg5, %arg4]
// CHECK: tile.make_tensor_desc %arg0, [%arg3, %arg5]
// CHECK: tile.desc_load
// CHECK: tile.desc_load
// CHECK-NOT: tile.load
func.func @rows_masked(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %za = arith.constant dense<0.000000e+00> : tensor<64x32xbf16>
  %oa = arith.constant dense<1.000000e+00> : tensor<64x32xbf16>
  %zb = arith.constant dense<0.000000e+00> : tensor<32x64xbf16>
  %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %c64 : i32
  %n0 = arith.muli %pid_n, %c64 : i32
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %r32 = tile.make_range 0 to 32 : tensor<32xi32>
  %sm = tile.splat %m0 : i32 -> tensor<64xi32>
  %om = arith.addi %sm, %r64 : tensor<64xi32>
  %sM = tile.splat %M : i32 -> tensor<64xi32>
  %am = arith.addi %sm, %r64 : tensor<64xi32>
  %sn = tile.splat %n0 : i32 -> tensor<64xi32>
  %on = arith.addi %sn, %r64 : tensor<64xi32>
  %sN = tile.splat %N : i32 -> tensor<64xi32>
  %bn = arith.remsi %on, %sN : tensor<64xi32>
  %am2 = tile.expand_dims %am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ssam = tile.splat %sam : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am2, %ssam : tensor<64x1xi32>
  %pa0 = tile.splat %a : !tile.ptr<bf16> -> tensor<64x1x!tile.ptr<bf16>>
  %pa1 = tile.addptr %pa0, %arow : tensor<64x1x!tile.ptr<bf16>>, tensor<64x1xi32>
  %k2 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %pa2 = tile.broadcast %pa1 : tensor<64x1x!tile.ptr<bf16>> -> tensor<64x32x!tile.ptr<bf16>>
  %k2b = tile.broadcast %k2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %pa = tile.addptr %pa2, %k2b : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %k1 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ssbk = tile.splat %sbk : i32 -> tensor<32x1xi32>
  %brow = arith.muli %k1, %ssbk : tensor<32x1xi32>
  %pb0 = tile.splat %b : !tile.ptr<bf16> -> tensor<32x1x!tile.ptr<bf16>>
  %pb1 = tile.addptr %pb0, %brow : tensor<32x1x!tile.ptr<bf16>>, tensor<32x1xi32>
  %bn2 = tile.expand_dims %bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pb2 = tile.broadcast %pb1 : tensor<32x1x!tile.ptr<bf16>> -> tensor<32x64x!tile.ptr<bf16>>
  %bn2b = tile.broadcast %bn2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %pb = tile.addptr %pb2, %bn2b : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %kt = arith.addi %K, %c32 : i32
  %kn = arith.divsi %kt, %c32 : i32
  %res:3 = scf.for %k = %c0 to %kn step %c1 iter_args(%ia = %pa, %acc = %acc0, %ib = %pb) -> (tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %rem = arith.subi %K, %kk : i32
    %srem = tile.splat %rem : i32 -> tensor<1x32xi32>
    %mk = arith.cmpi slt, %k2, %srem : tensor<1x32xi32>
    %mka = tile.broadcast %mk : tensor<1x32xi1> -> tensor<64x32xi1>
    %sMr = tile.splat %M : i32 -> tensor<64x1xi32>
    %mr = arith.cmpi slt, %am2, %sMr : tensor<64x1xi32>
    %mrb = tile.broadcast %mr : tensor<64x1xi1> -> tensor<64x32xi1>
    %mka2 = arith.andi %mrb, %mka : tensor<64x32xi1>
    %va = tile.load %ia, %mka2, %za : tensor<64x32x!tile.ptr<bf16>>
    %srem1 = tile.splat %rem : i32 -> tensor<32x1xi32>
    %mkb = arith.cmpi slt, %k1, %srem1 : tensor<32x1xi32>
    %mkbb = tile.broadcast %mkb : tensor<32x1xi1> -> tensor<32x64xi1>
    %vb = tile.load %ib, %mkbb, %zb : tensor<32x64x!tile.ptr<bf16>>
    %d = tile.dot %va, %vb, %acc : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
    %na = tile.addptr %ia, %step_a : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %bstep = arith.muli %sbk, %c32 : i32
    %sbstep = tile.splat %bstep : i32 -> tensor<32x64xi32>
    %nb = tile.addptr %ib, %sbstep : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %na, %d, %nb : tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>
  }
  %cm = tile.expand_dims %om {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sNc = tile.splat %N : i32 -> tensor<64x1xi32>
  %crow = arith.muli %cm, %sNc : tensor<64x1xi32>
  %pc0 = tile.splat %c : !tile.ptr<f32> -> tensor<64x1x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc0, %crow : tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>
  %cn = tile.expand_dims %on {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pc2 = tile.broadcast %pc1 : tensor<64x1x!tile.ptr<f32>> -> tensor<64x64x!tile.ptr<f32>>
  %cnb = tile.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %pc = tile.addptr %pc2, %cnb : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %sMc = tile.splat %M : i32 -> tensor<64x1xi32>
  %cmm = arith.cmpi slt, %cm, %sMc : tensor<64x1xi32>
  %sNn = tile.splat %N : i32 -> tensor<1x64xi32>
  %cnm = arith.cmpi slt, %cn, %sNn : tensor<1x64xi32>
  %cmmb = tile.broadcast %cmm : tensor<64x1xi1> -> tensor<64x64xi1>
  %cnmb = tile.broadcast %cnm : tensor<1x64xi1> -> tensor<64x64xi1>
  %cmask = arith.andi %cnmb, %cnmb : tensor<64x64xi1>
  %scale = arith.constant dense<2.000000e+00> : tensor<64x64xf32>
  %out = arith.mulf %res#1, %scale : tensor<64x64xf32>
  tile.store %pc, %out, %cmask : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// Wrapped rows whose results are stored without a row bound would be
// stored from zeros instead of the wrapped rows: nothing changes.
// CHECK-LABEL: func.func @wrapped_rows_stored
// CHECK-NOT: tile.make_tensor_desc
// CHECK: tile.load
// CHECK: tile.load
func.func @wrapped_rows_stored(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %za = arith.constant dense<0.000000e+00> : tensor<64x32xbf16>
  %oa = arith.constant dense<1.000000e+00> : tensor<64x32xbf16>
  %zb = arith.constant dense<0.000000e+00> : tensor<32x64xbf16>
  %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %c64 : i32
  %n0 = arith.muli %pid_n, %c64 : i32
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %r32 = tile.make_range 0 to 32 : tensor<32xi32>
  %sm = tile.splat %m0 : i32 -> tensor<64xi32>
  %om = arith.addi %sm, %r64 : tensor<64xi32>
  %sM = tile.splat %M : i32 -> tensor<64xi32>
  %am = arith.remsi %om, %sM : tensor<64xi32>
  %sn = tile.splat %n0 : i32 -> tensor<64xi32>
  %on = arith.addi %sn, %r64 : tensor<64xi32>
  %sN = tile.splat %N : i32 -> tensor<64xi32>
  %bn = arith.remsi %on, %sN : tensor<64xi32>
  %am2 = tile.expand_dims %am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ssam = tile.splat %sam : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am2, %ssam : tensor<64x1xi32>
  %pa0 = tile.splat %a : !tile.ptr<bf16> -> tensor<64x1x!tile.ptr<bf16>>
  %pa1 = tile.addptr %pa0, %arow : tensor<64x1x!tile.ptr<bf16>>, tensor<64x1xi32>
  %k2 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %pa2 = tile.broadcast %pa1 : tensor<64x1x!tile.ptr<bf16>> -> tensor<64x32x!tile.ptr<bf16>>
  %k2b = tile.broadcast %k2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %pa = tile.addptr %pa2, %k2b : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %k1 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ssbk = tile.splat %sbk : i32 -> tensor<32x1xi32>
  %brow = arith.muli %k1, %ssbk : tensor<32x1xi32>
  %pb0 = tile.splat %b : !tile.ptr<bf16> -> tensor<32x1x!tile.ptr<bf16>>
  %pb1 = tile.addptr %pb0, %brow : tensor<32x1x!tile.ptr<bf16>>, tensor<32x1xi32>
  %bn2 = tile.expand_dims %bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pb2 = tile.broadcast %pb1 : tensor<32x1x!tile.ptr<bf16>> -> tensor<32x64x!tile.ptr<bf16>>
  %bn2b = tile.broadcast %bn2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %pb = tile.addptr %pb2, %bn2b : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %kt = arith.addi %K, %c32 : i32
  %kn = arith.divsi %kt, %c32 : i32
  %res:3 = scf.for %k = %c0 to %kn step %c1 iter_args(%ia = %pa, %acc = %acc0, %ib = %pb) -> (tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %rem = arith.subi %K, %kk : i32
    %srem = tile.splat %rem : i32 -> tensor<1x32xi32>
    %mk = arith.cmpi slt, %k2, %srem : tensor<1x32xi32>
    %mka = tile.broadcast %mk : tensor<1x32xi1> -> tensor<64x32xi1>
    %va = tile.load %ia, %mka, %za : tensor<64x32x!tile.ptr<bf16>>
    %srem1 = tile.splat %rem : i32 -> tensor<32x1xi32>
    %mkb = arith.cmpi slt, %k1, %srem1 : tensor<32x1xi32>
    %mkbb = tile.broadcast %mkb : tensor<32x1xi1> -> tensor<32x64xi1>
    %vb = tile.load %ib, %mkbb, %zb : tensor<32x64x!tile.ptr<bf16>>
    %d = tile.dot %va, %vb, %acc : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
    %na = tile.addptr %ia, %step_a : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %bstep = arith.muli %sbk, %c32 : i32
    %sbstep = tile.splat %bstep : i32 -> tensor<32x64xi32>
    %nb = tile.addptr %ib, %sbstep : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %na, %d, %nb : tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>
  }
  %cm = tile.expand_dims %om {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sNc = tile.splat %N : i32 -> tensor<64x1xi32>
  %crow = arith.muli %cm, %sNc : tensor<64x1xi32>
  %pc0 = tile.splat %c : !tile.ptr<f32> -> tensor<64x1x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc0, %crow : tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>
  %cn = tile.expand_dims %on {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pc2 = tile.broadcast %pc1 : tensor<64x1x!tile.ptr<f32>> -> tensor<64x64x!tile.ptr<f32>>
  %cnb = tile.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %pc = tile.addptr %pc2, %cnb : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %sMc = tile.splat %M : i32 -> tensor<64x1xi32>
  %cmm = arith.cmpi slt, %cm, %sMc : tensor<64x1xi32>
  %sNn = tile.splat %N : i32 -> tensor<1x64xi32>
  %cnm = arith.cmpi slt, %cn, %sNn : tensor<1x64xi32>
  %cmmb = tile.broadcast %cmm : tensor<64x1xi1> -> tensor<64x64xi1>
  %cnmb = tile.broadcast %cnm : tensor<1x64xi1> -> tensor<64x64xi1>
  %cmask = arith.andi %cnmb, %cnmb : tensor<64x64xi1>
  %scale = arith.constant dense<2.000000e+00> : tensor<64x64xf32>
  %out = arith.mulf %res#1, %scale : tensor<64x64xf32>
  tile.store %pc, %out, %cmask : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// A's rows only 16-byte aligned (a multiple of 8 elements): neither
// operand is rewritten.
// CHECK-LABEL: func.func @rows_16_bytes
// CHECK-NOT: tile.make_tensor_desc
// CHECK: tile.load
// CHECK: tile.load
func.func @rows_16_bytes(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 8 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %za = arith.constant dense<0.000000e+00> : tensor<64x32xbf16>
  %oa = arith.constant dense<1.000000e+00> : tensor<64x32xbf16>
  %zb = arith.constant dense<0.000000e+00> : tensor<32x64xbf16>
  %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %c64 : i32
  %n0 = arith.muli %pid_n, %c64 : i32
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %r32 = tile.make_range 0 to 32 : tensor<32xi32>
  %sm = tile.splat %m0 : i32 -> tensor<64xi32>
  %om = arith.addi %sm, %r64 : tensor<64xi32>
  %sM = tile.splat %M : i32 -> tensor<64xi32>
  %am = arith.remsi %om, %sM : tensor<64xi32>
  %sn = tile.splat %n0 : i32 -> tensor<64xi32>
  %on = arith.addi %sn, %r64 : tensor<64xi32>
  %sN = tile.splat %N : i32 -> tensor<64xi32>
  %bn = arith.remsi %on, %sN : tensor<64xi32>
  %am2 = tile.expand_dims %am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ssam = tile.splat %sam : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am2, %ssam : tensor<64x1xi32>
  %pa0 = tile.splat %a : !tile.ptr<bf16> -> tensor<64x1x!tile.ptr<bf16>>
  %pa1 = tile.addptr %pa0, %arow : tensor<64x1x!tile.ptr<bf16>>, tensor<64x1xi32>
  %k2 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %pa2 = tile.broadcast %pa1 : tensor<64x1x!tile.ptr<bf16>> -> tensor<64x32x!tile.ptr<bf16>>
  %k2b = tile.broadcast %k2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %pa = tile.addptr %pa2, %k2b : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %k1 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ssbk = tile.splat %sbk : i32 -> tensor<32x1xi32>
  %brow = arith.muli %k1, %ssbk : tensor<32x1xi32>
  %pb0 = tile.splat %b : !tile.ptr<bf16> -> tensor<32x1x!tile.ptr<bf16>>
  %pb1 = tile.addptr %pb0, %brow : tensor<32x1x!tile.ptr<bf16>>, tensor<32x1xi32>
  %bn2 = tile.expand_dims %bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pb2 = tile.broadcast %pb1 : tensor<32x1x!tile.ptr<bf16>> -> tensor<32x64x!tile.ptr<bf16>>
  %bn2b = tile.broadcast %bn2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %pb = tile.addptr %pb2, %bn2b : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %kt = arith.addi %K, %c32 : i32
  %kn = arith.divsi %kt, %c32 : i32
  %res:3 = scf.for %k = %c0 to %kn step %c1 iter_args(%ia = %pa, %acc = %acc0, %ib = %pb) -> (tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %rem = arith.subi %K, %kk : i32
    %srem = tile.splat %rem : i32 -> tensor<1x32xi32>
    %mk = arith.cmpi slt, %k2, %srem : tensor<1x32xi32>
    %mka = tile.broadcast %mk : tensor<1x32xi1> -> tensor<64x32xi1>
    %va = tile.load %ia, %mka, %za : tensor<64x32x!tile.ptr<bf16>>
    %srem1 = tile.splat %rem : i32 -> tensor<32x1xi32>
    %mkb = arith.cmpi slt, %k1, %srem1 : tensor<32x1xi32>
    %mkbb = tile.broadcast %mkb : tensor<32x1xi1> -> tensor<32x64xi1>
    %vb = tile.load %ib, %mkbb, %zb : tensor<32x64x!tile.ptr<bf16>>
    %d = tile.dot %va, %vb, %acc : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
    %na = tile.addptr %ia, %step_a : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %bstep = arith.muli %sbk, %c32 : i32
    %sbstep = tile.splat %bstep : i32 -> tensor<32x64xi32>
    %nb = tile.addptr %ib, %sbstep : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %na, %d, %nb : tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>
  }
  %cm = tile.expand_dims %om {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sNc = tile.splat %N : i32 -> tensor<64x1xi32>
  %crow = arith.muli %cm, %sNc : tensor<64x1xi32>
  %pc0 = tile.splat %c : !tile.ptr<f32> -> tensor<64x1x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc0, %crow : tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>
  %cn = tile.expand_dims %on {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pc2 = tile.broadcast %pc1 : tensor<64x1x!tile.ptr<f32>> -> tensor<64x64x!tile.ptr<f32>>
  %cnb = tile.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %pc = tile.addptr %pc2, %cnb : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %sMc = tile.splat %M : i32 -> tensor<64x1xi32>
  %cmm = arith.cmpi slt, %cm, %sMc : tensor<64x1xi32>
  %sNn = tile.splat %N : i32 -> tensor<1x64xi32>
  %cnm = arith.cmpi slt, %cn, %sNn : tensor<1x64xi32>
  %cmmb = tile.broadcast %cmm : tensor<64x1xi1> -> tensor<64x64xi1>
  %cnmb = tile.broadcast %cnm : tensor<1x64xi1> -> tensor<64x64xi1>
  %cmask = arith.andi %cmmb, %cnmb : tensor<64x64xi1>
  %scale = arith.constant dense<2.000000e+00> : tensor<64x64xf32>
  %out = arith.mulf %res#1, %scale : tensor<64x64xf32>
  tile.store %pc, %out, %cmask : tensor<64x64x!tile.ptr<f32>>
  return
}

// -----

// Masked-off elements of A read as 1, not the engine's zeros: neither
// operand is rewritten.
// CHECK-LABEL: func.func @other_not_zero
// CHECK-NOT: tile.make_tensor_desc
// CHECK: tile.load
// CHECK: tile.load
func.func @other_not_zero(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %c: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %M: i32 {tile.divisibility = 16 : i32}, %N: i32 {tile.divisibility = 16 : i32}, %K: i32 {tile.divisibility = 16 : i32}, %sam: i32 {tile.divisibility = 16 : i32}, %sbk: i32 {tile.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %za = arith.constant dense<0.000000e+00> : tensor<64x32xbf16>
  %oa = arith.constant dense<1.000000e+00> : tensor<64x32xbf16>
  %zb = arith.constant dense<0.000000e+00> : tensor<32x64xbf16>
  %acc0 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m0 = arith.muli %pid_m, %c64 : i32
  %n0 = arith.muli %pid_n, %c64 : i32
  %r64 = tile.make_range 0 to 64 : tensor<64xi32>
  %r32 = tile.make_range 0 to 32 : tensor<32xi32>
  %sm = tile.splat %m0 : i32 -> tensor<64xi32>
  %om = arith.addi %sm, %r64 : tensor<64xi32>
  %sM = tile.splat %M : i32 -> tensor<64xi32>
  %am = arith.remsi %om, %sM : tensor<64xi32>
  %sn = tile.splat %n0 : i32 -> tensor<64xi32>
  %on = arith.addi %sn, %r64 : tensor<64xi32>
  %sN = tile.splat %N : i32 -> tensor<64xi32>
  %bn = arith.remsi %on, %sN : tensor<64xi32>
  %am2 = tile.expand_dims %am {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ssam = tile.splat %sam : i32 -> tensor<64x1xi32>
  %arow = arith.muli %am2, %ssam : tensor<64x1xi32>
  %pa0 = tile.splat %a : !tile.ptr<bf16> -> tensor<64x1x!tile.ptr<bf16>>
  %pa1 = tile.addptr %pa0, %arow : tensor<64x1x!tile.ptr<bf16>>, tensor<64x1xi32>
  %k2 = tile.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %pa2 = tile.broadcast %pa1 : tensor<64x1x!tile.ptr<bf16>> -> tensor<64x32x!tile.ptr<bf16>>
  %k2b = tile.broadcast %k2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %pa = tile.addptr %pa2, %k2b : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
  %k1 = tile.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ssbk = tile.splat %sbk : i32 -> tensor<32x1xi32>
  %brow = arith.muli %k1, %ssbk : tensor<32x1xi32>
  %pb0 = tile.splat %b : !tile.ptr<bf16> -> tensor<32x1x!tile.ptr<bf16>>
  %pb1 = tile.addptr %pb0, %brow : tensor<32x1x!tile.ptr<bf16>>, tensor<32x1xi32>
  %bn2 = tile.expand_dims %bn {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pb2 = tile.broadcast %pb1 : tensor<32x1x!tile.ptr<bf16>> -> tensor<32x64x!tile.ptr<bf16>>
  %bn2b = tile.broadcast %bn2 : tensor<1x64xi32> -> tensor<32x64xi32>
  %pb = tile.addptr %pb2, %bn2b : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
  %kt = arith.addi %K, %c32 : i32
  %kn = arith.divsi %kt, %c32 : i32
  %res:3 = scf.for %k = %c0 to %kn step %c1 iter_args(%ia = %pa, %acc = %acc0, %ib = %pb) -> (tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %rem = arith.subi %K, %kk : i32
    %srem = tile.splat %rem : i32 -> tensor<1x32xi32>
    %mk = arith.cmpi slt, %k2, %srem : tensor<1x32xi32>
    %mka = tile.broadcast %mk : tensor<1x32xi1> -> tensor<64x32xi1>
    %va = tile.load %ia, %mka, %oa : tensor<64x32x!tile.ptr<bf16>>
    %srem1 = tile.splat %rem : i32 -> tensor<32x1xi32>
    %mkb = arith.cmpi slt, %k1, %srem1 : tensor<32x1xi32>
    %mkbb = tile.broadcast %mkb : tensor<32x1xi1> -> tensor<32x64xi1>
    %vb = tile.load %ib, %mkbb, %zb : tensor<32x64x!tile.ptr<bf16>>
    %d = tile.dot %va, %vb, %acc : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
    %na = tile.addptr %ia, %step_a : tensor<64x32x!tile.ptr<bf16>>, tensor<64x32xi32>
    %bstep = arith.muli %sbk, %c32 : i32
    %sbstep = tile.splat %bstep : i32 -> tensor<32x64xi32>
    %nb = tile.addptr %ib, %sbstep : tensor<32x64x!tile.ptr<bf16>>, tensor<32x64xi32>
    scf.yield %na, %d, %nb : tensor<64x32x!tile.ptr<bf16>>, tensor<64x64xf32>, tensor<32x64x!tile.ptr<bf16>>
  }
  %cm = tile.expand_dims %om {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sNc = tile.splat %N : i32 -> tensor<64x1xi32>
  %crow = arith.muli %cm, %sNc : tensor<64x1xi32>
  %pc0 = tile.splat %c : !tile.ptr<f32> -> tensor<64x1x!tile.ptr<f32>>
  %pc1 = tile.addptr %pc0, %crow : tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>
  %cn = tile.expand_dims %on {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %pc2 = tile.broadcast %pc1 : tensor<64x1x!tile.ptr<f32>> -> tensor<64x64x!tile.ptr<f32>>
  %cnb = tile.broadcast %cn : tensor<1x64xi32> -> tensor<64x64xi32>
  %pc = tile.addptr %pc2, %cnb : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %sMc = tile.splat %M : i32 -> tensor<64x1xi32>
  %cmm = arith.cmpi slt, %cm, %sMc : tensor<64x1xi32>
  %sNn = tile.splat %N : i32 -> tensor<1x64xi32>
  %cnm = arith.cmpi slt, %cn, %sNn : tensor<1x64xi32>
  %cmmb = tile.broadcast %cmm : tensor<64x1xi1> -> tensor<64x64xi1>
  %cnmb = tile.broadcast %cnm : tensor<1x64xi1> -> tensor<64x64xi1>
  %cmask = arith.andi %cmmb, %cnmb : tensor<64x64xi1>
  %scale = arith.constant dense<2.000000e+00> : tensor<64x64xf32>
  %out = arith.mulf %res#1, %scale : tensor<64x64xf32>
  tile.store %pc, %out, %cmask : tensor<64x64x!tile.ptr<f32>>
  return
}

