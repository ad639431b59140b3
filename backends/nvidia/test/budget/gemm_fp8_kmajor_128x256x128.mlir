// Generated from the kernel language by:
//   tessel compile bench/nvidia/kernels.py::matmul_kernel --signature *fp8e4nv:16,*fp8e4nv:16,*bf16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:1,i32:16,i32:16,i32:1 -D BLOCK_M=128 -D BLOCK_N=256 -D BLOCK_K=128 -D GROUP_M=8
// Regenerate with that command when the frontend changes.
module {
  func.func @matmul_kernel(%arg0: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f8E4M3FN> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.divisibility = 16 : i32}, %arg6: i32 {tile.divisibility = 16 : i32}, %arg7: i32, %arg8: i32, %arg9: i32 {tile.divisibility = 16 : i32}, %arg10: i32 {tile.divisibility = 16 : i32}, %arg11: i32) {
    %cst = arith.constant dense<128> : tensor<128x256xi32>
    %cst_0 = arith.constant dense<128> : tensor<128x128xi32>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x256xf8E4M3FN>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf8E4M3FN>
    %c255_i32 = arith.constant 255 : i32
    %c127_i32 = arith.constant 127 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128x256xf32>
    %c8_i32 = arith.constant 8 : i32
    %c256_i32 = arith.constant 256 : i32
    %c128_i32 = arith.constant 128 : i32
    %c1_i32 = arith.constant 1 : i32
    %0 = tile.program_id x
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c255_i32 : i32
    %4 = arith.divsi %3, %c256_i32 : i32
    %5 = arith.muli %4, %c8_i32 : i32
    %6 = arith.divsi %0, %5 : i32
    %7 = arith.muli %6, %c8_i32 : i32
    %8 = arith.subi %2, %7 : i32
    %9 = arith.minsi %8, %c8_i32 : i32
    %10 = arith.remsi %0, %5 : i32
    %11 = arith.remsi %10, %9 : i32
    %12 = arith.addi %7, %11 : i32
    %13 = arith.divsi %10, %9 : i32
    %14 = arith.muli %12, %c128_i32 : i32
    %15 = tile.make_range 0 to 128 : tensor<128xi32>
    %16 = tile.splat %14 : i32 -> tensor<128xi32>
    %17 = arith.addi %16, %15 : tensor<128xi32>
    %18 = tile.splat %arg3 : i32 -> tensor<128xi32>
    %19 = arith.remsi %17, %18 : tensor<128xi32>
    %20 = arith.muli %13, %c256_i32 : i32
    %21 = tile.make_range 0 to 256 : tensor<256xi32>
    %22 = tile.splat %20 : i32 -> tensor<256xi32>
    %23 = arith.addi %22, %21 : tensor<256xi32>
    %24 = tile.splat %arg4 : i32 -> tensor<256xi32>
    %25 = arith.remsi %23, %24 : tensor<256xi32>
    %26 = tile.expand_dims %19 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %27 = tile.splat %arg6 : i32 -> tensor<128x1xi32>
    %28 = arith.muli %26, %27 : tensor<128x1xi32>
    %29 = tile.splat %arg0 : !tile.ptr<f8E4M3FN> -> tensor<128x1x!tile.ptr<f8E4M3FN>>
    %30 = tile.addptr %29, %28 : tensor<128x1x!tile.ptr<f8E4M3FN>>, tensor<128x1xi32>
    %31 = tile.expand_dims %15 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %32 = tile.broadcast %30 : tensor<128x1x!tile.ptr<f8E4M3FN>> -> tensor<128x128x!tile.ptr<f8E4M3FN>>
    %33 = tile.broadcast %31 : tensor<1x128xi32> -> tensor<128x128xi32>
    %34 = tile.addptr %32, %33 : tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x128xi32>
    %35 = tile.expand_dims %15 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %36 = tile.splat %arg1 : !tile.ptr<f8E4M3FN> -> tensor<128x1x!tile.ptr<f8E4M3FN>>
    %37 = tile.addptr %36, %35 : tensor<128x1x!tile.ptr<f8E4M3FN>>, tensor<128x1xi32>
    %38 = tile.expand_dims %25 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %39 = tile.splat %arg9 : i32 -> tensor<1x256xi32>
    %40 = arith.muli %38, %39 : tensor<1x256xi32>
    %41 = tile.broadcast %37 : tensor<128x1x!tile.ptr<f8E4M3FN>> -> tensor<128x256x!tile.ptr<f8E4M3FN>>
    %42 = tile.broadcast %40 : tensor<1x256xi32> -> tensor<128x256xi32>
    %43 = tile.addptr %41, %42 : tensor<128x256x!tile.ptr<f8E4M3FN>>, tensor<128x256xi32>
    %44 = arith.addi %arg5, %c127_i32 : i32
    %45 = arith.divsi %44, %c128_i32 : i32
    %46:3 = scf.for %arg12 = %c0_i32 to %45 step %c1_i32 iter_args(%arg13 = %34, %arg14 = %cst_3, %arg15 = %43) -> (tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x256xf32>, tensor<128x256x!tile.ptr<f8E4M3FN>>)  : i32 {
      %64 = arith.muli %arg12, %c128_i32 : i32
      %65 = arith.subi %arg5, %64 : i32
      %66 = tile.splat %65 : i32 -> tensor<1x128xi32>
      %67 = arith.cmpi slt, %31, %66 : tensor<1x128xi32>
      %68 = tile.broadcast %67 : tensor<1x128xi1> -> tensor<128x128xi1>
      %69 = tile.load %arg13, %68, %cst_2 : tensor<128x128x!tile.ptr<f8E4M3FN>>
      %70 = tile.splat %65 : i32 -> tensor<128x1xi32>
      %71 = arith.cmpi slt, %35, %70 : tensor<128x1xi32>
      %72 = tile.broadcast %71 : tensor<128x1xi1> -> tensor<128x256xi1>
      %73 = tile.load %arg15, %72, %cst_1 : tensor<128x256x!tile.ptr<f8E4M3FN>>
      %74 = tile.dot %69, %73, %arg14 : tensor<128x128xf8E4M3FN> * tensor<128x256xf8E4M3FN> -> tensor<128x256xf32>
      %75 = tile.addptr %arg13, %cst_0 : tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x128xi32>
      %76 = tile.addptr %arg15, %cst : tensor<128x256x!tile.ptr<f8E4M3FN>>, tensor<128x256xi32>
      scf.yield %75, %74, %76 : tensor<128x128x!tile.ptr<f8E4M3FN>>, tensor<128x256xf32>, tensor<128x256x!tile.ptr<f8E4M3FN>>
    }
    %47 = arith.truncf %46#1 : tensor<128x256xf32> to tensor<128x256xbf16>
    %48 = tile.expand_dims %17 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %49 = tile.splat %arg10 : i32 -> tensor<128x1xi32>
    %50 = arith.muli %48, %49 : tensor<128x1xi32>
    %51 = tile.splat %arg2 : !tile.ptr<bf16> -> tensor<128x1x!tile.ptr<bf16>>
    %52 = tile.addptr %51, %50 : tensor<128x1x!tile.ptr<bf16>>, tensor<128x1xi32>
    %53 = tile.expand_dims %23 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %54 = tile.broadcast %52 : tensor<128x1x!tile.ptr<bf16>> -> tensor<128x256x!tile.ptr<bf16>>
    %55 = tile.broadcast %53 : tensor<1x256xi32> -> tensor<128x256xi32>
    %56 = tile.addptr %54, %55 : tensor<128x256x!tile.ptr<bf16>>, tensor<128x256xi32>
    %57 = tile.splat %arg3 : i32 -> tensor<128x1xi32>
    %58 = arith.cmpi slt, %48, %57 : tensor<128x1xi32>
    %59 = tile.splat %arg4 : i32 -> tensor<1x256xi32>
    %60 = arith.cmpi slt, %53, %59 : tensor<1x256xi32>
    %61 = tile.broadcast %58 : tensor<128x1xi1> -> tensor<128x256xi1>
    %62 = tile.broadcast %60 : tensor<1x256xi1> -> tensor<128x256xi1>
    %63 = arith.andi %61, %62 : tensor<128x256xi1>
    tile.store %56, %47, %63 : tensor<128x256x!tile.ptr<bf16>>
    return
  }
}
