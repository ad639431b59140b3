// Generated from the kernel language by:
//   tessel compile conformance/cases/kernels/dot.py::matmul --signature *fp8e4nv,*fp8e4nv,*fp32,i32,i32,i32 -D BM=32 -D BN=32 -D BK=32 -D ACC=fp32 -D PREC='default'
// Regenerate with that command when the frontend changes.
module {
  func.func @matmul(%arg0: !tile.ptr<f8E4M3FN>, %arg1: !tile.ptr<f8E4M3FN>, %arg2: !tile.ptr<f32>, %arg3: i32, %arg4: i32, %arg5: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<32x32xf8E4M3FN>
    %c0_i32 = arith.constant 0 : i32
    %cst_0 = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
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
    %9 = scf.for %arg6 = %c0_i32 to %arg5 step %c32_i32 iter_args(%arg7 = %cst_0) -> (tensor<32x32xf32>)  : i32 {
      %26 = tile.splat %arg6 : i32 -> tensor<32xi32>
      %27 = arith.addi %26, %2 : tensor<32xi32>
      %28 = tile.expand_dims %4 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %29 = tile.splat %arg5 : i32 -> tensor<32x1xi32>
      %30 = arith.muli %28, %29 : tensor<32x1xi32>
      %31 = tile.splat %arg0 : !tile.ptr<f8E4M3FN> -> tensor<32x1x!tile.ptr<f8E4M3FN>>
      %32 = tile.addptr %31, %30 : tensor<32x1x!tile.ptr<f8E4M3FN>>, tensor<32x1xi32>
      %33 = tile.expand_dims %27 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %34 = tile.broadcast %32 : tensor<32x1x!tile.ptr<f8E4M3FN>> -> tensor<32x32x!tile.ptr<f8E4M3FN>>
      %35 = tile.broadcast %33 : tensor<1x32xi32> -> tensor<32x32xi32>
      %36 = tile.addptr %34, %35 : tensor<32x32x!tile.ptr<f8E4M3FN>>, tensor<32x32xi32>
      %37 = tile.splat %arg3 : i32 -> tensor<32x1xi32>
      %38 = arith.cmpi slt, %28, %37 : tensor<32x1xi32>
      %39 = tile.splat %arg5 : i32 -> tensor<1x32xi32>
      %40 = arith.cmpi slt, %33, %39 : tensor<1x32xi32>
      %41 = tile.broadcast %38 : tensor<32x1xi1> -> tensor<32x32xi1>
      %42 = tile.broadcast %40 : tensor<1x32xi1> -> tensor<32x32xi1>
      %43 = arith.andi %41, %42 : tensor<32x32xi1>
      %44 = tile.load %36, %43, %cst : tensor<32x32x!tile.ptr<f8E4M3FN>>
      %45 = tile.expand_dims %27 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
      %46 = tile.splat %arg4 : i32 -> tensor<32x1xi32>
      %47 = arith.muli %45, %46 : tensor<32x1xi32>
      %48 = tile.splat %arg1 : !tile.ptr<f8E4M3FN> -> tensor<32x1x!tile.ptr<f8E4M3FN>>
      %49 = tile.addptr %48, %47 : tensor<32x1x!tile.ptr<f8E4M3FN>>, tensor<32x1xi32>
      %50 = tile.expand_dims %8 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
      %51 = tile.broadcast %49 : tensor<32x1x!tile.ptr<f8E4M3FN>> -> tensor<32x32x!tile.ptr<f8E4M3FN>>
      %52 = tile.broadcast %50 : tensor<1x32xi32> -> tensor<32x32xi32>
      %53 = tile.addptr %51, %52 : tensor<32x32x!tile.ptr<f8E4M3FN>>, tensor<32x32xi32>
      %54 = arith.cmpi slt, %45, %29 : tensor<32x1xi32>
      %55 = tile.splat %arg4 : i32 -> tensor<1x32xi32>
      %56 = arith.cmpi slt, %50, %55 : tensor<1x32xi32>
      %57 = tile.broadcast %54 : tensor<32x1xi1> -> tensor<32x32xi1>
      %58 = tile.broadcast %56 : tensor<1x32xi1> -> tensor<32x32xi1>
      %59 = arith.andi %57, %58 : tensor<32x32xi1>
      %60 = tile.load %53, %59, %cst : tensor<32x32x!tile.ptr<f8E4M3FN>>
      %61 = tile.dot %44, %60, %arg7 : tensor<32x32xf8E4M3FN> * tensor<32x32xf8E4M3FN> -> tensor<32x32xf32>
      scf.yield %61 : tensor<32x32xf32>
    }
    %10 = tile.expand_dims %4 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %11 = tile.splat %arg4 : i32 -> tensor<32x1xi32>
    %12 = arith.muli %10, %11 : tensor<32x1xi32>
    %13 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<32x1x!tile.ptr<f32>>
    %14 = tile.addptr %13, %12 : tensor<32x1x!tile.ptr<f32>>, tensor<32x1xi32>
    %15 = tile.expand_dims %8 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %16 = tile.broadcast %14 : tensor<32x1x!tile.ptr<f32>> -> tensor<32x32x!tile.ptr<f32>>
    %17 = tile.broadcast %15 : tensor<1x32xi32> -> tensor<32x32xi32>
    %18 = tile.addptr %16, %17 : tensor<32x32x!tile.ptr<f32>>, tensor<32x32xi32>
    %19 = tile.splat %arg3 : i32 -> tensor<32x1xi32>
    %20 = arith.cmpi slt, %10, %19 : tensor<32x1xi32>
    %21 = tile.splat %arg4 : i32 -> tensor<1x32xi32>
    %22 = arith.cmpi slt, %15, %21 : tensor<1x32xi32>
    %23 = tile.broadcast %20 : tensor<32x1xi1> -> tensor<32x32xi1>
    %24 = tile.broadcast %22 : tensor<1x32xi1> -> tensor<32x32xi1>
    %25 = arith.andi %23, %24 : tensor<32x32xi1>
    tile.store %18, %9, %25 : tensor<32x32x!tile.ptr<f32>>
    return
  }
}
