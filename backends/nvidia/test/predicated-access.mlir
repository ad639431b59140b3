// RUN: tessel-opt %s --tilegpu-assign-layouts --convert-tile-to-nvvm | FileCheck %s
// RUN: tessel-nvidia-compile %s --arch=sm_90a | FileCheck %s --check-prefix=PTX
// RUN: tessel-nvidia-compile %s --arch=sm_80 --emit=cubin -o %t.sm80
// RUN: tessel-nvidia-compile %s --arch=sm_90a --emit=cubin -o %t.sm90a

// Masked global accesses are predicated PTX instructions in inline assembly,
// not loads and stores under scf.if: the output registers start as `other`
// (immediates for a constant, registers otherwise, zeros without one) and
// the load overwrites them where the mask holds. Cache operators and L1
// eviction priorities become qualifiers; PTX takes one or the other, and an
// explicit cache operator wins. Unmasked accesses without hints stay plain
// LLVM loads and stores.

// CHECK-LABEL: func.func @masked
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, 0xff800000;\0A\09mov.b32 $1, 0xff800000;\0A\09mov.b32 $2, 0xff800000;\0A\09mov.b32 $3, 0xff800000;\0A\09@$4 ld.global.v4.b32 {$0, $1, $2, $3}, [$5];", "=r,=r,=r,=r,b,l" {{.*}} : (i1, !llvm.ptr<1>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, $6;\0A\09mov.b32 $1, $7;\0A\09mov.b32 $2, $8;\0A\09mov.b32 $3, $9;\0A\09@$4 ld.global.cg.v4.b32 {$0, $1, $2, $3}, [$5];", "=r,=r,=r,=r,b,l,r,r,r,r"
// CHECK: llvm.inline_asm has_side_effects "ld.global.L1::evict_last.v4.b32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l"
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, 0x00000000;{{.*}}@$4 ld.volatile.global.v4.b32 {$0, $1, $2, $3}, [$5];"
// CHECK: llvm.load {{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.intr.maximum({{.*}}) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.intr.minnum({{.*}}) : (vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r"
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.cs.v4.b32 [$1], {$2, $3, $4, $5};", "b,l,r,r,r,r"
// CHECK: llvm.inline_asm has_side_effects "st.global.L1::evict_first.v4.b32 [$0], {$1, $2, $3, $4};", "l,r,r,r,r"
// CHECK: llvm.store {{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>

// PTX-LABEL: .visible .entry masked(
// PTX-NOT: bra
// PTX: mov.b32 %r{{[0-9]+}}, 0xff800000;
// PTX: @%p[[P:[0-9]+]] ld.global.v4.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%rd{{[0-9]+}}];
// PTX: @%p[[P]] ld.global.cg.v4.b32
// PTX: ld.global.L1::evict_last.v4.b32
// PTX: @%p[[P]] ld.volatile.global.v4.b32
// PTX: ld.global.v4.b32
// PTX: max.NaN.f32
// PTX: min.f32
// PTX: @%p[[P]] st.global.v4.b32 [%rd{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
// PTX: @%p[[P]] st.global.cs.v4.b32
// PTX: st.global.L1::evict_first.v4.b32
// PTX: st.global.v4.b32
// PTX-NOT: bra
// PTX: ret;
func.func @masked(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %out: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}, %fill: f32) {
  %r = tile.make_range 0 to 512 : tensor<512xi32>
  %nt = tile.splat %n : i32 -> tensor<512xi32>
  %mask = arith.cmpi slt, %r, %nt : tensor<512xi32>
  %ninf = arith.constant dense<0xFF800000> : tensor<512xf32>
  %ib = tile.splat %in : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
  %ip = tile.addptr %ib, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %x = tile.load %ip, %mask, %ninf : tensor<512x!tile.ptr<f32>>
  %f = tile.splat %fill : f32 -> tensor<512xf32>
  %y = tile.load %ip, %mask, %f {cache = #tile.cache<cg>, evict = #tile.evict<evict_first>} : tensor<512x!tile.ptr<f32>>
  %z = tile.load %ip {evict = #tile.evict<evict_last>} : tensor<512x!tile.ptr<f32>>
  %v = tile.load %ip, %mask {isVolatile} : tensor<512x!tile.ptr<f32>>
  %w = tile.load %ip : tensor<512x!tile.ptr<f32>>
  %s0 = arith.addf %x, %y : tensor<512xf32>
  %s1 = arith.addf %z, %v : tensor<512xf32>
  %s2 = arith.maximumf %s0, %s1 : tensor<512xf32>
  %s = arith.minnumf %s2, %w : tensor<512xf32>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<512x!tile.ptr<f32>>
  %op = tile.addptr %ob, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  tile.store %op, %s, %mask : tensor<512x!tile.ptr<f32>>
  tile.store %op, %s, %mask {cache = #tile.cache<cs>} : tensor<512x!tile.ptr<f32>>
  tile.store %op, %s {evict = #tile.evict<evict_first>} : tensor<512x!tile.ptr<f32>>
  tile.store %op, %s : tensor<512x!tile.ptr<f32>>
  return
}

// Narrower and wider elements: 2 bytes as one b16 register, bytes (and i1,
// a byte in memory) as b8 in a 16-bit register, 8 bytes as two b32 words.
// CHECK-LABEL: func.func @narrow
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects "mov.b16 $0, 0x3c00;\0A\09@$1 ld.global.b16 $0, [$2];", "=h,b,l" {{.*}} -> i16
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.b16 [$1], $2;", "b,l,h"
// CHECK: llvm.inline_asm has_side_effects "mov.b16 $0, 0x0007;\0A\09@$1 ld.global.b8 $0, [$2];", "=h,b,l"
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.b8 [$1], $2;", "b,l,h"
// CHECK: llvm.inline_asm has_side_effects "mov.b16 $0, 0x0001;\0A\09@$1 ld.global.b8 $0, [$2];", "=h,b,l"
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.b8 [$1], $2;", "b,l,h"
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, 0x00000000;\0A\09mov.b32 $1, 0x00000000;\0A\09@$2 ld.global.v2.b32 {$0, $1}, [$3];", "=r,=r,b,l"
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.v2.b32 [$1], {$2, $3};", "b,l,r,r"
// PTX-LABEL: .visible .entry narrow(
// PTX: @%p{{[0-9]+}} ld.global.b16 %rs{{[0-9]+}}, [%rd{{[0-9]+}}];
// PTX: @%p{{[0-9]+}} ld.global.b8 %rs{{[0-9]+}}, [%rd{{[0-9]+}}];
// PTX: @%p{{[0-9]+}} ld.global.v2.b32
func.func @narrow(%h: !tile.ptr<f16>, %b: !tile.ptr<i8>, %q: !tile.ptr<i1>, %d: !tile.ptr<f64> {tile.divisibility = 16 : i32}, %n: i32) {
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  %nt = tile.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %r, %nt : tensor<128xi32>
  %hb = tile.splat %h : !tile.ptr<f16> -> tensor<128x!tile.ptr<f16>>
  %hp = tile.addptr %hb, %r : tensor<128x!tile.ptr<f16>>, tensor<128xi32>
  %one = arith.constant dense<1.0> : tensor<128xf16>
  %hv = tile.load %hp, %mask, %one : tensor<128x!tile.ptr<f16>>
  tile.store %hp, %hv, %mask : tensor<128x!tile.ptr<f16>>
  %bb = tile.splat %b : !tile.ptr<i8> -> tensor<128x!tile.ptr<i8>>
  %bp = tile.addptr %bb, %r : tensor<128x!tile.ptr<i8>>, tensor<128xi32>
  %seven = arith.constant dense<7> : tensor<128xi8>
  %bv = tile.load %bp, %mask, %seven : tensor<128x!tile.ptr<i8>>
  tile.store %bp, %bv, %mask : tensor<128x!tile.ptr<i8>>
  %qb = tile.splat %q : !tile.ptr<i1> -> tensor<128x!tile.ptr<i1>>
  %qp = tile.addptr %qb, %r : tensor<128x!tile.ptr<i1>>, tensor<128xi32>
  %true = arith.constant dense<true> : tensor<128xi1>
  %qv = tile.load %qp, %mask, %true : tensor<128x!tile.ptr<i1>>
  tile.store %qp, %qv, %mask : tensor<128x!tile.ptr<i1>>
  %db = tile.splat %d : !tile.ptr<f64> -> tensor<128x!tile.ptr<f64>>
  %dp = tile.addptr %db, %r : tensor<128x!tile.ptr<f64>>, tensor<128xi32>
  %dv = tile.load %dp, %mask : tensor<128x!tile.ptr<f64>>
  tile.store %dp, %dv, %mask : tensor<128x!tile.ptr<f64>>
  return
}

// Scalar accesses: a masked load, a load with a cache operator, and the
// store of a scalar, which thread 0 makes (predicate: tid == 0 and mask).
// CHECK-LABEL: func.func @scalar
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects "mov.b32 $0, $3;\0A\09@$1 ld.global.b32 $0, [$2];", "=r,b,l,r"
// CHECK: llvm.inline_asm has_side_effects "ld.global.ca.b32 $0, [$1];", "=r,l"
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK: %[[COND:.*]] = arith.andi %[[FIRST]]
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.b32 [$1], $2;", "b,l,r" %[[COND]]
// PTX-LABEL: .visible .entry scalar(
// PTX-NOT: bra
// PTX: ret;
func.func @scalar(%p: !tile.ptr<f32>, %out: !tile.ptr<f32>, %c: i1, %o: f32) {
  %x = tile.load %p, %c, %o : !tile.ptr<f32>
  %y = tile.load %p {cache = #tile.cache<ca>} : !tile.ptr<f32>
  %s = arith.addf %x, %y : f32
  tile.store %out, %s, %c : !tile.ptr<f32>
  return
}

// The combine steps of a float max reduction are max.f32 (llvm.intr.maxnum),
// not compare-and-select.
// CHECK-LABEL: func.func @rowmax
// CHECK-COUNT-7: llvm.intr.maxnum({{.*}}) : (f32, f32) -> f32
// CHECK: nvvm.shfl.sync bfly
// CHECK-NEXT: arith.bitcast
// CHECK-NEXT: llvm.intr.maxnum
// CHECK-NOT: arith.maxnumf
// PTX-LABEL: .visible .entry rowmax(
// PTX-NOT: selp
// PTX-COUNT-7: max.f32
// PTX: shfl.sync.bfly.b32
// PTX-NOT: selp
// PTX: ret;
func.func @rowmax(%p: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %b = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %ptrs = tile.addptr %b, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %ptrs : tensor<1024x!tile.ptr<f32>>
  %m = tile.reduce %x axis = 0 : (tensor<1024xf32>) -> f32 {
  ^bb0(%a: f32, %c: f32):
    %t = arith.maxnumf %a, %c : f32
    tile.yield %t : f32
  }
  tile.store %out, %m : !tile.ptr<f32>
  return
}

// Tile pointers are getelementptrs on their base, so a thread's runs share
// one 64-bit address and differ by constants (which ptxas folds into the
// instructions' immediates), as in Triton's code: 2048 floats over 128
// threads are 4 runs of 4, 512 elements (2048 bytes) apart.
// CHECK-LABEL: func.func @runs
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
// PTX-LABEL: .visible .entry runs(
// PTX: mul.wide.s32 %rd[[OFF:[0-9]+]], %r{{[0-9]+}}, 4;
// PTX: add.s64 %rd[[A0:[0-9]+]], %rd{{[0-9]+}}, %rd[[OFF]];
// PTX: add.s64 %rd[[A1:[0-9]+]], %rd[[A0]], 2048;
// PTX: add.s64 %rd[[A2:[0-9]+]], %rd[[A0]], 4096;
// PTX: add.s64 %rd[[A3:[0-9]+]], %rd[[A0]], 6144;
// PTX-NOT: mul.wide
// PTX: ld.global.v4.b32 {{.*}}, [%rd[[A0]]];
// PTX: ld.global.v4.b32 {{.*}}, [%rd[[A1]]];
// PTX: ld.global.v4.b32 {{.*}}, [%rd[[A2]]];
// PTX: ld.global.v4.b32 {{.*}}, [%rd[[A3]]];
func.func @runs(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %out: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32 {tile.divisibility = 16 : i32}) {
  %pid = tile.program_id x
  %c = arith.constant 2048 : i32
  %start = arith.muli %pid, %c : i32
  %r = tile.make_range 0 to 2048 : tensor<2048xi32>
  %s = tile.splat %start : i32 -> tensor<2048xi32>
  %offs = arith.addi %s, %r : tensor<2048xi32>
  %nt = tile.splat %n : i32 -> tensor<2048xi32>
  %mask = arith.cmpi slt, %offs, %nt : tensor<2048xi32>
  %ib = tile.splat %in : !tile.ptr<f32> -> tensor<2048x!tile.ptr<f32>>
  %ip = tile.addptr %ib, %offs : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
  %x = tile.load %ip, %mask : tensor<2048x!tile.ptr<f32>>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<2048x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<2048x!tile.ptr<f32>>, tensor<2048xi32>
  tile.store %op, %x, %mask : tensor<2048x!tile.ptr<f32>>
  return
}
