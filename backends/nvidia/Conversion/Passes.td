//===- Passes.td - Conversions of the NVIDIA backend -------*- tablegen -*-===//
//
// The NVIDIA-specific steps around the shared tile-to-GPU lowering; see
// `buildNvidiaLoweringPipeline` (Pipeline.h) for the order they run in.
//
//===----------------------------------------------------------------------===//

#ifndef TESSEL_BACKENDS_NVIDIA_CONVERSION_PASSES_TD
#define TESSEL_BACKENDS_NVIDIA_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToNvvm : Pass<"convert-tile-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Lowers layout-annotated tile IR to per-thread code with NVVM special registers, shuffles and barriers.";
  let description = [{
    Runs the shared tile-to-GPU lowering (`backends/gpu_common`) with the
    NVVM hooks: `tile.program_id` reads `%ctaid`, `tile.num_programs` reads
    `%nctaid`, cross-lane reductions use `shfl.sync.bfly`, shared memory is
    address space 3 and barriers are `bar.sync 0`. Public functions are
    marked `tilegpu.kernel` (see `convert-tilegpu-kernels-to-nvvm`). Needs
    `tilegpu-assign-layouts` first.

    ```mlir
    %pid = tile.program_id x
    ```
    becomes
    ```mlir
    %pid = nvvm.read.ptx.sreg.ctaid.x : i32
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"matrixLoads", "matrix-loads", "bool", "true",
           "Load mma.sync operands with ldmatrix; without, gather each lane's "
           "fragment elements as the shared fragment path does.">,
    Option<"warpGroupMma", "warp-group-mma", "bool", "false",
           "Run the dots that suit it on wgmma (sm_90a); must agree with "
           "the warp-group-max-n the layout and pipelining passes ran with.">,
    Option<"tensorMemoryMma", "tensor-memory-mma", "bool", "false",
           "Run those dots on tcgen05 with D in tensor memory instead "
           "(sm_100a; implies warp-group-mma's staging and layouts).">,
  ];
}

def NvidiaTensorMapParams : Pass<"nvidia-tensor-map-params", "::mlir::ModuleOp"> {
  let summary = "Gives TMA copies their tensor maps: kernel parameters, and the recipe the host encodes them from.";
  let description = [{
    Every `tilegpu.tensor_copy` reads its descriptor's box through a
    CUtensorMap. One map per descriptor and box shape becomes a kernel
    parameter after the user's (`!llvm.ptr` with `llvm.byval` of 128 bytes,
    `llvm.align` 64 and `nvvm.grid_constant`: a `.param .align 64 .b8
    [128]` whose generic address the copy reads); the copy names it with
    `tilegpu.tensor_map`; one map per descriptor, box shape and form (a
    copy of A that may take the grouped form of TensorMapRecipe.h has a map
    of its own, which the host encodes grouped where it can, and names the
    plain map of the same boxes with `tilegpu.plain_tensor_map`, for the
    tiles the grouped view does not cover). After the maps comes an i32 parameter marked
    `tilegpu.tensor_map_flags`, in which the host sets bit i when it
    encoded map i grouped. The module gets `@tessel_tensor_maps`, a
    constant i64 array in global memory (`.global`, read by the host with
    cuModuleGetGlobal), that says how the host fills each map from the
    launch's arguments (its layout, version 3, is in
    backends/nvidia/runtime/TensorMapRecipe.h). Copies whose descriptor
    cannot be traced to the arguments are an error (pipeline-loads only
    makes traceable ones).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::NVVM::NVVMDialect"];
}

def ConvertTileGpuKernelsToNvvm
    : Pass<"convert-tilegpu-kernels-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Turns the shared lowering's kernel markings on llvm.func into NVVM kernel attributes.";
  let description = [{
    Runs after `convert-func-to-llvm`: an `llvm.func` with `tilegpu.kernel`
    and `tilegpu.threads_per_block = N` gets `nvvm.kernel` (a `.entry` in
    PTX) and `nvvm.maxntid = array<i32: N, 1, 1>` (`.maxntid N, 1, 1`).

    ```mlir
    llvm.func @k() attributes {tilegpu.kernel, tilegpu.threads_per_block = 128 : i32}
    ```
    becomes
    ```mlir
    llvm.func @k() attributes {nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>}
    ```
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def NvidiaMergeBarriers : Pass<"nvidia-merge-barriers", "::mlir::ModuleOp"> {
  let summary = "Drops a block barrier that repeats the one before it.";
  let description = [{
    Ops lowered one at a time each bring the barriers they need (a releasing
    atomic its barrier before, a layout change through shared memory its
    barriers around, the copy barriers' setup its own), so two `bar.sync`
    can end up with nothing between them that touches memory: the second
    then orders nothing the first did not, and is erased. Only barriers in
    one block, separated by ops free of memory effects and regions, are
    merged.

    ```mlir
    nvvm.barrier0
    %1 = llvm.add %0, %0 : i32
    nvvm.barrier0
    ```
    becomes
    ```mlir
    nvvm.barrier0
    %1 = llvm.add %0, %0 : i32
    ```
  }];
  let dependentDialects = ["::mlir::NVVM::NVVMDialect"];
}

def ConvertMathToNvvmIntrinsics
    : Pass<"convert-math-to-nvvm-intrinsics", "::mlir::ModuleOp"> {
  let options = [
    Option<"flushDenormals", "flush-denormals", "bool", "false",
           "f32 exp2 on ex2.approx.ftz (subnormal results flushed to zero) "
           "instead of ex2.approx, which keeps them at the cost of scaling "
           "the subnormal range in and out.">,
  ];
  let summary = "Computes transcendental math ops with PTX approximate instructions, polynomials or libdevice calls.";
  let description = [{
    LLVM's NVPTX backend (still in 22) has no lowering for `llvm.log` and
    the like, so they are rewritten before the LLVM conversion. f64
    transcendental functions, and `atan`, `atan2`, `cbrt`, `sinh` and
    `log10` on f32 (whose compositions below miss 4 ulp), become calls to
    CUDA's libdevice (`__nv_exp`, `__nv_atan2f`...), declared as external
    `llvm.func`s that code generation links from libdevice.10.bc. On f32,
    `exp2` and `rsqrt` call `ex2.approx.f32` and `rsqrt.approx.f32` (within
    2 ulp); `sin`, `cos` and `tanh` use the accurate expansions of
    backends/gpu_common (AccurateMath.h: argument reduction by pi/2 with a
    Payne-Hanek path for large arguments, under 1 ulp); `exp`, `log`,
    `log2`, `erf`, `asin`, `acos`, `log1p` and `expm1` use MLIR's polynomial
    approximations (the approximate PTX instructions are off by far more
    than 2 ulp for them); `cosh`, `tan` and `powf` are expanded in terms of
    those. Vectors are scalarized. f16/bf16 math is computed in f32
    (operands extended, results rounded back). What NVPTX selects natively
    (sqrt, fma, abs, floor, ceil...) stays.

    ```mlir
    %y = math.exp2 %x : f32
    ```
    becomes
    ```mlir
    %y = llvm.call_intrinsic "llvm.nvvm.ex2.approx.f32"(%x) : (f32) -> f32
    ```
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // TESSEL_BACKENDS_NVIDIA_CONVERSION_PASSES_TD
