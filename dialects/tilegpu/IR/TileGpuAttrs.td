//===- TileGpuAttrs.td - Layout attributes of the GPU layer -*- tablegen -*-===//

#ifndef TESSEL_DIALECTS_TILEGPU_IR_TILEGPUATTRS_TD
#define TESSEL_DIALECTS_TILEGPU_IR_TILEGPUATTRS_TD

include "TileGpuDialect.td"
include "mlir/IR/AttrTypeBase.td"

class TileGpu_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TileGpu_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TileGpu_BlockedEncodingAttr : TileGpu_Attr<"BlockedEncoding", "blocked"> {
  let summary = "A blocked distribution of a tile over a block's threads";
  let description = [{
    Along dimension d each thread holds `sizePerThread[d]` consecutive
    elements, `threadsPerWarp[d]` lanes and `warpsPerCTA[d]` warps tile the
    dimension, and the pattern repeats until the shape is covered (where it
    covers more, threads hold copies). `order` lists the dimensions from
    fastest to slowest varying. The products of `threadsPerWarp` and of
    `warpsPerCTA` are the warp size and the warp count, so the same
    attribute describes 32-lane warps, 64-lane waves and 16-lane
    sub-groups.

    ```mlir
    #tilegpu.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8],
                      warpsPerCTA = [4, 1], order = [1, 0]}>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"unsigned">:$sizePerThread,
    ArrayRefParameter<"unsigned">:$threadsPerWarp,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$order
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getOrder().size(); }
    /// Threads per warp and warps per block this layout spreads over.
    unsigned getWarpSize() const;
    unsigned getNumWarps() const;
  }];
}

def TileGpu_SharedStagingAttr : TileGpu_Attr<"SharedStaging", "shared"> {
  let summary = "Where a dot's A and B operands sit in shared memory";
  let description = [{
    One stage holds A (M x K, rows of `aStride` elements) at byte 0 and B
    (K x N, rows of `bStride` elements) at byte `bOffset`; a stage is
    `stageBytes` long and `buffers` stages follow each other. Rows are
    padded (a stride longer than the row) so that the rows one fragment
    load reads fall in distinct banks.

    An operand with a non-zero swizzle (`aSwizzle`, `bSwizzle`: 32, 64 or
    128 bytes) is instead in the swizzled layout warp-group matrix
    instructions read: its rows (stride = the row's length) are cut into
    column blocks of that many bytes, each block all rows long, one after
    the other; within a block, 16-byte chunk c of the row at byte offset o
    (from the stage, which is 1024-byte aligned) sits at chunk
    c ^ ((o / 128) % (swizzle / 16)). A non-zero `aRowWarps` (W warps
    holding A's rows in 8-row groups, warp w the groups w, w + W, ...)
    reorders A's 8-row groups so that each 64-row slice of the staging
    holds, for the four warps of one warp group, the rows they hold:
    group q goes to 8 * (c * W / 4 + g) + 2 * v + h with w = q % W,
    g = w / 4, v = w % 4, c = q / W / 2 and h = (q / W) % 2.

    With `bKMajor` (swizzled operands only), B is held transposed, as A
    is: N rows of K elements (`bStride` = K), swizzled by its rows' width,
    so that a B tile whose memory runs along K (a transposed load, K^T in
    attention) is copied in 16-byte runs; the warp-group instruction then
    reads B K-major.

    With `aSeparate` (swizzled operands only), a stage holds only B
    (`bOffset` 0): A, stored from registers, sits in one region of its own
    outside the stages (a loop-invariant A is stored there once, before
    the loop), so that its buffer is not multiplied by the pipeline's.
  }];
  let parameters = (ins
    "int64_t":$aStride,
    "int64_t":$bStride,
    "int64_t":$bOffset,
    "int64_t":$stageBytes,
    "int64_t":$buffers,
    DefaultValuedParameter<"int64_t", "0">:$aSwizzle,
    DefaultValuedParameter<"int64_t", "0">:$bSwizzle,
    DefaultValuedParameter<"int64_t", "0">:$aRowWarps,
    DefaultValuedParameter<"int64_t", "0">:$bKMajor,
    DefaultValuedParameter<"int64_t", "0">:$aSeparate
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The staging of an M x N x K dot with `elementBytes`-byte inputs:
    /// rows padded by 16 bytes, each operand 16-byte aligned.
    static SharedStagingAttr getPadded(::mlir::MLIRContext *context, int64_t m,
                                       int64_t n, int64_t k,
                                       int64_t elementBytes, int64_t buffers);
    /// The staging of an M x N x K dot for a warp-group matrix instruction
    /// run by `numWarps` warps holding the accumulator's rows: both
    /// operands swizzled by the widest of 128, 64 and 32 bytes that divides
    /// their rows, A's row groups reordered for the warp groups, every
    /// region 1024-byte aligned; B K-major with `bKMajor`; A outside the
    /// stages with `aSeparate`.
    static SharedStagingAttr getSwizzled(::mlir::MLIRContext *context, int64_t m,
                                         int64_t n, int64_t k,
                                         int64_t elementBytes, int64_t buffers,
                                         int64_t numWarps, bool bKMajor = false,
                                         bool aSeparate = false);
    /// The swizzle the widest rows of `rowBytes` take (0 when none fits).
    static int64_t getSwizzleFor(int64_t rowBytes);
    bool isSwizzled() const { return getASwizzle() != 0; }
  }];
}

def TileGpu_MatrixOperandAttr : TileGpu_Attr<"MatrixOperand", "matrix_operand"> {
  let summary = "A loaded tile that goes straight to a dot's staging buffer";
  let description = [{
    On a `tile.load`: its tile is operand `operand` (0: A, 1: B) of the dot
    numbered `dot`, copied asynchronously into that dot's `staging` buffers.
    Before the loop around the dot (`prologue`), the copy for the loop's
    iteration `ahead` (0, 1, ...), into buffer `ahead`; in the loop, during
    iteration i, the copy for iteration i + `ahead` (1 or more), into
    buffer (i + `ahead`) % buffers. The staging has A + 2 buffers for copies
    running A iterations ahead (the in-loop copy's `ahead`): the ones in
    flight, the one being read, and one that an unfinished reader of the
    previous iteration may still hold.
  }];
  let parameters = (ins
    "unsigned":$dot,
    "unsigned":$operand,
    "unsigned":$ahead,
    "SharedStagingAttr":$staging,
    DefaultValuedParameter<"bool", "false">:$prologue
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TileGpu_StagedDotAttr : TileGpu_Attr<"StagedDot", "staged_dot"> {
  let summary = "A dot that reads operands from its staging buffers";
  let description = [{
    On a `tile.dot` numbered `dot`: the operands in the bit mask `operands`
    (1: A, 2: B) were copied into `staging` by the loads marked
    `#tilegpu.matrix_operand`, and are read from there; the copies run
    `staging.buffers - 2` iterations ahead. With `inFlight`, the dot's
    asynchronous matrix instructions may still run when the next iteration
    begins (it waits only for the previous iteration's); the loop's result
    passes through `tilegpu.wait_dot` before anything reads it. `groups`
    is the number of copy groups the loop issues an iteration (one per
    copied load, of every dot of the loop; 0: one per operand copied for
    this dot). With `copiesFirst`, the copies for iteration i + ahead are
    issued at the top of iteration i, before its dots (so one iteration's
    groups more are newer than the ones the dot waits for), instead of
    after them.

    With `drained` (and `inFlight`), the dot's result only feeds the next
    iteration, where another warp-group dot that is not in flight, and
    that the operand A of this dot depends on, waits for all instructions
    before any of its results is used (which completes this dot's); its
    carried result also passes through `tilegpu.wait_dot` before its first
    use there. The dot's instructions thus overlap the end of the
    iteration and the start of the next, up to that wait; A may then be
    read from registers (they are not rewritten before the wait), and the
    copies may come first (every warp has passed that wait, and the
    barrier before this dot's next run, before any copy of two iterations
    later overwrites its buffer).

    `tensorCopies` (a sub-mask of `operands`) names the operands that
    block copies (`tilegpu.tensor_copy`) brought: the dot waits for them on
    its buffer's barrier, not for copy groups (`groups` counts the other
    copied loads only).
  }];
  let parameters = (ins
    "unsigned":$dot,
    "unsigned":$operands,
    "SharedStagingAttr":$staging,
    DefaultValuedParameter<"bool", "false">:$inFlight,
    DefaultValuedParameter<"unsigned", "0">:$groups,
    DefaultValuedParameter<"bool", "false">:$copiesFirst,
    DefaultValuedParameter<"bool", "false">:$drained,
    DefaultValuedParameter<"unsigned", "0">:$tensorCopies
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // TESSEL_DIALECTS_TILEGPU_IR_TILEGPUATTRS_TD
