module {
  func.func @attn_fwd(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg3: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg4: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg5: f32, %arg6: i32 {tile.divisibility = 16 : i32}, %arg7: i32 {tile.divisibility = 16 : i32}, %arg8: i32 {tile.divisibility = 16 : i32}, %arg9: i32 {tile.divisibility = 16 : i32}, %arg10: i32 {tile.divisibility = 16 : i32}, %arg11: i32 {tile.divisibility = 16 : i32}, %arg12: i32 {tile.divisibility = 16 : i32}, %arg13: i32 {tile.divisibility = 16 : i32}, %arg14: i32 {tile.divisibility = 16 : i32}) {
    %cst = arith.constant dense<0xFF800000> : tensor<128x64xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<64x64xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
    %c64_i32 = arith.constant 64 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_2 = arith.constant 1.44269502 : f32
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_5 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %c128_i32 = arith.constant 128 : i32
    %0 = tile.program_id x
    %1 = tile.program_id y
    %2 = arith.muli %0, %c128_i32 : i32
    %3 = tile.make_range 0 to 128 : tensor<128xi32>
    %4 = tile.splat %2 : i32 -> tensor<128xi32>
    %5 = arith.addi %4, %3 : tensor<128xi32>
    %6 = tile.make_range 0 to 64 : tensor<64xi32>
    %7 = tile.splat %arg14 : i32 -> tensor<128xi32>
    %8 = arith.cmpi slt, %5, %7 : tensor<128xi32>
    %9 = arith.muli %1, %arg6 : i32
    %10 = tile.addptr %arg0, %9 : !tile.ptr<f16>, i32
    %11 = tile.expand_dims %5 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %12 = tile.splat %arg7 : i32 -> tensor<128x1xi32>
    %13 = arith.muli %11, %12 : tensor<128x1xi32>
    %14 = tile.splat %10 : !tile.ptr<f16> -> tensor<128x1x!tile.ptr<f16>>
    %15 = tile.addptr %14, %13 : tensor<128x1x!tile.ptr<f16>>, tensor<128x1xi32>
    %16 = tile.expand_dims %6 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %17 = tile.broadcast %15 : tensor<128x1x!tile.ptr<f16>> -> tensor<128x64x!tile.ptr<f16>>
    %18 = tile.broadcast %16 : tensor<1x64xi32> -> tensor<128x64xi32>
    %19 = tile.addptr %17, %18 : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
    %20 = tile.expand_dims %8 {axis = 1 : i32} : tensor<128xi1> -> tensor<128x1xi1>
    %21 = tile.broadcast %20 : tensor<128x1xi1> -> tensor<128x64xi1>
    %22 = tile.load %19, %21, %cst_1 : tensor<128x64x!tile.ptr<f16>>
    %23 = arith.muli %1, %arg8 : i32
    %24 = tile.addptr %arg1, %23 : !tile.ptr<f16>, i32
    %25 = tile.splat %arg9 : i32 -> tensor<1x64xi32>
    %26 = arith.muli %16, %25 : tensor<1x64xi32>
    %27 = tile.splat %24 : !tile.ptr<f16> -> tensor<1x64x!tile.ptr<f16>>
    %28 = tile.addptr %27, %26 : tensor<1x64x!tile.ptr<f16>>, tensor<1x64xi32>
    %29 = tile.expand_dims %6 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %30 = tile.broadcast %28 : tensor<1x64x!tile.ptr<f16>> -> tensor<64x64x!tile.ptr<f16>>
    %31 = tile.broadcast %29 : tensor<64x1xi32> -> tensor<64x64xi32>
    %32 = tile.addptr %30, %31 : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
    %33 = arith.muli %1, %arg10 : i32
    %34 = tile.addptr %arg2, %33 : !tile.ptr<f16>, i32
    %35 = tile.splat %arg11 : i32 -> tensor<64x1xi32>
    %36 = arith.muli %29, %35 : tensor<64x1xi32>
    %37 = tile.splat %34 : !tile.ptr<f16> -> tensor<64x1x!tile.ptr<f16>>
    %38 = tile.addptr %37, %36 : tensor<64x1x!tile.ptr<f16>>, tensor<64x1xi32>
    %39 = tile.broadcast %38 : tensor<64x1x!tile.ptr<f16>> -> tensor<64x64x!tile.ptr<f16>>
    %40 = tile.broadcast %16 : tensor<1x64xi32> -> tensor<64x64xi32>
    %41 = tile.addptr %39, %40 : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
    %42 = arith.mulf %arg5, %cst_2 : f32
    %43:5 = scf.for %arg15 = %c0_i32 to %arg14 step %c64_i32 iter_args(%arg16 = %cst_3, %arg17 = %32, %arg18 = %cst_4, %arg19 = %cst_5, %arg20 = %41) -> (tensor<128x64xf32>, tensor<64x64x!tile.ptr<f16>>, tensor<128xf32>, tensor<128xf32>, tensor<64x64x!tile.ptr<f16>>)  : i32 {
      %62 = tile.splat %arg15 : i32 -> tensor<64xi32>
      %63 = arith.addi %62, %6 : tensor<64xi32>
      %64 = tile.splat %arg14 : i32 -> tensor<64xi32>
      %65 = arith.cmpi slt, %63, %64 : tensor<64xi32>
      %66 = tile.expand_dims %65 {axis = 0 : i32} : tensor<64xi1> -> tensor<1x64xi1>
      %67 = tile.broadcast %66 : tensor<1x64xi1> -> tensor<64x64xi1>
      %68 = tile.load %arg17, %67, %cst_0 : tensor<64x64x!tile.ptr<f16>>
      %69 = tile.dot %22, %68, %cst_3 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %70 = tile.splat %42 : f32 -> tensor<128x64xf32>
      %71 = arith.mulf %69, %70 : tensor<128x64xf32>
      %72 = tile.broadcast %66 : tensor<1x64xi1> -> tensor<128x64xi1>
      %73 = arith.select %72, %71, %cst : tensor<128x64xi1>, tensor<128x64xf32>
      %74 = tile.reduce %73 axis = 1 : (tensor<128x64xf32>) -> tensor<128xf32> {
      ^bb0(%arg21: f32, %arg22: f32):
        %99 = arith.maxnumf %arg21, %arg22 : f32
        tile.yield %99 : f32
      }
      %75 = arith.maxnumf %arg19, %74 : tensor<128xf32>
      %76 = tile.expand_dims %75 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %77 = tile.broadcast %76 : tensor<128x1xf32> -> tensor<128x64xf32>
      %78 = arith.subf %73, %77 : tensor<128x64xf32>
      %79 = math.exp2 %78 : tensor<128x64xf32>
      %80 = arith.subf %arg19, %75 : tensor<128xf32>
      %81 = math.exp2 %80 : tensor<128xf32>
      %82 = arith.mulf %arg18, %81 : tensor<128xf32>
      %83 = tile.reduce %79 axis = 1 : (tensor<128x64xf32>) -> tensor<128xf32> {
      ^bb0(%arg21: f32, %arg22: f32):
        %99 = arith.addf %arg21, %arg22 : f32
        tile.yield %99 : f32
      }
      %84 = arith.addf %82, %83 : tensor<128xf32>
      %85 = tile.expand_dims %65 {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
      %86 = tile.broadcast %85 : tensor<64x1xi1> -> tensor<64x64xi1>
      %87 = tile.load %arg20, %86, %cst_0 : tensor<64x64x!tile.ptr<f16>>
      %88 = tile.expand_dims %81 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %89 = tile.broadcast %88 : tensor<128x1xf32> -> tensor<128x64xf32>
      %90 = arith.mulf %arg16, %89 : tensor<128x64xf32>
      %91 = arith.truncf %79 : tensor<128x64xf32> to tensor<128x64xf16>
      %92 = tile.dot %91, %87, %90 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %93 = arith.muli %arg9, %c64_i32 : i32
      %94 = tile.splat %93 : i32 -> tensor<64x64xi32>
      %95 = tile.addptr %arg17, %94 : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
      %96 = arith.muli %arg11, %c64_i32 : i32
      %97 = tile.splat %96 : i32 -> tensor<64x64xi32>
      %98 = tile.addptr %arg20, %97 : tensor<64x64x!tile.ptr<f16>>, tensor<64x64xi32>
      scf.yield %92, %95, %84, %75, %98 : tensor<128x64xf32>, tensor<64x64x!tile.ptr<f16>>, tensor<128xf32>, tensor<128xf32>, tensor<64x64x!tile.ptr<f16>>
    }
    %44 = tile.expand_dims %43#2 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %45 = tile.broadcast %44 : tensor<128x1xf32> -> tensor<128x64xf32>
    %46 = arith.divf %43#0, %45 : tensor<128x64xf32>
    %47 = arith.muli %1, %arg14 : i32
    %48 = tile.addptr %arg4, %47 : !tile.ptr<f32>, i32
    %49 = tile.splat %48 : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
    %50 = tile.addptr %49, %5 : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %51 = math.log2 %43#2 : tensor<128xf32>
    %52 = arith.addf %43#3, %51 : tensor<128xf32>
    tile.store %50, %52, %8 : tensor<128x!tile.ptr<f32>>
    %53 = arith.muli %1, %arg12 : i32
    %54 = tile.addptr %arg3, %53 : !tile.ptr<f16>, i32
    %55 = tile.splat %arg13 : i32 -> tensor<128x1xi32>
    %56 = arith.muli %11, %55 : tensor<128x1xi32>
    %57 = tile.splat %54 : !tile.ptr<f16> -> tensor<128x1x!tile.ptr<f16>>
    %58 = tile.addptr %57, %56 : tensor<128x1x!tile.ptr<f16>>, tensor<128x1xi32>
    %59 = tile.broadcast %58 : tensor<128x1x!tile.ptr<f16>> -> tensor<128x64x!tile.ptr<f16>>
    %60 = tile.addptr %59, %18 : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
    %61 = arith.truncf %46 : tensor<128x64xf32> to tensor<128x64xf16>
    tile.store %60, %61, %21 : tensor<128x64x!tile.ptr<f16>>
    return
  }
}
