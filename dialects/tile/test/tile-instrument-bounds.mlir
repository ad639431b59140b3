// RUN: tessel-opt %s --split-input-file --tile-instrument-bounds | FileCheck %s
// RUN: tessel-opt %s --split-input-file --tile-instrument-bounds --tile-instrument-bounds | FileCheck %s --check-prefix=TWICE

// The kernel gains the bounds record; each pointer parameter's extent is
// its address plus the size word 8 + k of the record.
// CHECK-LABEL: func.func @copy
// CHECK-SAME: (%[[X:.*]]: !tile.ptr<f32>, %[[Y:.*]]: !tile.ptr<f32>, %[[N:.*]]: i32, %[[REC:.*]]: !tile.ptr<i64> {tile.bounds_record})
// CHECK-SAME: attributes {tile.bounds_checked}
// CHECK: %[[XB:.*]] = tile.ptr_to_int %[[X]] : !tile.ptr<f32> -> i64
// CHECK: %[[XS:.*]] = tile.addptr %[[REC]], %c8_i32
// CHECK: %[[XN:.*]] = tile.load %[[XS]] : !tile.ptr<i64>
// CHECK: %[[XE:.*]] = arith.addi %[[XB]], %[[XN]] : i64
// CHECK: tile.ptr_to_int %[[Y]]
// CHECK: tile.addptr %[[REC]], %c9_i32
//
// pid * 128 wraps in i32: recomputed in i64 and compared.
// CHECK: %[[OFF:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: arith.extsi
// CHECK-NEXT: arith.extsi
// CHECK-NEXT: %[[WIDE:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK-NEXT: %[[NARROW:.*]] = arith.extsi %[[OFF]] : i32 to i64
// CHECK-NEXT: %[[WRAP:.*]] = arith.cmpi ne, %[[WIDE]], %[[NARROW]] : i64
// CHECK: tile.atomic_rmw add, %[[REC]], %{{.*}}, %[[WRAP]]
//
// The load: addresses against x's extent, the fault recorded, the mask
// narrowed to the in-bounds lanes.
// CHECK: %[[ADDR:.*]] = tile.ptr_to_int %{{.*}} : tensor<128x!tile.ptr<f32>> -> tensor<128xi64>
// CHECK: arith.cmpi uge, %[[ADDR]]
// CHECK: arith.cmpi ule
// CHECK: %[[IN:.*]] = arith.andi
// CHECK: %[[OUT:.*]] = arith.xori %[[IN]]
// CHECK: %[[BAD:.*]] = arith.andi %[[MASK:.*]], %[[OUT]] : tensor<128xi1>
// CHECK: %[[OLD:.*]] = tile.atomic_rmw add, %{{.*}}, %{{.*}}, %[[BAD]] : tensor<128x!tile.ptr<i64>>
// CHECK: arith.cmpi eq, %[[OLD]]
// CHECK-COUNT-5: tile.store {{.*}} : tensor<128x!tile.ptr<i64>>
// CHECK: %[[OK:.*]] = arith.andi %[[MASK]], %[[IN]] : tensor<128xi1>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32>
// CHECK: tile.load %{{.*}}, %[[OK]], %[[ZERO]] : tensor<128x!tile.ptr<f32>>
// CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<128x!tile.ptr<f32>>
// CHECK: return

// Instrumenting is done once.
// TWICE-LABEL: func.func @copy
// TWICE-SAME: %arg2: i32, %arg3: !tile.ptr<i64> {tile.bounds_record}) attributes {tile.bounds_checked}
func.func @copy(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id x
  %c128 = arith.constant 128 : i32
  %start = arith.muli %pid, %c128 : i32
  %r = tile.make_range 0 to 128 : tensor<128xi32>
  %s = tile.splat %start : i32 -> tensor<128xi32>
  %offs = arith.addi %s, %r : tensor<128xi32>
  %ns = tile.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<128xi32>
  %xs = tile.splat %x : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %xp = tile.addptr %xs, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %v = tile.load %xp, %mask : tensor<128x!tile.ptr<f32>>
  %ys = tile.splat %y : !tile.ptr<f32> -> tensor<128x!tile.ptr<f32>>
  %yp = tile.addptr %ys, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %yp, %v, %mask : tensor<128x!tile.ptr<f32>>
  return
}

// -----

// A pointer advanced in a loop keeps its buffer: the loads check against
// a's extent only (one pair of comparisons), and the offset reported is
// relative to a.
// CHECK-LABEL: func.func @carried
// CHECK-SAME: (%[[A:.*]]: !tile.ptr<f16>, %{{.*}}: i32, %{{.*}}: !tile.ptr<i64> {tile.bounds_record})
// CHECK: %[[AB:.*]] = tile.ptr_to_int %[[A]]
// CHECK: scf.for
// CHECK: tile.ptr_to_int %{{.*}} : tensor<64x!tile.ptr<f16>> -> tensor<64xi64>
// CHECK-COUNT-2: arith.cmpi u
// CHECK-NOT: arith.ori
// CHECK: arith.subi %{{.*}}, %{{.*}} : tensor<64xi64>
// CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f16>>
func.func @carried(%a: !tile.ptr<f16>, %k: i32) {
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %as = tile.splat %a : !tile.ptr<f16> -> tensor<64x!tile.ptr<f16>>
  %p0 = tile.addptr %as, %r : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc0 = arith.constant dense<0.0> : tensor<64xf16>
  %res:2 = scf.for %i = %c0 to %k step %c1 iter_args(%p = %p0, %acc = %acc0) -> (tensor<64x!tile.ptr<f16>>, tensor<64xf16>) : i32 {
    %v = tile.load %p : tensor<64x!tile.ptr<f16>>
    %sum = arith.addf %acc, %v : tensor<64xf16>
    %next = tile.addptr %p, %c64 : tensor<64x!tile.ptr<f16>>, tensor<64xi32>
    scf.yield %next, %sum : tensor<64x!tile.ptr<f16>>, tensor<64xf16>
  }
  return
}

