//===- TileGpuOps.td - Operations of the GPU layer -----------*- tablegen -*-===//

#ifndef TESSEL_DIALECTS_TILEGPU_IR_TILEGPUOPS_TD
#define TESSEL_DIALECTS_TILEGPU_IR_TILEGPUOPS_TD

include "TileGpuDialect.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

class TileGpu_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileGpu_Dialect, mnemonic, traits>;

def TileGpu_WaitDotOp : TileGpu_Op<"wait_dot",
    [MemoryEffects<[MemRead, MemWrite]>, Elementwise, SameOperandsAndResultType]> {
  let summary = "The result of in-flight dots, once they have finished";
  let description = [{
    Returns `value` unchanged. `value` is the result of a loop whose dot
    (`#tilegpu.staged_dot` with `inFlight`) leaves its asynchronous matrix
    instructions running across iterations; the lowering waits here for the
    last of them, and whatever reads the tile reads the result of the op.
    It is elementwise (the identity), so a layout change after it moves
    past it and the wait sees the accumulator's own registers; it has side
    effects so that it stays even when nothing reads its result (the last
    instructions must not run into what comes after the loop).
  }];
  let arguments = (ins AnyRankedTensor:$value);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

// (It writes the staging too: a copy whose result nothing reads, as in a
// producer warp's loop, must stay.)
def TileGpu_TensorCopyOp : TileGpu_Op<"tensor_copy",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "A block of a tensor descriptor copied by the block-copy engine";
  let description = [{
    The block of `desc` (a `!tile.tensordesc` made by `tile.make_tensor_desc`)
    at element offsets `indices`, as `tile.desc_load` reads it (zeros outside
    the described tensor), copied into the staging buffer of a dot by the
    target's block-copy engine (NVIDIA's tensor memory accelerator) when
    `enabled` holds, and nothing at all otherwise. It carries the
    `#tilegpu.matrix_operand` that says which dot, operand and buffer; the
    copy completes on that buffer's barrier (`tilegpu.init_copy_barriers`),
    for which the dot waits. Its result is the tile's value only in name:
    the dot reads the staging, nothing else reads the result. With
    `transposed`, the result is the block's 2-D transpose (a dot's B read
    from rows along K, staged K-major). `row_multiple` is a number the row
    index (the first of `indices`) is known to be a multiple of in every
    iteration; where it allows, the engine copies A's reordered row groups
    in a few large boxes rather than one per 8 rows (TensorMaps.h).
  }];
  let arguments = (ins AnyType:$desc, Variadic<I32>:$indices, I1:$enabled,
                       UnitAttr:$transposed,
                       DefaultValuedAttr<I64Attr, "1">:$row_multiple);
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $desc `[` $indices `]` `if` $enabled attr-dict `:` type($desc) `->` type($result)
  }];
}

def TileGpu_InitCopyBarriersOp : TileGpu_Op<"init_copy_barriers",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Arms the barriers a dot's block copies complete on";
  let description = [{
    Before the copies of a loop's first iterations into the staging of the
    dot numbered `dot`: one barrier per staging buffer (`buffers`), each
    completing a phase when `arrivals` block copies (one per operand copied
    so) have arrived and their bytes have landed. Iteration i's dot waits
    for phase i / buffers of buffer i % buffers.
  }];
  let arguments = (ins I32Attr:$dot, I32Attr:$buffers, I32Attr:$arrivals);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TileGpu_InvalCopyBarriersOp : TileGpu_Op<"inval_copy_barriers",
    [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "Retires the barriers of a dot's block copies";
  let description = [{
    After the loop (every copy it issued has been waited for): the barriers
    `tilegpu.init_copy_barriers` armed for the dot numbered `dot` are
    invalidated, so that the next run of the loop may arm them again.
  }];
  let arguments = (ins I32Attr:$dot, I32Attr:$buffers);
  let assemblyFormat = "attr-dict";
}

def TileGpu_InProducerWarpsOp : TileGpu_Op<"in_producer_warps", [Pure]> {
  let summary = "Whether this thread is one of a warp-specialized block's producer warps";
  let description = [{
    True in the producer warps of a warp-specialized kernel (the module's
    `tilegpu.producer_warps` warps that follow its `tilegpu.num_warps`
    ones), false in the others. The condition of the `scf.if` marked
    `tilegpu.warp_roles`.
  }];
  let results = (outs I1:$result);
  let assemblyFormat = "attr-dict";
}

#endif // TESSEL_DIALECTS_TILEGPU_IR_TILEGPUOPS_TD
