//===- Passes.td - Conversions of the CPU backend ----------*- tablegen -*-===//
//
// The passes that take tile IR to upstream MLIR on the way to x86-64 code.
// They run in the order listed here; `buildCpuLoweringPipeline` (Pipeline.h)
// strings them together with the upstream passes that follow.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_CPU_CONVERSION_PASSES_TD
#define TESSEL_BACKENDS_CPU_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileDebugToCpuRuntime
    : Pass<"convert-tile-debug-to-cpu-runtime", "::mlir::ModuleOp"> {
  let summary = "Turns tile.print and tile.assert into calls to the CPU runtime helpers.";
  let description = [{
    Every element of every printed value becomes one call to
    `tessel_cpu_print_i64` or `tessel_cpu_print_f64`; every element of an
    assert condition is tested and a false one calls `tessel_cpu_assert_fail`
    (see `backends/cpu/runtime/CpuRuntime.h`). The helpers receive the
    program id, so the pass runs before the grid queries become arguments.

    ```mlir
    tile.print "x = " %x : tensor<4xf32>
    ```
    becomes a loop over the four elements calling
    `@tessel_cpu_print_f64(prefix, pid_x, pid_y, pid_z, index, value)`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ConvertTileKernelsToCpuEntries
    : Pass<"convert-tile-kernels-to-cpu-entries", "::mlir::ModuleOp"> {
  let summary = "Gives every kernel the uniform CPU entry point of KernelABI.h.";
  let description = [{
    Each public `func.func @k` becomes a private `@k.impl` that receives the
    program ids and grid size as six trailing i32 arguments (replacing
    `tile.program_id` and `tile.num_programs`), and a new public
    `func.func @k(%args: !llvm.ptr, %pid: !llvm.ptr, %num_programs: !llvm.ptr)`
    unpacks each argument from `args[i]` (a pointer to the argument's value)
    and calls it.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def ConvertTileToLinalg : Pass<"convert-tile-to-linalg", "::mlir::ModuleOp"> {
  let summary = "Lowers tile ops on tensors to linalg, tensor, arith, scf and LLVM memory ops.";
  let description = [{
    Pointers `!tile.ptr<T>` become i64 addresses and `addptr` scales its
    offsets by the size of T. Shape ops become `linalg.fill`,
    `linalg.broadcast`, `linalg.transpose`, `tensor.expand_shape` and
    `tensor.collapse_shape`; `dot` becomes `linalg.matmul` (or
    `linalg.batch_matmul`); `reduce` becomes `linalg.reduce`; `scan` a loop
    over the scanned axis. Memory accesses become `llvm.load`/`llvm.store`
    on `llvm.inttoptr` addresses, one element at a time and each under an
    `scf.if` where a mask is given, so a masked-off lane never touches
    memory; through pointer tiles contiguous along their last dimension
    they are vector accesses instead (`llvm.intr.masked.load` /
    `llvm.intr.masked.store` under a mask), one run of lanes of a row at a
    time, with the addresses and masks of the run rebuilt from the tile IR
    that computed them. Atomics become `llvm.atomicrmw` and `llvm.cmpxchg`.
    `tile.program_id`, `tile.num_programs`, `tile.print`, `tile.assert` and
    tensor descriptors must have been lowered by the passes that run before.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}


#endif // TESSEL_BACKENDS_CPU_CONVERSION_PASSES_TD
