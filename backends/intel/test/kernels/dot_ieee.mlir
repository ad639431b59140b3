module {
  func.func @matmul(%arg0: !tile.ptr<f32>, %arg1: !tile.ptr<f32>, %arg2: !tile.ptr<f32>, %arg3: i32, %arg4: i32, %arg5: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<16x32xf32>
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x16xf32>
    %c16_i32 = arith.constant 16 : i32
    %c0_i32 = arith.constant 0 : i32
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
    %c32_i32 = arith.constant 32 : i32
    %0 = tile.program_id x
    %1 = arith.muli %0, %c32_i32 : i32
    %2 = tile.make_range 0 to 32 : tensor<32xi32>
    %3 = tile.splat %1 : i32 -> tensor<32xi32>
    %4 = arith.addi %3, %2 : tensor<32xi32>
    %5 = tile.program_id y
    %6 = arith.muli %5, %c32_i32 : i32
    %7 = tile.splat %6 : i32 -> tensor<32xi32>
    %8 = arith.addi %7, %2 : tensor<32xi32>
    %9 = tile.make_range 0 to 16 : tensor<16xi32>
    %10 = scf.for %arg6 = %c0_i32 to %arg5 step %c16_i32 iter_args(%arg7 = %cst_1) -> (tensor<32x32xf32>)  : i32 {
      %27 = tile.splat %arg6 : i32 -> tensor<16xi32>
      %28 = arith.addi %27, %9 : tensor<16xi32>
      %29 = tile.expand_dims %4 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %30 = tile.splat %arg5 : i32 -> tensor<32x1xi32>
      %31 = arith.muli %29, %30 : tensor<32x1xi32>
      %32 = tile.splat %arg0 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>>
      %33 = tile.addptr %32, %31 : tensor<32x1x!tile.ptr<f32>>, tensor<32x1xi32>
      %34 = tile.expand_dims %28 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
      %35 = tile.broadcast %33 : tensor<32x1x!tile.ptr<f32>> -> tensor<32x16x!tile.ptr<f32>>
      %36 = tile.broadcast %34 : tensor<1x16xi32> -> tensor<32x16xi32>
      %37 = tile.addptr %35, %36 : tensor<32x16x!tile.ptr<f32>>, tensor<32x16xi32>
      %38 = tile.splat %arg3 : i32 -> tensor<32x1xi32>
      %39 = arith.cmpi slt, %29, %38 : tensor<32x1xi32>
      %40 = tile.splat %arg5 : i32 -> tensor<1x16xi32>
      %41 = arith.cmpi slt, %34, %40 : tensor<1x16xi32>
      %42 = tile.broadcast %39 : tensor<32x1xi1> -> tensor<32x16xi1>
      %43 = tile.broadcast %41 : tensor<1x16xi1> -> tensor<32x16xi1>
      %44 = arith.andi %42, %43 : tensor<32x16xi1>
      %45 = tile.load %37, %44, %cst_0 : tensor<32x16x!tile.ptr<f32>>
      %46 = tile.expand_dims %28 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
      %47 = tile.splat %arg4 : i32 -> tensor<16x1xi32>
      %48 = arith.muli %46, %47 : tensor<16x1xi32>
      %49 = tile.splat %arg1 : !tile.ptr<f32> -> tensor<16x1x!tile.ptr<f32>>
      %50 = tile.addptr %49, %48 : tensor<16x1x!tile.ptr<f32>>, tensor<16x1xi32>
      %51 = tile.expand_dims %8 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %52 = tile.broadcast %50 : tensor<16x1x!tile.ptr<f32>> -> tensor<16x32x!tile.ptr<f32>>
      %53 = tile.broadcast %51 : tensor<1x32xi32> -> tensor<16x32xi32>
      %54 = tile.addptr %52, %53 : tensor<16x32x!tile.ptr<f32>>, tensor<16x32xi32>
      %55 = tile.splat %arg5 : i32 -> tensor<16x1xi32>
      %56 = arith.cmpi slt, %46, %55 : tensor<16x1xi32>
      %57 = tile.splat %arg4 : i32 -> tensor<1x32xi32>
      %58 = arith.cmpi slt, %51, %57 : tensor<1x32xi32>
      %59 = tile.broadcast %56 : tensor<16x1xi1> -> tensor<16x32xi1>
      %60 = tile.broadcast %58 : tensor<1x32xi1> -> tensor<16x32xi1>
      %61 = arith.andi %59, %60 : tensor<16x32xi1>
      %62 = tile.load %54, %61, %cst : tensor<16x32x!tile.ptr<f32>>
      %63 = tile.dot %45, %62, %arg7 : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
      scf.yield %63 : tensor<32x32xf32>
    }
    %11 = tile.expand_dims %4 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %12 = tile.splat %arg4 : i32 -> tensor<32x1xi32>
    %13 = arith.muli %11, %12 : tensor<32x1xi32>
    %14 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>>
    %15 = tile.addptr %14, %13 : tensor<32x1x!tile.ptr<f32>>, tensor<32x1xi32>
    %16 = tile.expand_dims %8 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %17 = tile.broadcast %15 : tensor<32x1x!tile.ptr<f32>> -> tensor<32x32x!tile.ptr<f32>>
    %18 = tile.broadcast %16 : tensor<1x32xi32> -> tensor<32x32xi32>
    %19 = tile.addptr %17, %18 : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
    %20 = tile.splat %arg3 : i32 -> tensor<32x1xi32>
    %21 = arith.cmpi slt, %11, %20 : tensor<32x1xi32>
    %22 = tile.splat %arg4 : i32 -> tensor<1x32xi32>
    %23 = arith.cmpi slt, %16, %22 : tensor<1x32xi32>
    %24 = tile.broadcast %21 : tensor<32x1xi1> -> tensor<32x32xi1>
    %25 = tile.broadcast %23 : tensor<1x32xi1> -> tensor<32x32xi1>
    %26 = arith.andi %24, %25 : tensor<32x32xi1>
    tile.store %19, %10, %26 : tensor<32x32x!tile.ptr<f32>>
    return
  }
}
