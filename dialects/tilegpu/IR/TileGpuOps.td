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

#endif // TESSEL_DIALECTS_TILEGPU_IR_TILEGPUOPS_TD
