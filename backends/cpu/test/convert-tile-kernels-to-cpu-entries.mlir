// RUN: tessel-opt %s --split-input-file --convert-tile-kernels-to-cpu-entries | FileCheck %s

// The body moves to a private `.impl` with the grid as six trailing i32
// arguments; the public entry unpacks args[i] and the grid tables.
// CHECK-LABEL: func.func private @scale.impl
// CHECK-SAME: (%{{[a-z0-9]+}}: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %{{[a-z0-9]+}}: f32, %{{[a-z0-9]+}}: i32,
// CHECK-SAME: %[[PX:[a-z0-9]+]]: i32, %[[PY:[a-z0-9]+]]: i32, %[[PZ:[a-z0-9]+]]: i32, %[[NX:[a-z0-9]+]]: i32, %[[NY:[a-z0-9]+]]: i32, %[[NZ:[a-z0-9]+]]: i32)
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>}
// CHECK-NOT: tile.program_id
// CHECK-NOT: tile.num_programs
// CHECK: arith.muli %[[PY]], %[[NZ]]
//
// CHECK-LABEL: func.func @scale
// CHECK-SAME: (%[[ARGS:.*]]: !llvm.ptr, %[[PID:.*]]: !llvm.ptr, %[[NUM:.*]]: !llvm.ptr)
// CHECK-SAME: attributes {tessel.cpu.entry}
// CHECK: %[[S0:.*]] = llvm.getelementptr %[[ARGS]][0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
// CHECK: %[[V0:.*]] = llvm.load %[[S0]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[A0:.*]] = llvm.load %[[V0]] : !llvm.ptr -> i64
// CHECK: %[[P0:.*]] = builtin.unrealized_conversion_cast %[[A0]] : i64 to !tile.ptr<f32>
// CHECK: %[[S1:.*]] = llvm.getelementptr %[[ARGS]][1]
// CHECK: %[[V1:.*]] = llvm.load %[[S1]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[A1:.*]] = llvm.load %[[V1]] : !llvm.ptr -> f32
// CHECK: llvm.getelementptr %[[ARGS]][2]
// CHECK: %[[G0:.*]] = llvm.getelementptr %[[PID]][0] : (!llvm.ptr) -> !llvm.ptr, i32
// CHECK: llvm.load %[[G0]] : !llvm.ptr -> i32
// CHECK: llvm.getelementptr %[[NUM]][2] : (!llvm.ptr) -> !llvm.ptr, i32
// CHECK: call @scale.impl(%[[P0]], %[[A1]],
// CHECK-NEXT: return
func.func @scale(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %f: f32, %n: i32) {
  %y = tile.program_id y
  %z = tile.num_programs z
  %m = arith.muli %y, %z : i32
  return
}

// -----

// Private functions are helpers, not kernels: they keep their form.
// CHECK-LABEL: func.func private @helper(%{{.*}}: i32) -> i32
// CHECK-NOT: @helper.impl
func.func private @helper(%x: i32) -> i32 {
  return %x : i32
}
