// Generated from the kernel language by:
//   tessel compile core/frontend/test/kernels/seed_vector_add.py::add_kernel --signature *fp32:16,*fp32:16,*fp32:16,i32:16 -D BLOC=1024
// Regenerate with that command when the frontend changes.
module {
  func.func @add_kernel(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg2: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg3: i32 {tile.divisibility = 16 : i32}) {
    %c1024_i32 = arith.constant 1024 : i32
    %0 = tile.program_id x
    %1 = arith.muli %0, %c1024_i32 : i32
    %2 = tile.make_range 0 to 1024 : tensor<1024xi32>
    %3 = tile.splat %1 : i32 -> tensor<1024xi32>
    %4 = arith.addi %3, %2 : tensor<1024xi32>
    %5 = tile.splat %arg3 : i32 -> tensor<1024xi32>
    %6 = arith.cmpi slt, %4, %5 : tensor<1024xi32>
    %7 = tile.splat %arg0 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %8 = tile.addptr %7, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %9 = tile.load %8, %6 : tensor<1024x!tile.ptr<f32>>
    %10 = tile.splat %arg1 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %11 = tile.addptr %10, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %12 = tile.load %11, %6 : tensor<1024x!tile.ptr<f32>>
    %13 = tile.splat %arg2 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
    %14 = tile.addptr %13, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
    %15 = arith.addf %9, %12 : tensor<1024xf32>
    tile.store %14, %15, %6 : tensor<1024x!tile.ptr<f32>>
    return
  }
}
