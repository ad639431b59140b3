// RUN: tessel-opt %s --split-input-file --convert-tile-to-linalg --canonicalize | FileCheck %s

// Loads and stores through `base + make_range` are vector accesses, 16 f32
// lanes (512 bits) at a time, from the run's first address. The loads only
// feed the store, so they are read run by run inside the store's loop (no
// tile buffer). The mask `offs < n` is checked at both ends of the row
// first: a full row runs plain vector loads and stores with no test per
// run; another rebuilds each run's mask from the compare that made it and
// uses masked accesses where the run is not all true.
// CHECK-LABEL: func.func @contiguous_add
// CHECK-SAME: (%[[X:.*]]: i64, %[[Y:.*]]: i64, %[[OUT:.*]]: i64, %[[N:.*]]: i32, %[[START:.*]]: i32)
// CHECK-NOT: tensor.
// CHECK-DAG: %[[LAST:.*]] = arith.addi %[[START]], %c63_i32 : i32
// CHECK-DAG: %[[LASTIN:.*]] = arith.cmpi slt, %[[LAST]], %[[N]] : i32
// CHECK-DAG: %[[FIRSTIN:.*]] = arith.cmpi slt, %[[START]], %[[N]] : i32
// CHECK: %[[FULL:.*]] = arith.andi %[[FIRSTIN]], %[[LASTIN]] : i1
// CHECK: scf.if %[[FULL]] {
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %c16 {
// CHECK-NOT: masked
// CHECK: %[[LANE:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK: %[[OFF:.*]] = arith.addi %[[START]], %[[LANE]] : i32
// CHECK: %[[EXT:.*]] = arith.extsi %[[OFF]] : i32 to i64
// CHECK: %[[BYTES:.*]] = arith.muli %[[EXT]], %{{.*}} : i64
// CHECK: %[[OADDR:.*]] = arith.addi %[[OUT]], %[[BYTES]] : i64
// CHECK: %[[OPTR:.*]] = llvm.inttoptr %[[OADDR]] : i64 to !llvm.ptr
// CHECK: %[[XADDR:.*]] = arith.addi %[[X]], %{{.*}} : i64
// CHECK: %[[XPTR:.*]] = llvm.inttoptr %[[XADDR]] : i64 to !llvm.ptr
// CHECK: %[[A:.*]] = llvm.load %[[XPTR]] {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[B:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[SUM:.*]] = arith.addf %[[A]], %[[B]] : vector<16xf32>
// CHECK: llvm.store %[[SUM]], %[[OPTR]] {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c16 {
// CHECK: %[[MASK:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : vector<16xi32>
// CHECK: %[[PART:.*]] = vector.reduction <and>, %[[MASK]] : vector<16xi1> into i1
// CHECK: %[[XV:.*]] = scf.if %[[PART]] -> (vector<16xf32>) {
// CHECK-NEXT: llvm.load
// CHECK: } else {
// CHECK-NEXT: llvm.intr.masked.load %{{.*}}, %[[MASK]], %{{.*}} {alignment = 4 : i32} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
// CHECK: %[[YV:.*]] = scf.if
// CHECK: llvm.intr.masked.load
// CHECK: %[[SUM2:.*]] = arith.addf %[[XV]], %[[YV]] : vector<16xf32>
// CHECK: %[[SMASK:.*]] = arith.cmpi slt
// CHECK: %[[SPART:.*]] = vector.reduction <and>, %[[SMASK]] : vector<16xi1> into i1
// CHECK: scf.if %[[SPART]] {
// CHECK-NEXT: llvm.store %[[SUM2]], %{{.*}} {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// CHECK-NEXT: } else {
// CHECK-NEXT: llvm.intr.masked.store %[[SUM2]], %{{.*}}, %[[SMASK]] {alignment = 4 : i32} : vector<16xf32>, vector<16xi1> into !llvm.ptr
func.func @contiguous_add(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32, %start: i32) {
  %r = tile.make_range 0 to 64 : tensor<64xi32>
  %s = tile.splat %start : i32 -> tensor<64xi32>
  %offs = arith.addi %s, %r : tensor<64xi32>
  %n_t = tile.splat %n : i32 -> tensor<64xi32>
  %mask = arith.cmpi slt, %offs, %n_t : tensor<64xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %xv = tile.load %xp, %mask : tensor<64x!tile.ptr<f32>>
  %yb = tile.splat %y : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %yv = tile.load %yp, %mask : tensor<64x!tile.ptr<f32>>
  %sum = arith.addf %xv, %yv : tensor<64xf32>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<64x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %op, %sum, %mask : tensor<64x!tile.ptr<f32>>
  return
}

// -----

// Rows of a 2-D block through a pointer tile carried by a loop (advanced by
// a uniform step, so it stays contiguous): each run's address is read from
// the carried address tile; a row of 8 f16 is one run (the loop over runs
// folds away). Unmasked accesses are plain vector loads and stores; the
// load only feeds the store, so each run is loaded and stored in one step.
// CHECK-LABEL: func.func @carried_rows
// CHECK: scf.for {{.*}} iter_args(%[[P:.*]] = %{{.*}}) -> (tensor<4x8xi64>)
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %c1
// CHECK: %[[ADDR:.*]] = tensor.extract %[[P]][%[[R]], %c0] : tensor<4x8xi64>
// CHECK: %[[PTR:.*]] = llvm.inttoptr %[[ADDR]]
// CHECK: llvm.load %[[PTR]] {alignment = 2 : i64} : !llvm.ptr -> vector<8xf16>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : vector<8xf16>, !llvm.ptr
func.func @carried_rows(%src: !tile.ptr<f16>, %dst: !tile.ptr<f16>, %ld: i32, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %rows = tile.make_range 0 to 4 : tensor<4xi32>
  %cols = tile.make_range 0 to 8 : tensor<8xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %ld_t = tile.splat %ld : i32 -> tensor<4x1xi32>
  %roff = arith.muli %r2, %ld_t : tensor<4x1xi32>
  %roff_b = tile.broadcast %roff : tensor<4x1xi32> -> tensor<4x8xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %c2_b = tile.broadcast %c2 : tensor<1x8xi32> -> tensor<4x8xi32>
  %offs = arith.addi %roff_b, %c2_b : tensor<4x8xi32>
  %base = tile.splat %src : !tile.ptr<f16> -> tensor<4x8x!tile.ptr<f16>>
  %p0 = tile.addptr %base, %offs : tensor<4x8x!tile.ptr<f16>>, tensor<4x8xi32>
  %dbase = tile.splat %dst : !tile.ptr<f16> -> tensor<4x8x!tile.ptr<f16>>
  %dp = tile.addptr %dbase, %offs : tensor<4x8x!tile.ptr<f16>>, tensor<4x8xi32>
  %step = arith.constant dense<8> : tensor<4x8xi32>
  %last = scf.for %i = %c0 to %steps step %c1 iter_args(%p = %p0) -> (tensor<4x8x!tile.ptr<f16>>) : i32 {
    %v = tile.load %p : tensor<4x8x!tile.ptr<f16>>
    tile.store %dp, %v : tensor<4x8x!tile.ptr<f16>>
    %next = tile.addptr %p, %step : tensor<4x8x!tile.ptr<f16>>, tensor<4x8xi32>
    scf.yield %next : tensor<4x8x!tile.ptr<f16>>
  }
  return
}

// -----

// A mask that is not rebuilt (here an argument) is read from its tile as
// bytes (a vector of i1 in memory would be packed bits) and compared with 0.
// CHECK-LABEL: func.func @mask_from_tile
// CHECK-SAME: %[[M:[a-z0-9]*]]: tensor<32xi1>
// CHECK: %[[BYTES:.*]] = arith.extui %[[M]] : tensor<32xi1> to tensor<32xi8>
// CHECK: scf.for
// CHECK: %[[B:.*]] = vector.transfer_read %[[BYTES]][%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<32xi8>, vector<16xi8>
// CHECK: %[[MASK:.*]] = arith.cmpi ne, %[[B]], %{{.*}} : vector<16xi8>
// CHECK: llvm.intr.masked.load %{{.*}}, %[[MASK]]
func.func @mask_from_tile(%x: !tile.ptr<f32>, %m: tensor<32xi1>) -> tensor<32xf32> {
  %r = tile.make_range 0 to 32 : tensor<32xi32>
  %b = tile.splat %x : !tile.ptr<f32> -> tensor<32x!tile.ptr<f32>>
  %p = tile.addptr %b, %r : tensor<32x!tile.ptr<f32>>, tensor<32xi32>
  %v = tile.load %p, %m : tensor<32x!tile.ptr<f32>>
  return %v : tensor<32xf32>
}

// -----

// Not contiguous (stride 2), volatile, or through an opaque pointer tile:
// the element-by-element lowering.
// CHECK-LABEL: func.func @scalar_fallbacks
// CHECK-NOT: llvm.intr.masked
// CHECK-NOT: vector<
// CHECK: tensor.generate
// CHECK: tensor.generate
// CHECK: llvm.load volatile
// CHECK: tensor.generate
func.func @scalar_fallbacks(%x: !tile.ptr<f32>, %q: tensor<16x!tile.ptr<f32>>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %r = tile.make_range 0 to 16 : tensor<16xi32>
  %two = arith.constant dense<2> : tensor<16xi32>
  %even = arith.muli %r, %two : tensor<16xi32>
  %b = tile.splat %x : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %p = tile.addptr %b, %even : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %p : tensor<16x!tile.ptr<f32>>
  %c = tile.addptr %b, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %w = tile.load %c {isVolatile} : tensor<16x!tile.ptr<f32>>
  %u = tile.load %q : tensor<16x!tile.ptr<f32>>
  return %v, %w, %u : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}

// -----

// A 2-D block masked by rows and columns, (r < m)[:, None] & (c < n)[None, :]:
// every row checks its mask at its first and last columns; a full row is
// plain vector accesses, another tests each run. The load feeds the store
// through one elementwise op, so it is read inside the store's loop.
// CHECK-LABEL: func.func @row_masks
// CHECK-SAME: %[[M:[a-z0-9]*]]: i32, %[[N:[a-z0-9]*]]: i32)
// CHECK-NOT: tensor.
// CHECK: scf.for %[[R:.*]] = %c0 to %c4 step %c1 {
// CHECK-DAG: %[[ROW:.*]] = arith.index_cast %[[R]] : index to i32
// CHECK-DAG: arith.cmpi slt, %[[ROW]], %[[M]] : i32
// CHECK-DAG: arith.cmpi sgt, %[[N]], %c31_i32 : i32
// CHECK: scf.if %{{.*}} {
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c16 {
// CHECK-NOT: masked
// CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<16xf32>
// CHECK: %[[NEG:.*]] = arith.negf %[[V]] : vector<16xf32>
// CHECK: llvm.store %[[NEG]], %{{.*}} {alignment = 4 : i64} : vector<16xf32>, !llvm.ptr
// CHECK: } else {
// CHECK: llvm.intr.masked.load
// CHECK: llvm.intr.masked.store
func.func @row_masks(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %m: i32, %n: i32) {
  %rows = tile.make_range 0 to 4 : tensor<4xi32>
  %cols = tile.make_range 0 to 32 : tensor<32xi32>
  %r2 = tile.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %c2 = tile.expand_dims %cols {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %ld = arith.constant dense<32> : tensor<4x1xi32>
  %roff = arith.muli %r2, %ld : tensor<4x1xi32>
  %roff_b = tile.broadcast %roff : tensor<4x1xi32> -> tensor<4x32xi32>
  %c2_b = tile.broadcast %c2 : tensor<1x32xi32> -> tensor<4x32xi32>
  %offs = arith.addi %roff_b, %c2_b : tensor<4x32xi32>
  %m_t = tile.splat %m : i32 -> tensor<4x1xi32>
  %n_t = tile.splat %n : i32 -> tensor<1x32xi32>
  %mr = arith.cmpi slt, %r2, %m_t : tensor<4x1xi32>
  %mc = arith.cmpi slt, %c2, %n_t : tensor<1x32xi32>
  %mr_b = tile.broadcast %mr : tensor<4x1xi1> -> tensor<4x32xi1>
  %mc_b = tile.broadcast %mc : tensor<1x32xi1> -> tensor<4x32xi1>
  %mask = arith.andi %mr_b, %mc_b : tensor<4x32xi1>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<4x32x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %offs : tensor<4x32x!tile.ptr<f32>>, tensor<4x32xi32>
  %v = tile.load %xp, %mask : tensor<4x32x!tile.ptr<f32>>
  %neg = arith.negf %v : tensor<4x32xf32>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<4x32x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<4x32x!tile.ptr<f32>>, tensor<4x32xi32>
  tile.store %op, %neg, %mask : tensor<4x32x!tile.ptr<f32>>
  return
}

// -----

// A store between a load and the store it feeds may write what the load
// reads, so the load stays where it is: a whole tile, read first (its mask
// checked once for the row), then the two stores.
// CHECK-LABEL: func.func @load_before_store
// CHECK: %[[T:.*]] = scf.if %{{.*}} -> (tensor<16xf32>) {
// CHECK: llvm.load %{{.*}} -> vector<16xf32>
// CHECK: vector.transfer_write
// CHECK: } else {
// CHECK: llvm.intr.masked.load
// CHECK: vector.transfer_write
// CHECK: llvm.store
// CHECK: vector.transfer_read %[[T]]
// CHECK: llvm.store
func.func @load_before_store(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %r = tile.make_range 0 to 16 : tensor<16xi32>
  %n_t = tile.splat %n : i32 -> tensor<16xi32>
  %mask = arith.cmpi slt, %r, %n_t : tensor<16xi32>
  %xb = tile.splat %x : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %xp, %mask : tensor<16x!tile.ptr<f32>>
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  tile.store %xp, %zero : tensor<16x!tile.ptr<f32>>
  %ob = tile.splat %out : !tile.ptr<f32> -> tensor<16x!tile.ptr<f32>>
  %op = tile.addptr %ob, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %op, %v : tensor<16x!tile.ptr<f32>>
  return
}
