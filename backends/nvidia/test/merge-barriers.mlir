// RUN: tessel-opt %s --nvidia-merge-barriers --split-input-file | FileCheck %s

// Only arithmetic between two barriers: the second goes.
// CHECK-LABEL: llvm.func @arithmetic_between
// CHECK: nvvm.barrier0
// CHECK-NEXT: llvm.add
// CHECK-NEXT: nvvm.read.ptx.sreg.tid.x
// CHECK-NEXT: llvm.return
llvm.func @arithmetic_between(%a: i32) -> i32 {
  nvvm.barrier0
  %0 = llvm.add %a, %a : i32
  %1 = nvvm.read.ptx.sreg.tid.x : i32
  nvvm.barrier0
  nvvm.barrier0
  llvm.return %0 : i32
}

// -----

// A store or a load between them: both stay (the second orders that access
// against the other threads').
// CHECK-LABEL: llvm.func @memory_between
// CHECK: nvvm.barrier0
// CHECK-NEXT: llvm.store
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.load
// CHECK-NEXT: nvvm.barrier0
llvm.func @memory_between(%p: !llvm.ptr<3>, %v: i32) -> i32 {
  nvvm.barrier0
  llvm.store %v, %p : i32, !llvm.ptr<3>
  nvvm.barrier0
  %0 = llvm.load %p : !llvm.ptr<3> -> i32
  nvvm.barrier0
  llvm.return %0 : i32
}

// -----

// Barriers in different blocks are left alone (another path may reach the
// second without the first), and so is one after inline assembly.
// CHECK-LABEL: llvm.func @blocks_and_asm
// CHECK: nvvm.barrier0
// CHECK-NEXT: llvm.cond_br
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: nvvm.barrier0
// CHECK-NEXT: llvm.inline_asm
// CHECK-NEXT: nvvm.barrier0
llvm.func @blocks_and_asm(%c: i1) {
  nvvm.barrier0
  llvm.cond_br %c, ^bb1, ^bb2
^bb1:
  nvvm.barrier0
  llvm.inline_asm has_side_effects "fence.proxy.async.shared::cta;", "" : () -> ()
  nvvm.barrier0
  llvm.br ^bb2
^bb2:
  llvm.return
}

// -----

// Named barriers (a warp-specialized kernel's consumer warps, WarpRoles.h)
// merge with the same barrier over the same threads only: not with the
// block's barrier, nor with another id or count.
// CHECK-LABEL: llvm.func @named
// CHECK: nvvm.barrier id = %[[ONE:.*]] number_of_threads = %[[N:.*]]
// CHECK-NOT: nvvm.barrier id
// CHECK: nvvm.barrier0
// CHECK-NEXT: nvvm.barrier id = %[[ONE]] number_of_threads = %[[N]]
// CHECK-NEXT: nvvm.barrier id = %[[TWO:.*]] number_of_threads = %[[M:.*]]
// CHECK-NEXT: llvm.return
llvm.func @named() {
  %one = llvm.mlir.constant(1 : i32) : i32
  %two = llvm.mlir.constant(2 : i32) : i32
  %n = llvm.mlir.constant(256 : i32) : i32
  %m = llvm.mlir.constant(288 : i32) : i32
  nvvm.barrier id = %one number_of_threads = %n
  nvvm.barrier id = %one number_of_threads = %n
  nvvm.barrier0
  nvvm.barrier id = %one number_of_threads = %n
  nvvm.barrier id = %two number_of_threads = %m
  llvm.return
}
