// RUN: tessel-opt %S/../../../examples/tile-ir/vector_add.mlir --tile-cpu-lower-to-llvm | FileCheck %s
// RUN: tessel-opt %S/../../../examples/tile-ir/vector_add.mlir --tile-cpu-lower-to-llvm | FileCheck %s --check-prefix=ADD
// RUN: tessel-opt %S/../../../examples/tile-ir/matmul.mlir --tile-cpu-lower-to-llvm | FileCheck %s --check-prefix=MATMUL
// RUN: tessel-opt %S/../../../examples/tile-ir/softmax.mlir --tile-cpu-lower-to-llvm | FileCheck %s --check-prefix=SOFTMAX

// The whole pipeline ends in the LLVM dialect only: the entry with the
// uniform signature and the body with internal linkage.
// CHECK-DAG: llvm.func internal @add_kernel.impl(%{{.*}}: i64 {tile.divisibility = 16 : i32}, %{{.*}}: i64 {tile.divisibility = 16 : i32}, %{{.*}}: i64 {tile.divisibility = 16 : i32}, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32)
// CHECK-DAG: llvm.func @add_kernel(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) attributes {tessel.cpu.entry}
// CHECK-NOT: tile.
// CHECK-NOT: unrealized_conversion_cast
// CHECK-NOT: func.func
// CHECK-NOT: memref.
// CHECK-NOT: scf.

// Vector add: its loads are read run by run inside the store's loop, so it
// has no tile buffer at all (no alloca, no heap allocation). A block whose
// mask is true at both ends runs plain vector accesses; the other (the
// ragged last block) tests each run and masks the partial one.
// ADD-NOT: @malloc
// ADD-NOT: llvm.alloca
// ADD: llvm.cond_br
// ADD: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// ADD: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// ADD: llvm.store %{{.*}} {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// ADD: llvm.intr.masked.load
// ADD: llvm.intr.masked.load
// ADD: llvm.intr.masked.store
// ADD-NOT: @malloc
// ADD-NOT: llvm.alloca

// The matmul accumulates in registers: vector FMAs-to-be on f32.
// MATMUL: llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : vector<16xf32>
// MATMUL: llvm.func @matmul_kernel(
// MATMUL-NOT: linalg.
// MATMUL-NOT: tile.

// SOFTMAX-DAG: llvm.intr.exp
// SOFTMAX-DAG: llvm.func @softmax_kernel(
// SOFTMAX-NOT: tile.
