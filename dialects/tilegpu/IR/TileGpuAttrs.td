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
  }];
  let parameters = (ins
    "int64_t":$aStride,
    "int64_t":$bStride,
    "int64_t":$bOffset,
    "int64_t":$stageBytes,
    "int64_t":$buffers
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The staging of an M x N x K dot with `elementBytes`-byte inputs:
    /// rows padded by 16 bytes, each operand 16-byte aligned.
    static SharedStagingAttr getPadded(::mlir::MLIRContext *context, int64_t m,
                                       int64_t n, int64_t k,
                                       int64_t elementBytes, int64_t buffers);
  }];
}

def TileGpu_MatrixOperandAttr : TileGpu_Attr<"MatrixOperand", "matrix_operand"> {
  let summary = "A loaded tile that goes straight to a dot's staging buffer";
  let description = [{
    On a `tile.load`: its tile is operand `operand` (0: A, 1: B) of the dot
    numbered `dot`, copied asynchronously into that dot's `staging` buffers:
    for the next iteration of the loop around the dot (`ahead = 1`), or for
    its first iteration before the loop (`ahead = 0`).
  }];
  let parameters = (ins
    "unsigned":$dot,
    "unsigned":$operand,
    "unsigned":$ahead,
    "SharedStagingAttr":$staging
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TileGpu_StagedDotAttr : TileGpu_Attr<"StagedDot", "staged_dot"> {
  let summary = "A dot that reads operands from its staging buffers";
  let description = [{
    On a `tile.dot` numbered `dot`: the operands in the bit mask `operands`
    (1: A, 2: B) were copied into `staging` by the loads marked
    `#tilegpu.matrix_operand`, and are read from there.
  }];
  let parameters = (ins
    "unsigned":$dot,
    "unsigned":$operands,
    "SharedStagingAttr":$staging
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

#endif // TESSEL_DIALECTS_TILEGPU_IR_TILEGPUATTRS_TD
