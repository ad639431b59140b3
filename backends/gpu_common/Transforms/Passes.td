//===- Passes.td - Shared GPU passes over tile IR ----------*- tablegen -*-===//
//
// Passes every GPU backend runs on tile IR before its vendor conversion.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_PASSES_TD
#define TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileGpuAssignLayouts : Pass<"tilegpu-assign-layouts", "::mlir::ModuleOp"> {
  let summary = "Assigns a blocked thread layout to every tile and a vector width to every memory access.";
  let description = [{
    Every op producing tiles gets `tilegpu.layouts`, one blocked layout per
    result (see `backends/gpu_common/BlockedLayout.h`): which thread and warp
    holds which element. Every `tile.load`, `tile.store` and `tile.atomic_rmw`
    on a tile of pointers gets `tilegpu.vector_width`, the number of
    consecutive elements one thread moves with one access: the largest power
    of two that the layout keeps in one thread, that the contiguity analysis
    proves consecutive in memory, whose first address is aligned to the
    access size (from `tile.divisibility` facts), that is uniform in the mask,
    and that is at most 16 bytes. The module records `tilegpu.num_warps` and
    `tilegpu.warp_size`.

    With `tensor-cores`, a `tile.dot` that the target's matrix instruction
    (`matrix-*` options: its shape and accumulator fragment) can compute
    gets its accumulator in the matrix layout, written as the tensor type's
    `#tilegpu.blocked` encoding; `tensor.cast` joins two layouts of one tile and is
    moved out of loops and past elementwise ops (TensorCoreLayouts.h).

    A row reduction whose result is spread back over rows (`x[:, None]`),
    directly or through elementwise ops and loop-carried values (an online
    softmax), keeps that result as a [M, 1] tile in the reduced tile's
    layout, so that the reduction and the broadcast back stay in registers
    (ReducedDims.h).

    ```mlir
    %x = tile.load %p, %m : tensor<1024x!tile.ptr<f32>>
    ```
    becomes, with 4 warps of 32 threads and 16-byte-aligned `%p`:
    ```mlir
    %x = tile.load %p, %m {tilegpu.layouts = [#tilegpu.blocked<{
           sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4],
           order = [0]}>], tilegpu.vector_width = 4 : i32}
         : tensor<1024x!tile.ptr<f32>>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect",
                           "::tessel::tilegpu::TileGpuDialect"];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", "4",
           "Warps per block (program instance).">,
    Option<"warpSize", "warp-size", "unsigned", "32",
           "Threads per warp (32 on NVIDIA; 64 or 32 on AMD).">,
    Option<"tensorCores", "tensor-cores", "bool", "false",
           "Give dots that the target's matrix instruction can compute an "
           "accumulator in its layout (TensorCoreLayouts.h).">,
    Option<"matrixM", "matrix-m", "unsigned", "16",
           "Rows of the matrix instruction's result.">,
    Option<"matrixN", "matrix-n", "unsigned", "8",
           "Columns of the matrix instruction's result.">,
    Option<"matrixK", "matrix-k", "unsigned", "16",
           "Reduction depth of the matrix instruction.">,
    Option<"matrixAccElementsM", "matrix-acc-elements-m", "unsigned", "1",
           "Rows of the accumulator block each lane holds.">,
    Option<"matrixAccElementsN", "matrix-acc-elements-n", "unsigned", "2",
           "Columns of the accumulator block each lane holds.">,
    Option<"matrixAccLanesN", "matrix-acc-lanes-n", "unsigned", "4",
           "Lanes along the accumulator's columns (numbered first).">,
    Option<"warpGroupMaxN", "warp-group-max-n", "unsigned", "0",
           "Widest N of the warp-group matrix instruction (0: none); the dots it computes put all warps along M.">,
    Option<"matrixTf32K", "matrix-tf32-k", "unsigned", "0",
           "Reduction depth of the instruction of the same accumulator shape that multiplies f32 inputs as tf32 (0: none; such dots stay off the matrix units).">,
    Option<"matrixI8K", "matrix-i8-k", "unsigned", "0",
           "Reduction depth of the instruction of the same accumulator shape that multiplies i8 inputs into i32 (0: none).">,
    Option<"stagedRunBytes", "staged-run-bytes", "unsigned", "0",
           "In a module whose loads copy 16-bit dot operands into shared memory, default layouts give each thread runs of this many bytes of them (0: four elements, as everywhere).">,
  ];
}

def TileGpuWidenFp8Dots : Pass<"tilegpu-widen-fp8-dots", "::mlir::ModuleOp"> {
  let summary = "Widens the fp8 operands of dots into f32 to f16.";
  let description = [{
    A `tile.dot` of f8E4M3FN or f8E5M2 tiles with an f32 accumulator gets
    `arith.extf` of its A and B to f16: the same result (every fp8 value is
    an f16 value, and products of f16 values are exact in f32), computed by
    the f16 matrix instructions with f32 accumulation. Targets whose fp8
    matrix instructions accumulate with less precision than f32 run it
    unless the kernel is compiled to use them (WidenFp8Dots.cpp).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TileGpuBroadcastEarly : Pass<"tilegpu-broadcast-early", "::mlir::ModuleOp"> {
  let summary = "Broadcasts the operands of elementwise ops instead of their results.";
  let description = [{
    `tile.broadcast(op(a, b))` for a cheap elementwise `op` (integer
    arithmetic, compares, selects) becomes `op(tile.broadcast(a),
    tile.broadcast(b))`, a broadcast splat becoming a larger splat, and
    `tile.expand_dims(op(a, b))` becomes `op(tile.expand_dims(a),
    tile.expand_dims(b))`; an `op` used elsewhere too is copied. On a GPU
    the large tile is then computed in its own thread layout instead of
    being moved there through shared memory, and the broadcast of a
    loop-invariant operand can leave the loop.
  }];
}

def TileGpuPointerTileCopies : Pass<"tilegpu-pointer-tile-copies", "::mlir::ModuleOp"> {
  let summary = "Rewrites rectangular pointer tiles of a warp-group dot's operands as descriptor loads.";
  let description = [{
    A `tile.load` in an `scf.for` (i32 induction variable, constant lower
    bound and step, no memory writes) used only as operand A or B of a
    warp-group dot
    (`num-warps`, `warp-group-max-n`), through pointers carried by the loop
    that start as `base + (start + arange) * row_stride + arange` (each
    index perhaps `% extent`) and advance by a constant number of columns
    or of rows each iteration, masked by bounds of the tile's dimensions
    (or wrapped by `%` along the dot's free dimension, the accumulator then
    stored only under a mask bounding that index) with a zero or no
    `other`, becomes a `tile.desc_load` of a descriptor made in the entry
    block: 16-bit elements, rows a multiple of 32 bytes, at most 256 rows,
    the base 16-byte aligned and the row stride a multiple of 16 elements
    (from the arguments' divisibility). Both operands of a dot qualify or
    neither is rewritten. tilegpu-pipeline-loads then copies them with the
    block-copy engine.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", "4",
           "Warps per block (decides which dots use the warp-group instruction).">,
    Option<"warpGroupMaxN", "warp-group-max-n", "unsigned", "0",
           "Widest N of the warp-group matrix instruction (0: none, and nothing is rewritten).">,
  ];
}

def TileGpuWarpSpecialize : Pass<"tilegpu-warp-specialize", "::mlir::ModuleOp"> {
  let summary = "Gives a GEMM loop's block copies a producer warp of their own.";
  let description = [{
    After tilegpu-pipeline-loads: a kernel whose one staged warp-group dot
    (both operands copied by the block-copy engine, its instructions left
    in flight, the copies issued after it) sits in a loop of its entry
    block gets one more warp, the producer, which runs a copy of the loop
    that only issues the copies, each after the consumer warps released
    the buffer it writes; the `num_warps` consumer warps run the kernel as
    before with the copies disabled, and release each buffer once their
    instructions that read it have completed (WarpRoles.h). The roles split
    at an `scf.if` on `tilegpu.in_producer_warps` (`tilegpu.warp_roles`);
    the module gets `tilegpu.producer_warps = 1`. Kernels that do not
    qualify are left as they are.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def TileGpuPipelineLoads : Pass<"tilegpu-pipeline-loads", "::mlir::ModuleOp"> {
  let summary = "Issues the loads of a loop's dot operands iterations early.";
  let description = [{
    Software pipelining of `scf.for` loops with a `tile.dot`: a `tile.load`
    feeding the dot, whose address and mask come from side-effect-free
    computations of loop-carried values, the induction variable and loop
    invariants, is issued for iteration k+1 at the top of iteration k and
    carried into it; the first iteration's load moves before the loop.
    Loads for an iteration past the end are masked off. `num-stages` 1
    disables it.

    With `async-copy`, a pipelined load used only as operand A or B of a dot
    that 16x8x16 matrix instructions will compute (with `num-warps` warps),
    with a zero or no `other`, is marked `tilegpu.async_copy =
    #tilegpu.matrix_operand<...>` and the dot `tilegpu.staged_dot =
    #tilegpu.staged_dot<...>`, both naming the same `#tilegpu.shared`
    staging (DotStaging.h): the lowering then copies the tile from global to
    shared memory, into the staging buffers, and the dot reads it there:
    with asynchronous copies that bypass registers, or with 2D block loads
    on targets that have them. When every pipelined load of the loop is
    such a copy, the copies run `num-stages` - 1 iterations ahead (fewer
    when the buffers would exceed `shared-bytes`), with that many buffers
    and two more; a dot on the warp-group instruction that only
    accumulates into a loop-carried value leaves its instructions in
    flight into the next iteration (`inFlight`), the loop's result passing
    through `tilegpu.wait_dot`. The copies are then issued after the dots;
    in a loop with no dot in flight, at the top of the body
    (`copiesFirst`).

    With `tensor-copies`, a `tile.desc_load` used only as operand A or B of
    a warp-group dot, 2-D with 16-bit elements, whose descriptor is made in
    the function's entry block from a pointer argument, with a 16-byte
    aligned base and row stride (from the arguments' divisibility) and zero
    padding, becomes `tilegpu.tensor_copy`s (a copy by the block-copy
    engine, none for iterations past the end) around
    `tilegpu.init_copy_barriers` / `tilegpu.inval_copy_barriers`; the dot's
    `tensorCopies` names those operands. Other descriptor loads of the loop
    become pointer loads here (tile-expand-tensor-descs), pipelined as any.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::tessel::tilegpu::TileGpuDialect"];
  let options = [
    Option<"numStages", "num-stages", "unsigned", "2",
           "Pipeline depth: 1 (off), 2 (one iteration ahead) or more (copies into shared memory only).">,
    Option<"asyncCopy", "async-copy", "bool", "false",
           "Mark loads of tensor-core dot operands to stage themselves (asynchronous copies or block loads).">,
    Option<"matrixM", "matrix-m", "unsigned", "16",
           "Rows of the matrix instruction's result.">,
    Option<"matrixN", "matrix-n", "unsigned", "8",
           "Columns of the matrix instruction's result.">,
    Option<"matrixK", "matrix-k", "unsigned", "16",
           "Reduction depth of the matrix instruction.">,
    Option<"numWarps", "num-warps", "unsigned", "4",
           "Warps per block (decides which dots use matrix instructions).">,
    Option<"warpGroupMaxN", "warp-group-max-n", "unsigned", "0",
           "Widest N of the warp-group matrix instruction (0: none); its dots stage operands swizzled.">,
    Option<"sharedBytes", "shared-bytes", "unsigned", "0",
           "Shared memory a block may use (0: no limit); deep pipelines that would not fit get fewer stages.">,
    Option<"tensorCopies", "tensor-copies", "bool", "false",
           "Copy descriptor loads of warp-group dot operands with the block-copy engine (tilegpu.tensor_copy).">,
    Option<"slicedTensorCopies", "sliced-tensor-copies", "bool", "false",
           "With tensor-copies, copy descriptors over one slice of their argument's tensor too (3-D maps; off by default: unproven on hardware).">,
  ];
}

#endif // TESSEL_BACKENDS_GPU_COMMON_TRANSFORMS_PASSES_TD
