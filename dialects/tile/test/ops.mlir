// Every tile op, printed and parsed back; then text -> bytecode -> text must
// reproduce the text exactly.
// RUN: tessel-opt %s | tessel-opt | FileCheck %s
// RUN: tessel-opt %s > %t.txt
// RUN: tessel-opt %s --emit-bytecode > %t.mlirbc
// RUN: tessel-opt %t.mlirbc > %t.roundtrip.txt
// RUN: diff %t.txt %t.roundtrip.txt

// CHECK-LABEL: func.func @grid
func.func @grid() -> (i32, i32, i32) {
  // CHECK: tile.program_id x
  %0 = tile.program_id x
  // CHECK: tile.program_id z
  %1 = tile.program_id z
  // CHECK: tile.num_programs y
  %2 = tile.num_programs y
  return %0, %1, %2 : i32, i32, i32
}

// CHECK-LABEL: func.func @shapes
func.func @shapes(%x: f32, %t: tensor<4x32xf32>) {
  // CHECK: tile.make_range 0 to 128 : tensor<128xi32>
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  // CHECK: tile.splat %{{.*}} : f32 -> tensor<1x32xf32>
  %s = tile.splat %x : f32 -> tensor<1x32xf32>
  // CHECK: tile.broadcast %{{.*}} : tensor<1x32xf32> -> tensor<4x32xf32>
  %b = tile.broadcast %s : tensor<1x32xf32> -> tensor<4x32xf32>
  // CHECK: tile.expand_dims %{{.*}} {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  %e = tile.expand_dims %r {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
  // CHECK: tile.reshape %{{.*}} : tensor<4x32xf32> -> tensor<128xf32>
  %h = tile.reshape %t : tensor<4x32xf32> -> tensor<128xf32>
  // CHECK: tile.reshape %{{.*}} allow_reorder : tensor<4x32xf32> -> tensor<2x64xf32>
  %h2 = tile.reshape %t allow_reorder : tensor<4x32xf32> -> tensor<2x64xf32>
  // CHECK: tile.trans %{{.*}} [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  %tr = tile.trans %t [1, 0] : tensor<4x32xf32> -> tensor<32x4xf32>
  return
}

// CHECK-LABEL: func.func @memory
// CHECK-SAME: (%{{.*}}: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %{{.*}}: i32 {tile.divisibility = 16 : i32}, %{{.*}}: !tile.ptr<i32, 3>)
func.func @memory(%base: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                  %n: i32 {tile.divisibility = 16 : i32}, %shared: !tile.ptr<i32, 3>) {
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %p = tile.splat %base : !tile.ptr<f16> -> tensor<64x!tile.ptr<f16>>
  // CHECK: tile.addptr %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
  %q = tile.addptr %p, %r : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
  // CHECK: tile.addptr %{{.*}}, %{{.*}} : !tile.ptr<f16>, i32
  %b2 = tile.addptr %base, %n : !tile.ptr<f16>, i32
  %ns = tile.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %zero = arith.constant dense<0.0> : tensor<64xf16>
  // CHECK: tile.load %{{.*}} : tensor<64x!tile.ptr<f16>>
  %a = tile.load %q : tensor<64x!tile.ptr<f16>>
  // CHECK: tile.load %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f16>>
  %b = tile.load %q, %m : tensor<64x!tile.ptr<f16>>
  // CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} {cache = #tile.cache<cg>, evict = #tile.evict<evict_last>, isVolatile} : tensor<64x!tile.ptr<f16>>
  %c = tile.load %q, %m, %zero {cache = #tile.cache<cg>, evict = #tile.evict<evict_last>, isVolatile} : tensor<64x!tile.ptr<f16>>
  // CHECK: tile.load %{{.*}} : !tile.ptr<f16>
  %d = tile.load %b2 : !tile.ptr<f16>
  // CHECK: tile.ptr_to_int %{{.*}} : tensor<64x!tile.ptr<f16>> -> tensor<64xi64>
  %qa = tile.ptr_to_int %q : tensor<64x!tile.ptr<f16>> -> tensor<64xi64>
  // CHECK: tile.ptr_to_int %{{.*}} : !tile.ptr<f16> -> i64
  %ba = tile.ptr_to_int %base : !tile.ptr<f16> -> i64
  // CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} {evict = #tile.evict<evict_first>} : tensor<64x!tile.ptr<f16>>
  tile.store %q, %c, %m {evict = #tile.evict<evict_first>} : tensor<64x!tile.ptr<f16>>
  // CHECK: tile.store %{{.*}}, %{{.*}} : !tile.ptr<f16>
  tile.store %b2, %d : !tile.ptr<f16>
  // CHECK: tile.barrier
  tile.barrier
  // CHECK: tile.inline_asm "mov.b32 $0, $1;", "=r,r" pack 1 %{{.*}} : tensor<64xi32> -> tensor<64xi32>
  %asm = tile.inline_asm "mov.b32 $0, $1;", "=r,r" pack 1 %r : tensor<64xi32> -> tensor<64xi32>
  // CHECK: tile.inline_asm "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" pure pack 2 %{{.*}} : tensor<64xi8> -> tensor<64xf16>
  %i8 = arith.trunci %r : tensor<64xi32> to tensor<64xi8>
  %asm2 = tile.inline_asm "cvt.rn.f16x2.e4m3x2 $0, $1;", "=r,h" pure pack 2 %i8 : tensor<64xi8> -> tensor<64xf16>
  // CHECK: tile.load %{{.*}} : !tile.ptr<i32, 3>
  %l = tile.load %shared : !tile.ptr<i32, 3>
  return
}

// CHECK-LABEL: func.func @matmul
func.func @matmul(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>,
                  %x: tensor<16x16xf32>, %y: tensor<16x16xf32>, %z: tensor<16x16xf32>,
                  %i: tensor<2x16x32xi8>, %j: tensor<2x32x16xi8>, %k: tensor<2x16x16xi32>,
                  %e4: tensor<16x32xf8E4M3FN>, %e5: tensor<32x16xf8E5M2>) {
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  %0 = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  // CHECK: tile.dot %{{.*}} {input_precision = #tile.input_precision<tf32>} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  %1 = tile.dot %x, %y, %z {input_precision = #tile.input_precision<tf32>} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  // CHECK: tile.dot %{{.*}} : tensor<2x16x32xi8> * tensor<2x32x16xi8> -> tensor<2x16x16xi32>
  %2 = tile.dot %i, %j, %k : tensor<2x16x32xi8> * tensor<2x32x16xi8> -> tensor<2x16x16xi32>
  // CHECK: tile.dot %{{.*}} : tensor<16x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<16x16xf32>
  %3 = tile.dot %e4, %e5, %z : tensor<16x32xf8E4M3FN> * tensor<32x16xf8E5M2> -> tensor<16x16xf32>
  return
}

// CHECK-LABEL: func.func @reductions
func.func @reductions(%v: tensor<8x128xf32>, %idx: tensor<8x128xi32>) {
  // CHECK: tile.reduce %{{.*}} axis = 1 : (tensor<8x128xf32>) -> tensor<8xf32> {
  // CHECK: ^bb0(%{{.*}}: f32, %{{.*}}: f32):
  // CHECK:   tile.yield %{{.*}} : f32
  %s = tile.reduce %v axis = 1 : (tensor<8x128xf32>) -> tensor<8xf32> {
  ^bb0(%a: f32, %b: f32):
    %r = arith.maximumf %a, %b : f32
    tile.yield %r : f32
  }
  // Argmax: value and index reduce together.
  // CHECK: tile.reduce %{{.*}}, %{{.*}} axis = 0 : (tensor<8x128xf32>, tensor<8x128xi32>) -> (tensor<128xf32>, tensor<128xi32>)
  %m:2 = tile.reduce %v, %idx axis = 0 : (tensor<8x128xf32>, tensor<8x128xi32>) -> (tensor<128xf32>, tensor<128xi32>) {
  ^bb0(%av: f32, %ai: i32, %bv: f32, %bi: i32):
    %gt = arith.cmpf ogt, %bv, %av : f32
    %vv = arith.select %gt, %bv, %av : f32
    %ii = arith.select %gt, %bi, %ai : i32
    tile.yield %vv, %ii : f32, i32
  }
  // CHECK: tile.scan %{{.*}} axis = 1 reverse : (tensor<8x128xi32>) -> tensor<8x128xi32>
  %c = tile.scan %idx axis = 1 reverse : (tensor<8x128xi32>) -> tensor<8x128xi32> {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    tile.yield %r : i32
  }
  return
}

// CHECK-LABEL: func.func @atomics
func.func @atomics(%p: tensor<64x!tile.ptr<f32>>, %v: tensor<64xf32>, %m: tensor<64xi1>,
                   %lock: !tile.ptr<i32>, %c0: i32, %c1: i32) {
  // CHECK: tile.atomic_rmw fadd, %{{.*}}, %{{.*}}, %{{.*}} {sem = #tile.sem<relaxed>} : tensor<64x!tile.ptr<f32>>
  %0 = tile.atomic_rmw fadd, %p, %v, %m {sem = #tile.sem<relaxed>} : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.atomic_rmw max, %{{.*}}, %{{.*}} {scope = #tile.scope<cta>} : tensor<64x!tile.ptr<f32>>
  %1 = tile.atomic_rmw max, %p, %v {scope = #tile.scope<cta>} : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.atomic_rmw xchg, %{{.*}}, %{{.*}} : !tile.ptr<i32>
  %2 = tile.atomic_rmw xchg, %lock, %c1 : !tile.ptr<i32>
  // CHECK: tile.atomic_cas %{{.*}}, %{{.*}}, %{{.*}} {scope = #tile.scope<sys>, sem = #tile.sem<acquire>} : !tile.ptr<i32>
  %3 = tile.atomic_cas %lock, %c0, %c1 {sem = #tile.sem<acquire>, scope = #tile.scope<sys>} : !tile.ptr<i32>
  return
}

// CHECK-LABEL: func.func @descriptors
func.func @descriptors(%base: !tile.ptr<f16>, %m: i32, %k: i32, %sm: i64, %one: i64, %i: i32) {
  // CHECK: tile.make_tensor_desc %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tile.ptr<f16> -> !tile.tensordesc<tensor<64x32xf16>>
  %d = tile.make_tensor_desc %base, [%m, %k], [%sm, %one] : !tile.ptr<f16> -> !tile.tensordesc<tensor<64x32xf16>>
  // CHECK: tile.make_tensor_desc {{.*}} {padding = #tile.padding<nan>}
  %dn = tile.make_tensor_desc %base, [%m, %k], [%sm, %one] {padding = #tile.padding<nan>} : !tile.ptr<f16> -> !tile.tensordesc<tensor<64x32xf16>>
  // CHECK: tile.desc_load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  %blk = tile.desc_load %d[%i, %i] : !tile.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  // CHECK: tile.desc_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tile.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tile.desc_store %d[%i, %i], %blk : !tile.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  return
}

// CHECK-LABEL: func.func @conversions_and_debug
func.func @conversions_and_debug(%x: tensor<64xf32>, %ok: tensor<64xi1>, %o: tensor<64xi32>, %s: f32) {
  // CHECK: tile.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  %q = tile.fp_to_fp %x, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  // CHECK: tile.fp_to_fp %{{.*}} : tensor<64xf8E4M3FN> -> tensor<64xf16>
  %w = tile.fp_to_fp %q : tensor<64xf8E4M3FN> -> tensor<64xf16>
  // CHECK: tile.fp_to_fp %{{.*}}, rounding = rtz : f32 -> bf16
  %b = tile.fp_to_fp %s, rounding = rtz : f32 -> bf16
  // CHECK: tile.assert %{{.*}}, "index out of range" : tensor<64xi1>
  tile.assert %ok, "index out of range" : tensor<64xi1>
  // CHECK: tile.print "x = " %{{.*}} : tensor<64xf32>
  tile.print "x = " %x : tensor<64xf32>
  // CHECK: tile.print "offsets: " hex %{{.*}}, %{{.*}} : tensor<64xi32>, f32
  tile.print "offsets: " hex %o, %s : tensor<64xi32>, f32
  // CHECK: tile.print "here"
  tile.print "here"
  return
}
