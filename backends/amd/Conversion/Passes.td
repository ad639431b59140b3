//===- Passes.td - Conversions of the AMD backend ----------*- tablegen -*-===//
//
// The AMD-specific steps around the shared tile-to-GPU lowering; see
// `buildAmdLoweringPipeline` (Pipeline.h) for the order they run in.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_AMD_CONVERSION_PASSES_TD
#define TESSEL_BACKENDS_AMD_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToRocdl : Pass<"convert-tile-to-rocdl", "::mlir::ModuleOp"> {
  let summary = "Lowers layout-annotated tile IR to per-thread code with ROCDL ids, cross-lane ops, barriers and matrix instructions.";
  let description = [{
    Runs the shared tile-to-GPU lowering (`backends/gpu_common`) with the
    ROCDL hooks: `tile.program_id` reads `workgroup.id`, `tile.num_programs`
    the dispatch's block counts (implicit kernel arguments), cross-lane
    reductions use DPP, `ds_swizzle` and `ds_bpermute`, LDS is address
    space 3, barriers are `s_barrier` between work-group fences, and dots of
    16-bit floats run on MFMA (CDNA) or WMMA (RDNA). Needs
    `tilegpu-assign-layouts` first, with the target's wave size.

    ```mlir
    %pid = tile.program_id x
    ```
    becomes
    ```mlir
    %pid = rocdl.workgroup.id.x : i32
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"arch", "arch", "std::string", "\"gfx942\"",
           "gfx90a, gfx942, gfx1100 or gfx1200">,
    Option<"mfmaM", "mfma-m", "unsigned", "32",
           "The MFMA shape on CDNA: 32 (32x32x8) or 16 (16x16x16)">,
    Option<"doubleBufferDots", "double-buffer-dots", "bool", "true",
           "Dots in loops stage operands in two LDS buffers of their own "
           "(false: in the shared scratch buffer, less LDS, one more barrier)">,
  ];
}

def ConvertTileGpuKernelsToRocdl
    : Pass<"convert-tilegpu-kernels-to-rocdl", "::mlir::ModuleOp"> {
  let summary = "Turns the shared lowering's kernel markings on llvm.func into ROCDL kernel attributes.";
  let description = [{
    Runs after `convert-func-to-llvm`: an `llvm.func` with `tilegpu.kernel`
    and `tilegpu.threads_per_block = N` gets `rocdl.kernel` (an
    `amdgpu_kernel`), `rocdl.flat_work_group_size = "N,N"` and
    `rocdl.reqd_work_group_size = array<i32: N, 1, 1>`; with
    `waves-per-eu`, also the LLVM attribute `amdgpu-waves-per-eu`.

    ```mlir
    llvm.func @k() attributes {tilegpu.kernel, tilegpu.threads_per_block = 256 : i32}
    ```
    becomes
    ```mlir
    llvm.func @k() attributes {rocdl.kernel, rocdl.flat_work_group_size = "256,256",
                               rocdl.reqd_work_group_size = array<i32: 256, 1, 1>}
    ```
  }];
  let dependentDialects = ["::mlir::ROCDL::ROCDLDialect"];
  let options = [
    Option<"arch", "arch", "std::string", "\"gfx942\"",
           "gfx90a, gfx942, gfx1100 or gfx1200">,
    Option<"wavesPerEu", "waves-per-eu", "unsigned", "0",
           "amdgpu-waves-per-eu for every kernel; 0: none">,
  ];
}

#endif // TESSEL_BACKENDS_AMD_CONVERSION_PASSES_TD
