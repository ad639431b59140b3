// Generated from the kernel language by:
//   tessel compile core/frontend/test/kernels/seed_matmul_autotuned.py::matmul_kernel --signature *fp16:16,*fp16:16,*fp16:16,i32,i32,i32,i32,i32,i32,i32,i32,i32 -D BLOC_M=128 -D BLOC_N=64 -D BLOC_K=32 -D GROUPE_M=8
// Regenerate with that command when the frontend changes.
module {
  func.func @matmul_kernel(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg3: i32, %arg4: i32, %arg5: i32, %arg6: i32, %arg7: i32, %arg8: i32, %arg9: i32, %arg10: i32, %arg11: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x64xf16>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x32xf16>
    %c31_i32 = arith.constant 31 : i32
    %c63_i32 = arith.constant 63 : i32
    %c127_i32 = arith.constant 127 : i32
    %c0_i32 = arith.constant 0 : i32
    %c32_i32 = arith.constant 32 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %c8_i32 = arith.constant 8 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i32 = arith.constant 1 : i32
    %c128_i32 = arith.constant 128 : i32
    %0 = tile.program_id x
    %1 = arith.addi %arg3, %c127_i32 : i32
    %2 = arith.divsi %1, %c128_i32 : i32
    %3 = arith.addi %arg4, %c63_i32 : i32
    %4 = arith.divsi %3, %c64_i32 : i32
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
    %20 = arith.muli %13, %c64_i32 : i32
    %21 = tile.make_range 0 to 64 : tensor<64xi32>
    %22 = tile.splat %20 : i32 -> tensor<64xi32>
    %23 = arith.addi %22, %21 : tensor<64xi32>
    %24 = tile.splat %arg4 : i32 -> tensor<64xi32>
    %25 = arith.remsi %23, %24 : tensor<64xi32>
    %26 = tile.make_range 0 to 32 : tensor<32xi32>
    %27 = tile.expand_dims %19 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %28 = tile.splat %arg6 : i32 -> tensor<128x1xi32>
    %29 = arith.muli %27, %28 : tensor<128x1xi32>
    %30 = tile.splat %arg0 : !tile.ptr<f16> -> tensor<128x1x!tile.ptr<f16>>
    %31 = tile.addptr %30, %29 : tensor<128x1x!tile.ptr<f16>>, tensor<128x1xi32>
    %32 = tile.expand_dims %26 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %33 = tile.splat %arg7 : i32 -> tensor<1x32xi32>
    %34 = arith.muli %32, %33 : tensor<1x32xi32>
    %35 = tile.broadcast %31 : tensor<128x1x!tile.ptr<f16>> -> tensor<128x32x!tile.ptr<f16>>
    %36 = tile.broadcast %34 : tensor<1x32xi32> -> tensor<128x32xi32>
    %37 = tile.addptr %35, %36 : tensor<128x32x!tile.ptr<f16>>, tensor<128x32xi32>
    %38 = tile.expand_dims %26 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %39 = tile.splat %arg8 : i32 -> tensor<32x1xi32>
    %40 = arith.muli %38, %39 : tensor<32x1xi32>
    %41 = tile.splat %arg1 : !tile.ptr<f16> -> tensor<32x1x!tile.ptr<f16>>
    %42 = tile.addptr %41, %40 : tensor<32x1x!tile.ptr<f16>>, tensor<32x1xi32>
    %43 = tile.expand_dims %25 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %44 = tile.splat %arg9 : i32 -> tensor<1x64xi32>
    %45 = arith.muli %43, %44 : tensor<1x64xi32>
    %46 = tile.broadcast %42 : tensor<32x1x!tile.ptr<f16>> -> tensor<32x64x!tile.ptr<f16>>
    %47 = tile.broadcast %45 : tensor<1x64xi32> -> tensor<32x64xi32>
    %48 = tile.addptr %46, %47 : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
    %49 = arith.addi %arg5, %c31_i32 : i32
    %50 = arith.divsi %49, %c32_i32 : i32
    %51:3 = scf.for %arg12 = %c0_i32 to %50 step %c1_i32 iter_args(%arg13 = %37, %arg14 = %cst_1, %arg15 = %48) -> (tensor<128x32x!tile.ptr<f16>>, tensor<128x64xf32>, tensor<32x64x!tile.ptr<f16>>)  : i32 {
      %71 = arith.muli %arg12, %c32_i32 : i32
      %72 = arith.subi %arg5, %71 : i32
      %73 = tile.splat %72 : i32 -> tensor<1x32xi32>
      %74 = arith.cmpi slt, %32, %73 : tensor<1x32xi32>
      %75 = tile.broadcast %74 : tensor<1x32xi1> -> tensor<128x32xi1>
      %76 = tile.load %arg13, %75, %cst_0 : tensor<128x32x!tile.ptr<f16>>
      %77 = tile.splat %72 : i32 -> tensor<32x1xi32>
      %78 = arith.cmpi slt, %38, %77 : tensor<32x1xi32>
      %79 = tile.broadcast %78 : tensor<32x1xi1> -> tensor<32x64xi1>
      %80 = tile.load %arg15, %79, %cst : tensor<32x64x!tile.ptr<f16>>
      %81 = tile.dot %76, %80, %arg14 : tensor<128x32xf16> * tensor<32x64xf16> -> tensor<128x64xf32>
      %82 = arith.muli %arg7, %c32_i32 : i32
      %83 = tile.splat %82 : i32 -> tensor<128x32xi32>
      %84 = tile.addptr %arg13, %83 : tensor<128x32x!tile.ptr<f16>>, tensor<128x32xi32>
      %85 = arith.muli %arg8, %c32_i32 : i32
      %86 = tile.splat %85 : i32 -> tensor<32x64xi32>
      %87 = tile.addptr %arg15, %86 : tensor<32x64x!tile.ptr<f16>>, tensor<32x64xi32>
      scf.yield %84, %81, %87 : tensor<128x32x!tile.ptr<f16>>, tensor<128x64xf32>, tensor<32x64x!tile.ptr<f16>>
    }
    %52 = arith.truncf %51#1 : tensor<128x64xf32> to tensor<128x64xf16>
    %53 = tile.expand_dims %17 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %54 = tile.splat %arg10 : i32 -> tensor<128x1xi32>
    %55 = arith.muli %53, %54 : tensor<128x1xi32>
    %56 = tile.splat %arg2 : !tile.ptr<f16> -> tensor<128x1x!tile.ptr<f16>>
    %57 = tile.addptr %56, %55 : tensor<128x1x!tile.ptr<f16>>, tensor<128x1xi32>
    %58 = tile.expand_dims %23 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %59 = tile.splat %arg11 : i32 -> tensor<1x64xi32>
    %60 = arith.muli %58, %59 : tensor<1x64xi32>
    %61 = tile.broadcast %57 : tensor<128x1x!tile.ptr<f16>> -> tensor<128x64x!tile.ptr<f16>>
    %62 = tile.broadcast %60 : tensor<1x64xi32> -> tensor<128x64xi32>
    %63 = tile.addptr %61, %62 : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
    %64 = tile.splat %arg3 : i32 -> tensor<128x1xi32>
    %65 = arith.cmpi slt, %53, %64 : tensor<128x1xi32>
    %66 = tile.splat %arg4 : i32 -> tensor<1x64xi32>
    %67 = arith.cmpi slt, %58, %66 : tensor<1x64xi32>
    %68 = tile.broadcast %65 : tensor<128x1xi1> -> tensor<128x64xi1>
    %69 = tile.broadcast %67 : tensor<1x64xi1> -> tensor<128x64xi1>
    %70 = arith.andi %68, %69 : tensor<128x64xi1>
    tile.store %63, %52, %70 : tensor<128x64x!tile.ptr<f16>>
    return
  }
}
