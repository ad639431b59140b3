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

#endif // TESSEL_BACKENDS_CPU_TRANSFORMS_PASSES_TD
