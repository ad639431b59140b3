module {
  func.func @attn_fwd_desc(%arg0: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg3: !tile.ptr<f16> {tile.divisibility = 16 : i32}, %arg4: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg5: f32, %arg6: i32 {tile.divisibility = 16 : i32}, %arg7: i32 {tile.divisibility = 16 : i32}, %arg8: i32 {tile.divisibility = 16 : i32}, %arg9: i32 {tile.divisibility = 16 : i32}, %arg10: i32 {tile.divisibility = 16 : i32}, %arg11: i32 {tile.divisibility = 16 : i32}, %arg12: i32 {tile.divisibility = 16 : i32}, %arg13: i32 {tile.divisibility = 16 : i32}, %arg14: i32 {tile.divisibility = 16 : i32}) {
    %cst = arith.constant dense<0xFF800000> : tensor<128x64xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<128x64xf16>
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant 1.44269502 : f32
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
    %cst_3 = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %cst_4 = arith.constant dense<0xFF800000> : tensor<128xf32>
    %c1_i64 = arith.constant 1 : i64
    %c64_i32 = arith.constant 64 : i32
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
    %22 = tile.load %19, %21, %cst_0 : tensor<128x64x!tile.ptr<f16>>
    %23 = arith.muli %1, %arg8 : i32
    %24 = tile.addptr %arg1, %23 : !tile.ptr<f16>, i32
    %25 = arith.extsi %arg9 : i32 to i64
    %26 = tile.make_tensor_desc %24, [%arg14, %c64_i32], [%25, %c1_i64] : !tile.ptr<f16> -> !tile.tensordesc<tensor<64x64xf16>>
    %27 = arith.muli %1, %arg10 : i32
    %28 = tile.addptr %arg2, %27 : !tile.ptr<f16>, i32
    %29 = arith.extsi %arg11 : i32 to i64
    %30 = tile.make_tensor_desc %28, [%arg14, %c64_i32], [%29, %c1_i64] : !tile.ptr<f16> -> !tile.tensordesc<tensor<64x64xf16>>
    %31 = arith.mulf %arg5, %cst_1 : f32
    %32:3 = scf.for %arg15 = %c0_i32 to %arg14 step %c64_i32 iter_args(%arg16 = %cst_2, %arg17 = %cst_3, %arg18 = %cst_4) -> (tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>)  : i32 {
      %51 = tile.splat %arg15 : i32 -> tensor<64xi32>
      %52 = arith.addi %51, %6 : tensor<64xi32>
      %53 = tile.desc_load %26[%arg15, %c0_i32] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      %54 = tile.trans %53 [1, 0] : tensor<64x64xf16> -> tensor<64x64xf16>
      %55 = tile.dot %22, %54, %cst_2 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      %56 = tile.splat %31 : f32 -> tensor<128x64xf32>
      %57 = arith.mulf %55, %56 : tensor<128x64xf32>
      %58 = tile.splat %arg14 : i32 -> tensor<64xi32>
      %59 = arith.cmpi slt, %52, %58 : tensor<64xi32>
      %60 = tile.expand_dims %59 {axis = 0 : i32} : tensor<64xi1> -> tensor<1x64xi1>
      %61 = tile.broadcast %60 : tensor<1x64xi1> -> tensor<128x64xi1>
      %62 = arith.select %61, %57, %cst : tensor<128x64xi1>, tensor<128x64xf32>
      %63 = tile.reduce %62 axis = 1 : (tensor<128x64xf32>) -> tensor<128xf32> {
      ^bb0(%arg19: f32, %arg20: f32):
        %80 = arith.maxnumf %arg19, %arg20 : f32
        tile.yield %80 : f32
      }
      %64 = arith.maxnumf %arg18, %63 : tensor<128xf32>
      %65 = tile.expand_dims %64 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %66 = tile.broadcast %65 : tensor<128x1xf32> -> tensor<128x64xf32>
      %67 = arith.subf %62, %66 : tensor<128x64xf32>
      %68 = math.exp2 %67 : tensor<128x64xf32>
      %69 = arith.subf %arg18, %64 : tensor<128xf32>
      %70 = math.exp2 %69 : tensor<128xf32>
      %71 = arith.mulf %arg17, %70 : tensor<128xf32>
      %72 = tile.reduce %68 axis = 1 : (tensor<128x64xf32>) -> tensor<128xf32> {
      ^bb0(%arg19: f32, %arg20: f32):
        %80 = arith.addf %arg19, %arg20 : f32
        tile.yield %80 : f32
      }
      %73 = arith.addf %71, %72 : tensor<128xf32>
      %74 = tile.desc_load %30[%arg15, %c0_i32] : !tile.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      %75 = tile.expand_dims %70 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %76 = tile.broadcast %75 : tensor<128x1xf32> -> tensor<128x64xf32>
      %77 = arith.mulf %arg16, %76 : tensor<128x64xf32>
      %78 = arith.truncf %68 : tensor<128x64xf32> to tensor<128x64xf16>
      %79 = tile.dot %78, %74, %77 : tensor<128x64xf16> * tensor<64x64xf16> -> tensor<128x64xf32>
      scf.yield %79, %73, %64 : tensor<128x64xf32>, tensor<128xf32>, tensor<128xf32>
    }
    %33 = tile.expand_dims %32#1 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
    %34 = tile.broadcast %33 : tensor<128x1xf32> -> tensor<128x64xf32>
    %35 = arith.divf %32#0, %34 : tensor<128x64xf32>
    %36 = arith.muli %1, %arg14 : i32
    %37 = tile.addptr %arg4, %36 : !tile.ptr<f32>, i32
    %38 = tile.splat %37 : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
    %39 = tile.addptr %38, %5 : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %40 = math.log2 %32#1 : tensor<128xf32>
    %41 = arith.addf %32#2, %40 : tensor<128xf32>
    tile.store %39, %41, %8 : tensor<128x!tile.ptr<f32>>
    %42 = arith.muli %1, %arg12 : i32
    %43 = tile.addptr %arg3, %42 : !tile.ptr<f16>, i32
    %44 = tile.splat %arg13 : i32 -> tensor<128x1xi32>
    %45 = arith.muli %11, %44 : tensor<128x1xi32>
    %46 = tile.splat %43 : !tile.ptr<f16> -> tensor<128x1x!tile.ptr<f16>>
    %47 = tile.addptr %46, %45 : tensor<128x1x!tile.ptr<f16>>, tensor<128x1xi32>
    %48 = tile.broadcast %47 : tensor<128x1x!tile.ptr<f16>> -> tensor<128x64x!tile.ptr<f16>>
    %49 = tile.addptr %48, %18 : tensor<128x64x!tile.ptr<f16>>, tensor<128x64xi32>
    %50 = arith.truncf %35 : tensor<128x64xf32> to tensor<128x64xf16>
    tile.store %49, %50, %21 : tensor<128x64x!tile.ptr<f16>>
    return
  }
}

