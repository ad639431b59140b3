// Generated from the kernel language by:
//   tessel compile core/frontend/test/kernels/layer_norm_fwd.py::_layer_norm_fwd_fused --signature *fp16,*fp16,*fp16,*fp16,*fp32,*fp32,i32,i32,fp32 -D BLOCK_SIZE=1024
// Regenerate with that command when the frontend changes.
module {
  func.func @_layer_norm_fwd_fused(%arg0: !tile.ptr<f16>, %arg1: !tile.ptr<f16>, %arg2: !tile.ptr<f16>, %arg3: !tile.ptr<f16>, %arg4: !tile.ptr<f32>, %arg5: !tile.ptr<f32>, %arg6: i32, %arg7: i32, %arg8: f32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<1024xf16>
    %cst_0 = arith.constant 1.000000e+00 : f32
    %c1024_i32 = arith.constant 1024 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<1024xf32>
    %0 = tile.program_id x
    %1 = arith.muli %0, %arg6 : i32
    %2 = tile.addptr %arg1, %1 : !tile.ptr<f16>, i32
    %3 = tile.addptr %arg0, %1 : !tile.ptr<f16>, i32
    %4 = scf.for %arg9 = %c0_i32 to %arg7 step %c1024_i32 iter_args(%arg10 = %cst_1) -> (tensor<1024xf32>)  : i32 {
      %16 = tile.make_range 0 to 1024 : tensor<1024xi32>
      %17 = tile.splat %arg9 : i32 -> tensor<1024xi32>
      %18 = arith.addi %17, %16 : tensor<1024xi32>
      %19 = tile.splat %3 : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
      %20 = tile.addptr %19, %18 : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %21 = tile.splat %arg7 : i32 -> tensor<1024xi32>
      %22 = arith.cmpi slt, %18, %21 : tensor<1024xi32>
      %23 = tile.load %20, %22, %cst : tensor<1024x!tile.ptr<f16>>
      %24 = arith.extf %23 : tensor<1024xf16> to tensor<1024xf32>
      %25 = arith.addf %arg10, %24 : tensor<1024xf32>
      scf.yield %25 : tensor<1024xf32>
    }
    %5 = tile.reduce %4 axis = 0 : (tensor<1024xf32>) -> f32 {
    ^bb0(%arg9: f32, %arg10: f32):
      %16 = arith.addf %arg9, %arg10 : f32
      tile.yield %16 : f32
    }
    %6 = arith.sitofp %arg7 : i32 to f32
    %7 = arith.divf %5, %6 : f32
    %8 = scf.for %arg9 = %c0_i32 to %arg7 step %c1024_i32 iter_args(%arg10 = %cst_1) -> (tensor<1024xf32>)  : i32 {
      %16 = tile.make_range 0 to 1024 : tensor<1024xi32>
      %17 = tile.splat %arg9 : i32 -> tensor<1024xi32>
      %18 = arith.addi %17, %16 : tensor<1024xi32>
      %19 = tile.splat %3 : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
      %20 = tile.addptr %19, %18 : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %21 = tile.splat %arg7 : i32 -> tensor<1024xi32>
      %22 = arith.cmpi slt, %18, %21 : tensor<1024xi32>
      %23 = tile.load %20, %22, %cst : tensor<1024x!tile.ptr<f16>>
      %24 = arith.extf %23 : tensor<1024xf16> to tensor<1024xf32>
      %25 = tile.splat %7 : f32 -> tensor<1024xf32>
      %26 = arith.subf %24, %25 : tensor<1024xf32>
      %27 = arith.select %22, %26, %cst_1 : tensor<1024xi1>, tensor<1024xf32>
      %28 = arith.mulf %27, %27 : tensor<1024xf32>
      %29 = arith.addf %arg10, %28 : tensor<1024xf32>
      scf.yield %29 : tensor<1024xf32>
    }
    %9 = tile.reduce %8 axis = 0 : (tensor<1024xf32>) -> f32 {
    ^bb0(%arg9: f32, %arg10: f32):
      %16 = arith.addf %arg9, %arg10 : f32
      tile.yield %16 : f32
    }
    %10 = arith.divf %9, %6 : f32
    %11 = arith.addf %10, %arg8 : f32
    %12 = math.sqrt %11 : f32
    %13 = arith.divf %cst_0, %12 : f32
    %14 = tile.addptr %arg4, %0 : !tile.ptr<f32>, i32
    tile.store %14, %7 : !tile.ptr<f32>
    %15 = tile.addptr %arg5, %0 : !tile.ptr<f32>, i32
    tile.store %15, %13 : !tile.ptr<f32>
    scf.for %arg9 = %c0_i32 to %arg7 step %c1024_i32  : i32 {
      %16 = tile.make_range 0 to 1024 : tensor<1024xi32>
      %17 = tile.splat %arg9 : i32 -> tensor<1024xi32>
      %18 = arith.addi %17, %16 : tensor<1024xi32>
      %19 = tile.splat %arg7 : i32 -> tensor<1024xi32>
      %20 = arith.cmpi slt, %18, %19 : tensor<1024xi32>
      %21 = tile.splat %arg2 : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
      %22 = tile.addptr %21, %18 : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %23 = tile.load %22, %20 : tensor<1024x!tile.ptr<f16>>
      %24 = tile.splat %arg3 : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
      %25 = tile.addptr %24, %18 : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %26 = tile.load %25, %20 : tensor<1024x!tile.ptr<f16>>
      %27 = tile.splat %3 : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
      %28 = tile.addptr %27, %18 : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %29 = tile.load %28, %20, %cst : tensor<1024x!tile.ptr<f16>>
      %30 = arith.extf %29 : tensor<1024xf16> to tensor<1024xf32>
      %31 = tile.splat %7 : f32 -> tensor<1024xf32>
      %32 = arith.subf %30, %31 : tensor<1024xf32>
      %33 = tile.splat %13 : f32 -> tensor<1024xf32>
      %34 = arith.mulf %32, %33 : tensor<1024xf32>
      %35 = arith.extf %23 : tensor<1024xf16> to tensor<1024xf32>
      %36 = arith.mulf %34, %35 : tensor<1024xf32>
      %37 = arith.extf %26 : tensor<1024xf16> to tensor<1024xf32>
      %38 = arith.addf %36, %37 : tensor<1024xf32>
      %39 = tile.splat %2 : !tile.ptr<f16> -> tensor<1024x!tile.ptr<f16>>
      %40 = tile.addptr %39, %18 : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
      %41 = arith.truncf %38 : tensor<1024xf32> to tensor<1024xf16>
      tile.store %40, %41, %20 : tensor<1024x!tile.ptr<f16>>
    }
    return
  }
}
