// Generated from the kernel language by:
//   tessel compile core/frontend/test/kernels/fused_softmax.py::softmax_kernel --signature *fp32,*fp32,i32,i32,i32,i32 -D BLOCK_SIZE=1024 -D num_stages=2
// Regenerate with that command when the frontend changes.
module {
  func.func @softmax_kernel(%arg0: !tile.ptr<f32>, %arg1: !tile.ptr<f32>, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32) {
    %cst = arith.constant dense<0xFF800000> : tensor<1024xf32>
    %0 = tile.program_id x
    %1 = tile.num_programs x
    scf.for %arg6 = %0 to %arg4 step %1  : i32 {
      %2 = arith.muli %arg6, %arg2 : i32
      %3 = tile.addptr %arg1, %2 : !tile.ptr<f32>, i32
      %4 = tile.make_range 0 to 1024 : tensor<1024xi32>
      %5 = tile.splat %3 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
      %6 = tile.addptr %5, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
      %7 = tile.splat %arg5 : i32 -> tensor<1024xi32>
      %8 = arith.cmpi slt, %4, %7 : tensor<1024xi32>
      %9 = tile.load %6, %8, %cst : tensor<1024x!tile.ptr<f32>>
      %10 = tile.reduce %9 axis = 0 : (tensor<1024xf32>) -> f32 {
      ^bb0(%arg7: f32, %arg8: f32):
        %21 = arith.maxnumf %arg7, %arg8 : f32
        tile.yield %21 : f32
      }
      %11 = tile.splat %10 : f32 -> tensor<1024xf32>
      %12 = arith.subf %9, %11 : tensor<1024xf32>
      %13 = math.exp %12 : tensor<1024xf32>
      %14 = tile.reduce %13 axis = 0 : (tensor<1024xf32>) -> f32 {
      ^bb0(%arg7: f32, %arg8: f32):
        %21 = arith.addf %arg7, %arg8 : f32
        tile.yield %21 : f32
      }
      %15 = tile.splat %14 : f32 -> tensor<1024xf32>
      %16 = arith.divf %13, %15 : tensor<1024xf32>
      %17 = arith.muli %arg6, %arg3 : i32
      %18 = tile.addptr %arg0, %17 : !tile.ptr<f32>, i32
      %19 = tile.splat %18 : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
      %20 = tile.addptr %19, %4 : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
      tile.store %20, %16, %8 : tensor<1024x!tile.ptr<f32>>
    } {tile.num_stages = 2 : i32}
    return
  }
}
