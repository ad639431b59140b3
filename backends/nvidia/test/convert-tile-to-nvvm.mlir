// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts --convert-tile-to-nvvm | FileCheck %s

// Grid queries read the special registers; the kernel is marked for the
// vendor pass that runs after func-to-llvm.
// CHECK-LABEL: func.func @grid
// CHECK-SAME: tilegpu.kernel
// CHECK-SAME: tilegpu.threads_per_block = 128 : i32
// CHECK: nvvm.read.ptx.sreg.ctaid.y : i32
// CHECK: nvvm.read.ptx.sreg.nctaid.z : i32
// CHECK-NOT: tile.
func.func @grid(%out: !tile.ptr<i32>) {
  %pid = tile.program_id y
  %n = tile.num_programs z
  %s = arith.addi %pid, %n : i32
  tile.store %out, %s : !tile.ptr<i32>
  return
}

// -----

// tl.inline_asm_elementwise: the text once per element a thread holds (8 of
// 1024 over 128 threads); with pack 4, four i8 values share one register.
// CHECK-LABEL: func.func @inline_asm
// CHECK-COUNT-8: llvm.inline_asm "shf.l.wrap.b32 $0, $1, $1, 3;", "=r,r" {{.*}} : (i32) -> i32
// CHECK-COUNT-2: llvm.inline_asm "prmt.b32 $0, $1, 0, 0x0123;", "=r,r" {{.*}} : (i32) -> i32
// CHECK-NOT: llvm.inline_asm "prmt
func.func @inline_asm(%p: !tile.ptr<i32>, %q: !tile.ptr<i8>) {
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %y = tile.inline_asm "shf.l.wrap.b32 $0, $1, $1, 3;", "=r,r" pure pack 1 %r : tensor<1024xi32> -> tensor<1024xi32>
  %ps = tile.splat %p : !tile.ptr<i32> -> tensor<1024x!tile.ptr<i32>>
  %pp = tile.addptr %ps, %r : tensor<1024x!tile.ptr<i32>>, tensor<1024xi32>
  tile.store %pp, %y : tensor<1024x!tile.ptr<i32>>
  %b = arith.trunci %r : tensor<1024xi32> to tensor<1024xi8>
  %z = tile.inline_asm "prmt.b32 $0, $1, 0, 0x0123;", "=r,r" pure pack 4 %b : tensor<1024xi8> -> tensor<1024xi8>
  %qs = tile.splat %q : !tile.ptr<i8> -> tensor<1024x!tile.ptr<i8>>
  %qq = tile.addptr %qs, %r : tensor<1024x!tile.ptr<i8>>, tensor<1024xi32>
  tile.store %qq, %z : tensor<1024x!tile.ptr<i8>>
  return
}

// -----

// tl.debug_barrier: the threads of the block synchronize between a store and
// a load of the same instance.
// CHECK-LABEL: func.func @barrier
// CHECK: st.global.b32
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
func.func @barrier(%p: !tile.ptr<f32>, %v: f32) {
  tile.store %p, %v : !tile.ptr<f32>
  tile.barrier
  %x = tile.load %p : !tile.ptr<f32>
  %y = arith.addf %x, %v : f32
  tile.store %p, %y : !tile.ptr<f32>
  return
}

// -----

// A tile of 1024 over 128 threads: 8 registers each; masked 16-byte loads
// as predicated PTX (predicated-access.mlir has the details); the scalar
// result of a 1-D reduce comes from butterfly shuffles over the 32 lanes,
// then the 4 warps' partials in shared memory; thread 0 stores it.
// CHECK: module attributes {{.*}}tilegpu.shared_mem_bytes = 16 : i32
// CHECK: llvm.mlir.global external @tessel_shared() {addr_space = 3 : i32, alignment = 16 : i64}
// CHECK-LABEL: func.func @row_sum
// CHECK-SAME: (%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %{{.*}}: i32)
// CHECK-NOT: scf.if
// CHECK: llvm.inline_asm has_side_effects {{.*}}@$4 ld.global.v4.b32 {$0, $1, $2, $3}, [$5];", "=r,=r,=r,=r,b,l"
// CHECK-COUNT-5: nvvm.shfl.sync bfly
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} : f32, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK: llvm.inline_asm has_side_effects "@$0 st.global.b32 [$1], $2;", "b,l,r" %[[FIRST]]
func.func @row_sum(%in: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %out: !tile.ptr<f32>, %n: i32 {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %nt = tile.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %r, %nt : tensor<1024xi32>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %base = tile.splat %in : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %ptrs, %mask, %zero : tensor<1024x!tile.ptr<f32>>
  %s = tile.reduce %x axis = 0 : (tensor<1024xf32>) -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  }
  tile.store %out, %s : !tile.ptr<f32>
  return
}

// -----

// A row maximum spread back over its rows (`x - max(x, 1)[:, None]`): the
// expand_dims is in the reduced tile's layout (reduced-dims.mlir), so the
// reduction's lanes combine with shuffles and every register stays in its
// thread: no shared memory, no barrier.
// CHECK: module attributes {{.*}}tilegpu.shared_mem_bytes = 0 : i32
// CHECK-LABEL: func.func private @row_max_subtract
// CHECK-COUNT-4: nvvm.shfl.sync bfly
// CHECK-NOT: nvvm.barrier0
// CHECK: return
func.func private @row_max_subtract(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %m = tile.reduce %x axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tile.yield %t : f32
  }
  %m1 = tile.expand_dims %m {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
  %mb = tile.broadcast %m1 : tensor<64x1xf32> -> tensor<64x64xf32>
  %d = arith.subf %x, %mb : tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// -----

// A range expanded to a column is computed in the column's layout (each
// element is its row coordinate), not moved there: no shared memory.
// CHECK: module attributes {{.*}}tilegpu.shared_mem_bytes = 0 : i32
// CHECK-LABEL: func.func private @range_column
// CHECK-NOT: nvvm.barrier0
// CHECK: return
func.func private @range_column() -> tensor<64x1xi32> {
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %c = tile.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  return %c : tensor<64x1xi32>
}

// -----

// Shape ops move the tile through shared memory between barriers; each
// thread's run of 4 halves goes in one aligned store.
// CHECK: module attributes {{.*}}tilegpu.shared_mem_bytes = 4096 : i32
// CHECK-LABEL: func.func private @transpose
// CHECK: nvvm.barrier0
// CHECK: llvm.store {{.*}} {alignment = 8 : i64} : vector<4xf16>, !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK: llvm.load {{.*}} : !llvm.ptr<3> -> f16
func.func private @transpose(%t: tensor<64x32xf16>) -> tensor<32x64xf16> {
  %r = tile.trans %t [1, 0] : tensor<64x32xf16> -> tensor<32x64xf16>
  return %r : tensor<32x64xf16>
}

// -----

// dot: both operands in shared memory, then one loop over K with a fused
// multiply-add per accumulator element (f16 widened to f32).
// CHECK: module attributes {{.*}}tilegpu.shared_mem_bytes = 8192 : i32
// CHECK-LABEL: func.func private @dot
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<32xf32>) : i32
// CHECK: arith.extf {{.*}} : f16 to f32
// CHECK: math.fma
func.func private @dot(%a: tensor<64x32xf16>, %b: tensor<32x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %d = tile.dot %a, %b, %c : tensor<64x32xf16> * tensor<32x64xf16> -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}

// -----

// A 16-element tile over 128 threads is replicated: only owners issue the
// atomics, and copies read the old values back through shared memory. The
// default semantics (acq_rel) take a barrier before (every thread's earlier
// accesses) and fences around a relaxed atomic, which NVPTX keeps (it emits
// every atomicrmw as a relaxed atom).
// CHECK-LABEL: func.func @atomics
// CHECK: nvvm.barrier0
// CHECK: arith.cmpi ult
// CHECK: scf.if
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.atomicrmw fadd {{.*}} syncscope("device") monotonic
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK: nvvm.barrier0
func.func @atomics(%p: !tile.ptr<f32>, %out: !tile.ptr<f32>) {
  %r = tile.make_range 0 to 16 : tensor<16xi32>
  %base = tile.splat %p : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %one = arith.constant dense<1.0> : tensor<16xf32>
  %old = tile.atomic_rmw fadd, %ptrs, %one : tensor<16x!tile.ptr<f32>>
  %obase = tile.splat %out : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %optrs = tile.addptr %obase, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %optrs, %old : tensor<16x!tile.ptr<f32>>
  return
}

// -----

// A relaxed scalar atomic whose result is unused: thread 0 alone, no fence,
// no barrier. An acquiring one is followed by a barrier (every thread's
// later reads), a releasing one preceded by one; a compare-and-swap too.
// CHECK-LABEL: func.func @scalar_atomics
// CHECK-NOT: nvvm.barrier0
// CHECK: scf.if
// CHECK-NOT: llvm.fence
// CHECK: llvm.atomicrmw add {{.*}} syncscope("block") monotonic
// CHECK-NOT: llvm.fence
// CHECK: scf.if
// CHECK-NEXT: llvm.atomicrmw add {{.*}} syncscope("device") monotonic
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK: nvvm.barrier0
// CHECK: nvvm.barrier0
// CHECK: scf.if
// CHECK-NEXT: llvm.fence release
// CHECK-NEXT: llvm.atomicrmw xchg {{.*}} monotonic
// CHECK-NOT: llvm.fence
// CHECK: nvvm.barrier0
// CHECK: scf.if
// CHECK-NEXT: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.cmpxchg {{.*}} syncscope("device") monotonic monotonic
// CHECK-NEXT: llvm.extractvalue
// CHECK-NEXT: llvm.fence syncscope("device") acquire
func.func @scalar_atomics(%p: !tile.ptr<i32>) {
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %a = tile.atomic_rmw add, %p, %one {sem = #tile.sem<relaxed>, scope = #tile.scope<cta>} : !tile.ptr<i32>
  %b = tile.atomic_rmw add, %p, %one {sem = #tile.sem<acquire>} : !tile.ptr<i32>
  %c = tile.atomic_rmw xchg, %p, %zero {sem = #tile.sem<release>, scope = #tile.scope<sys>} : !tile.ptr<i32>
  %d = tile.atomic_cas %p, %one, %zero : !tile.ptr<i32>
  return
}

// -----

// scan: each element combines the ones before it through shared memory.
// CHECK-LABEL: func.func private @cumsum
// CHECK: nvvm.barrier0
// CHECK: scf.for
// CHECK: arith.addi
func.func private @cumsum(%x: tensor<128xi32>) -> tensor<128xi32> {
  %c = tile.scan %x axis = 0 : (tensor<128xi32>) -> tensor<128xi32> {
  ^bb0(%a: i32, %b: i32):
    %r = arith.addi %a, %b : i32
    tile.yield %r : i32
  }
  return %c : tensor<128xi32>
}

// -----

// A broadcast between two alike distributions (the same blocked
// parameters, the source of extent 1 along the broadcast dimension) copies
// registers: no shared memory, no barrier. Each thread's 32 result
// registers (2 rows x 16 columns: 1x2 elements per lane over 8x4 lanes and
// 4 warps along rows of 64x64) repeat the value of its row: the first 16
// one source register, the other 16 another.
// CHECK-LABEL: func.func private @broadcast_in_thread
// CHECK-NOT: nvvm.barrier
// CHECK-NOT: llvm.store
// CHECK: vector.from_elements %[[A:[0-9]+]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[A]], %[[B:[0-9]+]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]], %[[B]] : vector<32xf32>
// CHECK-NOT: nvvm.barrier
// CHECK: return
// A broadcast between other layouts moves the tile through shared memory.
// CHECK-LABEL: func.func private @broadcast_through_shared
// CHECK: nvvm.barrier
func.func private @broadcast_in_thread(%x: tensor<64x1xf32, #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>) -> tensor<64x64xf32, #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>> {
  %0 = tile.broadcast %x : tensor<64x1xf32, #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>> -> tensor<64x64xf32, #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>
  return %0 : tensor<64x64xf32, #tilegpu.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>>
}
func.func private @broadcast_through_shared(%x: tensor<64x1xf32>) -> tensor<64x64xf32> {
  %0 = tile.broadcast %x : tensor<64x1xf32> -> tensor<64x64xf32>
  return %0 : tensor<64x64xf32>
}
