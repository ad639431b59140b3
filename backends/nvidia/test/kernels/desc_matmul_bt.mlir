// Generated from the kernel language by:
//   tessel compile conformance/cases/kernels/descriptors.py::desc_matmul_bt --signature *bf16:16,*bf16:16,*fp32:16,i32,i32:16,i32:16 -D BM=64 -D BN=128 -D BK=64
// Regenerate with that command when the frontend changes.
module {
  func.func @desc_matmul_bt(%arg0: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<bf16> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32, %arg4: i32 {tile.divisibility = 16 : i32}, %arg5: i32 {tile.divisibility = 16 : i32}) {
    %c0_i32 = arith.constant 0 : i32
    %cst = arith.constant dense<0.000000e+00> : tensor<64x128xf32>
    %c128_i32 = arith.constant 128 : i32
    %c64_i32 = arith.constant 64 : i32
    %c1_i64 = arith.constant 1 : i64
    %0 = arith.extsi %arg5 : i32 to i64
    %1 = tile.make_tensor_desc %arg0, [%arg3, %arg5], [%0, %c1_i64] : !tile.ptr<bf16> -> !tile.tensordesc<tensor<64x64xbf16>>
    %2 = tile.make_tensor_desc %arg1, [%arg4, %arg5], [%0, %c1_i64] : !tile.ptr<bf16> -> !tile.tensordesc<tensor<128x64xbf16>>
    %3 = tile.program_id x
    %4 = arith.muli %3, %c64_i32 : i32
    %5 = tile.program_id y
    %6 = arith.muli %5, %c128_i32 : i32
    %7 = scf.for %arg6 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg7 = %cst) -> (tensor<64x128xf32>)  : i32 {
      %30 = tile.desc_load %1[%4, %arg6] : !tile.tensordesc<tensor<64x64xbf16>> -> tensor<64x64xbf16>
      %31 = tile.desc_load %2[%6, %arg6] : !tile.tensordesc<tensor<128x64xbf16>> -> tensor<128x64xbf16>
      %32 = tile.trans %31 [1, 0] : tensor<128x64xbf16> -> tensor<64x128xbf16>
      %33 = tile.dot %30, %32, %arg7 : tensor<64x64xbf16> * tensor<64x128xbf16> -> tensor<64x128xf32>
      scf.yield %33 : tensor<64x128xf32>
    }
    %8 = tile.make_range 0 to 64 : tensor<64xi32>
    %9 = tile.splat %4 : i32 -> tensor<64xi32>
    %10 = arith.addi %9, %8 : tensor<64xi32>
    %11 = tile.make_range 0 to 128 : tensor<128xi32>
    %12 = tile.splat %6 : i32 -> tensor<128xi32>
    %13 = arith.addi %12, %11 : tensor<128xi32>
    %14 = tile.expand_dims %10 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %15 = tile.splat %arg4 : i32 -> tensor<64x1xi32>
    %16 = arith.muli %14, %15 : tensor<64x1xi32>
    %17 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<64x1x!tile.ptr<f32>>
    %18 = tile.addptr %17, %16 : tensor<64x1x!tile.ptr<f32>>, tensor<64x1xi32>
    %19 = tile.expand_dims %13 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %20 = tile.broadcast %18 : tensor<64x1x!tile.ptr<f32>> -> tensor<64x128x!tile.ptr<f32>>
    %21 = tile.broadcast %19 : tensor<1x128xi32> -> tensor<64x128xi32>
    %22 = tile.addptr %20, %21 : tensor<64x128x!tile.ptr<f32>>, tensor<64x128xi32>
    %23 = tile.splat %arg3 : i32 -> tensor<64x1xi32>
    %24 = arith.cmpi slt, %14, %23 : tensor<64x1xi32>
    %25 = tile.splat %arg4 : i32 -> tensor<1x128xi32>
    %26 = arith.cmpi slt, %19, %25 : tensor<1x128xi32>
    %27 = tile.broadcast %24 : tensor<64x1xi1> -> tensor<64x128xi1>
    %28 = tile.broadcast %26 : tensor<1x128xi1> -> tensor<64x128xi1>
    %29 = arith.andi %27, %28 : tensor<64x128xi1>
    tile.store %22, %7, %29 : tensor<64x128x!tile.ptr<f32>>
    return
  }
}
