// RUN: tessel-nvidia-compile %s --arch=sm_90a | FileCheck %s
// RUN: tessel-nvidia-compile %s --arch=sm_80 | FileCheck %s

// The memory semantics of atomics reach the PTX. LLVM's NVPTX backend emits
// an atomicrmw of any ordering as a relaxed `atom`, so the lowering orders
// it with fences of its own: a program that stores a partial result and
// then counts itself in with the default semantics (acq_rel) makes every
// thread's stores visible (barrier, then a release fence) before the count,
// and whatever the program reads after it sees the other programs' stores
// (an acquire fence, then the barrier that shares the old value).
// CHECK-LABEL: .visible .entry publish(
// CHECK: st.global
// CHECK: bar.sync
// CHECK: fence.acq_rel.gpu;
// CHECK-NEXT: atom.global.add.u32
// CHECK-NEXT: fence.acq_rel.gpu;
// CHECK: bar.sync
// CHECK: ld.shared
// CHECK: ld.global
// A relaxed one whose result is unused has neither fence nor barrier.
// CHECK-NOT: fence
// CHECK-NOT: bar.sync
// CHECK: atom.global.exch.b32
// CHECK-NOT: fence
// CHECK-NOT: bar.sync
// CHECK: ret;
module {
  func.func @publish(%data: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %count: !tile.ptr<i32>, %out: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
    %pid = tile.program_id x
    %c128 = arith.constant 128 : i32
    %start = arith.muli %pid, %c128 : i32
    %range = tile.make_range 0 to 128 : tensor<128xi32>
    %start_t = tile.splat %start : i32 -> tensor<128xi32>
    %offsets = arith.addi %start_t, %range : tensor<128xi32>
    %ds = tile.splat %data : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
    %dp = tile.addptr %ds, %offsets : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = arith.sitofp %offsets : tensor<128xi32> to tensor<128xf32>
    tile.store %dp, %v : tensor<128x!tile.ptr<f32>>
    %one = arith.constant 1 : i32
    %arrived = tile.atomic_rmw add, %count, %one : !tile.ptr<i32>
    %last = arith.cmpi eq, %arrived, %one : i32
    scf.if %last {
      %other = arith.xori %pid, %one : i32
      %ostart = arith.muli %other, %c128 : i32
      %ostart_t = tile.splat %ostart : i32 -> tensor<128xi32>
      %ooffsets = arith.addi %ostart_t, %range : tensor<128xi32>
      %op = tile.addptr %ds, %ooffsets : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
      %w = tile.load %op : tensor<128x!tile.ptr<f32>>
      %outs = tile.splat %out : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
      %outp = tile.addptr %outs, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
      tile.store %outp, %w : tensor<128x!tile.ptr<f32>>
      %zero = arith.constant 0 : i32
      %r = tile.atomic_rmw xchg, %count, %zero {sem = #tile.sem<relaxed>} : !tile.ptr<i32>
    }
    return
  }
}
