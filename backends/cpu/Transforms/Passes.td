//===- Passes.td - CPU-specific transformations ------------*- tablegen -*-===//

#ifndef TESSEL_BACKENDS_CPU_TRANSFORMS_PASSES_TD
#define TESSEL_BACKENDS_CPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileCpuInterchangeMatmulLoops
    : Pass<"tile-cpu-interchange-matmul-loops", "::mlir::func::FuncOp"> {
  let summary = "Reorders matmul loops so the innermost one walks contiguous columns.";
  let description = [{
    Rewrites `linalg.matmul` and `linalg.batch_matmul` into `linalg.generic`
    with the loop order (batch, m, k, n) instead of (batch, m, n, k). Once
    lowered to loops, the innermost loop then updates a row of the result
    from a row of B with one broadcast element of A: a loop without a
    floating-point reduction, which LLVM vectorizes at -O3 without
    reassociating the sum.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TileCpuRegisterBlockMatmul
    : Pass<"tile-cpu-register-block-matmul", "::mlir::func::FuncOp"> {
  let summary = "Rewrites float matmuls on tensors into a register-blocked vector loop nest.";
  let description = [{
    A `linalg.matmul` on static tensors with an f32 or f64 accumulator (and
    float inputs no wider than it) becomes loops over blocks of C of
    `MR` rows by `NR` columns (4 rows, two 256-bit vectors of columns, or
    less where the tile is smaller), each accumulated in vector registers
    across the whole K loop: per k, one row of B is read as vectors, each of
    the `MR` elements of A is broadcast, and `arith.mulf` / `arith.addf`
    with the `contract` fast-math flag (one FMA where the target has it)
    update the accumulators. The block is read from C before the K loop and
    written back after it, so C is touched once per block instead of once
    per k. Each element of C still sums its products in order of k.

    Other matmuls are left alone (`tile-cpu-interchange-matmul-loops`
    orders their loops after bufferization).
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def TileCpuGuardIntegerDivision
    : Pass<"tile-cpu-guard-integer-division", "::mlir::ModuleOp"> {
  let summary = "Makes integer division and remainder unable to trap.";
  let description = [{
    x86 raises SIGFPE for an integer division by zero and for the signed
    INT_MIN / -1. In the kernel language those results are undefined, and
    tiles compute every lane, including lanes a mask turns off, whose
    divisor is whatever the load left there. On a GPU such lanes produce
    garbage; on a CPU they would kill the process. Before every
    `arith.divsi`, `divui`, `remsi` and `remui` whose divisor is not a
    constant known to be safe, the divisor is replaced by 1 where it is 0
    (and, for signed ops, where it is -1 and the dividend is INT_MIN, for
    which x / 1 and x % 1 give the two's-complement results). Lanes with a
    valid divisor are unchanged.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}


def TileCpuBufferize : Pass<"tile-cpu-bufferize", "::mlir::ModuleOp"> {
  let summary = "Bufferizes a module's tensors with the CPU backend's one-shot settings.";
  let description = [{
    One-shot module bufferization (function boundaries included, identity
    layouts at function boundaries, new buffers allowed for loop-carried
    tiles) in which buffer-to-buffer copies become `linalg.copy`, which
    lowers to loops. `memref.copy` of a strided buffer would call a runtime
    library function that kernel shared objects do not link.

    MLIR's own `one-shot-bufferize` pass takes its settings as pass options,
    which cannot name the copy function.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

#endif // TESSEL_BACKENDS_CPU_TRANSFORMS_PASSES_TD
