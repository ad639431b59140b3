// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts | FileCheck %s --check-prefix=ATTR
// RUN: tessel-opt %s --split-input-file --tilegpu-assign-layouts --convert-tile-to-nvvm | FileCheck %s

// `offsets < n` with n a multiple of 16 is the same over each aligned run
// of 16 elements (AxisInfo's constancy). A thread of the default layout
// holds two runs of 4 consecutive elements, each inside one run of 16: the
// compare is made for the first element of each and copied to the other
// three, so six of the eight compares are dead code.
// ATTR-LABEL: func.func @mask_runs
// ATTR: arith.cmpi slt, {{.*}}tilegpu.constancy = array<i64: 16>
// CHECK-LABEL: func.func @mask_runs
// CHECK: %[[C:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<8xi32>
// CHECK-NEXT: vector.shuffle %[[C]], %[[C]] [0, 0, 0, 0, 4, 4, 4, 4] : vector<8xi1>, vector<8xi1>
func.func @mask_runs(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %n: i32 {tile.divisibility = 16 : i32}) {
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %ns = tile.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %pp, %m : tensor<1024x!tile.ptr<f32>>
  tile.store %pp, %x, %m : tensor<1024x!tile.ptr<f32>>
  return
}

// -----

// Without a known multiple, every element is compared.
// ATTR-LABEL: func.func @mask_unknown
// ATTR-NOT: tilegpu.constancy
// CHECK-LABEL: func.func @mask_unknown
// CHECK: arith.cmpi slt
// CHECK-NOT: vector.shuffle
func.func @mask_unknown(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  %r = tile.make_range 0 to 1024 : tensor<1024xi32>
  %ns = tile.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %ps = tile.splat %p : !tile.ptr<f32> -> tensor<1024x!tile.ptr<f32>>
  %pp = tile.addptr %ps, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %pp, %m : tensor<1024x!tile.ptr<f32>>
  tile.store %pp, %x, %m : tensor<1024x!tile.ptr<f32>>
  return
}
