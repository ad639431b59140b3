module {
  func.func @attn_fwd(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg3: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg4: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg5: f32, %arg6: i32 {tile.divisibility = 16 : i32}, %arg7: i32 {tile.divisibility = 16 : i32}, %arg8: i32 {tile.divisibility = 16 : i32}, %arg9: i32 {tile.divisibility = 16 : i32}, %arg10: i32 {tile.divisibility = 16 : i32}, %arg11: i32 {tile.divisibility = 16 : i32}, %arg12: i32 {tile.divisibility = 16 : i32}, %arg13: i32 {tile.divisibility = 16 : i32}, %arg14: i32 {tile.divisibility = 16 : i32}) {
    %cst = arith.constant dense<0xFF800000> : tensor<64x64xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<64x128xf16>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<64x64xf32>
    %c0_i32 = arith.constant 0 : i32
    %cst_3 = arith.constant 1.44269502 : f32
    %cst_4 = arith.constant dense<0.000000e+00> : tensor<64x128xf32>
    %cst_5 = arith.constant dense<0.000000e+00> : tensor<64xf32>
    %cst_6 = arith.constant dense<0xFF800000> : tensor<64xf32>
    %c64_i32 = arith.constant 64 : i32
    %0 = tile.program_id x
    %1 = tile.program_id y
    %2 = arith.muli %0, %c64_i32 : i32
    %3 = tile.make_range 0 to 64 : tensor<64xi32>
    %4 = tile.splat %2 : i32 -> tensor<64xi32>
    %5 = arith.addi %4, %3 : tensor<64xi32>
    %6 = tile.make_range 0 to 128 : tensor<128xi32>
    %7 = tile.splat %arg14 : i32 -> tensor<64xi32>
    %8 = arith.cmpi slt, %5, %7 : tensor<64xi32>
    %9 = arith.muli %1, %arg6 : i32
    %10 = tile.addptr %arg0, %9 : !tile.ptr<f16>, i32
    %11 = tile.expand_dims %5 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %12 = tile.splat %arg7 : i32 -> tensor<64x1xi32>
    %13 = arith.muli %11, %12 : tensor<64x1xi32>
    %14 = tile.splat %10 : !tile.ptr<f16> -> tensor<64x1x!tile.ptr<f16>>
    %15 = tile.addptr %14, %13 : tensor<64x1x!tile.ptr<f16>>, tensor<64x1xi32>
    %16 = tile.expand_dims %6 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %17 = tile.broadcast %15 : tensor<64x1x!tile.ptr<f16>> -> tensor<64x128x!tile.ptr<f16>>
    %18 = tile.broadcast %16 : tensor<1x128xi32> -> tensor<64x128xi32>
    %19 = tile.addptr %17, %18 : tensor<64x128x!tile.ptr<f16>>, tensor<64x128xi32>
    %20 = tile.expand_dims %8 {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
    %21 = tile.broadcast %20 : tensor<64x1xi1> -> tensor<64x128xi1>
    %22 = tile.load %19, %21, %cst_1 : tensor<64x128x!tile.ptr<f16>>
    %23 = arith.muli %1, %arg8 : i32
    %24 = tile.addptr %arg1, %23 : !tile.ptr<f16>, i32
    %25 = tile.expand_dims %3 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %26 = tile.splat %arg9 : i32 -> tensor<1x64xi32>
    %27 = arith.muli %25, %26 : tensor<1x64xi32>
    %28 = tile.splat %24 : !tile.ptr<f16> -> tensor<1x64x!tile.ptr<f16>>
    %29 = tile.addptr %28, %27 : tensor<1x64x!tile.ptr<f16>>, tensor<1x64xi32>
    %30 = tile.expand_dims %6 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %31 = tile.broadcast %29 : tensor<1x64x!tile.ptr<f16>> -> tensor<128x64x!tile.ptr<f16>>
    %32 = tile.broadcast %30 : tensor<128x1xi32> -> tensor<128x64xi32>
    %33 = tile.addptr %31, %32 : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
    %34 = arith.muli %1, %arg10 : i32
    %35 = tile.addptr %arg2, %34 : !tile.ptr<f16>, i32
    %36 = tile.expand_dims %3 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %37 = tile.splat %arg11 : i32 -> tensor<64x1xi32>
    %38 = arith.muli %36, %37 : tensor<64x1xi32>
    %39 = tile.splat %35 : !tile.ptr<f16> -> tensor<64x1x!tile.ptr<f16>>
    %40 = tile.addptr %39, %38 : tensor<64x1x!tile.ptr<f16>>, tensor<64x1xi32>
    %41 = tile.broadcast %40 : tensor<64x1x!tile.ptr<f16>> -> tensor<64x128x!tile.ptr<f16>>
    %42 = tile.addptr %41, %18 : tensor<64x128x!tile.ptr<f16>>, tensor<64x128xi32>
    %43 = arith.mulf %arg5, %cst_3 : f32
    %44:5 = scf.for %arg15 = %c0_i32 to %arg14 step %c64_i32 iter_args(%arg16 = %cst_4, %arg17 = %33, %arg18 = %cst_5, %arg19 = %cst_6, %arg20 = %42) -> (tensor<64x128xf32>, tensor<128x64x!tile.ptr<f16>>, tensor<64xf32>, tensor<64xf32>, tensor<64x128x!tile.ptr<f16>>)  : i32 {
      %63 = tile.splat %arg15 : i32 -> tensor<64xi32>
      %64 = arith.addi %63, %3 : tensor<64xi32>
      %65 = arith.cmpi slt, %64, %7 : tensor<64xi32>
      %66 = tile.expand_dims %65 {axis = 0 : i32} : tensor<64xi1> -> tensor<1x64xi1>
      %67 = tile.broadcast %66 : tensor<1x64xi1> -> tensor<128x64xi1>
      %68 = tile.load %arg17, %67, %cst_0 : tensor<128x64x!tile.ptr<f16>>
      %69 = tile.dot %22, %68, %cst_2 : tensor<64x128xf16> * tensor<128x64xf16> -> tensor<64x64xf32>
      %70 = tile.splat %43 : f32 -> tensor<64x64xf32>
      %71 = arith.mulf %69, %70 : tensor<64x64xf32>
      %72 = tile.broadcast %66 : tensor<1x64xi1> -> tensor<64x64xi1>
      %73 = arith.select %72, %71, %cst : tensor<64x64xi1>, tensor<64x64xf32>
      %74 = tile.reduce %73 axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32> {
      ^bb0(%arg21: f32, %arg22: f32):
        %99 = arith.maxnumf %arg21, %arg22 : f32
        tile.yield %99 : f32
      }
      %75 = arith.maxnumf %arg19, %74 : tensor<64xf32>
      %76 = tile.expand_dims %75 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %77 = tile.broadcast %76 : tensor<64x1xf32> -> tensor<64x64xf32>
      %78 = arith.subf %73, %77 : tensor<64x64xf32>
      %79 = math.exp2 %78 : tensor<64x64xf32>
      %80 = arith.subf %arg19, %75 : tensor<64xf32>
      %81 = math.exp2 %80 : tensor<64xf32>
      %82 = arith.mulf %arg18, %81 : tensor<64xf32>
      %83 = tile.reduce %79 axis = 1 : (tensor<64x64xf32>) -> tensor<64xf32> {
      ^bb0(%arg21: f32, %arg22: f32):
        %99 = arith.addf %arg21, %arg22 : f32
        tile.yield %99 : f32
      }
      %84 = arith.addf %82, %83 : tensor<64xf32>
      %85 = tile.expand_dims %65 {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
      %86 = tile.broadcast %85 : tensor<64x1xi1> -> tensor<64x128xi1>
      %87 = tile.load %arg20, %86, %cst_1 : tensor<64x128x!tile.ptr<f16>>
      %88 = tile.expand_dims %81 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
      %89 = tile.broadcast %88 : tensor<64x1xf32> -> tensor<64x128xf32>
      %90 = arith.mulf %arg16, %89 : tensor<64x128xf32>
      %91 = arith.truncf %79 : tensor<64x64xf32> to tensor<64x64xf16>
      %92 = tile.dot %91, %87, %90 : tensor<64x64xf16> * tensor<64x128xf16> -> tensor<64x128xf32>
      %93 = arith.muli %arg9, %c64_i32 : i32
      %94 = tile.splat %93 : i32 -> tensor<128x64xi32>
      %95 = tile.addptr %arg17, %94 : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
      %96 = arith.muli %arg11, %c64_i32 : i32
      %97 = tile.splat %96 : i32 -> tensor<64x128xi32>
      %98 = tile.addptr %arg20, %97 : tensor<64x128x!tile.ptr<f16>>, tensor<64x128xi32>
      scf.yield %92, %95, %84, %75, %98 : tensor<64x128xf32>, tensor<128x64x!tile.ptr<f16>>, tensor<64xf32>, tensor<64xf32>, tensor<64x128x!tile.ptr<f16>>
    }
    %45 = tile.expand_dims %44#2 {axis = 1 : i32} : tensor<64xf32> -> tensor<64x1xf32>
    %46 = tile.broadcast %45 : tensor<64x1xf32> -> tensor<64x128xf32>
    %47 = arith.divf %44#0, %46 : tensor<64x128xf32>
    %48 = arith.muli %1, %arg14 : i32
    %49 = tile.addptr %arg4, %48 : !tile.ptr<f32>, i32
    %50 = tile.splat %49 : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
    %51 = tile.addptr %50, %5 : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    %52 = math.log2 %44#2 : tensor<64xf32>
    %53 = arith.addf %44#3, %52 : tensor<64xf32>
    tile.store %51, %53, %8 : tensor<64x!tile.ptr<f32>>
    %54 = arith.muli %1, %arg12 : i32
    %55 = tile.addptr %arg3, %54 : !tile.ptr<f16>, i32
    %56 = tile.splat %arg13 : i32 -> tensor<64x1xi32>
    %57 = arith.muli %11, %56 : tensor<64x1xi32>
    %58 = tile.splat %55 : !tile.ptr<f16> -> tensor<64x1x!tile.ptr<f16>>
    %59 = tile.addptr %58, %57 : tensor<64x1x!tile.ptr<f16>>, tensor<64x1xi32>
    %60 = tile.broadcast %59 : tensor<64x1x!tile.ptr<f16>> -> tensor<64x128x!tile.ptr<f16>>
    %61 = tile.addptr %60, %18 : tensor<64x128x!tile.ptr<f16>>, tensor<64x128xi32>
    %62 = arith.truncf %47 : tensor<64x128xf32> to tensor<64x128xf16>
    tile.store %61, %62, %21 : tensor<64x128x!tile.ptr<f16>>
    return
  }
}
