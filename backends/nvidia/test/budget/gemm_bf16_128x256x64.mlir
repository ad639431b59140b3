// Generated from the kernel language by:
//   tessel compile bench/nvidia/kernels.py::matmul_kernel --signature *bf16:16,*bf16:16,*bf16:16,i32:16,i32:16,i32:16,i32:16,i32:1,i32:16,i32:1,i32:16,i32:1 -D BLOCK_M=128 -D BLOCK_N=256 -D BLOCK_K=64 -D GROUP_M=8
// Regenerate with that command when the frontend changes.
module {
  func.func @matmul_kernel(%arg0: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.divisibility = 16 : i32}, %arg6: i32 {tile.divisibility = 16 : i32}, %arg7: i32, %arg8: i32 {tile.divisibility = 16 : i32}, %arg9: i32, %arg10: i32 {tile.divisibility = 16 : i32}, %arg11: i32) {
    %cst = arith.constant dense<64> : tensor<128x64xi32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x256xbf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xbf16>
    %c63_i32 = arith.constant 63 : i32
    %c255_i32 = arith.constant 255 : i32
    %c127_i32 = arith.constant 127 : i32
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x256xf32>
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
    %26 = tile.make_range 0 to 64 : tensor<64xi32>
    %27 = tile.expand_dims %19 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %28 = tile.splat %arg6 : i32 -> tensor<128x1xi32>
    %29 = arith.muli %27, %28 : tensor<128x1xi32>
    %30 = tile.splat %arg0 : !tile.ptr<bf16> -> tensor<128x1x!tile.ptr<bf16>>
    %31 = tile.addptr %30, %29 : tensor<128x1x!tile.ptr<bf16>>, tensor<128x1xi32>
    %32 = tile.expand_dims %26 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %33 = tile.broadcast %31 : tensor<128x1x!tile.ptr<bf16>> -> tensor<128x64x!tile.ptr<bf16>>
    %34 = tile.broadcast %32 : tensor<1x64xi32> -> tensor<128x64xi32>
    %35 = tile.addptr %33, %34 : tensor<128x64x!tile.ptr<bf16>>, tensor<128x64xi32>
    %36 = tile.expand_dims %26 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %37 = tile.splat %arg8 : i32 -> tensor<64x1xi32>
    %38 = arith.muli %36, %37 : tensor<64x1xi32>
    %39 = tile.splat %arg1 : !tile.ptr<bf16> -> tensor<64x1x!tile.ptr<bf16>>
    %40 = tile.addptr %39, %38 : tensor<64x1x!tile.ptr<bf16>>, tensor<64x1xi32>
    %41 = tile.expand_dims %25 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %42 = tile.broadcast %40 : tensor<64x1x!tile.ptr<bf16>> -> tensor<64x256x!tile.ptr<bf16>>
    %43 = tile.broadcast %41 : tensor<1x256xi32> -> tensor<64x256xi32>
    %44 = tile.addptr %42, %43 : tensor<64x256x!tile.ptr<bf16>>, tensor<64x256xi32>
    %45 = arith.addi %arg5, %c63_i32 : i32
    %46 = arith.divsi %45, %c64_i32 : i32
    %47:3 = scf.for %arg12 = %c0_i32 to %46 step %c1_i32 iter_args(%arg13 = %35, %arg14 = %cst_2, %arg15 = %44) -> (tensor<128x64x!tile.ptr<bf16>>, tensor<128x256xf32>, tensor<64x256x!tile.ptr<bf16>>)  : i32 {
      %65 = arith.muli %arg12, %c64_i32 : i32
      %66 = arith.subi %arg5, %65 : i32
      %67 = tile.splat %66 : i32 -> tensor<1x64xi32>
      %68 = arith.cmpi slt, %32, %67 : tensor<1x64xi32>
      %69 = tile.broadcast %68 : tensor<1x64xi1> -> tensor<128x64xi1>
      %70 = tile.load %arg13, %69, %cst_1 : tensor<128x64x!tile.ptr<bf16>>
      %71 = tile.splat %66 : i32 -> tensor<64x1xi32>
      %72 = arith.cmpi slt, %36, %71 : tensor<64x1xi32>
      %73 = tile.broadcast %72 : tensor<64x1xi1> -> tensor<64x256xi1>
      %74 = tile.load %arg15, %73, %cst_0 : tensor<64x256x!tile.ptr<bf16>>
      %75 = tile.dot %70, %74, %arg14 : tensor<128x64xbf16> * tensor<64x256xbf16> -> tensor<128x256xf32>
      %76 = tile.addptr %arg13, %cst : tensor<128x64x!tile.ptr<bf16>>, tensor<128x64xi32>
      %77 = arith.muli %arg8, %c64_i32 : i32
      %78 = tile.splat %77 : i32 -> tensor<64x256xi32>
      %79 = tile.addptr %arg15, %78 : tensor<64x256x!tile.ptr<bf16>>, tensor<64x256xi32>
      scf.yield %76, %75, %79 : tensor<128x64x!tile.ptr<bf16>>, tensor<128x256xf32>, tensor<64x256x!tile.ptr<bf16>>
    }
    %48 = arith.truncf %47#1 : tensor<128x256xf32> to tensor<128x256xbf16>
    %49 = tile.expand_dims %17 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %50 = tile.splat %arg10 : i32 -> tensor<128x1xi32>
    %51 = arith.muli %49, %50 : tensor<128x1xi32>
    %52 = tile.splat %arg2 : !tile.ptr<bf16> -> tensor<128x1x!tile.ptr<bf16>>
    %53 = tile.addptr %52, %51 : tensor<128x1x!tile.ptr<bf16>>, tensor<128x1xi32>
    %54 = tile.expand_dims %23 {axis = 0 : i32} : tensor<256xi32> -> tensor<1x256xi32>
    %55 = tile.broadcast %53 : tensor<128x1x!tile.ptr<bf16>> -> tensor<128x256x!tile.ptr<bf16>>
    %56 = tile.broadcast %54 : tensor<1x256xi32> -> tensor<128x256xi32>
    %57 = tile.addptr %55, %56 : tensor<128x256x!tile.ptr<bf16>>, tensor<128x256xi32>
    %58 = tile.splat %arg3 : i32 -> tensor<128x1xi32>
    %59 = arith.cmpi slt, %49, %58 : tensor<128x1xi32>
    %60 = tile.splat %arg4 : i32 -> tensor<1x256xi32>
    %61 = arith.cmpi slt, %54, %60 : tensor<1x256xi32>
    %62 = tile.broadcast %59 : tensor<128x1xi1> -> tensor<128x256xi1>
    %63 = tile.broadcast %61 : tensor<1x256xi1> -> tensor<128x256xi1>
    %64 = arith.andi %62, %63 : tensor<128x256xi1>
    tile.store %57, %48, %64 : tensor<128x256x!tile.ptr<bf16>>
    return
  }
}
