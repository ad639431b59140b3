//===- Passes.td - Passes of the tile dialect --------------*- tablegen -*-===//

#ifndef TESSEL_DIALECTS_TILE_TRANSFORMS_PASSES_TD
#define TESSEL_DIALECTS_TILE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileReportVersion : Pass<"tile-report-version", "::mlir::ModuleOp"> {
  let summary = "Reports the tile dialect version the module was read at.";
  let description = [{
    Emits a remark on the module: the dialect version recorded in the
    bytecode the module was read from, or, for textual input, the version of
    this build. Used to inspect IR that crossed the plugin ABI.
  }];
}

def TileExpandTensorDescs
    : Pass<"tile-expand-tensor-descs", "::mlir::func::FuncOp"> {
  let summary = "Expands tensor-descriptor block accesses into masked pointer loads and stores.";
  let description = [{
    `tile.desc_load` and `tile.desc_store` whose descriptor comes from a
    `tile.make_tensor_desc` in the same function become `tile.load` and
    `tile.store` through a tile of pointers, masked to the described tensor
    (out-of-bounds loads read the descriptor's padding). A descriptor that
    reaches an access any other way (a block argument, a loop-carried value)
    is reported as unsupported. Targets without a block mover (the CPU) and
    those whose block mover the backend does not use yet run it early.

    With `keep-dot-loads`, a `tile.desc_load` inside a loop whose one user
    is a `tile.dot` and whose descriptor is made in the function's entry
    block is left for a later pass (a GPU backend that copies such blocks
    with its block mover); run it again without the option afterwards.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"keepDotLoads", "keep-dot-loads", "bool", "false",
           "Leave descriptor loads that feed a dot inside a loop.">,
  ];
}

def TileExpandFp8Conversions
    : Pass<"tile-expand-fp8-conversions", "::mlir::ModuleOp"> {
  let summary = "Rewrites conversions from and to fp8 into integer code.";
  let description = [{
    For targets without fp8 conversion instructions. LLVM has no 8-bit
    float types; the LLVM dialect holds `f8E4M3FN` and
    `f8E5M2` values as `i8`. Every `arith.extf` from these types becomes an
    exact decode of the bits to f32 (then an exact conversion to the
    destination), and every `arith.truncf` to them an encode from the f32
    (f16 and bf16 sources are extended to f32 first, exactly) or f64 bits,
    rounding to nearest even, or toward zero with the `toward_zero` rounding
    mode. Overflow gives what APFloat gives: infinity for `f8E5M2`, NaN for
    `f8E4M3FN` (which has no infinity), or the largest finite value when
    rounding toward zero. NaN stays NaN. The code is element-wise integer
    arithmetic, so it works on scalars, vectors and tensors alike.

    Arithmetic on fp8 values is first rewritten to f32 arithmetic between
    such conversions (`arith-emulate-unsupported-floats`).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TileFlattenLoops : Pass<"tile-flatten-loops", "::mlir::func::FuncOp"> {
  let summary = "Runs a loop marked tile.flatten and the loop in its body as one loop.";
  let description = [{
    `tl.range(..., flatten=True)` marks its `scf.for` with `tile.flatten`.
    Where the marked loop's body is `pre; one scf.for; post`, pre free of
    memory effects, the inner loop's bounds and initial values defined
    outside the outer loop and both induction variables i32, the nest
    becomes one loop over the pairs of iterations (marked
    `tile.flattened`): pre runs at every step, the inner iteration arguments
    restart from their initial values at each outer iteration's first step,
    and post runs in an `scf.if` (marked `tile.flattened_epilogue`) at its
    last step. The one loop runs in rounds that keep a round's steps within
    i32 (one round but for absurd trip counts); at run time, a nest whose
    inner loop has no steps runs as the outer loop alone. Nests that do not
    qualify are left as they are. See FlattenLoops.cpp.

    With `max-dot-bytes`, a nest whose inner loop holds a `tile.dot` whose
    operands three times over and f32 accumulator take more bytes stays a
    nest: a GPU pipelining the flat loop keeps at least three stages of
    operands in shared memory while the outer body's tail (the epilogue,
    which moves the accumulator through shared memory) runs in the loop.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
  let options = [
    Option<"maxDotBytes", "max-dot-bytes", "int64_t", "0",
           "Leave nests whose inner dot needs more bytes (three stages of operands and an f32 accumulator; 0: no limit).">,
  ];
}

def TileInstrumentBounds : Pass<"tile-instrument-bounds", "::mlir::ModuleOp"> {
  let summary = "Checks every memory access against its buffer's extent (bounds-checked mode).";
  let description = [{
    The compile side of TESSEL_COMPILE_CHECK_BOUNDS. The kernel gains a
    trailing `!tile.ptr<i64>` parameter (attribute `tile.bounds_record`):
    the bounds record, whose layout the plugin ABI defines (eight header
    words the kernel writes, then the byte size of each pointer parameter's
    buffer). Each load, store and atomic_rmw masks off its out-of-bounds
    lanes and records the first fault (site, program id, byte offset); i32
    additions, subtractions and multiplications that feed an `addptr`
    offset are recomputed in i64, and a wrapped result is recorded as an
    index overflow. atomic_cas, which has no mask, is refused.
  }];
  let options = [
    Option<"kernel", "kernel", "std::string", /*default=*/"\"\"",
           "The function to instrument (empty: every function with a body).">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TileTestAxisInfo : Pass<"tile-test-axis-info", "::mlir::func::FuncOp"> {
  let summary = "Reports the axis facts of every integer and pointer tile (for tests).";
  let description = [{
    Emits a remark on each operation whose single result is a ranked tile of
    integers or pointers: its contiguity, constancy and divisibility per
    dimension, as `AxisInfoAnalysis` (dialects/tile/Analysis) computes them.
    Every backend that picks vector widths or row-wise mask tests reads
    these facts; this pass makes them visible to lit tests.
  }];
}

#endif // TESSEL_DIALECTS_TILE_TRANSFORMS_PASSES_TD
