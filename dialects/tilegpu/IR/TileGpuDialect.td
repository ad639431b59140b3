//===- TileGpuDialect.td - Layouts of the shared GPU layer -*- tablegen -*-===//
//
// The tilegpu dialect holds what the shared GPU lowering (backends/gpu_common)
// decides about a tile program before it becomes per-thread code: how a
// tile's elements are spread over threads, where a dot's operands are staged
// in shared memory, and the distribution a module was laid out for. Its
// attributes annotate tile IR (one op, `tilegpu.wait_dot`, marks where
// in-flight matrix work must have finished), and the dialect verifies
// every `tilegpu.*` attribute it finds, so a malformed annotation is an error
// at the op that carries it rather than a silent fallback in the lowering.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_TD
#define TESSEL_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def TileGpu_Dialect : Dialect {
  let name = "tilegpu";
  let cppNamespace = "::tessel::tilegpu";
  let summary = "Thread layouts and shared-memory staging of the GPU layer.";
  let description = [{
    Attributes:
    - `#tilegpu.blocked<...>`: a blocked distribution of a tile over the
      threads of a block (a tensor encoding, and the entries of
      `tilegpu.layouts`);
    - `#tilegpu.shared<...>`: the padded shared-memory staging of a dot's
      A and B operands;
    - `#tilegpu.matrix_operand<...>`: on a `tile.load` whose tile is copied
      straight into such a staging buffer, which operand of which dot it is;
    - `#tilegpu.staged_dot<...>`: on that `tile.dot`, which of its operands
      are read from the staging buffers.

    Operations: `tilegpu.wait_dot`, the result of a loop whose dot's matrix
    instructions stay in flight across iterations, once they have finished;
    `tilegpu.tensor_copy`, a block of a tensor descriptor copied into a
    dot's staging by the block-copy engine, and the barriers those copies
    complete on (`tilegpu.init_copy_barriers`, `tilegpu.inval_copy_barriers`);
    `tilegpu.in_producer_warps`, which warps of a warp-specialized block
    issue the copies.

    Discardable attributes (verified by the dialect):
    `tilegpu.layouts` (one `#tilegpu.blocked` per tensor result),
    `tilegpu.vector_width` (elements per memory access),
    `tilegpu.constancy` (per dimension, the aligned runs of equal elements
    of an integer element-wise result, where one is longer than 1),
    `tilegpu.num_warps` / `tilegpu.warp_size` / `tilegpu.max_run` (module:
    the distribution the layouts were made for, the last the most
    consecutive elements a thread holds in a default layout), `tilegpu.shared_mem_bytes` (module: dynamic
    shared memory per block), `tilegpu.kernel` / `tilegpu.threads_per_block`
    (functions the lowering made kernels), `tilegpu.dedicated_offset` and
    `tilegpu.overlay_offset` (placeholders of shared-memory regions until
    their offsets are known), `tilegpu.tensor_map` (on a
    `tile.make_tensor_desc` that block copies read: the kernel argument
    that holds its encoded tensor map), `tilegpu.plain_tensor_map` (on a
    `tilegpu.tensor_copy` that may take the grouped form of TensorMaps.h:
    the kernel argument holding the same box's map in the plain form, for
    the tiles the grouped one does not cover), `tilegpu.tensor_map_flags`
    (on the kernel's i32 argument after its tensor maps: bit i set when the
    host encoded map i in its grouped form, TensorMaps.h),
    `tilegpu.elementwise_select` (on an `arith.select` in a loop of
    tensor copies: lowered element by element, without the uniform-mask
    branch), and those of warp specialization (WarpSpecialize.cpp):
    `tilegpu.producer_warps` (module: warps the block has beyond
    `tilegpu.num_warps`, which only issue block copies),
    `tilegpu.warp_roles` (on the `scf.if` whose then-region the producer
    warps run and whose else-region the `num_warps` others),
    `tilegpu.producer` (on a `tilegpu.tensor_copy` the producer warps
    issue, after the buffer's release) and `tilegpu.releases_staging` (on
    a staged `tile.dot` whose warps release each buffer on a barrier once
    their instructions that read it have completed).
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let discardableAttrs = (ins
    "::mlir::ArrayAttr":$layouts,
    "::mlir::IntegerAttr":$vector_width,
    "::mlir::DenseI64ArrayAttr":$constancy,
    "::mlir::IntegerAttr":$num_warps,
    "::mlir::IntegerAttr":$warp_size,
    "::mlir::IntegerAttr":$max_run,
    "::mlir::IntegerAttr":$shared_mem_bytes,
    "::mlir::UnitAttr":$kernel,
    "::mlir::IntegerAttr":$threads_per_block,
    "::mlir::IntegerAttr":$dedicated_offset,
    "::mlir::IntegerAttr":$overlay_offset,
    "::mlir::IntegerAttr":$tensor_map,
    "::mlir::IntegerAttr":$plain_tensor_map,
    "::mlir::UnitAttr":$tensor_map_flags,
    "::mlir::UnitAttr":$elementwise_select,
    "::mlir::IntegerAttr":$producer_warps,
    "::mlir::UnitAttr":$warp_roles,
    "::mlir::UnitAttr":$producer,
    "::mlir::UnitAttr":$releases_staging,
    "::tessel::tilegpu::MatrixOperandAttr":$async_copy,
    "::tessel::tilegpu::StagedDotAttr":$staged_dot
  );
  let extraClassDeclaration = [{
    /// Registers the attributes (in TileGpuAttrs.cpp).
    void registerAttributes();
  }];
}

#endif // TESSEL_DIALECTS_TILEGPU_IR_TILEGPUDIALECT_TD
