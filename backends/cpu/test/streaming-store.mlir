// A store marked evict_first (or .cs) writes full, vector-aligned runs with
// non-temporal stores; misaligned runs and other stores stay plain stores.
// RUN: tessel-opt %s --split-input-file --tile-cpu-lower-to-llvm | FileCheck %s

// CHECK-LABEL: llvm.func internal @stream.impl
// CHECK: llvm.store {{.*}} {alignment = 64 : i64, nontemporal} : vector<16xf32>
// CHECK: llvm.store {{.*}} {alignment = 4 : i64} : vector<16xf32>
func.func @stream(%out: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %v: f32) {
  %r = tile.make_range 0 to 256 : tensor<256xi32>
  %p = tile.splat %out : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %q = tile.addptr %p, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %x = tile.splat %v : f32 -> tensor<256xf32>
  tile.store %q, %x {evict = #tile.evict<evict_first>} : tensor<256x!tile.ptr<f32>>
  return
}

// -----

// CHECK-LABEL: llvm.func internal @plain.impl
// CHECK-NOT: nontemporal
func.func @plain(%out: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %v: f32) {
  %r = tile.make_range 0 to 256 : tensor<256xi32>
  %p = tile.splat %out : !tile.ptr<f32> -> tensor<256x!tile.ptr<f32>>
  %q = tile.addptr %p, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %x = tile.splat %v : f32 -> tensor<256xf32>
  tile.store %q, %x : tensor<256x!tile.ptr<f32>>
  return
}
