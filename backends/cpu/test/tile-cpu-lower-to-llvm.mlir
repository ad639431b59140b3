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

// Vector add: its loads and stores are vector accesses, and its tiles live
// on the stack: no heap allocation in a program instance.
// ADD-NOT: @malloc
// ADD-NOT: @free
// ADD: llvm.alloca
// ADD-NOT: @malloc
// ADD: llvm.intr.masked.load
// ADD-NOT: @malloc
// ADD: llvm.intr.masked.load
// ADD-NOT: @malloc
// ADD: llvm.intr.masked.store
// ADD-NOT: @malloc

// The matmul accumulates in registers: vector FMAs-to-be on f32.
// MATMUL: llvm.fmul %{{.*}}, %{{.*}} {fastmathFlags = #llvm.fastmath<contract>} : vector<16xf32>
// MATMUL: llvm.func @matmul_kernel(
// MATMUL-NOT: linalg.
// MATMUL-NOT: tile.

// SOFTMAX-DAG: llvm.intr.exp
// SOFTMAX-DAG: llvm.func @softmax_kernel(
// SOFTMAX-NOT: tile.
