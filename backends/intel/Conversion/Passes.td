//===- Passes.td - Conversions of the Intel backend --------*- tablegen -*-===//
//
// The Intel-specific steps around the shared tile-to-GPU lowering; see
// `buildIntelLoweringPipeline` (Pipeline.h) for the order they run in.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_INTEL_CONVERSION_PASSES_TD
#define TESSEL_BACKENDS_INTEL_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToSpirvBuiltins
    : Pass<"convert-tile-to-spirv-builtins", "::mlir::ModuleOp"> {
  let summary = "Lowers layout-annotated tile IR to per-thread code calling OpenCL and Intel sub-group built-ins.";
  let description = [{
    Runs the shared tile-to-GPU lowering (`backends/gpu_common`) with the
    Intel hooks: `tile.program_id` calls `get_group_id`, cross-lane
    reductions `intel_sub_group_shuffle_xor` over sub-groups of 16,
    shared local memory is address space 3, barriers are
    `barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE)`, and, on targets
    with DPAS, dots of f16 and bf16 call
    `__spirv_SubgroupMatrixMultiplyAccumulateINTEL`. Needs
    `tilegpu-assign-layouts` first, with a warp size of 16.

    ```mlir
    %pid = tile.program_id x
    ```
    becomes
    ```mlir
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %id = llvm.call spir_funccc @_Z12get_group_idj(%c0) : (i32) -> i64
    %pid = llvm.trunc %id : i64 to i32
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"arch", "arch", "std::string", "\"pvc\"", "pvc, bmg or xe">,
  ];
}

def ConvertTileGpuKernelsToSpirv
    : Pass<"convert-tilegpu-kernels-to-spirv", "::mlir::ModuleOp"> {
  let summary = "Marks OpenCL kernels and sizes the shared local memory.";
  let description = [{
    Runs after `convert-func-to-llvm`. An `llvm.func` with `tilegpu.kernel`
    and `tilegpu.threads_per_block = N` becomes a `spir_kernel` with
    `reqd_work_group_size = N, 1, 1` and `intel_reqd_sub_group_size = 16`;
    every other function and call uses `spir_func`. The shared lowering's
    scratch buffer (`tessel_shared`, sized at launch on other GPUs) becomes a
    work-group variable of the module's `tilegpu.shared_mem_bytes`: OpenCL
    kernels declare their local memory statically or as kernel arguments,
    and a static size keeps the kernel's signature the tile function's.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"arch", "arch", "std::string", "\"pvc\"", "pvc, bmg or xe">,
  ];
}

#endif // TESSEL_BACKENDS_INTEL_CONVERSION_PASSES_TD
