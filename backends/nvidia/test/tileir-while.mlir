// RUN: tessel-nvidia-compile %s --emit=tileir -o %t
// RUN: tileir-read %t | FileCheck %s

// scf.while as Tile IR's loop: its block (the condition region's
// arguments) computes the condition, leaves through `break` with the
// forwarded values when it is false, runs the body on the forwarded values
// and continues; the loop's result is what break passed.
// CHECK: %4 = loop %2 : tile<i32> {
// CHECK-NEXT: ^region0(%4: tile<i32>):
// CHECK-NEXT: %5 = cmpi %4, %1 {predicate = less_than, signedness = signed} : tile<i1>
// CHECK-NEXT: if %5 {
// CHECK-NEXT: ^region0():
// CHECK-NEXT: yield
// CHECK-NEXT: ^region1():
// CHECK-NEXT: break %4
// CHECK-NEXT: }
// CHECK-NEXT: %6 = addi %4, %3 {overflow = none} : tile<i32>
// CHECK-NEXT: continue %6
// CHECK-NEXT: }
// CHECK-NEXT: %5 = store_ptr_tko %0, %4 {ordering = weak} : token
func.func @k(%p: !tile.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %c = arith.cmpi slt, %i, %n : i32
    scf.condition(%c) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = arith.addi %j, %c1 : i32
    scf.yield %k : i32
  }
  tile.store %p, %r : !tile.ptr<i32>
  return
}
