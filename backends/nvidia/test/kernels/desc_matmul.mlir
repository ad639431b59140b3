// Generated from the kernel language by:
//   tessel compile conformance/cases/kernels/descriptors.py::desc_matmul --signature *bf16:16,*bf16:16,*fp32:16,i32,i32:16,i32:16 -D BM=64 -D BN=128 -D BK=64
// Regenerate with that command when the frontend changes.
module {
  func.func @desc_matmul(%arg0: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.divisibility = 16 : i32}) {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x128xf32>
    %c128_i32 = arith.constant 128 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg5 : i32 to i64
    %1 = tile.make_tensor_desc %arg0, [%arg3, %arg5], [%0, %c1_i64] : !tile.ptr<bf16> -> !tile.tensordesc<tensor<64x64xbf16>>
    %2 = arith.extsi %arg4 : i32 to i64
    %3 = tile.make_tensor_desc %arg1, [%arg5, %arg4], [%2, %c1_i64] : !tile.ptr<bf16> -> !tile.tensordesc<tensor<64x128xbf16>>
    %4 = tile.program_id x
    %5 = arith.muli %4, %c64_i32 : i32
    %6 = tile.program_id y
    %7 = arith.muli %6, %c128_i32 : i32
    %8 = scf.for %arg6 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg7 = %cst) -> (tensor<64x128xf32>)  : i32 {
      %31 = tile.desc_load %1[%5, %arg6] : !tile.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
      %32 = tile.desc_load %3[%arg6, %7] : !tile.tensordesc<tensor<64x128xbf16>> -> tensor<64x128xbf16>
      %33 = tile.dot %31, %32, %arg7 : tensor<64x64xbf16> * tensor<64x128xbf16> -> tensor<64x128xf32>
      scf.yield %33 : tensor<64x128xf32>
    }
    %9 = tile.make_range 0 to 64 : tensor<64xi32>
    %10 = tile.splat %5 : i32 -> tensor<64xi32>
    %11 = arith.addi %10, %9 : tensor<64xi32>
    %12 = tile.make_range 0 to 128 : tensor<128xi32>
    %13 = tile.splat %7 : i32 -> tensor<128xi32>
    %14 = arith.addi %13, %12 : tensor<128xi32>
    %15 = tile.expand_dims %11 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %16 = tile.splat %arg4 : i32 -> tensor<64x1xi32>
    %17 = arith.muli %15, %16 : tensor<64x1xi32>
    %18 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<64x1x!tile.ptr<f32>>
    %19 = tile.addptr %18, %17 : tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>
    %20 = tile.expand_dims %14 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %21 = tile.broadcast %19 : tensor<64x1x!tile.ptr<f32>> -> tensor<64x128x!tile.ptr<f32>>
    %22 = tile.broadcast %20 : tensor<1x128xi32> -> tensor<64x128xi32>
    %23 = tile.addptr %21, %22 : tensor<64x128x!tile.ptr<f32>>, tensor<64x128xi32>
    %24 = tile.splat %arg3 : i32 -> tensor<64x1xi32>
    %25 = arith.cmpi slt, %15, %24 : tensor<64x1xi32>
    %26 = tile.splat %arg4 : i32 -> tensor<1x128xi32>
    %27 = arith.cmpi slt, %20, %26 : tensor<1x128xi32>
    %28 = tile.broadcast %25 : tensor<64x1xi1> -> tensor<64x128xi1>
    %29 = tile.broadcast %27 : tensor<1x128xi1> -> tensor<64x128xi1>
    %30 = arith.andi %28, %29 : tensor<64x128xi1>
    tile.store %23, %8, %30 : tensor<64x128x!tile.ptr<f32>>
    return
  }
}
